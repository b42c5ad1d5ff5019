import CLua
import FormCore
import FormLua

#if canImport(Glibc)
  import Glibc
#endif

/// The file access the snapshots and `formrun.open` need, given by the front
/// end (busted itself reads the test files).
public struct TestFiles {
  var read: (String) -> String?
  /// Write a whole file, making its folder when missing; false on failure.
  var write: (String, String) -> Bool
  var exists: (String) -> Bool

  /// File access through these three closures, so tests can run on a dictionary.
  public init(
    read: @escaping (String) -> String?, write: @escaping (String, String) -> Bool,
    exists: @escaping (String) -> Bool
  ) {
    self.read = read
    self.write = write
    self.exists = exists
  }
}

/// How a run of busted ended.
public struct TestReport: Equatable {
  /// Why busted stopped, which the front end maps to an exit code.
  public enum Ending: Equatable {
    /// busted ran; `code` is its exit code (0 = every test passed)
    case ran(code: Int32)
    /// busted stopped before running a test (a bad flag, a missing file, `--help`)
    case stoppedEarly(code: Int32)
    /// busted, or a module it needs, is not installed; the message says what to install
    case missing(String)
    /// formrun's own Lua side failed (a bug)
    case internalError(String)
  }
  /// How the run ended.
  public var ending: Ending
  /// Tests that passed, as busted counted them.
  public var passed = 0
  /// Tests that failed or raised an error, as busted counted them.
  public var failed = 0
  var pending = 0
  /// The output handler busted used (`utfTerminal`, `TAP`, `junit`…).
  var output = ""
  /// Snapshots recorded or updated, one line each, for the end of the report.
  public var notes: [String] = []

  /// Whether busted's report is for a person (so a closing line may follow it on stdout).
  public var outputIsForPeople: Bool { ["utfTerminal", "plainTerminal", "gtest"].contains(output) }
}

/// Runs busted's own runner in formrun's Lua state: every busted flag, output
/// handler and `.busted` file works; `formrun.open` and `assert.snapshot` are
/// there for every spec. Tests are trusted code (the whole standard library,
/// C modules too, and no instruction budget); a form they open gets a fresh
/// environment with the restricted library every form script gets (or the
/// sandbox's), and its load and handlers keep their budgets.
public final class TestRunner {
  let files: TestFiles
  /// Fail on a missing snapshot instead of recording it (the CI environment
  /// variable; busted's `--ci` flag does the same).
  var ci: Bool
  /// Called on the runtime before busted starts (a test of the runner lowers
  /// its instruction budgets, so that a runaway is stopped sooner).
  public var configure: (LuaRuntime) -> Void = { _ in }

  /// A runner using `files`; `ci` fails on a missing snapshot instead of recording it.
  public init(files: TestFiles, ci: Bool) {
    self.files = files
    self.ci = ci
  }

  /// Run busted with `arguments` (busted's own, plus `--update-snapshots`
  /// and `--ci`); busted's report goes to `stdout`.
  public func run(arguments: [String], stdout: UnsafeMutablePointer<FILE>) -> TestReport {
    let run = TestRun(files: files)
    // the state closes (running any __gc left) while `run`, which its host
    // functions point to, still lives
    return withExtendedLifetime(run) {
      let runtime = LuaRuntime()
      configure(runtime)
      run.runtime = runtime
      defer { run.runtime = nil }
      return withExtendedLifetime(runtime) { perform(run, runtime.luaState, arguments: arguments, stdout: stdout) }
    }
  }

