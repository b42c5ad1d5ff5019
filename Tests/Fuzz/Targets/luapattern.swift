// modules: FormCore CLua
// Lua's own matcher against formrun's two (differential):
// - the forms' string.find, match, gmatch and gsub (CLuaBoundary's budgeted
//   matcher, which works on Lua's buffers) give exactly what Lua's give —
//   every result, or the same error — with an init position and a
//   replacement taken from the input too;
// - LuaPattern (pattern validators) finds the same match or raises the same
//   error as string.find and string.match, and a pattern it accepts at load
//   never makes Lua raise;
// whenever the match is affordable (LuaPattern measures it within its step
// budget: Lua's own matcher could run for minutes).
import CLua

@testable import FormCore

let L: OpaquePointer = {
  let L = luaL_newstate()!
  luaL_openlibs(L)
  // formrun's versions beside Lua's: ffind, fmatch, fgmatch, fgsub
  for (name, f) in [
    ("ffind", formrun_str_find), ("fmatch", formrun_str_match), ("fgmatch", formrun_str_gmatch),
    ("fgsub", formrun_str_gsub),
  ] as [(String, lua_CFunction)] {
    lua_pushcclosure(L, f, 0)
    lua_setglobal(L, name)
  }
  // each runs the call given and gives back everything it gave, or its error
  let compare = """
    local lua, ours, s, p, init, repl = ...
    local function all(f, ...)
      local r = table.pack(pcall(f, ...))
      return r
    end
    local function same(a, b)
      if a.n ~= b.n then return false end
      for i = 1, a.n do if a[i] ~= b[i] then return false end end
      return true
    end
    local function show(r)
      local t = {}
      for i = 1, r.n do t[i] = string.format("%q", tostring(r[i])) end
      return table.concat(t, ", ")
    end
    local checks = {
      { "find", string.find, ffind, s, p, init },
      { "find plain", string.find, ffind, s, p, init, true },
      { "match", string.match, fmatch, s, p, init },
      { "gsub", string.gsub, fgsub, s, p, repl },
      { "gsub table", string.gsub, fgsub, s, p, { a = "A", [""] = "E" } },
      { "gsub function", string.gsub, fgsub, s, p, function(c) if c == "b" then return false end return "<" .. tostring(c) .. ">" end, 3 },
    }
    for _, c in ipairs(checks) do
      local a, b = all(c[2], table.unpack(c, 4)), all(c[3], table.unpack(c, 4))
      if not same(a, b) then return c[1] .. ": Lua " .. show(a) .. ", formrun " .. show(b) end
    end
    -- gmatch: every match, up to 64
    local function each(gm)
      local out = {}
      local ok, e = pcall(function()
        for a, b, c in gm(s, p, init) do
          out[#out + 1] = tostring(a) .. "|" .. tostring(b) .. "|" .. tostring(c)
          if #out >= 64 then break end
        end
      end)
      if not ok then out[#out + 1] = "error " .. tostring(e) end
      return table.concat(out, ";")
    end
    local a, b = each(string.gmatch), each(fgmatch)
    if a ~= b then return "gmatch: Lua " .. a .. ", formrun " .. b end
    return nil
    """
  guard luaL_loadbufferx(L, compare, compare.utf8.count, "=compare", "t") == LUA_OK else { fatalError("compare") }
  lua_setglobal(L, "compare")
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

  // formrun's budgeted matcher against Lua's own, when Lua's would finish
  // (every start position measured, as gmatch and gsub try them all)
  if LuaPattern.measure(pattern, in: subject, all: true, budget: 20_000) != .tooComplex {
    let start = bytes.count > n ? Int(bytes[n]) % 8 - 3 : 1
    compareMatchers(s, p, init: start, replacement: Array(subject.utf8.prefix(6)))
  }

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

func push(_ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { b in
    _ = b.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, bytes.count) }
  }
}

func compareMatchers(_ s: [UInt8], _ p: [UInt8], init start: Int, replacement: [UInt8]) {
  lua_settop(L, 0)
  lua_getglobal(L, "compare")
  lua_pushnil(L)
  lua_pushnil(L)
  push(s)
  push(p)
  lua_pushinteger(L, lua_Integer(start))
  push(replacement)
  guard lua_pcallk(L, 6, 1, 0, 0, nil) == LUA_OK else {
    fatalError("fuzz check failed: the comparison raised \(String(cString: lua_tolstring(L, -1, nil)))")
  }
  if lua_type(L, -1) == LUA_TSTRING {
    let why = String(cString: lua_tolstring(L, -1, nil))
    check(
      false,
      "pattern \(String(decoding: p, as: UTF8.self).debugDescription) on "
        + "\(String(decoding: s, as: UTF8.self).debugDescription) (init \(start)): \(why)")
  }
  lua_settop(L, 0)
}
