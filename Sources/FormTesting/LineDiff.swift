/// A line diff of two texts for snapshot failures (of `formrun test` and of
/// the Swift golden-file tests): unchanged lines in context are shown with
/// two spaces, removed with `- `, added with `+ `, a gap with `  …`; a
/// carriage return is shown as `\r`, so that an invisible difference is seen.
///
/// It takes memory linear in the texts (Hirschberg's way of finding the
/// longest common subsequence, after the common beginning and end are set
/// aside), and gives up on a line-by-line diff past `workLimit` line
/// comparisons, and on showing more than `lineLimit` lines: then it says how
/// many lines differ.
package enum LineDiff {
  /// Line comparisons the diff may make (the changed parts' sizes multiplied).
  static let workLimit = 25_000_000
  /// Lines of diff shown at most.
  static let lineLimit = 400

  /// One line of the edit script: its index in the expected or actual lines.
  enum Op: Equatable {
    case same(Int)
    case removed(Int)
    case added(Int)
  }

  /// The diff of `expected` and `actual`, with `context` unchanged lines kept
  /// around each change.
  package static func render(expected: String, actual: String, context: Int = 2) -> String {
    let a = lines(expected)
    let b = lines(actual)
    var ids: [String: Int] = [:]
    func id(_ s: String) -> Int {
      if let i = ids[s] { return i }
      ids[s] = ids.count
      return ids.count - 1
    }
    let x = a.map(id)
    let y = b.map(id)
    var prefix = 0
    while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] {
      suffix += 1
    }
    let changedA = x.count - prefix - suffix
    let changedB = y.count - prefix - suffix
    if changedA * changedB > workLimit {
      return "  (\(changedA) expected and \(changedB) actual lines differ, from line \(prefix + 1) on: "
        + "too many to show them line by line)"
    }
    var ops: [Op] = (0..<prefix).map { .same($0) }
    align(x, prefix, x.count - suffix, y, prefix, y.count - suffix, into: &ops)
    ops += (0..<suffix).map { .same(x.count - suffix + $0) }
    return show(ops, a, b, context: context)
  }

  /// The lines of `text`, split at every `\n` (also the one of a `\r\n`,
  /// which Swift takes for one character).
  static func lines(_ text: String) -> [String] {
    text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The edit script of x[a0..<a1] into y[b0..<b1], appended to `ops`.
  static func align(_ x: [Int], _ a0: Int, _ a1: Int, _ y: [Int], _ b0: Int, _ b1: Int, into ops: inout [Op]) {
    if a0 == a1 {
      ops += (b0..<b1).map { .added($0) }
      return
    }
    if b0 == b1 {
      ops += (a0..<a1).map { .removed($0) }
      return
    }
    if a1 - a0 == 1 {
      // one line: kept if it is among the others, else replaced
      if let j = (b0..<b1).first(where: { y[$0] == x[a0] }) {
        ops += (b0..<j).map { .added($0) } + [.same(a0)] + (j + 1..<b1).map { .added($0) }
      } else {
        ops += [.removed(a0)] + (b0..<b1).map { .added($0) }
      }
      return
    }
    // split x in half; split y where the LCS lengths of the halves sum highest
    let mid = (a0 + a1) / 2
    let forward = lcsLengths(x, a0, mid, y, b0, b1, reversed: false)
    let backward = lcsLengths(x, mid, a1, y, b0, b1, reversed: true)
    var best = 0
    var split = b0
    for j in 0...(b1 - b0) {
      let total = forward[j] + backward[b1 - b0 - j]
      if total > best || (total == best && j == 0) {
        best = total
        split = b0 + j
      }
    }
    align(x, a0, mid, y, b0, split, into: &ops)
    align(x, mid, a1, y, split, b1, into: &ops)
  }

  /// The lengths of the LCS of x[a0..<a1] with each prefix of y[b0..<b1]
  /// (with each suffix, `reversed`), in one row of memory.
  static func lcsLengths(_ x: [Int], _ a0: Int, _ a1: Int, _ y: [Int], _ b0: Int, _ b1: Int, reversed: Bool) -> [Int] {
    let m = b1 - b0
    var row = [Int](repeating: 0, count: m + 1)
    var previous = row
    for step in 0..<(a1 - a0) {
      let xi = reversed ? x[a1 - 1 - step] : x[a0 + step]
      swap(&row, &previous)
      row[0] = 0
      for j in 1...max(m, 1) where j <= m {
        let yj = reversed ? y[b1 - j] : y[b0 + j - 1]
        row[j] = xi == yj ? previous[j - 1] + 1 : max(previous[j], row[j - 1])
      }
    }
    return row
  }

  static func visible(_ line: String) -> String { line.replacing("\r", with: "\\r") }

  static func show(_ ops: [Op], _ a: [String], _ b: [String], context: Int) -> String {
    var keep = Array(repeating: false, count: ops.count)
    for (k, op) in ops.enumerated() {
      if case .same = op { continue }
      for m in max(0, k - context)...min(ops.count - 1, k + context) { keep[m] = true }
    }
    var out: [String] = []
    var skipped = false
    let changed = ops.filter { if case .same = $0 { false } else { true } }.count
    var changesShown = 0
    for (k, op) in ops.enumerated() {
      if out.count >= lineLimit {
        out.append("  … (\(changed - changesShown) more changed lines)")
        break
      }
      guard keep[k] else {
        if !skipped { out.append("  …") }
        skipped = true
        continue
      }
      skipped = false
      switch op {
      case .same(let i): out.append("  " + visible(a[i]))
      case .removed(let i):
        out.append("- " + visible(a[i]))
        changesShown += 1
      case .added(let j):
        out.append("+ " + visible(b[j]))
        changesShown += 1
      }
    }
    return out.joined(separator: "\n")
  }
}
