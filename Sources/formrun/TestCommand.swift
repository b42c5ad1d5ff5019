import FormLua
import FormRender

/// `formrun test [PATH...] [--update-snapshots]`.
enum TestCommand {
  enum End {
    case passed, failed, noTests, badPath
  }

  static func run(paths: [String], updateSnapshots: Bool) -> End {
    let roots = paths.isEmpty ? ["Tests/forms"] : paths
    var testFiles: [String] = []
    var seen = Set<Files.Identity>()
    for root in roots {
      let path = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
      if Files.isDirectory(path) {
        testFiles += Files.find(in: path, seen: &seen) { $0.hasSuffix("_test.lua") }
      } else if Files.exists(path) {
        testFiles.append(path)
      } else {
        Terminal.ui(["formrun: no such file or folder: \(Cells.sanitize(path))"])
        return .badPath
      }
    }
    guard !testFiles.isEmpty else {
      Terminal.ui(["formrun: no *_test.lua files in \(Cells.sanitize(roots.joined(separator: ", ")))"])
      Terminal.out("0 passed, 0 failed\n")
      return .noTests
    }
    let files = TestFiles(read: Files.read, write: Files.write, exists: Files.exists)
    var buffer = ""
    let runner = TestRunner(files: files, updateSnapshots: updateSnapshots) { line in
      // test names, messages and what tests print: controls escaped, as everywhere
      buffer += Cells.sanitizeLines(line).joined(separator: "\n") + "\n"
      if buffer.utf8.count > 4096 {
        Terminal.out(buffer)
        buffer = ""
      }
    }
    var total = TestOutcome()
    for file in testFiles { total += runner.run(file: file) }
    Terminal.out(buffer + "\(total.passed) passed, \(total.failed) failed\n")
    return total.failed == 0 ? .passed : .failed
  }
}
