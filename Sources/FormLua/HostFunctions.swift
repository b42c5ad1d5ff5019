import CLua
import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// One call of a host function written outside FormLua (the test runner's
/// `formrun.open` and its bootstrap's helpers): its arguments, read on the
/// thread of the call. Valid only while the function runs.
public struct HostCall {
  let state: LuaState
  let L: OpaquePointer

  /// How many arguments it was given.
  public var count: Int32 { lua_gettop(L) }

  /// The Lua thread of the call, for a binding that pushes objects of its own
  /// (the test session's) and returns `.pushed`.
  public var thread: OpaquePointer { L }

  /// Argument `n` when it is a string (numbers are not converted).
  public func string(_ n: Int32) -> String? { state.string(at: n) }

  /// Argument `n` as Lua's truth (nil and false are false).
  public func boolean(_ n: Int32) -> Bool { lua_toboolean(L, n) != 0 }

  /// Whether argument `n` is missing or nil.
  public func isNoneOrNil(_ n: Int32) -> Bool { lua_type(L, n) <= LUA_TNIL }

  /// Whether argument `n` is a table.
  public func isTable(_ n: Int32) -> Bool { lua_type(L, n) == LUA_TTABLE }

  /// The type of argument `n` as messages name it (`no value`, `nil`, `table`…).
  public func typeName(_ n: Int32) -> String {
    lua_type(L, n) == LUA_TNONE ? "no value" : state.typeName(at: n)
  }

  /// Argument `n` as a value (tables as lists or records); nil with why when
  /// it cannot be one (a function, a sparse table…).
  public func value(_ n: Int32) -> Result<Value, HostError> {
    do throws(ConversionError) { return .success(try state.value(at: n)) } catch {
      return .failure(HostError(error.message))
    }
  }

  /// When the value at `index` (a test session) is collected, release the
  /// Lua handlers made in `environment` (its form's): a form whose handlers
  /// reference it is otherwise a cycle through Swift that Lua cannot collect.
  public func releaseHandlers(of environment: FormEnvironment, whenCollected index: Int32) {
    guard let identity = environment.identity else { return }
    state.outsideLimits {
      let index = lua_absindex(L, index)
      guard lua_checkstack(L, 4) != 0 else { return }
      // an ephemeron table: the sentinel lives as long as its key
      if lua_getfield(L, formrun_registryindex(), Self.sentinelsKey) != LUA_TTABLE {
        formrun_pop(L, 1)
        formrun_newtable(L)
        formrun_newtable(L)
        lua_pushstring(L, "k")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_setfield(L, formrun_registryindex(), Self.sentinelsKey)
      }
      lua_pushvalue(L, index)
      let p = lua_newuserdatauv(L, MemoryLayout<UnsafeRawPointer>.size, 0)!
      p.storeBytes(of: identity, as: UnsafeRawPointer.self)
      if luaL_newmetatable(L, Self.sentinelKey) != 0 {
        formrun_pushhost(L, releaseSentinel, 0)
        lua_setfield(L, -2, "__gc")
      }
      lua_setmetatable(L, -2)
      lua_rawset(L, -3)
      formrun_pop(L, 1)
    }
  }

  static let sentinelsKey = "formrun.sentinels"
  static let sentinelKey = "formrun.sentinel"

  /// `bad argument #n to 'function' (message)`, in the words of lauxlib.
  public func argumentError(_ n: Int, _ function: String, _ message: String) -> HostResult {
    .error("bad argument #\(n) to '\(function)' (\(message))")
  }

  /// `bad argument #n to 'function' (expected expected, got …)`.
  public func typeError(_ n: Int, _ function: String, expected: String) -> HostResult {
    argumentError(n, function, "\(expected) expected, got \(typeName(Int32(n)))")
  }
}

/// Why a host function could not do what it was asked (its message).
public struct HostError: Error {
  /// One line.
  public var message: String
  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
}

/// What a host function gives back.
public enum HostResult {
  /// These values (nil for `.null`), in order.
  case values([Value])
  /// Raise `message`, prefixed with the calling script's `file:line: `.
  case error(String)
  /// The function pushed this many values itself (on `HostCall.thread`).
  case pushed(Int32)
}

/// A host function: Swift code trusted Lua calls.
public typealias HostFunction = (HostCall) -> HostResult

/// An argument for trusted code (`LuaRuntime.runTrusted`).
public enum TrustedArgument {
  /// A value (a list of strings becomes a table, and so on).
  case value(Value)
  /// A table of host functions.
  case functions([String: HostFunction])
}

extension LuaRuntime {
  /// Push a table of host functions.
  func pushFunctions(_ functions: [String: HostFunction]) {
    let L = state.L
    lua_createtable(L, 0, Int32(clamping: functions.count))
    for (name, function) in functions.sorted(by: { $0.key < $1.key }) {
      hostFunctions.append(function)
      lua_pushinteger(L, lua_Integer(hostFunctions.count - 1))
      formrun_pushhost(L, callHostFunction, 1)
      lua_setfield(L, -2, name)
    }
  }

  /// Set the global `name` to a table of host functions (before trusted code runs).
  public func setGlobal(_ name: String, functions: [String: HostFunction]) {
    state.outsideLimits {
      pushFunctions(functions)
      lua_setglobal(state.L, name)
    }
  }

