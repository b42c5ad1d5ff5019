/// The heights of a list of pieces in lines, with the sum before any piece
/// and the piece at any line found in time logarithmic in their number (a
/// Fenwick tree): a frame places its viewport without walking every row.
struct Heights: Equatable {
  /// Each piece's height.
  private(set) var values: [Int32] = []
  /// tree[i] (from 1) holds the sum of the `i & -i` heights ending at piece i - 1.
  private var tree: [Int32] = [0]
  /// The sum of every height.
  private(set) var total = 0

  /// How many pieces.
  var count: Int { values.count }

  /// Heights of `values`, in order (built in linear time).
  init(_ values: [Int32] = []) {
    self.values = values
    tree = [0] + values
    var sum = 0
    for v in values { sum += Int(v) }
    total = sum
    let n = values.count
    if n > 0 {
      for i in 1...n {
        let parent = i + (i & -i)
        if parent <= n { tree[parent] += tree[i] }
      }
    }
  }

  /// Piece `i` is `height` lines high now.
  mutating func set(_ i: Int, _ height: Int) {
    let h = Int32(clamping: height)
    let delta = h - values[i]
    guard delta != 0 else { return }
    values[i] = h
    total += Int(delta)
    var k = i + 1
    while k < tree.count {
      tree[k] += delta
      k += k & -k
    }
  }

  /// The lines above piece `i` (the sum of the heights before it).
  func start(_ i: Int) -> Int {
    var sum = 0
    var k = min(i, values.count)
    while k > 0 {
      sum += Int(tree[k])
      k -= k & -k
    }
    return sum
  }

  /// The piece that holds line `line` (from 0): the last piece when `line`
  /// is past the end; pieces of no height hold none.
  func piece(at line: Int) -> Int {
    guard line >= 0 else { return 0 }
    // the greatest k with start(k) <= line, by descending the tree
    var k = 0
    var rest = line
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = k + step
      if next < tree.count, Int(tree[next]) <= rest {
        k = next
        rest -= Int(tree[next])
      }
      step /= 2
    }
    return min(k, max(values.count - 1, 0))
  }
}
