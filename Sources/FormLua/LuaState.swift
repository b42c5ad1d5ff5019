import CLua
import FormCore

/// A script or handler error: the message already names `file:line`, and
/// carries the Lua traceback when there is one.
public struct ScriptError: Error, CustomStringConvertible {
  /// The whole message: `file:line: what`, then the traceback when there is one.
  public var message: String
  /// The message.
  public var description: String { message }
  init(_ message: String) { self.message = message }

  /// The first line (`file:line: message`), without the traceback.
  public var summary: String { String(message.split(separator: "\n", maxSplits: 1).first ?? "") }
}

/// Why a Lua value could not become what Swift needed (one line).
struct ConversionError: Error {
  var message: String
  static let tooDeep = ConversionError(
    message: "table nested too deeply (more than \(LuaState.maxDepth) levels, or a cycle)")
}

/// How long a protected call into form code may run: wall-clock seconds
/// (whatever the code calls: Lua, C functions, nested handlers) and, when
/// asked for, a count of Lua instructions — whichever comes first; nil for
/// none. Only a call given an instruction count runs under Lua's count hook
/// (which makes every instruction take Lua's slow path); time, Ctrl-C and
/// the matcher's steps need no hook until they stop the code.
public struct LuaBudget: Sendable, Equatable {
  /// Lua instructions (a pattern match's steps count as instructions too).
  public var instructions: Int64?
  /// Seconds of wall-clock time.
  public var seconds: Double?

  /// A budget of `instructions` and `seconds` (nil: no limit of that kind).
  public init(instructions: Int64? = nil, seconds: Double?) {
    self.instructions = instructions
    self.seconds = seconds
  }

  /// What a handler (and a REPL chunk) gets.
  public static let handler = LuaBudget(seconds: 5)
  /// What a form script's own load gets.
  public static let load = LuaBudget(seconds: 10)
}

