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
    /// a test failed or errored, or nothing was tested
    case failed
    /// a bad option, or busted is not installed
    case badArguments
    /// busted's report could not be written to stdout
    case reportNotWritten
  }

  static func run(arguments: [String]) -> End {
    let files = TestFiles(read: Files.read, write: writeSnapshot, exists: Files.exists, isLink: isLink)
    let runner = TestRunner(files: files, ci: isCI(Terminal.env("CI")))
    runner.environment = Terminal.env
    // what `formrun lua` is named by, so that a spec can run the interpreter again
    runner.interpreter = [LuaCommand.programPath(), "lua"]
    runner.configure = { TimeBudget.apply(to: $0) }
    // busted and the specs write through C's stdout, as under lua5.4; the
    // closing line goes after it is flushed
    let report = runner.run(arguments: arguments)
    let written = TestRunner.flushStandardOutput()
    switch report.ending {
    case .missing(let message):
      Terminal.ui(["formrun: " + message])
      return .badArguments
    case .internalError(let message):
      Terminal.ui(["formrun: formrun test failed inside (a bug): " + message])
      return .badArguments
    case .luaInitFailed(let message):
      Terminal.ui(["formrun: " + message])
      return .badArguments
    case .bustedFailed(let message):
      Terminal.ui(["formrun test: busted stopped with an error: " + message])
      return .failed
    case .stoppedEarly(let code):
      if !written { return reportLost() }
      return code == 0 ? .passed : .badArguments
    case .ran(let code):
      Terminal.ui(report.notes.map { "formrun: " + $0 })
      if !written { return reportLost() }
      if report.filesRun == 0 && report.passed == 0 && report.failed == 0 {
        // busted's own words, and where it looked
        Terminal.ui([
          "formrun test: no test was run: no test file was loaded (check ROOT, --pattern and --loaders; "
            + "formrun test --help shows the defaults)"
        ])
        return .failed
      }
      // the closing line CI reads, on stderr: stdout is busted's report as
      // busted writes it (one document for TAP, JSON, JUnit)
      Terminal.ui(["\(report.passed) passed, \(report.failed) failed"])
      return code == 0 && report.failed == 0 ? .passed : .failed
    }
  }

  static func reportLost() -> End {
    Terminal.ui(["formrun: the test report could not be written to stdout: \(String(cString: strerror(errno)))"])
    return .reportNotWritten
  }

  /// The CI environment variable as CI services set it: any value but
  /// empty, `0` or `false`.
  static func isCI(_ value: String?) -> Bool {
    guard let value else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }

  /// Whether `path` is a symbolic link (not followed).
  static func isLink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
  }

  /// Write a snapshot: its folder made when missing (never through a link),
  /// the text into a new temporary file beside it, then renamed over the
  /// old one, so a link there is replaced, not followed.
  static func writeSnapshot(_ path: String, _ text: String) -> Bool {
    guard let slash = path.lastIndex(of: "/") else { return false }
    let folder = String(path[..<slash])
    if !isLink(folder) && !Files.isDirectory(folder) { mkdir(folder, 0o755) }
    guard !isLink(folder), Files.isDirectory(folder) else { return false }
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    var text = text
    let ok = text.withUTF8 { buf -> Bool in
      var done = 0
      while done < buf.count {
        let n = write(fd, buf.baseAddress! + done, buf.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        done += n
      }
      return true
    }
    guard close(fd) == 0, ok, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
