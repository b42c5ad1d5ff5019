/// How a typed text finds its options, in every mode: the screen's live
/// filter ranks by it, and the line mode, the walk and the accessible voice
/// read a typed choice by it (`Choices.pick`). An option matches when it
/// holds the typed letters in order, in any case (`agn` matches Afghanistan
/// and Argentina, not Angola); the best matches come first: a match at the
/// start, at word starts, with the letters close together.
public enum Fuzzy {
  /// One option that holds the typed letters.
  public struct Hit: Equatable, Sendable {
    /// The option's index in the list.
    public var index: Int
    /// How well it holds them (higher is better).
    public var score: Int
    /// True when the option is the typed text itself, in any case.
    public var whole: Bool
  }

  /// How far ahead of the next a best match must be to be taken from typed
  /// text without a list to see: more than a letter's place or a gap of
  /// two, less than one letter more at a word's start (`us` takes United
  /// States, 109, over Australia, 103; `agn` leaves Argentina, 111, and
  /// Afghanistan, 109, to the person).
  public static let clearLead = 5

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
    return ranked(options, needle: needle).map(\.index)
  }

  /// The options that match `typed`, best first (equal scores in the
  /// options' order); none when nothing is typed.
  public static func ranked(_ options: [String], by typed: String) -> [Hit] {
    let needle = folded(typed)
    guard !needle.isEmpty else { return [] }
    return ranked(options, needle: needle)
  }

  static func ranked(_ options: [String], needle: [UInt32]) -> [Hit] {
    var found = hits(options, needle: needle)
    found.sort(by: better)
    return found
  }

  /// The options that match `typed`, in the options' order (unranked: a
  /// reader that wants only the best few need not sort them all).
  public static func hits(_ options: [String], by typed: String) -> [Hit] {
    let needle = folded(typed)
    guard !needle.isEmpty else { return [] }
    return hits(options, needle: needle)
  }

  static func hits(_ options: [String], needle: [UInt32]) -> [Hit] {
    var found: [Hit] = []
    for (i, o) in options.enumerated() {
      if let m = match(needle, in: o) { found.append(Hit(index: i, score: m.score, whole: m.whole)) }
    }
    return found
  }

  /// The ranking's order: the higher score first, then the option first listed.
  public static func better(_ a: Hit, _ b: Hit) -> Bool { a.score != b.score ? a.score > b.score : a.index < b.index }

  /// Text as compared: lowercased, by Unicode scalars.
  static func folded(_ s: String) -> [UInt32] { s.lowercased().unicodeScalars.map(\.value) }

  /// The score of an option against folded letters. Printable ASCII is read
  /// byte by byte, folding case as it goes (40,000 options filter per key
  /// without a lowercased copy of each); anything else is folded first.
  static func score(_ needle: [UInt32], in option: String) -> Int? { match(needle, in: option)?.score }

  /// The score, and whether the option is the letters themselves (a match
  /// as long as the option can only be the option itself).
  static func match(_ needle: [UInt32], in option: String) -> (score: Int, whole: Bool)? {
    let fast = option.utf8.withContiguousStorageIfAvailable { bytes -> (score: Int, whole: Bool)?? in
      for b in bytes where b >= 0x80 { return .none }
      let s = score(needle, count: bytes.count) { i in
        let b = bytes[i]
        return UInt32(b &- 65 < 26 ? b | 0x20 : b)
      }
      return .some(s.map { ($0, bytes.count == needle.count) })
    }
    if let fast, let result = fast { return result }
    let hay = folded(option)
    return score(needle, count: hay.count) { hay[$0] }.map { ($0, hay.count == needle.count) }
  }

  /// The first place the letters all occur in order, narrowed from its end
  /// back to the latest start that still holds them; scored by how tight,
  /// how early and how much at word starts the letters are. Inlined, so
  /// that reading a byte is no call (40,000 options are scored per filter).
  @inline(__always)
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
