/// The live filter of a long choice list: an option matches when it holds
/// the typed letters in order, in any case (`agn` matches Afghanistan and
/// Argentina, not Angola); the best matches come first: a match at the
/// start, at word starts, with the letters close together.
public enum Fuzzy {
  /// How well `option` holds `typed` in order; nil when it does not.
  public static func score(_ typed: String, in option: String) -> Int? {
    let needle = folded(typed)
    guard !needle.isEmpty else { return 0 }
    return score(needle, in: option)
  }

  /// The indices of the options that match `typed`, best first (equal
  /// scores in the options' order); every option when nothing is typed.
  public static func filter(_ options: [String], by typed: String) -> [Int] {
    let needle = folded(typed)
    guard !needle.isEmpty else { return Array(options.indices) }
    var scored: [(index: Int, score: Int)] = []
    for (i, o) in options.enumerated() {
      if let s = score(needle, in: o) { scored.append((i, s)) }
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    return scored.map(\.index)
  }

  /// Text as compared: lowercased, by Unicode scalars.
  static func folded(_ s: String) -> [UInt32] { s.lowercased().unicodeScalars.map(\.value) }

  /// The score of an option against folded letters. Printable ASCII is read
  /// byte by byte, folding case as it goes (40,000 options filter per key
  /// without a lowercased copy of each); anything else is folded first.
  static func score(_ needle: [UInt32], in option: String) -> Int? {
    let fast = option.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
      for b in bytes where b >= 0x80 { return .none }
      return .some(
        score(needle, count: bytes.count) { i in
          let b = bytes[i]
          return UInt32(b &- 65 < 26 ? b | 0x20 : b)
        })
    }
    if let fast, let result = fast { return result }
    let hay = folded(option)
    return score(needle, count: hay.count) { hay[$0] }
  }

  /// The first place the letters all occur in order, narrowed from its end
  /// back to the latest start that still holds them; scored by how tight,
  /// how early and how much at word starts the letters are.
  static func score(_ needle: [UInt32], count: Int, at hay: (Int) -> UInt32) -> Int? {
    guard needle.count <= count else { return nil }
    var k = 0
    var end = -1
    for i in 0..<count where hay(i) == needle[k] {
      k += 1
      if k == needle.count {
        end = i
        break
      }
    }
    guard end >= 0 else { return nil }
    k = needle.count - 1
    var start = end
    var i = end
    while i >= 0 {
      if hay(i) == needle[k] {
        if k == 0 {
          start = i
          break
        }
        k -= 1
      }
      i -= 1
    }
    var score = 100 - 2 * (end - start + 1 - needle.count) - min(start, 20)
    if start == 0 { score += 15 }
    // the letters within that span, taken as early as they come
    k = 0
    var last = -2
    for j in start...end where k < needle.count && hay(j) == needle[k] {
      if j > 0, !isWordCharacter(hay(j - 1)) { score += 6 }
      if last == j - 1 { score += 4 }
      last = j
      k += 1
    }
    if count == needle.count { score += 10 }
    return score
  }

  /// Letters and digits (ASCII, and any scalar past it): a word starts after anything else.
  static func isWordCharacter(_ u: UInt32) -> Bool {
    (0x30...0x39).contains(u) || (0x61...0x7A).contains(u) || (0x41...0x5A).contains(u) || u >= 0x80
  }
}
