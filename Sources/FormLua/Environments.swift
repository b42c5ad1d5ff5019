import CLua
import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// Globals: the state's own (a form's, or trusted code's under `formrun
/// test`), and fresh environments in which further forms run isolated from
/// each other and from the spec (as `formrun.open` does).
///
/// What scripts get (Docs/manual.md, "What scripts get") is the forms' library
/// of the C side (CLuaBoundary/library.c): the standard library but what can
/// break the host — `debug` is only `debug.traceback`; `load`, `loadfile`,
/// `dofile` and `require` read text only, `require` through
/// `package.searchers` (preload, then `package.path`); `string.dump` and
/// `package.loadlib` are gone; `setmetatable` refuses `__gc`; `pcall`,
/// `xpcall` and `coroutine.resume` cannot swallow a spent budget; the pattern
/// functions are budgeted. The sandbox (`--sandbox`, `formrun.open(path, {
/// sandbox = true })`) also takes away `io`, `os` but `time`, `date`,
/// `clock`, `getenv`, and `require`, `dofile`, `loadfile`, `package`.
/// Trusted globals (specs) are the whole standard library as lua.c gives it.
final class Environments {
  let state: LuaState
  let bridge: ObjectBridge
  /// Where the main form's `print` goes instead of its host while set (a
  /// completion evaluates with prints silenced).
  var printSink: ((String) -> Void)?
  /// Whether the main globals (and so every fresh environment) are the sandbox's.
  private(set) var sandbox = false
  /// Whether the main globals are trusted code's (the whole library).
  private(set) var trusted = false
  var L: OpaquePointer { state.L }

  init(state: LuaState, bridge: ObjectBridge) {
    self.state = state
    self.bridge = bridge
  }

  /// What `form`'s script printed: to the form's host (`FormHost.show`),
  /// else kept as the form's notice (the front end shows it with the others).
  static func printed(_ text: String, by form: Form) {
    if let host = form.host { host.show(printed: text, by: form) } else { form.report(text) }
  }

  /// The base library's `tostring`, for the host (a script may replace the global).
  static let baseToStringKey = "formrun.tostring"

  /// Set up the state's globals once, with the whole standard library open:
  /// the forms' library (for `form`'s script), or, when `trusted`, the whole
  /// library as lua.c gives it; both with lua.c's generational collector.
  func installGlobals(form: Form, sandbox: Bool, trusted: Bool) {
    lua_getglobal(L, "tostring")
    lua_setfield(L, formrun_registryindex(), Self.baseToStringKey)
    formrun_openboundary(L)
    self.trusted = trusted
    // the collector lua.c runs (generational), for forms as for specs
    formrun_gc_generational(L)
    if trusted { return }
    formrun_restrictglobals(L, sandbox ? 1 : 0)
    self.sandbox = sandbox
    bridge.pushForm(form)
    lua_setglobal(L, "form")
    formrun_pushhost(L, emit, 0)
    formrun_pushprint(L)
    lua_setglobal(L, "print")
    pushFormrunTable(for: form)
    lua_setglobal(L, "formrun")
    form.pathsUnchecked = pathsUnchecked(sandbox: sandbox)
  }

  /// Under the sandbox, whether the script is running now (a protected call
  /// into form code is under way): its own assignments to `file` rows are
  /// not checked against the disk, what a person typed is.
  func pathsUnchecked(sandbox: Bool) -> (() -> Bool)? {
    guard sandbox else { return nil }
    let limits = state.limits
    return { limits.pointee.calls > 0 }
  }

  /// `formrun` as a form script sees it: `formrun.confirm(question)`.
  func pushFormrunTable(for form: Form) {
    lua_createtable(L, 0, 1)
    bridge.pushForm(form)
    formrun_pushhost(L, confirmForForm, 1)
    lua_setfield(L, -2, "confirm")
  }

  /// Push a new environment for `form`: the forms' library as it was at
  /// start-up (copies of its tables, so one form cannot change another's),
  /// `form`, a `print` into the form's notices, `load`, `require`… bound to
  /// this environment, and `_G`; with `sandbox`, the sandbox's set. Returns
  /// the registry reference of its context (its string methods, default
  /// files), which the caller releases.
  func pushEnvironment(for form: Form, sandbox: Bool = false) -> Int32 {
    bridge.pushForm(form)
    formrun_pushhost(L, emitToForm, 1)
    var context: Int32 = LUA_NOREF
    formrun_pushenvironment(L, sandbox || self.sandbox ? 1 : 0, &context)
    bridge.pushForm(form)
    lua_setfield(L, -2, "form")
    pushFormrunTable(for: form)
    lua_setfield(L, -2, "formrun")
    form.pathsUnchecked = pathsUnchecked(sandbox: sandbox || self.sandbox)
    return context
  }

