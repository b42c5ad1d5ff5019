import FormTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `formrun test [busted's arguments]`: busted's runner in formrun's Lua
/// state, then a closing `N passed, N failed` line.
enum TestCommand {
  static func run(arguments: [String]) -> ExitCode {
    let files = TestFiles(read: Files.read, write: Files.write, exists: Files.exists)
    let runner = TestRunner(files: files, ci: isCI(Terminal.env("CI")))
    let report = runner.run(arguments: arguments, stdout: stdout)
    fflush(stdout)
    switch report.ending {
    case .missing(let message):
      Terminal.ui(["formrun: " + message])
      return .usage
    case .internalError(let message):
      Terminal.ui(["formrun: formrun test failed inside (a bug): " + message])
      return .usage
    case .stoppedEarly(let code):
      return code == 0 ? .submitted : .usage
    case .ran(let code):
      Terminal.ui(report.notes.map { "formrun: " + $0 })
      // the closing line CI reads; beside a machine format (TAP, JSON,
      // JUnit) it goes to stderr, so stdout stays one document
      let closing = "\(report.passed) passed, \(report.failed) failed"
      if report.outputIsForPeople { Terminal.out(closing + "\n") } else { Terminal.ui([closing]) }
      return code == 0 && report.failed == 0 ? .submitted : .cancelled
    }
  }

  /// The CI environment variable as CI services set it: any value but
  /// empty, `0` or `false`.
  static func isCI(_ value: String?) -> Bool {
    guard let value else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }
}
