/// The live filter of a long choice list: an option matches when it holds
/// the typed letters in order, in any case (`agn` matches Afghanistan and
/// Argentina, not Angola); the best matches come first: a match at the
/// start, at word starts, with the letters close together.
public enum Fuzzy {
  /// How well `option` holds `typed` in order; nil when it does not.
  public static func score(_ typed: String, in option: String) -> Int? {
    let needle = Array(typed.lowercased())
    guard !needle.isEmpty else { return 0 }
    let hay = Array(option.lowercased())
    guard needle.count <= hay.count else { return nil }
    // the first place the letters all occur in order…
    var k = 0
    var end = -1
    for (i, c) in hay.enumerated() where c == needle[k] {
      k += 1
      if k == needle.count {
        end = i
        break
      }
    }
    guard end >= 0 else { return nil }
    // …narrowed from its end back to the latest start that still holds them
    k = needle.count - 1
    var start = end
    var i = end
    while i >= 0 {
      if hay[i] == needle[k] {
        if k == 0 {
          start = i
          break
        }
        k -= 1
      }
      i -= 1
    }
    // the letters within that span, taken as early as they come
    var positions: [Int] = []
    k = 0
    for j in start...end where k < needle.count && hay[j] == needle[k] {
      positions.append(j)
      k += 1
    }
    var score = 100 - 2 * (end - start + 1 - needle.count) - min(start, 20)
    if start == 0 { score += 15 }
    for (n, p) in positions.enumerated() {
      if p > 0, !hay[p - 1].isLetter && !hay[p - 1].isNumber { score += 6 }
      if n > 0, positions[n - 1] == p - 1 { score += 4 }
    }
    if hay.count == needle.count { score += 10 }
    return score
  }

  /// The indices of the options that match `typed`, best first (equal
  /// scores in the options' order); every option when nothing is typed.
  public static func filter(_ options: [String], by typed: String) -> [Int] {
    guard !typed.isEmpty else { return Array(options.indices) }
    var scored: [(index: Int, score: Int)] = []
    for (i, o) in options.enumerated() {
      if let s = score(typed, in: o) { scored.append((i, s)) }
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    return scored.map(\.index)
  }
}
