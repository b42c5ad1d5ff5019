import CLua
import FormCore

/// A script or handler error: the message already names `file:line`, and
/// carries the Lua traceback when there is one.
public struct ScriptError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
  public init(_ message: String) { self.message = message }

  /// The first line (`file:line: message`), without the traceback.
  public var summary: String { String(message.split(separator: "\n", maxSplits: 1).first ?? "") }
}

/// Why a Lua value could not become what Swift needed (one line).
struct ConversionError: Error {
  var message: String
  static let tooDeep = ConversionError(
    message: "table nested too deeply (more than \(LuaState.maxDepth) levels, or a cycle)")
}

/// The owner of one `lua_State`: its counting allocator and instruction-count
/// hook (so every call into Lua runs under a memory cap and an instruction
/// budget), compiling and protected calls, and moving values between Lua and
/// Swift. It knows nothing of forms; the object bridge, the environments and
/// the REPL evaluator work through it.
final class LuaState {
  /// The thread host code works on: the one the running host function was
  /// called on (a coroutine's, when Lua called it from one), else the main
  /// one. Every host function and conversion goes through it (or through the
  /// `lua_State` it received), so none touches another thread's stack.
  var L: OpaquePointer { limits.pointee.current ?? mainThread }
  let mainThread: OpaquePointer
  let limits: UnsafeMutablePointer<formrun_limits>
  /// True once `lua_close` ran: handlers that outlive the state check it.
  private(set) var closed = false
  /// Instructions a handler may run before it is stopped (as a runaway).
  var handlerInstructionLimit: Int64 = 200_000_000
  /// Instructions the script itself may run while it loads.
  var loadInstructionLimit: Int64 = 5_000_000_000
  /// Steps a match in `string.find` and its kin may take before it is refused
  /// as a runaway pattern (see `checkPattern`).
  var patternStepLimit = 5_000_000
  /// The file being run, for messages.
  var chunkName = "form"
  /// How many protected calls ended with their instruction budget spent
  /// (stopped, or caught by the script and stopped all the same).
  private(set) var runaways = 0

  /// - Parameter memoryLimit: bytes Lua may allocate in all (0 = no cap).
  init(memoryLimit: Int) {
    limits = .allocate(capacity: 1)
    // host = 1: the cap never refuses while Swift runs; only formrun_pcall
    // lowers the guard, for the Lua code it runs
    limits.initialize(
      to: formrun_limits(used: 0, peak: 0, limit: memoryLimit, host: 1, budget: -1, tripped: 0, current: nil))
    guard let L = formrun_newstate(limits) else { fatalError("cannot create a Lua state (out of memory)") }
    mainThread = L
  }

  /// Close the state (finalisers run); later handler calls see `closed`.
  func close() {
    guard !closed else { return }
    closed = true
    lua_close(mainThread)
  }

  deinit {
    close()
    limits.deallocate()
  }

  /// Run `body` outside the limits (setting up libraries and bindings).
  func outsideLimits<T>(_ body: () throws -> T) rethrows -> T {
    limits.pointee.host += 1
    defer { limits.pointee.host -= 1 }
    return try body()
  }

  /// Bytes Lua holds now.
  var memoryInUse: Int { limits.pointee.used }

  /// A full garbage collection (outside the limits).
  func collectGarbage() { outsideLimits { formrun_gc_collect(L) } }

  // MARK: running code

  /// Compile a chunk and leave the function on the stack.
  func compile(_ source: String, name: String) throws(ScriptError) {
    let status = source.withCString { p in formrun_loadbuffer(L, p, strlen(p), name) }
    guard status == LUA_OK else { throw popError() }
  }

