import FormTerminal
import FormTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `formrun test [busted's arguments]`: busted's runner in formrun's Lua
/// state, then a closing `N passed, N failed` line.
enum TestCommand {
  enum End {
    /// every test passed (or busted only showed its help or version)
    case passed
    /// a test failed or errored, or busted found nothing to run
    case failed
    /// a bad option, or busted is not installed
    case badArguments
  }

  static func run(arguments: [String]) -> End {
    let files = TestFiles(read: Files.read, write: Files.write, exists: Files.exists)
    let runner = TestRunner(files: files, ci: isCI(Terminal.env("CI")))
    // busted writes through C stdio; flushed before the closing line, which goes to fd 1 directly
    guard let out = fdopen(1, "w") else {
      Terminal.ui(["formrun: stdout cannot be written"])
      return .badArguments
    }
    let report = runner.run(arguments: arguments, stdout: out)
    fflush(out)
    switch report.ending {
    case .missing(let message):
      Terminal.ui(["formrun: " + message])
      return .badArguments
    case .internalError(let message):
      Terminal.ui(["formrun: formrun test failed inside (a bug): " + message])
      return .badArguments
    case .stoppedEarly(let code):
      return code == 0 ? .passed : .badArguments
    case .ran(let code):
      Terminal.ui(report.notes.map { "formrun: " + $0 })
      // the closing line CI reads; beside a machine format (TAP, JSON,
      // JUnit) it goes to stderr, so stdout stays one document
      let closing = "\(report.passed) passed, \(report.failed) failed"
      if report.outputIsForPeople { _ = Terminal.out(closing + "\n") } else { Terminal.ui([closing]) }
      return code == 0 && report.failed == 0 ? .passed : .failed
    }
  }

  /// The CI environment variable as CI services set it: any value but
  /// empty, `0` or `false`.
  static func isCI(_ value: String?) -> Bool {
    guard let value else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }
}
