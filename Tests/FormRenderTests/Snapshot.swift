import Foundation
import Testing

/// Compare `lines` with the golden file `__snapshots__/NAME.txt` beside this
/// test. A missing file is recorded (and the test fails, saying so); set
/// FORMRUN_RECORD=1 to re-record a changed one on purpose.
func assertSnapshot(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__snapshots__")
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
    Issue.record(
      "'\(name)' differs from its snapshot (FORMRUN_RECORD=1 re-records):\n\(diff(expected, actual))",
      sourceLocation: sourceLocation)
  }
}

/// A line diff: `-` expected, `+` actual.
func diff(_ a: String, _ b: String) -> String {
  let x = a.split(separator: "\n", omittingEmptySubsequences: false)
  let y = b.split(separator: "\n", omittingEmptySubsequences: false)
  var out: [String] = []
  for i in 0..<max(x.count, y.count) {
    let l = i < x.count ? String(x[i]) : nil
    let r = i < y.count ? String(y[i]) : nil
    if l == r { continue }
    if let l { out.append("-\(i + 1): \(l)") }
    if let r { out.append("+\(i + 1): \(r)") }
  }
  return out.joined(separator: "\n")
}
