// modules: FormCore CLua
// LuaPattern against Lua's own matcher (differential): on the same pattern
// and text, string.find (and string.match) under lua_pcall and LuaPattern
// find the same match or raise the same error, whenever LuaPattern finishes
// within its step budget; and a pattern LuaPattern accepts at load never
// makes Lua raise.
import CLua

@testable import FormCore

let L: OpaquePointer = {
  let L = luaL_newstate()!
  luaL_openlibs(L)
  return L
}()

enum LuaResult: Equatable {
  case match(Int, Int)
  case none
  case error(String)
}

/// `string.NAME(s, p)` in a protected call: for `find` the 1-based start and
/// end, for `match` the end is not given back (start 0).
func lua(_ name: String, _ s: [UInt8], _ p: [UInt8]) -> LuaResult {
  lua_settop(L, 0)
  lua_getglobal(L, "string")
  lua_getfield(L, -1, name)
  s.withUnsafeBufferPointer { b in
    _ = b.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, s.count) }
  }
  p.withUnsafeBufferPointer { b in
    _ = b.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, p.count) }
  }
  let status = lua_pcallk(L, 2, 2, 0, 0, nil)
  defer { lua_settop(L, 0) }
  if status != LUA_OK { return .error(String(cString: lua_tolstring(L, -1, nil))) }
  if lua_type(L, -2) == LUA_TNIL { return .none }
  if name == "find" { return .match(Int(lua_tointegerx(L, -2, nil)), Int(lua_tointegerx(L, -1, nil))) }
  return .match(0, 0)
}

func check(_ ok: Bool, _ message: @autoclosure () -> String) {
  if !ok { fatalError("fuzz check failed: " + message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  // the first byte is the pattern's length; the rest is the subject
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let n = min(Int(data[0]) % 64, bytes.count)
  // both sides see the same bytes: valid UTF-8 (LuaPattern takes a String)
  let pattern = String(decoding: bytes[..<n], as: UTF8.self)
  let subject = String(decoding: bytes[n...], as: UTF8.self)
  let p = Array(pattern.utf8)
  let s = Array(subject.utf8)
  let shown = "pattern \(pattern.debugDescription) on \(subject.debugDescription)"

  let ours: LuaResult
  do {
    guard let (start, end) = try LuaPattern.firstMatch(p, in: s, budget: 20_000) else {
      return compare(.none, shown, p, s)
    }
    ours = .match(start + 1, end)
  } catch {
    switch error {
    case .tooComplex: return 0  // Lua could run for minutes
    case .malformed(let message): ours = .error(message)
    }
  }
  return compare(ours, shown, p, s)
}

func compare(_ ours: LuaResult, _ shown: String, _ p: [UInt8], _ s: [UInt8]) -> CInt {
  let theirs = lua("find", s, p)
  check(ours == theirs, "\(shown): LuaPattern \(ours), string.find \(theirs)")
  // string.match reads every pattern as a pattern (find reads one with no special character as plain text)
  if !LuaPattern.isPlain(p) {
    let matched = lua("match", s, p)
    let expected: LuaResult = if case .match = ours { .match(0, 0) } else { ours }
    check(matched == expected, "\(shown): LuaPattern \(ours), string.match \(matched)")
  }
  // a pattern accepted at load never makes Lua raise
  if let checked = try? LuaPattern(String(decoding: p, as: UTF8.self)) {
    if case .error(let e) = theirs {
      check(false, "\(shown): LuaPattern accepts '\(checked.source)' but Lua raises \(e)")
    }
  }
  // measure agrees: an error is Lua's error
  let measured = LuaPattern.measure(
    String(decoding: p, as: UTF8.self), in: String(decoding: s, as: UTF8.self), all: false, budget: 20_000)
  if case .error(let e) = theirs {
    check(measured == .malformed(e), "\(shown): measure gives \(measured), Lua raises \(e)")
  }
  return 0
}