  /// Call the function below `nargs` arguments, protected, under the limits.
  func call(nargs: Int32, nresults: Int32, budget: Int64) throws(ScriptError) {
    let ticks = budget < 0 ? -1 : max(budget / Int64(FORMRUN_HOOK_STEP), 1)
    let base = lua_gettop(L) - nargs - 1
    let status = formrun_pcall(L, nargs, nresults, ticks)
    if limits.pointee.tripped == 1 { runaways += 1 }
    guard status == LUA_OK else { throw popError() }
    if limits.pointee.tripped == 1 {
      // the code caught the budget error with pcall and went on: still a runaway
      lua_settop(L, base)
      throw ScriptError("\(chunkName): instruction budget exceeded (endless loop?); the error was caught and ignored")
    }
  }

  func popError() -> ScriptError {
    var message = string(at: -1) ?? "(error object is not a string)"
    formrun_pop(L, 1)
    if limits.pointee.tripped == 2 {
      message = message.replacing(
        "not enough memory", with: "memory limit exceeded (\(limits.pointee.limit >> 20) MiB)", maxReplacements: 1)
    }
    return ScriptError(trimTraceback(message))
  }

  /// Drop the traceback lines that only show the host's own frames.
  func trimTraceback(_ message: String) -> String {
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, last.hasSuffix("[C]: in ?") || last == "stack traceback:" {
      lines.removeLast()
    }
    return lines.joined(separator: "\n")
  }

  // MARK: values

  func push(_ s: String) {
    var s = s
    s.withUTF8 { buf in
      _ = lua_pushlstring(
        L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
    }
  }

  /// The string at `index` (only a real string; numbers are not converted in place).
  func string(at index: Int32) -> String? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var len = 0
    guard let p = lua_tolstring(L, index, &len) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }

  func typeName(at index: Int32) -> String {
    if formrun_toobject(L, index, ObjectBridge.tag(of: ItemBinding.table.metatable)) != nil { return "item" }
    if formrun_toobject(L, index, ObjectBridge.tag(of: SectionBinding.table.metatable)) != nil { return "section" }
    return String(cString: lua_typename(L, lua_type(L, index)))
  }

  /// How deep a value may nest when converted either way.
  static let maxDepth = 100

  /// The Lua value at `index` as a `Value`. Tables with keys 1…n are lists;
  /// other tables are records with string keys (in sorted order).
  func value(at index: Int32, depth: Int = 0) throws(ConversionError) -> Value {
    let index = lua_absindex(L, index)
    switch lua_type(L, index) {
    case LUA_TNIL, LUA_TNONE: return .null
    case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      if formrun_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
      return .double(lua_tonumberx(L, index, nil))
    case LUA_TSTRING: return .string(string(at: index)!)
    case LUA_TTABLE:
      // each level holds a key, a value and a list item on the stack: reserve them first
      guard depth < Self.maxDepth, lua_checkstack(L, 4) != 0 else { throw ConversionError.tooDeep }
      let n = Int(lua_rawlen(L, index))
      var list: [Value] = []
      var fields: [Value.Field] = []
      var count = 0
      lua_pushnil(L)
      while lua_next(L, index) != 0 {
        count += 1
        if lua_type(L, -2) == LUA_TSTRING {
          let key = string(at: -2)!
          do { fields.append(.init(key, try value(at: -1, depth: depth + 1))) } catch {
            formrun_pop(L, 2)
            throw error
          }
        } else if lua_type(L, -2) == LUA_TNUMBER {
          // a list's keys are 1…n: a key past the end or not whole (a sparse table) would be lost
          let key = formrun_isinteger(L, -2) != 0 ? Int(lua_tointegerx(L, -2, nil)) : 0
          guard key >= 1, key <= n else {
            formrun_pop(L, 2)
            throw ConversionError(message: "a list cannot have holes or keys other than 1…n (a sparse table)")
          }
        } else {
          formrun_pop(L, 2)
          throw ConversionError(message: "table keys must be strings or 1…n")
        }
        formrun_pop(L, 1)
      }
      if count == n {
        list.reserveCapacity(n)
        for i in 0..<n {
          lua_rawgeti(L, index, lua_Integer(i + 1))
          defer { formrun_pop(L, 1) }
          list.append(try value(at: -1, depth: depth + 1))
        }
        return .list(list)
      }
      guard fields.count == count else {
        throw ConversionError(
          message: fields.isEmpty
            ? "a list cannot have holes or keys other than 1…n (a sparse table)"
            : "a table mixes a list part and named keys")
      }
      return .record(fields.sorted { $0.key < $1.key })
    default:
      throw ConversionError(message: "\(typeName(at: index)) cannot be a value")
    }
  }