  /// Run the form script at `path` in a fresh environment with a new form.
  /// With `sandbox`, the form gets the sandbox's library set.
  /// Form files compiled this run, by path, with what the file was then
  /// (a test opens the same form many times: it is read and compiled once).
  private var compiled: [String: (stamp: FileStamp, chunk: [UInt8])] = [:]
  /// How many times a form file was compiled from its text.
  private(set) var compilations = 0

  /// Push the function of the form file at `path`: compiled from its text,
  /// or loaded from the chunk compiled the last time, if the file is as it was.
  func pushChunk(path: String) throws(ScriptError) {
    let stamp = FileStamp(path)
    if let stamp, let cached = compiled[path], cached.stamp == stamp {
      let status = cached.chunk.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) { formrun_loadcompiled(L, $0.baseAddress, b.count, "@" + path) }
      }
      if status == LUA_OK { return }
      formrun_pop(L, 1)
    }
    guard luaL_loadfilex(L, path, "t") == LUA_OK else { throw state.popError(stopped: 0) }
    compilations += 1
    guard let stamp, formrun_pushdump(L) == LUA_OK, let dump = state.bytes(at: -1) else {
      formrun_pop(L, 1)
      return
    }
    formrun_pop(L, 1)
    compiled[path] = (stamp, dump)
  }

  func openForm(path: String, sandbox: Bool = false, host: (any FormHost)?) throws(ScriptError) -> (
    Form, FormEnvironment
  ) {
    let form = Form()
    if let host { form.attach(host) }
    // a JSON Schema is a form source too
    if path.lowercased().hasSuffix(".json") {
      switch SchemaMethod.build(path, into: form, lenient: false, by: LuaRuntime.from(L).schemas) {
      case .success(let notes): for n in notes { form.report(n) }
      case .failure(let error): throw error
      }
      return (form, FormEnvironment(identity: nil))
    }
    try pushChunk(path: path)
    let context = pushEnvironment(for: form, sandbox: sandbox)
    defer { luaL_unref(L, formrun_registryindex(), context) }
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(context))
    let environment = FormEnvironment(identity: lua_topointer(L, -1))
    formrun_pop(L, 1)
    _ = lua_setupvalue(L, -2, 1)  // the chunk's only upvalue is _ENV
    let saved = state.chunkName
    state.chunkName = path
    defer { state.chunkName = saved }
    try state.call(nargs: 0, nresults: 0, budget: state.loadBudget, context: context)
    return (form, environment)
  }
}

/// What a file was when it was read: its device, inode, size and change time.
struct FileStamp: Equatable {
  var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

  init?(_ path: String) {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    device = UInt64(st.st_dev)
    inode = UInt64(st.st_ino)
    size = Int64(st.st_size)
    seconds = st.st_mtim.tv_sec
    nanoseconds = st.st_mtim.tv_nsec
  }
}

/// The environment a form was opened in (`LuaRuntime.openForm`), by which
/// its handlers are released when its test session goes.
public struct FormEnvironment: @unchecked Sendable {
  let identity: UnsafeRawPointer?
}

/// The sink behind the main `print`: the main form's host.
let emit: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L)
  let text = rt.state.string(at: 1) ?? ""
  if let sink = rt.environments.printSink { sink(text) } else { Environments.printed(text, by: rt.form) }
  return 0
}

/// The sink behind the `print` of a form in its own environment: that form's notices.
let emitToForm: formrun_hostfn = { L in
  let b = ObjectBridge.from(L)
  if let form = b.object(at: formrun_upvalueindex(2), metatable: FormBinding.metatable, as: Form.self) {
    Environments.printed(b.state.string(at: 1) ?? "", by: form)
  }
  return 0
}

/// `formrun.confirm(question)` → boolean: a yes/no question to the person
/// filling the form (RE's deletion with completion, gum confirm), asked by
/// the front end running the form (`FormHost.confirm`); no when no one can
/// be asked. The time the person takes is not spent from the handler's budget.
let confirmForForm: formrun_hostfn = { L in
  let b = ObjectBridge.from(L)
  let call = Call(bridge: b, function: "confirm")
  do throws(LuaError) {
    let question = try call.text(1)
    if let why = Limits.tooLong(question) { throw call.argError(1, "the question is \(why)") }
    let form = b.object(at: formrun_upvalueindex(2), metatable: FormBinding.metatable, as: Form.self)
    var yes = false
    if let form, let host = form.host {
      formrun_waiting(b.state.limits)
      yes = host.confirm(question, for: form)
      formrun_waited(b.state.limits)
    }
    call.push(yes)
    return 1
  } catch {
    return b.state.raise(error.message)
  }
}
