import CSystem
import FormLua

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
  }
}
