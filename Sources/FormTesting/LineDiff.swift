/// A line diff of two texts for snapshot failures (of `formrun test` and of
/// the Swift golden-file tests): unchanged lines in context are shown with
/// two spaces, removed with `- `, added with `+ `, a gap with `  …`.
enum LineDiff {
  /// The diff of `expected` and `actual`, with `context` unchanged lines kept
  /// around each change.
  static func render(expected: String, actual: String, context: Int = 2) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // longest common subsequence table, from the end
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var ops: [(Character, String)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        ops.append((" ", a[i]))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
        ops.append(("-", a[i]))
        i += 1
      } else {
        ops.append(("+", b[j]))
        j += 1
      }
    }
    // keep changes and `context` lines around them
    var keep = Array(repeating: false, count: ops.count)
    for (k, op) in ops.enumerated() where op.0 != " " {
      for m in max(0, k - context)...min(ops.count - 1, k + context) { keep[m] = true }
    }
    var out: [String] = []
    var skipped = false
    for (k, op) in ops.enumerated() {
      if keep[k] {
        out.append("\(op.0) \(op.1)")
        skipped = false
      } else if !skipped {
        out.append("  …")
        skipped = true
      }
    }
    return out.joined(separator: "\n")
  }
}
