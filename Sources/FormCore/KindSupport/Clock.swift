#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Today's date, read from the C library (no Foundation on the start-up path).
/// Kinds that compare with "now" take a clock as a property so tests can fix it.
enum Clock {
  /// The local date of the machine.
  static func today() -> CivilDate {
    #if canImport(Glibc) || canImport(Darwin)
      var now = time(nil)
      var parts = tm()
      localtime_r(&now, &parts)
      return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    #else
      return CivilDate(year: 2000, month: 1, day: 1)
    #endif
  }
}
