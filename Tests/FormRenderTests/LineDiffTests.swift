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
}
