import CBusted
import FormCore
import FormLua
import FormLuaSchema

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
  /// Whether the path is a symbolic link (snapshots are never read or
  /// written through one).
  var isLink: (String) -> Bool

  /// File access through these closures, so tests can run on a dictionary.
  public init(
    read: @escaping (String) -> String?, write: @escaping (String, String) -> Bool,
    exists: @escaping (String) -> Bool, isLink: @escaping (String) -> Bool = { _ in false }
  ) {
    self.read = read
    self.write = write
    self.exists = exists
    self.isLink = isLink
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
    /// busted itself (or an output handler) raised an error and stopped
    case bustedFailed(String)
    /// `LUA_INIT` raised an error (busted did not start)
    case luaInitFailed(String)
  }
  /// How the run ended.
  public var ending: Ending
  /// Tests that passed, as busted counted them.
  public var passed = 0
  /// Tests that failed or raised an error, as busted counted them.
  public var failed = 0
  /// Test files busted ran (0: nothing was tested, whatever the counts say).
  public var filesRun = 0
  /// Snapshots recorded or updated, one line each, for the end of the report.
  public var notes: [String] = []

}

/// Runs busted's own runner in formrun's Lua state: every busted flag, output
/// handler and `.busted` file works; `formrun.open` and `assert.snapshot` are
/// there for every spec. Tests are trusted code (the whole standard library
/// as lua.c gives it, C modules too, and no budget or cap); a form they open
/// gets a fresh environment with the library every form script gets (or the
/// sandbox's), and its load and handlers keep their budgets.
public final class TestRunner {
  let files: TestFiles
  /// Fail on a missing snapshot instead of recording it (the CI environment
  /// variable; busted's `--ci` flag does the same).
  var ci: Bool
  /// Called on the runtime before busted starts (a test of the runner lowers
  /// its budgets, so that a runaway is stopped sooner).
  public var configure: (LuaRuntime) -> Void = { _ in }
  /// The interpreter specs see in `arg` before `arg[0]`, as lua.c gives it
  /// (`arg[-2]`, `arg[-1]`: the program and `lua`, which runs a script as
  /// lua does); none when empty.
  public var interpreter: [String] = []
  /// The environment variables (`LUA_INIT` runs before busted, as lua.c runs it).
  public var environment: (String) -> String? = { _ in nil }

  /// A runner using `files`; `ci` fails on a missing snapshot instead of recording it.
  public init(files: TestFiles, ci: Bool) {
    self.files = files
    self.ci = ci
  }

  /// Flush the process's stdout, where busted and the specs write (through
  /// C's stdio, as under lua5.4); false when it could not be written.
  public static func flushStandardOutput() -> Bool { LuaRuntime.flushStandardOutput() }

  /// Run busted with `arguments` (busted's own, plus `--update-snapshots`
  /// and `--ci`); busted's report goes to `stdout` (by default the
  /// process's own stdout; a test of the runner gives a file it reads).
  public func run(arguments: [String], stdout: UnsafeMutablePointer<FILE>? = nil) -> TestReport {
    let run = TestRun(files: files)
    // the state closes (running any __gc left) while `run`, which its host
    // functions point to, still lives
    return withExtendedLifetime(run) {
      let runtime = LuaRuntime.trusted(schemas: SchemaForms())
      configure(runtime)
      run.runtime = runtime
      defer { run.runtime = nil }
      return withExtendedLifetime(runtime) {
        perform(run, runtime, arguments: arguments, stdout: stdout, environment: environment)
      }
    }
  }

