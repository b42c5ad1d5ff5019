import Testing

@testable import FormTesting

/// The one line diff behind snapshot failures, in Swift and in `formrun test`.
struct LineDiffTests {
  @Test(arguments: [
    ("a\nb\nc", "a\nb\nc", "  …"),  // no change: nothing to show
    ("a\nb\nc", "a\nx\nc", "  a\n- b\n+ x\n  c"),
    ("a\nb", "a\nb\nc", "  a\n  b\n+ c"),
    ("a\nb\nc", "b\nc", "- a\n  b\n  c"),
    ("1\n2\n3\n4\n5\n6\n7\n8", "1\n2\n3\n4\n5\n6\n7\nX", "  …\n  6\n  7\n- 8\n+ X"),
    ("x\n1\n2\n3\n4\n5\n6\ny", "X\n1\n2\n3\n4\n5\n6\nY", "- x\n+ X\n  1\n  2\n  …\n  5\n  6\n- y\n+ Y"),
  ])
  func diffs(expected: String, actual: String, diff: String) {
    #expect(LineDiff.render(expected: expected, actual: actual) == diff)
  }

  /// A carriage return (a snapshot saved on Windows) is shown, not hidden.
  @Test func invisibleDifferencesAreShown() {
    #expect(LineDiff.render(expected: "a\r\nb", actual: "a\nb") == "- a\\r\n+ a\n  b")
  }

  /// Memory and output stay bounded: 20,000 changed lines are told, not
  /// diffed (the old table took 3 GB), and a long diff is cut.
  @Test func bigDiffsAreBounded() {
    let expected = (1...20_000).map { "line \($0)" }.joined(separator: "\n")
    let actual = (1...20_000).map { "other \($0)" }.joined(separator: "\n")
    #expect(
      LineDiff.render(expected: expected, actual: actual)
        == "  (20000 expected and 20000 actual lines differ, from line 1 on: too many to show them line by line)")
    let some = (1...1_000).map { "l\($0)" }
    let changed = some.map { $0.hasSuffix("0") ? $0 + "!" : $0 }
    let diff = LineDiff.render(expected: some.joined(separator: "\n"), actual: changed.joined(separator: "\n"))
    let lines = diff.split(separator: "\n")
    #expect(lines.count <= LineDiff.lineLimit + 1)
    #expect(
      lines.last?.hasPrefix("  … (") == true && lines.last?.hasSuffix("more changed lines)") == true,
      "\(lines.last ?? "")")
    #expect(diff.hasPrefix("  …\n  l8\n  l9\n- l10\n+ l10!\n  l11"), "\(diff.prefix(80))")
  }
}