  private func perform(
    _ run: TestRun, _ L: OpaquePointer, arguments: [String], stdout: UnsafeMutablePointer<FILE>
  ) -> TestReport {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    let limits = formrun_getlimits(L)!
    limits.pointee.host += 1
    // busted and the specs get the whole library; forms opened later do not
    run.runtime?.openFullLibrary()
    // where a form's io.write goes (stderr, as formrun's prelude set it), before busted takes stdout
    lua_getfield(L, formrun_registryindex(), "_IO_output")
    lua_setfield(L, formrun_registryindex(), Lua.formOutputKey)
    // formrun.open
    formrun_newtable(L)
    Lua.pushHost(L, openSession, context: run)
    lua_setfield(L, -2, "open")
    lua_setglobal(L, "formrun")
    SessionBinding.install(L, run: run)
    let compiled = Bootstrap.source.withCString { p in formrun_loadbuffer(L, p, strlen(p), "@formrun test") }
    guard compiled == LUA_OK else {
      limits.pointee.host -= 1
      return TestReport(ending: .internalError(Lua.string(L, -1) ?? "the test bootstrap does not compile"))
    }
    lua_createtable(L, Int32(clamping: arguments.count), 1)
    Lua.push(L, "formrun test")
    lua_rawseti(L, -2, 0)
    for (i, a) in arguments.enumerated() {
      Lua.push(L, a)
      lua_rawseti(L, -2, lua_Integer(i + 1))
    }
    pushStandardFile(L, stdout)
    formrun_newtable(L)
    Lua.pushHost(L, setFile, context: run)
    lua_setfield(L, -2, "file")
    Lua.pushHost(L, setOptions, context: run)
    lua_setfield(L, -2, "options")
    Lua.pushHost(L, checkSnapshot, context: run)
    lua_setfield(L, -2, "snapshot")
    Lua.pushHost(L, cleanText, context: run)
    lua_setfield(L, -2, "clean")
    Lua.pushHost(L, takeRunaway, context: run)
    lua_setfield(L, -2, "runaway")
    lua_pushboolean(L, ci ? 1 : 0)
    limits.pointee.host -= 1
    // busted runs without an instruction budget: tests are trusted code
    let status = formrun_pcall(L, 4, LUA_MULTRET, -1)
    guard status == LUA_OK else {
      return TestReport(ending: .internalError(Lua.string(L, -1) ?? "(error object is not a string)"))
    }
    let base = top
    if lua_type(L, base + 1) == LUA_TNIL {
      return TestReport(ending: .missing(Lua.string(L, base + 2) ?? "busted is missing"))
    }
    let code = Int32(clamping: lua_tointegerx(L, base + 1, nil))
    let started = lua_toboolean(L, base + 2) != 0
    var report = TestReport(ending: started ? .ran(code: code) : .stoppedEarly(code: code))
    report.passed = Int(lua_tointegerx(L, base + 3, nil))
    report.failed = Int(lua_tointegerx(L, base + 4, nil))
    report.pending = Int(lua_tointegerx(L, base + 5, nil))
    report.output = Lua.string(L, base + 6) ?? ""
    report.notes = run.notes
    return report
  }
}

/// What the host functions of one run share (their upvalue 2).
final class TestRun {
  /// The Lua state's owner while the run lasts.
  weak var runtime: LuaRuntime?
  let files: TestFiles
  /// The spec file busted is running, when it runs one.
  var file: String?
  var updateSnapshots = false
  var ci = false
  var notes: [String] = []
  /// The budget error of form code that was raised into the running test
  /// (`formrun.open` of a form whose load ran away), until the test ends.
  var runaway: String?
  /// The runtime's count of runaway calls when the running test began.
  var runawaysSeen = 0

  init(files: TestFiles) { self.files = files }

  /// The folder of the spec file being run ("." outside one).
  var folder: String {
    guard let file, let slash = file.lastIndex(of: "/") else { return "." }
    return String(file[..<slash])
  }
}

/// A file handle of `FILE*` for Lua's io library (as liolib makes io.stdout),
/// which closing never closes.
private func pushStandardFile(_ L: OpaquePointer, _ file: UnsafeMutablePointer<FILE>) {
  let p = formrun_newuserdata(L, MemoryLayout<luaL_Stream>.size)!.assumingMemoryBound(to: luaL_Stream.self)
  p.pointee.f = file
  p.pointee.closef = keepStandardFileOpen
  luaL_setmetatable(L, LUA_FILEHANDLE)
}

/// The `closef` of that handle: it stays open, as liolib's own standard files do.
private func keepStandardFileOpen(_ L: OpaquePointer?) -> Int32 {
  let p = lua_touserdata(L, 1)!.assumingMemoryBound(to: luaL_Stream.self)
  p.pointee.closef = keepStandardFileOpen
  // the memory cap never refuses while the host runs
  formrun_getlimits(L)!.pointee.host += 1
  lua_pushnil(L)
  lua_pushstring(L, "cannot close standard file")
  formrun_getlimits(L)!.pointee.host -= 1
  return 2
}

/// `host.clean(text)`: the text with its control characters escaped, line by
/// line (any other value comes back as it is).
let cleanText: formrun_hostfn = { L in
  let L = L!
  guard let text = Lua.string(L, 1) else {
    lua_settop(L, 1)
    return 1
  }
  Lua.push(L, Cells.sanitizeLines(text).joined(separator: "\n"))
  return 1
}

/// `host.file(name)`: busted starts (or ends, with nil) a spec file.
let setFile: formrun_hostfn = { L in
  let L = L!
  Lua.context(L, as: TestRun.self).file = Lua.string(L, 1)
  return 0
}

/// `host.options(update, ci)`, once busted has read its arguments.
let setOptions: formrun_hostfn = { L in
  let L = L!
  let run = Lua.context(L, as: TestRun.self)
  run.updateSnapshots = lua_toboolean(L, 1) != 0
  run.ci = lua_toboolean(L, 2) != 0
  return 0
}

/// `host.runaway()`: the budget error raised into the test since the last
/// call (then forgotten), or nothing.
let takeRunaway: formrun_hostfn = { L in
  let L = L!
  let run = Lua.context(L, as: TestRun.self)
  let now = run.runtime?.runaways ?? 0
  defer {
    run.runaway = nil
    run.runawaysSeen = now
  }
  if let message = run.runaway {
    Lua.push(L, "form code ran out of its instruction budget and the test caught the error and went on: " + message)
    return 1
  }
  // a handler stopped inside a session call: the session said so and went
  // on, as it does for a person, but a test that hit the budget fails
  guard now > run.runawaysSeen else { return 0 }
  Lua.push(
    L, "a form handler ran out of its instruction budget during this test (an endless loop?); see the session's output")
  return 1
}

