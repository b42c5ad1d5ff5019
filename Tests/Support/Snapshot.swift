import FormTesting
import Foundation
import Testing

/// Compare `lines` with the golden file `__snapshots__/NAME.txt` beside the
/// calling test's file. A missing file is recorded (and the test fails,
/// saying so); set FORMRUN_RECORD=1 to re-record a changed one on purpose.
public func assertSnapshot(
  _ lines: [String], named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__snapshots__")
  let file = dir.appendingPathComponent(name + ".txt")
  let actual = lines.joined(separator: "\n") + "\n"
  let record = ProcessInfo.processInfo.environment["FORMRUN_RECORD"] == "1"
  guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    Issue.record(
      "no reference for '\(name)' was found; recorded \(file.lastPathComponent). Check it, then re-run.",
      sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    let diff = LineDiff.render(expected: String(expected.dropLast()), actual: String(actual.dropLast()))
    Issue.record(
      "'\(name)' differs from its snapshot (- expected, + actual; FORMRUN_RECORD=1 re-records):\n\(diff)",
      sourceLocation: sourceLocation)
  }
}
