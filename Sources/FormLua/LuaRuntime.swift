import CLua
import FormCore

/// One Lua state running one form script: the public face of FormLua. It
/// puts together the parts, each a type of its own:
///
/// - `LuaState`: the `lua_State`, its memory cap and instruction budget,
///   compiling, protected calls, moving values in and out;
/// - `ObjectBridge`: userdata for the form, sections and items, their class
///   tables (ClassTable.swift and the `*Binding` files), handlers;
/// - `Environments`: the globals, `print`, isolated environments for more forms;
/// - `Evaluator`: the REPL's evaluation and completion.
public final class LuaRuntime {
  let state: LuaState
  let bridge: ObjectBridge
  let environments: Environments
  let evaluator: Evaluator
  public let form: Form
  /// The front end's own context for its host functions (the test runner's).
  public var host: AnyObject?

  /// - Parameter memoryLimit: bytes Lua may allocate in all (0 = no cap).
  public init(form: Form = Form(), memoryLimit: Int = 1 << 30) {
    self.form = form
    state = LuaState(memoryLimit: memoryLimit)
    bridge = ObjectBridge(state: state)
    environments = Environments(state: state, bridge: bridge, printSink: { [unowned form] line in form.report(line) })
    evaluator = Evaluator(state: state, bridge: bridge, environments: environments, form: form)
    formrun_extraspace(state.L).pointee = Unmanaged.passUnretained(self).toOpaque()
    // libraries and the bindings are set up outside the limits
    state.outsideLimits {
      formrun_openlibs(state.L)
      bridge.installMetatables()
      bridge.install(SessionBinding.self)
      environments.installGlobals(form: form)
    }
  }

  deinit {
    state.close()
  }

  static func from(_ L: OpaquePointer?) -> LuaRuntime {
    Unmanaged<LuaRuntime>.fromOpaque(formrun_extraspace(L).pointee!).takeUnretainedValue()
  }

  /// Where Lua `print` goes; by default a notice of the form (shown by the session).
  public var printSink: (String) -> Void {
    get { environments.printSink }
    set { environments.printSink = newValue }
  }
  /// Instructions a handler may run before it is stopped (as a runaway).
  public var handlerInstructionLimit: Int64 {
    get { state.handlerInstructionLimit }
    set { state.handlerInstructionLimit = newValue }
  }
  /// Instructions the script itself may run while it loads.
  public var loadInstructionLimit: Int64 {
    get { state.loadInstructionLimit }
    set { state.loadInstructionLimit = newValue }
  }
  /// Steps a match in `string.find` and its kin may take before it is refused
  /// as a runaway pattern.
  public var patternStepLimit: Int {
    get { state.patternStepLimit }
    set { state.patternStepLimit = newValue }
  }
  /// The file being run, for messages.
  public var chunkName: String { state.chunkName }

  /// Bytes Lua holds now.
  public var memoryInUse: Int { state.memoryInUse }

  /// A full garbage collection (outside the limits).
  public func collectGarbage() { state.collectGarbage() }

  /// Run a form script file with the global `form` set.
  public func load(path: String) throws(ScriptError) {
    state.chunkName = path
    guard luaL_loadfilex(state.L, path, "t") == LUA_OK else { throw state.popError() }
    try state.call(nargs: 0, nresults: 0, budget: state.loadInstructionLimit)
  }

  /// Run a chunk of source; `name` is how messages name it.
  public func load(source: String, name: String) throws(ScriptError) {
    state.chunkName = name
    try state.compile(source, name: "=" + name)
    try state.call(nargs: 0, nresults: 0, budget: state.loadInstructionLimit)
  }

  /// Run the form script at `path` in a fresh environment with a new form.
  public func openForm(path: String) throws(ScriptError) -> Form { try environments.openForm(path: path) }

  /// Run a REPL chunk (see `Evaluator.evaluate`).
  public func evaluate(_ chunk: String) -> EvalResult { evaluator.evaluate(chunk) }

  /// The words that may complete `line` (the text before the cursor), and the
  /// byte offset where the word they replace starts.
  public func completions(for line: String) -> (start: Int, words: [String]) { evaluator.completions(for: line) }
}

// MARK: what Sources/FormLua/Testing uses, forwarded to the parts
// (goes when the test framework moves to a target of its own)

extension LuaRuntime {
  typealias ConversionError = FormLua.ConversionError
  var L: OpaquePointer { state.L }
  func compile(_ source: String, name: String) throws(ScriptError) { try state.compile(source, name: name) }
  func call(nargs: Int32, nresults: Int32, budget: Int64) throws(ScriptError) {
    try state.call(nargs: nargs, nresults: nresults, budget: budget)
  }
  func string(at index: Int32) -> String? { state.string(at: index) }
  func push(_ s: String) { state.push(s) }
  func push(_ v: Value) { state.push(v) }
  func pushStrings(_ strings: [String]) { state.pushStrings(strings) }
  func value(at index: Int32) throws(ConversionError) -> Value { try state.value(at: index) }
  func raise(_ message: String, level: Int32 = 1) -> Int32 { state.raise(message, level: level) }
  func argError(_ n: Int, _ function: String, _ message: String) -> Int32 { state.argError(n, function, message) }
  func typeError(_ n: Int, _ function: String, expected: String, at index: Int32) -> Int32 {
    state.typeError(n, function, expected: expected, at: index)
  }
  func object<T: AnyObject>(at index: Int32, metatable: String, as: T.Type = T.self) -> T? {
    bridge.object(at: index, metatable: metatable, as: T.self)
  }
  func pushObject(_ object: AnyObject, metatable: String) { bridge.pushObject(object, metatable: metatable) }
  func pushMethod(_ name: String, of binding: Binding.Type) -> Bool { bridge.pushMethod(name, of: binding) }
}
