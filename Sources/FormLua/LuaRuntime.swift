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

  /// - Parameters:
  ///   - memoryLimit: bytes Lua may allocate in all (0 = no cap).
  ///   - sandbox: give scripts the sandbox's library set (no `io`, most of
  ///     `os`, `require`…; see Environment.swift) instead of the default one.
  public init(form: Form = Form(), memoryLimit: Int = 1 << 30, sandbox: Bool = false) {
    self.form = form
    state = LuaState(memoryLimit: memoryLimit)
    bridge = ObjectBridge(state: state)
    environments = Environments(state: state, bridge: bridge, printSink: { [unowned form] line in form.report(line) })
    evaluator = Evaluator(state: state, bridge: bridge, environments: environments, form: form)
    formrun_extraspace(state.L).pointee = Unmanaged.passUnretained(self).toOpaque()
    // libraries and the bindings are set up outside the limits (the memory
    // guard starts raised; only a protected call lowers it)
    formrun_openlibs(state.L)
    bridge.installMetatables()
    environments.installGlobals(form: form, sandbox: sandbox)
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
  /// Whether scripts get the sandbox's library set.
  public var sandbox: Bool { environments.sandbox }
  /// How many calls into Lua ran out of their instruction budget so far.
  public var runaways: Int { state.runaways }

  /// Give this runtime's own globals the whole standard library: the full
  /// `debug`, binary `load`, `require` of C modules, `string.dump`, plain
  /// `pcall` and `setmetatable`. For trusted code only (busted and spec
  /// files under `formrun test`); forms opened with `openForm` still get the
  /// restricted set, or the sandbox's.
  public func openFullLibrary() { environments.openFullLibrary() }

  /// The `lua_State`, for a front end that adds Lua libraries of its own
  /// (FormTesting adds busted's runner and the session API). Call Lua in it
  /// only through a protected call.
  public var luaState: OpaquePointer { state.L }

  /// Push the Lua object of `form` (what its script calls `form`) on the
  /// stack of `thread` (the state's main thread or a coroutine of it).
  public func push(form: Form, on thread: OpaquePointer) {
    bridge.pushObject(form, metatable: FormBinding.metatable)
    if thread != state.L { lua_xmove(state.L, thread, 1) }
  }

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
  /// With `sandbox`, the form gets the sandbox's library set.
  public func openForm(path: String, sandbox: Bool = false) throws(ScriptError) -> Form {
    try environments.openForm(path: path, sandbox: sandbox)
  }

  /// Run a REPL chunk (see `Evaluator.evaluate`).
  public func evaluate(_ chunk: String) -> EvalResult { evaluator.evaluate(chunk) }

  /// The words that may complete `line` (the text before the cursor), and the
  /// byte offset where the word they replace starts.
  public func completions(for line: String) -> (start: Int, words: [String]) { evaluator.completions(for: line) }
}