  private func perform(
    _ run: TestRun, _ runtime: LuaRuntime, arguments: [String], stdout: UnsafeMutablePointer<FILE>?,
    environment: (String) -> String?
  ) -> TestReport {
    if let stdout { runtime.redirectStandardOutput(to: stdout) }
    runtime.setGlobal("formrun", functions: ["open": { openSession($0, run) }])
    runtime.withBindingState { SessionBinding.install($0, run: run) }
    var length = 0
    let text = formrun_busted_source(&length)!
    let source = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    let argv = Value.list(arguments.map { .string($0) })
    let host: [String: HostFunction] = [
      "file": { call in
        run.file = call.string(1)
        return .values([])
      },
      "options": { call in
        run.updateSnapshots = call.boolean(1)
        run.ci = call.boolean(2)
        return .values([])
      },
      "snapshot": { checkSnapshot($0, run) },
      "clean": { call in
        guard let text = call.string(1) else { return .values([.null]) }
        return .values([.string(Cells.sanitizeLines(text).joined(separator: "\n"))])
      },
      "runaway": { takeRunaway($0, run) },
      // busted's runner ended: its code and counts (the chunk then ends with an error)
      "finished": { call in
        run.finished = (1...5).map { (try? call.value(Int32($0)).get()) ?? .null }
        return .values([])
      },
    ]
    do {
      // as lua.c does before `lua5.4 busted`
      try runtime.runLuaInit(environment: environment)
    } catch {
      return TestReport(ending: .luaInitFailed(error.message))
    }
    var results: [Value]
    do {
      results = try runtime.runTrustedThenCall(
        source: source, name: "=formrun test",
        arguments: [
          .value(argv), .functions(host), .value(.bool(ci)), .value(.list(interpreter.map(Value.string))),
        ])
    } catch {
      return TestReport(ending: .internalError(error.message))
    }
    if let finished = run.finished {
      results = finished
    } else if results.first == .bool(false) {
      // busted itself (or an output handler) raised: not a test's failure
      let why = results.count > 1 ? results[1].string ?? "(an error that is no text)" : "(no message)"
      return TestReport(ending: .bustedFailed(why))
    }
    func int(_ i: Int) -> Int {
      guard i < results.count else { return 0 }
      if case .int(let n) = results[i] { return n }
      return 0
    }
    guard let first = results.first, first != .null else {
      if results.count > 1, case .string(let why) = results[1] { return TestReport(ending: .missing(why)) }
      return TestReport(ending: .missing("busted is missing"))
    }
    let code = Int32(clamping: int(0))
    let started = results.count > 1 && results[1] == .bool(true)
    var report = TestReport(ending: started ? .ran(code: code) : .stoppedEarly(code: code))
    report.passed = int(2)
    report.failed = int(3)
    report.filesRun = int(4)
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
  /// What busted's runner ended with (code, started, passed, failed, files run).
  var finished: [Value]?
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

/// `host.runaway()`: the budget error raised into the test since the last
/// call (then forgotten), or nothing.
func takeRunaway(_ call: HostCall, _ run: TestRun) -> HostResult {
  let now = run.runtime?.runaways ?? 0
  defer {
    run.runaway = nil
    run.runawaysSeen = now
  }
  if let message = run.runaway {
    return .values([.string("form code ran out of its budget and the test caught the error and went on: " + message)])
  }
  // a handler stopped inside a session call: the session said so and went
  // on, as it does for a person, but a test that hit the budget fails
  guard now > run.runawaysSeen else { return .values([]) }
  return .values([
    .string("a form handler ran out of its budget during this test (an endless loop?); see the session's output")
  ])
}

/// `formrun.open(path, { width = N, height = N, sandbox = true, screen = true, web = true })`:
/// a form in a fresh environment (with the sandbox's library set when
/// asked), behind a headless session (with the screen mode's screen on it,
/// and the browser's page, when asked).
func openSession(_ call: HostCall, _ run: TestRun) -> HostResult {
  guard let path = call.string(1) else { return call.typeError(1, "open", expected: "string") }
  var width: Int?
  var height: Int?
  var sandbox = false
  var screen = false
  var web = false
  if call.isTable(2) {
    guard case .success(let options) = call.value(2), case .record(let fields) = options else {
      if case .success(.list(let l)) = call.value(2), l.isEmpty {
        return open(path, Opening(width: nil, height: nil, sandbox: false, screen: false, web: false), call, run)
      }
      return call.argumentError(2, "open", "option names must be strings")
    }
    for field in fields {
      switch (field.key, field.value) {
      case ("sandbox", .bool(let b)): sandbox = b
      case ("sandbox", _): return call.argumentError(2, "open", "sandbox must be a boolean")
      case ("screen", .bool(let b)): screen = b
      case ("screen", _): return call.argumentError(2, "open", "screen must be a boolean")
      case ("web", .bool(let b)): web = b
      case ("web", _): return call.argumentError(2, "open", "web must be a boolean")
      case ("width", let v), ("height", let v):
        let number: Double
        switch v {
        case .int(let i): number = Double(i)
        case .double(let d): number = d
        default: return call.argumentError(2, "open", "\(field.key) must be a number")
        }
        if field.key == "width" {
          guard number >= 20, number <= 1000 else { return call.argumentError(2, "open", "width must be 20 to 1000") }
          width = Int(number)
        } else {
          guard number >= 1, number <= 100_000 else {
            return call.argumentError(2, "open", "height must be 1 to 100000")
          }
          height = Int(number)
        }
      default:
        return call.argumentError(
          2, "open", "unknown option '\(field.key)' (expected width, height, sandbox, screen or web)")
      }
    }
  } else if !call.isNoneOrNil(2) {
    return call.typeError(2, "open", expected: "table")
  }
  return open(path, Opening(width: width, height: height, sandbox: sandbox, screen: screen, web: web), call, run)
}

/// What `formrun.open`'s options asked for.
private struct Opening {
  var width: Int?
  var height: Int?
  var sandbox: Bool
  var screen: Bool
  var web: Bool
}

private func open(_ path: String, _ o: Opening, _ call: HostCall, _ run: TestRun) -> HostResult {
  let candidates = path.hasPrefix("/") ? [path] : [path, run.folder + "/" + path]
  guard let found = candidates.first(where: run.files.exists) else {
    return .error("formrun.open: cannot find '\(path)' (looked in the working folder and beside the test)")
  }
  guard let runtime = run.runtime else { return .error("formrun.open: the test run has ended") }
  let runaways = runtime.runaways
  let form: Form
  let environment: FormEnvironment
  // the test's host runs the form from its load on (its questions, its prints)
  let host = SpecHost()
  do {
    (form, environment) = try runtime.openFormInEnvironment(path: found, sandbox: o.sandbox, host: host)
  } catch {
    // a runaway load fails the test even if the test catches this error
    if runtime.runaways > runaways { run.runaway = run.runaway ?? error.summary }
    return .error("formrun.open: " + error.summary)
  }
  SessionBinding.push(
    call.thread,
    TestSession(form: form, host: host, width: o.width, height: o.height, screen: o.screen, web: o.web))
  // the form's handlers go with the session, so the form can be collected
  call.releaseHandlers(of: environment, whenCollected: -1)
  return .pushed(1)
}

/// `host.snapshot(name, text, negated)` → whether the text matches the
/// snapshot, and what to say when the assertion fails.
func checkSnapshot(_ call: HostCall, _ run: TestRun) -> HostResult {
  let name = call.string(1) ?? ""
  let text = call.string(2) ?? ""
  let negated = call.boolean(3)
  let snapshots = Snapshots(folder: run.folder + "/__snapshots__", files: run.files)
  func answer(_ matches: Bool, _ why: String) -> HostResult { .values([.bool(matches), .string(why)]) }
  let path = snapshots.path(of: name)
  let stored: String?
  switch snapshots.read(name) {
  case .failure(let problem): return answer(false, problem.message)
  case .success(let s): stored = s
  }
  guard let stored else {
    if negated {
      return answer(false, "snapshot '\(name)' does not exist (\(path)), so the text cannot differ from it")
    }
    if run.ci {
      return answer(
        false,
        "snapshot '\(name)' is missing: \(path) (under CI or --ci a missing snapshot fails; "
          + "run formrun test without them to record it, and commit it)")
    }
    if let problem = snapshots.write(name, text) { return answer(false, problem.message) }
    run.notes.append("recorded snapshot \(path) (check it, and commit it)")
    return answer(true, "snapshot '\(name)' was recorded in \(path)")
  }
  let expected = Snapshots.text(of: stored)
  if expected == text { return answer(true, "the text matches snapshot '\(name)' (\(path))") }
  if run.updateSnapshots && !negated {
    if let problem = snapshots.write(name, text) { return answer(false, problem.message) }
    run.notes.append("updated snapshot \(path)")
    return answer(true, "snapshot '\(name)' was updated in \(path)")
  }
  return answer(
    false,
    "snapshot '\(name)' differs from \(path) (- expected, + actual; formrun test --update-snapshots re-records it):\n"
      + LineDiff.render(expected: expected, actual: text))
}