/// The owner of one `lua_State` and of every rule of the boundary (DESIGN.md):
/// the memory cap never refuses while Swift runs (only a protected call lowers
/// that guard); every recursive push or read reserves stack first; every host
/// function uses the `lua_State` it was given (coroutines); formrun's hook is
/// put in front of whatever hook the thread has on every protected call, and a
/// spent budget cannot be caught; Swift calls no API function that can raise
/// outside a protected call. The C side (CLuaBoundary, through shim.h) does
/// what must be C: the allocator, the calls and their limits, the forms'
/// library. LuaState knows nothing of forms; the object bridge, the
/// environments and the REPL evaluator work through it.
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
  /// What a handler (or a REPL chunk) may run before it is stopped.
  var handlerBudget = LuaBudget.handler
  /// What the script itself may run while it loads.
  var loadBudget = LuaBudget.load
  /// The file being run, for messages.
  var chunkName = "form"
  /// How many protected calls ran out of their budget (instructions or time)
  /// so far, stopped or caught by the script and stopped all the same.
  private(set) var runaways = 0

  /// The handlers made in each context (by the context table's identity),
  /// so that the end of a test session can release those of its form.
  private var handlers: [UnsafeRawPointer: [WeakHandler]] = [:]
  struct WeakHandler { weak var handler: LuaHandler? }

  func register(_ handler: LuaHandler) {
    guard let key = handler.contextIdentity else { return }
    var list = handlers[key, default: []]
    if list.count >= 64, list.count.nonzeroBitCount == 1 { list.removeAll { $0.handler == nil } }
    list.append(WeakHandler(handler: handler))
    handlers[key] = list
  }

  /// Release the handlers made in the context `identity` (a form's
  /// environment whose session was collected): the Lua closures, and through
  /// them the environment and the form, can then be collected (a Swift
  /// reference to a Lua closure that references the form is a cycle Lua's
  /// collector cannot see).
  func releaseHandlers(context identity: UnsafeRawPointer) {
    for weak in handlers.removeValue(forKey: identity) ?? [] { weak.handler?.release() }
  }

  /// - Parameters:
  ///   - memoryLimit: bytes form code may allocate (0 = no cap).
  ///   - relativeCap: the cap counts from what the heap held when trusted
  ///     code (a spec) called into form code, not from nothing.
  init(memoryLimit: Int, relativeCap: Bool = false) {
    limits = .allocate(capacity: 1)
    // host = 1: the cap never refuses while Swift runs; only formrun_call
    // lowers the guard, for the Lua code it runs
    var initial = formrun_limits()
    initial.limit = memoryLimit
    initial.relative = relativeCap ? 1 : 0
    initial.host = 1
    initial.budget = -1
    limits.initialize(to: initial)
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

  /// Run `body` outside the limits (setting up libraries and bindings, or
  /// API calls that may allocate while host code runs).
  func outsideLimits<T>(_ body: () throws -> T) rethrows -> T {
    limits.pointee.host += 1
    defer { limits.pointee.host -= 1 }
    return try body()
  }

  /// The same for work that throws a script error (compiling a chunk and
  /// pushing its arguments).
  func outsideLimitsThrowing<T>(_ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
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
    var source = source
    let status = source.withUTF8 { buf in
      buf.withMemoryRebound(to: CChar.self) { formrun_loadbuffer(L, $0.baseAddress, buf.count, name) }
    }
    guard status == LUA_OK else { throw popError(stopped: 0) }
  }

  /// The same for a chunk as bytes.
  func compile(_ source: [UInt8], name: String) throws(ScriptError) {
    let status = source.withUnsafeBufferPointer { buf in
      buf.withMemoryRebound(to: CChar.self) { formrun_loadbuffer(L, $0.baseAddress, buf.count, name) }
    }
    guard status == LUA_OK else { throw popError(stopped: 0) }
  }

  /// Call the function below `nargs` arguments, protected, under `budget`
  /// (in the context with registry reference `context`, or the current one).
  func call(nargs: Int32, nresults: Int32, budget: LuaBudget, context: Int32 = LUA_NOREF) throws(ScriptError) {
    var spec = formrun_callspec(
      instructions: budget.instructions ?? -1, seconds: budget.seconds ?? 0, trusted: 0, context: context)
    try run(nargs: nargs, nresults: nresults, spec: &spec)
  }

  /// The same with an instruction budget only (and a second of time).
  func call(nargs: Int32, nresults: Int32, budget: Int64) throws(ScriptError) {
    try call(nargs: nargs, nresults: nresults, budget: LuaBudget(instructions: budget < 0 ? nil : budget, seconds: 1))
  }

  /// Call trusted code (a test runner's, its specs): no budget, no memory
  /// cap, and the hooks it sets are its own.
  func callTrusted(nargs: Int32, nresults: Int32) throws(ScriptError) {
    var spec = formrun_callspec(instructions: -1, seconds: 0, trusted: 1, context: LUA_NOREF)
    try run(nargs: nargs, nresults: nresults, spec: &spec)
  }

  private func run(nargs: Int32, nresults: Int32, spec: inout formrun_callspec) throws(ScriptError) {
    let base = lua_gettop(L) - nargs - 1
    var stopped: Int32 = 0
    let status = formrun_call(L, nargs, nresults, &spec, &stopped)
    let why = Int(stopped)
    if why == FORMRUN_INSTRUCTIONS || why == FORMRUN_TIME { runaways += 1 }
    guard status == LUA_OK else { throw popError(stopped: stopped) }
    // the code caught its stop with pcall just before returning: still stopped
    let caught = "; the error was caught and ignored"
    switch why {
    case FORMRUN_INSTRUCTIONS:
      lua_settop(L, base)
      throw ScriptError("\(chunkName): instruction budget exceeded (endless loop?)" + caught)
    case FORMRUN_TIME:
      lua_settop(L, base)
      throw ScriptError("\(chunkName): time budget exceeded (endless loop?)" + caught)
    case FORMRUN_INTERRUPTED:
      lua_settop(L, base)
      throw ScriptError("\(chunkName): interrupted" + caught)
    default: return
    }
  }

  func popError(stopped: Int32) -> ScriptError {
    var message = string(at: -1) ?? "(error object is not a string)"
    formrun_pop(L, 1)
    if Int(stopped) == FORMRUN_MEMORY {
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

  /// The bytes of the string at `index`.
  func bytes(at index: Int32) -> [UInt8]? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var len = 0
    guard let p = lua_tolstring(L, index, &len) else { return nil }
    return Array(UnsafeRawBufferPointer(start: p, count: len))
  }

  /// The string at `index` (only a real string; numbers are not converted in place).
  func string(at index: Int32) -> String? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var len = 0
    guard let p = lua_tolstring(L, index, &len) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }

  /// The string at `index` as text a script gives the form (a name, a
  /// title, a value): refused when it is not UTF-8, naming the first bad
  /// byte, rather than read with U+FFFD. Nil for what is not a string.
  func text(at index: Int32) throws(ConversionError) -> String? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var len = 0
    guard let p = lua_tolstring(L, index, &len) else { return nil }
    let bytes = UnsafeRawBufferPointer(start: p, count: len)
    // Lua's strings end in a NUL: one without another inside is checked on the
    // C string path (no generic decoder on the start's path, none per byte in Swift)
    if strlen(p) == len {
      if let s = String(validatingCString: p) { return s }
    } else if let s = String(validating: bytes, as: UTF8.self) {
      return s
    }
    throw ConversionError(message: NotUTF8.problem(bytes) ?? "the string is not valid UTF-8")
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
  /// `labelled`: a table of one list item and named keys (`{ "United
  /// States", value = "US" }`, an option with its own value) reads as a record
  /// with the item under `label`, as deep as it is found (a picker's parts).
  func value(at index: Int32, depth: Int = 0, labelled: Bool = false) throws(ConversionError) -> Value {
    let index = lua_absindex(L, index)
    switch lua_type(L, index) {
    case LUA_TNIL, LUA_TNONE: return .null
    case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      if formrun_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
      return .double(lua_tonumberx(L, index, nil))
    case LUA_TSTRING: return .string(try text(at: index)!)
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
          do { fields.append(.init(try text(at: -2)!, try value(at: -1, depth: depth + 1, labelled: labelled))) } catch
          {
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
          list.append(try value(at: -1, depth: depth + 1, labelled: labelled))
        }
        return .list(list)
      }
      if labelled, n == 1, fields.count == count - 1, fields.allSatisfy({ $0.key != "label" }) {
        lua_rawgeti(L, index, 1)
        defer { formrun_pop(L, 1) }
        let label = try value(at: -1, depth: depth + 1)
        return .record([.init("label", label)] + fields.sorted { $0.key < $1.key })
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
    case LUA_TSTRING:
      do throws(ConversionError) { return try text(at: index) } catch {
        throw ConversionError(message: "bad value for \(what()): \(error.message)")
      }
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