/// `formrun.open(path, { width = N, height = N, sandbox = true })`: a form
/// in a fresh environment (with the sandbox's library set when asked),
/// behind a headless session.
let openSession: formrun_hostfn = { L in
  let L = L!
  let run = Lua.context(L, as: TestRun.self)
  guard let path = Lua.string(L, 1) else { return Lua.typeError(L, 1, "open", expected: "string") }
  var width: Int?
  var height: Int?
  var sandbox = false
  if lua_type(L, 2) == LUA_TTABLE {
    lua_pushnil(L)
    while lua_next(L, 2) != 0 {
      guard let key = Lua.string(L, -2) else { return Lua.argError(L, 2, "open", "option names must be strings") }
      if key == "sandbox" {
        guard lua_type(L, -1) == LUA_TBOOLEAN else { return Lua.argError(L, 2, "open", "sandbox must be a boolean") }
        sandbox = lua_toboolean(L, -1) != 0
        formrun_pop(L, 1)
        continue
      }
      guard lua_type(L, -1) == LUA_TNUMBER else { return Lua.argError(L, 2, "open", "\(key) must be a number") }
      let number = lua_tonumberx(L, -1, nil)
      switch key {
      case "width":
        guard number >= 20, number <= 1000 else { return Lua.argError(L, 2, "open", "width must be 20 to 1000") }
        width = Int(number)
      case "height":
        guard number >= 1, number <= 100_000 else { return Lua.argError(L, 2, "open", "height must be 1 to 100000") }
        height = Int(number)
      default: return Lua.argError(L, 2, "open", "unknown option '\(key)' (expected width, height or sandbox)")
      }
      formrun_pop(L, 1)
    }
  } else if lua_type(L, 2) != LUA_TNONE && lua_type(L, 2) != LUA_TNIL {
    return Lua.typeError(L, 2, "open", expected: "table")
  }
  let candidates = path.hasPrefix("/") ? [path] : [path, run.folder + "/" + path]
  guard let found = candidates.first(where: run.files.exists) else {
    return Lua.raise(L, "formrun.open: cannot find '\(path)' (looked in the working folder and beside the test)")
  }
  guard let runtime = run.runtime else { return Lua.raise(L, "formrun.open: the test run has ended") }
  let form: Form
  let runaways = runtime.runaways
  let opened = Lua.asForm(L) { () -> Result<Form, ScriptError> in
    do throws(ScriptError) { return .success(try runtime.openForm(path: found, sandbox: sandbox)) } catch {
      return .failure(error)
    }
  }
  switch opened {
  case .success(let f): form = f
  case .failure(let error):
    // a runaway load fails the test even if the test catches this error
    if runtime.runaways > runaways { run.runaway = run.runaway ?? error.summary }
    return Lua.raise(L, "formrun.open: " + error.summary)
  }
  SessionBinding.push(L, TestSession(form: form, width: width, height: height))
  return 1
}

/// `host.snapshot(name, text, negated)` → whether the text matches the
/// snapshot, and what to say when the assertion fails.
let checkSnapshot: formrun_hostfn = { L in
  let L = L!
  let run = Lua.context(L, as: TestRun.self)
  let name = Lua.string(L, 1) ?? ""
  let text = (Lua.string(L, 2) ?? "") + "\n"
  let negated = lua_toboolean(L, 3) != 0
  let path = run.folder + "/__snapshots__/" + name + ".txt"
  func answer(_ matches: Bool, _ why: String) -> Int32 {
    lua_pushboolean(L, matches ? 1 : 0)
    Lua.push(L, why)
    return 2
  }
  guard let expected = run.files.read(path) else {
    if negated {
      return answer(false, "snapshot '\(name)' does not exist (\(path)), so the text cannot differ from it")
    }
    if run.ci {
      return answer(
        false,
        "snapshot '\(name)' is missing: \(path) (under CI or --ci a missing snapshot fails; "
          + "run formrun test without them to record it, and commit it)")
    }
    guard run.files.write(path, text) else { return answer(false, "cannot write snapshot \(path)") }
    run.notes.append("recorded snapshot \(path) (check it, and commit it)")
    return answer(true, "snapshot '\(name)' was recorded in \(path)")
  }
  if expected == text { return answer(true, "the text matches snapshot '\(name)' (\(path))") }
  if run.updateSnapshots && !negated {
    guard run.files.write(path, text) else { return answer(false, "cannot write snapshot \(path)") }
    run.notes.append("updated snapshot \(path)")
    return answer(true, "snapshot '\(name)' was updated in \(path)")
  }
  return answer(
    false,
    "snapshot '\(name)' differs from \(path) (- expected, + actual; formrun test --update-snapshots re-records it):\n"
      + LineDiff.render(expected: String(expected.dropLast()), actual: String(text.dropLast())))
}
