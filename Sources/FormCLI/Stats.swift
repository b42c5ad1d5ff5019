import CSystem
import FormLua
import FormTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `FORMRUN_STATS=1`: one line on stderr after the first screen, for
/// Scripts/bench — rows, bytes Lua holds (after a full collection) and bytes
/// the process has allocated in all.
enum Stats {
  static func line(_ runtime: LuaRuntime) -> String {
    runtime.collectGarbage()
    let heap = formrun_heap_in_use()
    return "formrun stats: rows \(runtime.form.rows.count) lua_bytes \(runtime.memoryInUse) heap_bytes \(heap)"
      + " cpu_ms \(cpuMilliseconds())"
  }

  /// The line written when the session ends: the CPU time spent by then, so
  /// that the cost of the commands is the difference with the first line's.
  static var end: String { "formrun stats: end cpu_ms \(cpuMilliseconds())" }

  /// CPU time (user and system) of the process so far, in milliseconds.
  static func cpuMilliseconds() -> String {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let us =
      (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    return String(Double(us) / 1000)
  }
}