  /// Push `value`. A table deeper than `maxDepth` cannot come from Lua; one
  /// made in Swift that deep (JSON answers) is cut there, as nil, rather than
  /// overflow the stack.
  func push(_ value: Value, depth: Int = 0) {
    // room for this level's table, a key and a value
    if case .list = value, depth >= Self.maxDepth || lua_checkstack(L, 4) == 0 { return lua_pushnil(L) }
    if case .record = value, depth >= Self.maxDepth || lua_checkstack(L, 4) == 0 { return lua_pushnil(L) }
    switch value {
    case .null: lua_pushnil(L)
    case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
    case .int(let i): lua_pushinteger(L, lua_Integer(i))
    case .double(let d): lua_pushnumber(L, d)
    case .string(let s): push(s)
    case .list(let l):
      lua_createtable(L, Int32(l.count), 0)
      for (i, v) in l.enumerated() {
        push(v, depth: depth + 1)
        lua_rawseti(L, -2, lua_Integer(i + 1))
      }
    case .record(let fields):
      lua_createtable(L, 0, Int32(fields.count))
      for f in fields {
        push(f.key)
        push(f.value, depth: depth + 1)
        lua_rawset(L, -3)
      }
    }
  }

  // MARK: errors raised from host functions

  /// Push `chunk:line: message` for the calling Lua code and return -1, which
  /// makes the C trampoline raise it (never a longjmp through Swift). The
  /// line is the script's nearest one from `level` up (through `pcall`, tail
  /// calls and formrun's own wrappers).
  func raise(_ message: String, level: Int32 = 1) -> Int32 {
    formrun_where(L, level)
    let place = string(at: -1) ?? ""
    formrun_pop(L, 1)
    push(place + message)
    return -1
  }

  /// `bad argument #n to 'fn' (message)`, in the words of lauxlib.
  func argError(_ n: Int, _ function: String, _ message: String) -> Int32 {
    raise("bad argument #\(n) to '\(function)' (\(message))")
  }

  func typeError(_ n: Int, _ function: String, expected: String, at index: Int32) -> Int32 {
    argError(
      n, function, "\(expected) expected, got \(lua_type(L, index) == LUA_TNONE ? "no value" : typeName(at: index))")
  }

  func pushStrings(_ strings: [String]) { push(.list(strings.map { .string($0) })) }

  func pushOptional(_ s: String?) {
    if let s { push(s) } else { lua_pushnil(L) }
  }

  /// A string property's value at `index`: nil clears it, a number is taken as its text.
  func text(at index: Int32, for what: @autoclosure () -> String) throws(ConversionError) -> String? {
    switch lua_type(L, index) {
    case LUA_TNIL: return nil
    case LUA_TSTRING: return string(at: index)
    case LUA_TNUMBER: return Value.formatNumber(lua_tonumberx(L, index, nil))
    default: throw ConversionError(message: "bad value for \(what()) (string expected, got \(typeName(at: index)))")
    }
  }

  /// A boolean property's value at `index`.
  func flag(at index: Int32, for what: @autoclosure () -> String) throws(ConversionError) -> Bool {
    guard lua_type(L, index) == LUA_TBOOLEAN else {
      throw ConversionError(message: "bad value for \(what()) (boolean expected, got \(typeName(at: index)))")
    }
    return lua_toboolean(L, index) != 0
  }
}
