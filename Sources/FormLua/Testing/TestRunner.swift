import CLua
import FormCore

/// The file access the test runner needs, given by the front end (the
/// library itself does no I/O of its own choosing).
public struct TestFiles {
  public var read: (String) -> String?
  /// Write a whole file, making its folder when missing; false on failure.
  public var write: (String, String) -> Bool
  public var exists: (String) -> Bool

  public init(
    read: @escaping (String) -> String?, write: @escaping (String, String) -> Bool,
    exists: @escaping (String) -> Bool
  ) {
    self.read = read
    self.write = write
    self.exists = exists
  }
}

/// Counts of one or more test files.
public struct TestOutcome: Equatable {
  public var passed = 0
  public var failed = 0
  public init(passed: Int = 0, failed: Int = 0) {
    self.passed = passed
    self.failed = failed
  }
  public static func += (a: inout TestOutcome, b: TestOutcome) {
    a.passed += b.passed
    a.failed += b.failed
  }
}

/// Runs `*_test.lua` files: each file in its own Lua state, each
/// `formrun.open` in a fresh environment, and reports one line per test.
public final class TestRunner {
  public let files: TestFiles
  public var updateSnapshots: Bool
  /// Where the report goes, line by line.
  public var output: (String) -> Void
  public init(files: TestFiles, updateSnapshots: Bool = false, output: @escaping (String) -> Void) {
    self.files = files
    self.updateSnapshots = updateSnapshots
    self.output = output
  }

  /// Run one test file.
  public func run(file path: String) -> TestOutcome {
    let context = TestContext(runner: self, file: path)
    let rt = LuaRuntime()
    rt.host = context
    rt.printSink = { [output] line in output("    " + line) }
    output(path)
    do {
      try rt.installTestAPI()
      try rt.load(path: path)
    } catch {
      context.outcome.failed += 1
      output("  FAIL \(path) (the file stopped with an error)")
      for line in error.message.split(separator: "\n") { output("       " + line) }
    }
    if context.outcome == TestOutcome() { output("  (no tests)") }
    return context.outcome
  }
}

/// What the host functions of one test file share.
final class TestContext {
  unowned let runner: TestRunner
  let file: String
  let folder: String
  var outcome = TestOutcome()

  init(runner: TestRunner, file: String) {
    self.runner = runner
    self.file = file
    if let slash = file.lastIndex(of: "/") { folder = String(file[..<slash]) } else { folder = "." }
  }

  static func from(_ rt: LuaRuntime) -> TestContext { rt.host as! TestContext }
}

extension LuaRuntime {
  func installTestAPI() throws(ScriptError) {
    // formrun.open(path, { width = N, height = N })
    formrun_newtable(L)
    formrun_pushhost(L, openSession, 0)
    lua_setfield(L, -2, "open")
    lua_setglobal(L, "formrun")
    try compile(TestFramework.source, name: "=formrun.test")
    formrun_pushhost(L, reportTest, 0)
    formrun_pushhost(L, checkSnapshot, 0)
    try call(nargs: 2, nresults: 0, budget: -1)
  }
}

let openSession: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L)
  let context = TestContext.from(rt)
  guard let path = rt.string(at: 1) else { return rt.typeError(1, "open", expected: "string", at: 1) }
  var width: Int?
  var height: Int?
  if lua_type(L, 2) == LUA_TTABLE {
    guard case .record(let fields)? = try? rt.value(at: 2) else {
      return rt.argError(2, "open", "options table with width and height expected")
    }
    for f in fields {
      switch f.key {
      case "width":
        guard let w = f.value.number, w >= 20, w <= 1000 else {
          return rt.argError(2, "open", "width must be 20 to 1000")
        }
        width = Int(w)
      case "height":
        guard let h = f.value.number, h >= 1 else { return rt.argError(2, "open", "height must be a positive number") }
        height = Int(h)
      default: return rt.argError(2, "open", "unknown option '\(f.key)' (expected width or height)")
      }
    }
  } else if lua_type(L, 2) != LUA_TNONE && lua_type(L, 2) != LUA_TNIL {
    return rt.typeError(2, "open", expected: "table", at: 2)
  }
  let files = context.runner.files
  let candidates = path.hasPrefix("/") ? [path] : [path, context.folder + "/" + path]
  guard let found = candidates.first(where: files.exists) else {
    return rt.raise("formrun.open: cannot find '\(path)' (looked in the working folder and beside the test)")
  }
  let form: Form
  do throws(ScriptError) { form = try rt.openForm(path: found) } catch {
    return rt.raise("formrun.open: " + error.message)
  }
  rt.pushObject(TestSession(form: form, width: width, height: height), metatable: SessionBinding.metatable)
  return 1
}

let reportTest: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L)
  let context = TestContext.from(rt)
  let ok = lua_toboolean(L, 1) != 0
  let name = rt.string(at: 2) ?? "?"
  if ok {
    context.outcome.passed += 1
    context.runner.output("  ok   " + name)
  } else {
    context.outcome.failed += 1
    context.runner.output("  FAIL " + name)
    let message = rt.string(at: 3) ?? "(no message)"
    for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
      context.runner.output("       " + line)
    }
  }
  return 0
}

/// `snapshot(name, text)` → true, or false and why.
let checkSnapshot: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L)
  let context = TestContext.from(rt)
  let name = rt.string(at: 1) ?? ""
  let text = (rt.string(at: 2) ?? "") + "\n"
  let path = context.folder + "/__snapshots__/" + name + ".txt"
  let files = context.runner.files
  func write(_ verb: String) -> Int32 {
    guard files.write(path, text) else {
      lua_pushboolean(L, 0)
      rt.push("cannot write snapshot \(path)")
      return 2
    }
    context.runner.output("       \(verb) snapshot \(path)")
    lua_pushboolean(L, 1)
    return 1
  }
  guard let expected = files.read(path) else { return write("recorded") }
  if expected == text {
    lua_pushboolean(L, 1)
    return 1
  }
  if context.runner.updateSnapshots { return write("updated") }
  lua_pushboolean(L, 0)
  rt.push(
    "snapshot '\(name)' differs from \(path) (- expected, + actual; formrun test --update-snapshots re-records it):\n"
      + LineDiff.render(expected: String(expected.dropLast()), actual: String(text.dropLast())))
  return 2
}
