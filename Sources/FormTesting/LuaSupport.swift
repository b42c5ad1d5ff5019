import CLua
import FormCore

/// The few conversions the test session's binding (TestSession.swift) needs,
/// on the `lua_State` a host function receives (so they work in coroutines
/// too). Errors are pushed and returned as -1, which the C trampoline raises:
/// never a longjmp through Swift. The test runner itself uses FormLua's
/// `HostCall`; this goes once the session is bound on FormLua's class tables.
enum Lua {
  static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var len = 0
    guard let p = lua_tolstring(L, index, &len) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }

  static func push(_ L: OpaquePointer, _ s: String) {
    var s = s
    s.withUTF8 { buf in
      _ = lua_pushlstring(
        L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
    }
  }

  /// Push a `Value` (lists and records as tables), reserving stack first.
  static func push(_ L: OpaquePointer, _ value: Value) {
    guard lua_checkstack(L, 4) != 0 else { return lua_pushnil(L) }
    switch value {
    case .null: lua_pushnil(L)
    case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
    case .int(let i): lua_pushinteger(L, lua_Integer(i))
    case .double(let d): lua_pushnumber(L, d)
    case .string(let s): push(L, s)
    case .list(let list):
      lua_createtable(L, Int32(clamping: list.count), 0)
      for (i, v) in list.enumerated() {
        push(L, v)
        lua_rawseti(L, -2, lua_Integer(i + 1))
      }
    case .record(let fields):
      lua_createtable(L, 0, Int32(clamping: fields.count))
      for f in fields {
        push(L, f.key)
        push(L, f.value)
        lua_rawset(L, -3)
      }
    }
  }

  static func pushStrings(_ L: OpaquePointer, _ strings: [String]) { push(L, .list(strings.map { .string($0) })) }

  /// Push `chunk:line: message` for the calling Lua code (its nearest line
  /// in a script, past `pcall` and tail calls); returns -1.
  static func raise(_ L: OpaquePointer, _ message: String) -> Int32 {
    formrun_where(L, 1)
    let place = string(L, -1) ?? ""
    formrun_pop(L, 1)
    push(L, place + message)
    return -1
  }

  /// `bad argument #n to 'fn' (message)`, in the words of lauxlib.
  static func argError(_ L: OpaquePointer, _ n: Int, _ function: String, _ message: String) -> Int32 {
    raise(L, "bad argument #\(n) to '\(function)' (\(message))")
  }

  static func typeError(_ L: OpaquePointer, _ n: Int, _ function: String, expected: String) -> Int32 {
    let index = Int32(n)
    let got = lua_type(L, index) == LUA_TNONE ? "no value" : String(cString: lua_typename(L, lua_type(L, index)))
    return argError(L, n, function, "\(expected) expected, got \(got)")
  }

  /// Run form code: a form's context (its string methods, where its
  /// `io.write` goes) is installed by the protected call itself now, so this
  /// only runs `body` (kept for the test session's binding).
  static func asForm<T, E: Error>(_ L: OpaquePointer, _ body: () throws(E) -> T) throws(E) -> T { try body() }

  /// The object a host function's upvalue 2 points to (a light userdata).
  static func context<T: AnyObject>(_ L: OpaquePointer, as: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(lua_touserdata(L, formrun_upvalueindex(2))!).takeUnretainedValue()
  }

  /// Push a host function with `context` (unretained) as its upvalue 2.
  static func pushHost(_ L: OpaquePointer, _ fn: formrun_hostfn, context: AnyObject) {
    lua_pushlightuserdata(L, Unmanaged.passUnretained(context).toOpaque())
    formrun_pushhost(L, fn, 1)
  }
}
