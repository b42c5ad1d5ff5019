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
  /// The form the script builds (the global `form`).
  public let form: Form
  /// What builds a JSON Schema into a form (`form:from_schema`, a `.json` form opened); nil: none.
  public let schemas: (any SchemaBuilding)?
  /// The host functions of `pushFunctions`, by the index their closures carry.
  var hostFunctions: [HostFunction] = []

  /// - Parameters:
  ///   - memoryLimit: bytes form code may allocate in all (0 = no cap).
  ///   - sandbox: give scripts the sandbox's library set (no `io`, most of
  ///     `os`, `require`…; see Environments.swift) instead of the default one.
  ///   - host: the front end that runs the form from its load on (its
  ///     questions, prints, path lookups); nil: the engine made on the form
  ///     gives it one, and until then no one is asked and prints are notices.
  ///   - schemas: what builds a JSON Schema into a form (`form:from_schema`);
  ///     nil: scripts cannot read one.
  public convenience init(
    form: Form = Form(), memoryLimit: Int = 1 << 30, sandbox: Bool = false, host: (any FormHost)? = nil,
    schemas: (any SchemaBuilding)? = nil
  ) {
    if let host { form.attach(host) }
    self.init(form: form, memoryLimit: memoryLimit, sandbox: sandbox, trusted: false, schemas: schemas)
  }

  /// A runtime for trusted code (`formrun test`: busted and the spec files):
  /// its own globals are the whole standard library as lua.c gives it (real
  /// `string`, `io`, `debug`, `package.searchers`, `print`; the generational
  /// collector), with no budget and no memory cap; forms it opens
  /// (`openForm`) get the forms' library in fresh environments, their budgets
  /// and a cap of `memoryLimit` bytes over what the heap held when they ran.
  public static func trusted(memoryLimit: Int = 1 << 30, schemas: (any SchemaBuilding)? = nil) -> LuaRuntime {
    LuaRuntime(form: Form(), memoryLimit: memoryLimit, sandbox: false, trusted: true, schemas: schemas)
  }

  private init(form: Form, memoryLimit: Int, sandbox: Bool, trusted: Bool, schemas: (any SchemaBuilding)?) {
    self.form = form
    self.schemas = schemas
    state = LuaState(memoryLimit: memoryLimit, relativeCap: trusted)
    bridge = ObjectBridge(state: state)
    environments = Environments(state: state, bridge: bridge)
    evaluator = Evaluator(state: state, bridge: bridge, environments: environments, form: form)
    formrun_extraspace(state.L).pointee = Unmanaged.passUnretained(self).toOpaque()
    // libraries and the bindings are set up outside the limits (the memory
    // guard starts raised; only a protected call lowers it)
    formrun_openlibs(state.L)
    bridge.installMetatables()
    environments.installGlobals(form: form, sandbox: sandbox, trusted: trusted)
  }

  deinit {
    state.close()
  }

  static func from(_ L: OpaquePointer?) -> LuaRuntime {
    Unmanaged<LuaRuntime>.fromOpaque(formrun_extraspace(L).pointee!).takeUnretainedValue()
  }

  /// What a handler (or a REPL chunk) may run before it is stopped.
  public var handlerBudget: LuaBudget {
    get { state.handlerBudget }
    set { state.handlerBudget = newValue }
  }
  /// What the script itself may run while it loads.
  public var loadBudget: LuaBudget {
    get { state.loadBudget }
    set { state.loadBudget = newValue }
  }
  /// The file being run, for messages.
  var chunkName: String { state.chunkName }
  /// Whether scripts get the sandbox's library set.
  public var sandbox: Bool { environments.sandbox }
  /// How many calls into Lua ran out of their budget (instructions or time) so far.
  public var runaways: Int { state.runaways }

  /// Run `body` with the state's thread outside the limits, for a binding
  /// made outside FormLua that installs its metatable itself (the test
  /// session's, until it moves onto FormLua's class tables). It must not
  /// call Lua but through a protected call.
  public func withBindingState<T>(_ body: (OpaquePointer) -> T) -> T { state.outsideLimits { body(state.L) } }

  /// Push the Lua object of `form` (what its script calls `form`) on the
  /// stack of `thread` (the state's main thread or a coroutine of it).
  public func push(form: Form, on thread: OpaquePointer) {
    bridge.pushObject(form, metatable: FormBinding.metatable)
    if thread != state.L { lua_xmove(state.L, thread, 1) }
  }

  /// Make this the runtime Ctrl-C stops (`LuaInterrupt.request`): the fill
  /// command's and the REPL's.
  public func takeInterrupts() { LuaInterrupt.target = state.limits }

  /// Bytes Lua holds now.
  public var memoryInUse: Int { state.memoryInUse }

  /// A full garbage collection (outside the limits).
  public func collectGarbage() { state.collectGarbage() }

  /// Run a form script file with the global `form` set.
  public func load(path: String) throws(ScriptError) {
    state.chunkName = path
    guard luaL_loadfilex(state.L, path, "t") == LUA_OK else { throw state.popError(stopped: 0) }
    try state.call(nargs: 0, nresults: 0, budget: state.loadBudget)
  }

  /// Run a chunk of source; `name` is how messages name it.
  public func load(source: String, name: String) throws(ScriptError) {
    try load(bytes: Array(source.utf8), name: name)
  }

  /// The same for a chunk as bytes (stdin's, which may hold strings that are not UTF-8).
  public func load(bytes: [UInt8], name: String) throws(ScriptError) {
    state.chunkName = name
    try state.compile(bytes, name: "=" + name)
    try state.call(nargs: 0, nresults: 0, budget: state.loadBudget)
  }

  /// Run `LUA_INIT_5_4` (or, when unset, `LUA_INIT`) as lua.c does: `@FILE`
  /// runs that file, anything else is a chunk named `=LUA_INIT`. In the
  /// runtime's own globals, under the load budget (trusted globals: none);
  /// a file is read as text only unless the globals are trusted. Nothing
  /// happens when neither is set.
  public func runLuaInit(environment: (String) -> String?) throws(ScriptError) {
    var name = "LUA_INIT_5_4"
    var value = environment(name)
    if value == nil {
      name = "LUA_INIT"
      value = environment(name)
    }
    guard let value else { return }
    let trusted = environments.trusted
    if value.hasPrefix("@") {
      let path = String(value.dropFirst())
      let status = state.outsideLimits { luaL_loadfilex(state.L, path, trusted ? nil : "t") }
      guard status == LUA_OK else { throw state.popError(stopped: 0) }
    } else {
      try state.outsideLimitsThrowing({ () throws(ScriptError) in try state.compile(value, name: "=" + name) })
    }
    if trusted {
      try state.callTrusted(nargs: 0, nresults: 0)
    } else {
      try state.call(nargs: 0, nresults: 0, budget: state.loadBudget)
    }
  }

  /// Run the form script at `path` in a fresh environment with a new form,
  /// run by `host` from its load on. With `sandbox`, the form gets the
  /// sandbox's library set.
  public func openForm(path: String, sandbox: Bool = false, host: (any FormHost)? = nil) throws(ScriptError) -> Form {
    try environments.openForm(path: path, sandbox: sandbox, host: host).0
  }

  /// The same, with the environment the form runs in (for
  /// `HostCall.releaseHandlers(of:whenCollected:)`).
  public func openFormInEnvironment(
    path: String, sandbox: Bool = false, host: (any FormHost)? = nil
  ) throws(ScriptError) -> (Form, FormEnvironment) {
    try environments.openForm(path: path, sandbox: sandbox, host: host)
  }

  /// Run a REPL chunk (see `Evaluator.evaluate`).
  public func evaluate(_ chunk: String) -> EvalResult { evaluator.evaluate(chunk) }

  /// The words that may complete `line` (the text before the cursor), and the
  /// byte offset where the word they replace starts.
  public func completions(for line: String) -> (start: Int, words: [String]) { evaluator.completions(for: line) }
}

/// Ctrl-C while Lua code runs, as lua.c's `laction`: the running call (and
/// every form call it is nested in) stops with "interrupted" at its next
/// instruction, even after a long C function, and the session goes on.
public enum LuaInterrupt {
  nonisolated(unsafe) static var target: UnsafeMutablePointer<formrun_limits>?

  /// From a SIGINT handler (async-signal-safe): true when form code is
  /// running and will stop; false when none is, or when it was already asked
  /// to stop and has not (stuck in one C function): then the caller ends the
  /// process as before.
  public static func request() -> Bool {
    guard let lim = target else { return false }
    return formrun_interrupt(lim) != 0
  }
}