  /// Compile `source` and push `arguments` outside the limits, then call it
  /// as trusted code; its results are left on the stack.
  private func callTrusted(source: String, name: String, arguments: [TrustedArgument]) throws(ScriptError) {
    try state.outsideLimitsThrowing({ () throws(ScriptError) in
      try state.compile(source, name: name)
      for argument in arguments {
        switch argument {
        case .value(let v): state.push(v)
        case .functions(let f): pushFunctions(f)
        }
      }
    })
    try state.callTrusted(nargs: Int32(arguments.count), nresults: LUA_MULTRET)
  }

  /// Run `source` as trusted code (no budget, no cap, its own hooks), its
  /// chunk named `name` (`@file` or `=name`, as Lua's chunk names), with
  /// `arguments`; its results as values (a result that cannot be one is nil).
  public func runTrusted(source: String, name: String, arguments: [TrustedArgument]) throws(ScriptError) -> [Value] {
    let L = state.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    try callTrusted(source: source, name: name, arguments: arguments)
    var results: [Value] = []
    for i in top + 1..<lua_gettop(L) + 1 { results.append((try? state.value(at: i)) ?? .null) }
    return results
  }

  /// Run `source` as `runTrusted` does; when its first result is a
  /// function, call it in turn through the base library's `pcall`, with the
  /// other results as its arguments, from the host itself (no frame of the
  /// chunk below it, as a script run by lua.c has none of lua.c's), and give
  /// that call's results (`pcall`'s: true and the function's, or false and
  /// the error) instead.
  public func runTrustedThenCall(source: String, name: String, arguments: [TrustedArgument]) throws(ScriptError)
    -> [Value]
  {
    let L = state.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    try callTrusted(source: source, name: name, arguments: arguments)
    if lua_gettop(L) > top, lua_type(L, top + 1) == LUA_TFUNCTION {
      let count = lua_gettop(L) - top
      state.outsideLimits {
        lua_getglobal(L, "pcall")
        formrun_insert(L, top + 1)
      }
      try state.callTrusted(nargs: count, nresults: LUA_MULTRET)
    }
    var results: [Value] = []
    for i in top + 1..<lua_gettop(L) + 1 { results.append((try? state.value(at: i)) ?? .null) }
    return results
  }

  /// Flush C's stdout, where `print` and `io.write` of trusted code (busted,
  /// specs) write; false when it could not be written.
  public static func flushStandardOutput() -> Bool {
    fflush(formrun_cstdout()) == 0 && ferror(formrun_cstdout()) == 0
  }

  /// Point trusted code's `io.stdout` and default output at `file` (a test of
  /// the runner reads busted's report from there); `print` keeps writing to
  /// the process's stdout, as lua.c's does.
  public func redirectStandardOutput(to file: UnsafeMutablePointer<FILE>) {
    guard file != formrun_cstdout() else { return }
    state.outsideLimits {
      let L = state.L
      let p = lua_newuserdatauv(L, MemoryLayout<luaL_Stream>.size, 0)!.assumingMemoryBound(to: luaL_Stream.self)
      p.pointee.f = file
      p.pointee.closef = keepStandardFileOpen
      luaL_setmetatable(L, LUA_FILEHANDLE)
      lua_pushvalue(L, -1)
      lua_setfield(L, formrun_registryindex(), "_IO_output")
      _ = lua_getglobal(L, "io")
      formrun_insert(L, -2)
      lua_setfield(L, -2, "stdout")
      formrun_pop(L, 1)
    }
  }
}

/// The `closef` of a redirected stdout: it stays open, as liolib's standard files do.
private func keepStandardFileOpen(_ L: OpaquePointer?) -> Int32 {
  let p = lua_touserdata(L, 1)!.assumingMemoryBound(to: luaL_Stream.self)
  p.pointee.closef = keepStandardFileOpen
  return LuaRuntime.from(L).state.outsideLimits {
    lua_pushnil(L)
    lua_pushstring(L, "cannot close standard file")
    return 2
  }
}

/// The trampoline's target for every host function of `pushFunctions`: its
/// upvalue 2 is the function's index in the runtime's list.
private let callHostFunction: formrun_hostfn = { L in
  let L = L!
  let runtime = LuaRuntime.from(L)
  let index = Int(lua_tointegerx(L, formrun_upvalueindex(2), nil))
  switch runtime.hostFunctions[index](HostCall(state: runtime.state, L: L)) {
  case .values(let values):
    guard lua_checkstack(L, Int32(clamping: values.count) + 4) != 0 else {
      return runtime.state.raise("too many results")
    }
    for v in values { runtime.state.push(v) }
    return Int32(values.count)
  case .error(let message): return runtime.state.raise(message)
  case .pushed(let n): return n
  }
}

/// `__gc` of a session's sentinel: its form's handlers go.
private let releaseSentinel: formrun_hostfn = { L in
  guard let p = lua_touserdata(L, 1) else { return 0 }
  let identity = p.load(as: UnsafeRawPointer.self)
  LuaRuntime.from(L).state.releaseHandlers(context: identity)
  return 0
}
