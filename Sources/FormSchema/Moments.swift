#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times of day and dates with times between the `date` kind's local clock
/// (`14:05`, `2026-11-30T14:05:30`) and RFC 3339, which JSON Schema's `time`
/// and `date-time` formats need (`14:05:00+01:00`, `2026-11-30T14:05:00Z`).
enum Moments {
  /// The clock part of an RFC 3339 value as the date kind holds it (seconds
  /// only when not zero; fractions and the offset dropped); nil when it is not one.
  static func local(_ s: String, dateTime: Bool) -> String? {
    var s = Substring(s)
    var day = ""
    if dateTime {
      guard let t = s.firstIndex(where: { $0 == "T" || $0 == "t" }), Formats.date(String(s[..<t])) else { return nil }
      day = String(s[..<t]) + "T"
      s = s[s.index(after: t)...]
    }
    guard Formats.time(String(s)) else { return nil }
    let p = Array(s)
    let hm = String(p[0..<5])
    let sec = String(p[6..<8])
    return day + hm + (sec == "00" || sec == "60" ? "" : ":" + sec)
  }

  /// The row's local clock with seconds and the machine's offset for that moment.
  static func rfc3339(_ s: String, dateTime: Bool) -> String {
    var clock = s
    var day: (Int, Int, Int)?
    if let t = s.firstIndex(of: "T") {
      let d = s[..<t].split(separator: "-").compactMap { Int($0) }
      if d.count == 3 { day = (d[0], d[1], d[2]) }
      clock = String(s[s.index(after: t)...])
    } else if dateTime {
      // a date and time given as a day alone is that day at midnight
      let d = s.split(separator: "-").compactMap { Int($0) }
      if d.count == 3 { day = (d[0], d[1], d[2]) }
      clock = "00:00"
    }
    let parts = clock.split(separator: ":")
    let withSeconds = parts.count == 2 ? clock + ":00" : clock
    let prefix = dateTime ? s.prefix { $0 != "T" } + "T" : ""
    return prefix + withSeconds + offset(day: day, clock: parts.compactMap { Int($0) })
  }

  /// `Z`, or `±HH:MM`: the local time zone's offset at that moment (today for a time alone).
  static func offset(day: (Int, Int, Int)?, clock: [Int]) -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    if let (y, m, d) = day {
      parts.tm_year = Int32(y - 1900)
      parts.tm_mon = Int32(m - 1)
      parts.tm_mday = Int32(d)
    }
    parts.tm_hour = Int32(clock.first ?? 0)
    parts.tm_min = Int32(clock.count > 1 ? clock[1] : 0)
    parts.tm_sec = 0
    parts.tm_isdst = -1
    var t = mktime(&parts)
    var back = tm()
    localtime_r(&t, &back)
    let minutes = Int(back.tm_gmtoff) / 60
    if minutes == 0 { return "Z" }
    let sign = minutes < 0 ? "-" : "+"
    let a = abs(minutes)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return sign + two(a / 60) + ":" + two(a % 60)
  }
}
