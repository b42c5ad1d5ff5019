/// Lua 5.4's pattern language (the manual's §6.4.1), matched in Swift with a
/// step budget. `pattern(...)` validators use it instead of calling Lua's
/// `string.find`: a catastrophic pattern such as `a*a*a*…c` then stops after
/// a bounded number of steps instead of hanging the session (Lua's count hook
/// cannot interrupt a C function that is still running).
///
/// It follows `string.find` step for step (lstrlib.c): the same recursion
/// depth limit (200), the same 32 captures, a pattern with no special
/// character read as plain text, and the same errors. Lua raises a pattern's
/// errors only when a match reaches the bad part; `init` refuses a pattern
/// when some text would make Lua raise, so a validator's mistake is found at
/// load, while `measure` reports errors as Lua would, lazily.
public struct LuaPattern: Equatable, Sendable {
  let source: String
  let bytes: [UInt8]

  struct Error: Swift.Error, Equatable {
    var message: String
  }

  enum Outcome: Equatable, Sendable { case found, notFound, tooComplex }

  /// What matching a pattern (checked or not) would do, as `string.find` does it.
  public enum Measure: Equatable, Sendable {
    /// the match ends within the budget
    case affordable
    /// more steps than the budget, or deeper than Lua's matcher goes
    case tooComplex
    /// Lua raises this error on this text
    case malformed(String)
  }

  init(_ source: String) throws(Error) {
    self.source = source
    bytes = Array(source.utf8)
    try Self.checkSyntax(bytes)
  }

  /// Whether the pattern occurs in `subject` (anchored when it starts with `^`).
  func find(in subject: String, budget: Int = 200_000) -> Outcome {
    do throws(Matcher.Failure) {
      return try Self.firstMatch(bytes, in: Array(subject.utf8), budget: budget) == nil ? .notFound : .found
    } catch {
      return .tooComplex
    }
  }

  /// What Lua's matcher would do with any pattern, checked or not: finish,
  /// run away, or raise an error (reached on this text only, as Lua does).
  public static func measure(_ pattern: String, in subject: String, all: Bool, budget: Int) -> Measure {
    let p = Array(pattern.utf8)
    if isPlain(p) { return .affordable }
    var m = Matcher(s: Array(subject.utf8), p: p, steps: budget)
    let anchored = p.first == UInt8(ascii: "^")
    var si = 0
    do throws(Matcher.Failure) {
      repeat {
        m.level = 0
        if try m.match(si, anchored ? 1 : 0) != nil {
          try m.checkCaptures()
          if !all { return .affordable }
        }
        si += 1
      } while si <= m.s.count && !anchored
    } catch {
      switch error {
      case .tooComplex: return .tooComplex
      case .malformed(let message): return .malformed(message)
      }
    }
    return .affordable
  }

  /// The first match as `string.find` gives it: 0-based start and end
  /// (exclusive), nil when there is none.
  static func firstMatch(_ p: [UInt8], in s: [UInt8], budget: Int) throws(Matcher.Failure) -> (Int, Int)? {
    if isPlain(p) {
      if p.isEmpty { return (0, 0) }
      guard p.count <= s.count else { return nil }
      for start in 0...(s.count - p.count) where s[start..<start + p.count].elementsEqual(p) {
        return (start, start + p.count)
      }
      return nil
    }
    var m = Matcher(s: s, p: p, steps: budget)
    let anchored = p.first == UInt8(ascii: "^")
    var si = 0
    repeat {
      m.level = 0
      if let end = try m.match(si, anchored ? 1 : 0) {
        try m.checkCaptures()
        return (si, end)
      }
      si += 1
    } while si <= s.count && !anchored
    return nil
  }

  static let specials = Set("^$*+?.([%-".utf8)

  /// True when `string.find` reads the pattern as plain text: no special character.
  static func isPlain(_ p: [UInt8]) -> Bool {
    !p.contains { specials.contains($0) }
  }

  /// Refuse a pattern when some text would make Lua's matcher raise: the
  /// walk Lua's matcher makes, without a subject.
  static func checkSyntax(_ p: [UInt8]) throws(Error) {
    if isPlain(p) { return }
    let m = Matcher(s: [], p: p, steps: 0)
    var closed: [Bool] = []  // by opening order
    var i = p.first == UInt8(ascii: "^") ? 1 : 0
    do throws(Matcher.Failure) {
      while i < p.count {
        switch p[i] {
        case UInt8(ascii: "("):
          guard closed.count < Matcher.maxCaptures else { throw Matcher.Failure.malformed("too many captures") }
          let position = m.pat(i + 1) == UInt8(ascii: ")")
          closed.append(position)
          i += position ? 2 : 1
          continue
        case UInt8(ascii: ")"):
          guard let l = closed.lastIndex(of: false) else { throw Matcher.Failure.malformed("invalid pattern capture") }
          closed[l] = true
          i += 1
          continue
        case UInt8(ascii: "$") where i + 1 == p.count:
          i += 1
          continue
        case UInt8(ascii: "%"):
          let c = m.pat(i + 1)
          if c == UInt8(ascii: "b") {
            guard i + 3 < p.count else {
              throw Matcher.Failure.malformed("malformed pattern (missing arguments to '%b')")
            }
            i += 4
            continue
          }
          if c == UInt8(ascii: "f") {
            i += 2
            guard m.pat(i) == UInt8(ascii: "[") else {
              throw Matcher.Failure.malformed("missing '[' after '%f' in pattern")
            }
            i = try m.classEnd(i)
            continue
          }
          if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
            let l = Int(c) - 49
            guard l >= 0, l < closed.count, closed[l] else {
              throw Matcher.Failure.malformed("invalid capture index %\(l + 1)")
            }
            i += 2
            continue
          }
        default: break
        }
        let ep = try m.classEnd(i)
        i = "*+-?".utf8.contains(m.pat(ep)) ? ep + 1 : ep
      }
      guard !closed.contains(false) else { throw Matcher.Failure.malformed("unfinished capture") }
    } catch {
      switch error {
      case .malformed(let message): throw Error(message: message)
      case .tooComplex: throw Error(message: "pattern too complex")
      }
    }
  }
}

/// Lua's `do_match` and its helpers (lstrlib.c), over bytes, counting steps.
/// Where Lua reads the NUL after a string's end, `pat` and `sub` give 0.
struct Matcher {
  enum Failure: Swift.Error, Equatable {
    case tooComplex
    case malformed(String)
  }
  static let unfinished = -1
  static let position = -2
  static let maxCaptures = 32
  /// Lua's MAXCCALLS: how deep the matcher recurses before "pattern too complex"
  static let maxDepth = 200

  let s: [UInt8]
  let p: [UInt8]
  var steps: Int
  var depth = 0
  var level = 0
  var captureStart = [Int](repeating: 0, count: maxCaptures)
  var captureLength = [Int](repeating: 0, count: maxCaptures)

  init(s: [UInt8], p: [UInt8], steps: Int) {
    self.s = s
    self.p = p
    self.steps = steps
  }

  func pat(_ i: Int) -> UInt8 { i < p.count ? p[i] : 0 }
  func sub(_ i: Int) -> UInt8 { i < s.count ? s[i] : 0 }

  /// The index after the single-character class starting at `pi`.
  func classEnd(_ pi: Int) throws(Failure) -> Int {
    var i = pi
    let c = p[i]
    i += 1
    if c == UInt8(ascii: "%") {
      guard i < p.count else { throw .malformed("malformed pattern (ends with '%')") }
      return i + 1
    }
    if c == UInt8(ascii: "[") {
      if pat(i) == UInt8(ascii: "^") { i += 1 }
      repeat {
        guard i < p.count else { throw .malformed("malformed pattern (missing ']')") }
        let e = p[i]
        i += 1
        if e == UInt8(ascii: "%") && i < p.count { i += 1 }
      } while pat(i) != UInt8(ascii: "]")
      return i + 1
    }
    return i
  }

  static func matchClass(_ c: UInt8, _ cl: UInt8) -> Bool {
    let isUpper = { (x: UInt8) in x >= 65 && x <= 90 }
    let isLower = { (x: UInt8) in x >= 97 && x <= 122 }
    let isDigit = { (x: UInt8) in x >= 48 && x <= 57 }
    let isAlpha = { (x: UInt8) in isUpper(x) || isLower(x) }
    let isGraph = { (x: UInt8) in x > 32 && x < 127 }
    let res: Bool
    switch cl | 0x20 {
    case UInt8(ascii: "a"): res = isAlpha(c)
    case UInt8(ascii: "c"): res = c < 32 || c == 127
    case UInt8(ascii: "d"): res = isDigit(c)
    case UInt8(ascii: "g"): res = isGraph(c)
    case UInt8(ascii: "l"): res = isLower(c)
    case UInt8(ascii: "p"): res = isGraph(c) && !isAlpha(c) && !isDigit(c)
    case UInt8(ascii: "s"): res = c == 32 || (c >= 9 && c <= 13)
    case UInt8(ascii: "u"): res = isUpper(c)
    case UInt8(ascii: "w"): res = isAlpha(c) || isDigit(c)
    case UInt8(ascii: "x"): res = isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102)
    // the NUL byte: deprecated since Lua 5.2, still read by 5.4's matcher
    case UInt8(ascii: "z"): res = c == 0
    default: return cl == c
    }
    return isUpper(cl) ? !res : res
  }

  /// `c` against the set `[...]` from `pi` (at '[') to `ec` (at ']').
  func matchBracket(_ c: UInt8, _ pi: Int, _ ec: Int) -> Bool {
    var i = pi
    var sig = true
    if pat(i + 1) == UInt8(ascii: "^") {
      sig = false
      i += 1
    }
    while true {
      i += 1
      guard i < ec else { break }
      if p[i] == UInt8(ascii: "%") {
        i += 1
        if Self.matchClass(c, pat(i)) { return sig }
      } else if pat(i + 1) == UInt8(ascii: "-") && i + 2 < ec {
        i += 2
        if p[i - 2] <= c && c <= p[i] { return sig }
      } else if p[i] == c {
        return sig
      }
    }
    return !sig
  }

  func singleMatch(_ si: Int, _ pi: Int, _ ep: Int) -> Bool {
    guard si < s.count else { return false }
    let c = s[si]
    switch p[pi] {
    case UInt8(ascii: "."): return true
    case UInt8(ascii: "%"): return Self.matchClass(c, pat(pi + 1))
    case UInt8(ascii: "["): return matchBracket(c, pi, ep - 1)
    default: return p[pi] == c
    }
  }

  /// The end of a match of `p[pi...]` at `s[si...]`, or nil.
  mutating func match(_ si: Int, _ pi: Int) throws(Failure) -> Int? {
    steps -= 1
    depth += 1
    defer { depth -= 1 }
    if steps < 0 || depth > Self.maxDepth { throw .tooComplex }
    var si = si
    var pi = pi
    while true {
      if pi == p.count { return si }
      switch p[pi] {
      case UInt8(ascii: "("):
        if pat(pi + 1) == UInt8(ascii: ")") { return try startCapture(si, pi + 2, Self.position) }
        return try startCapture(si, pi + 1, Self.unfinished)
      case UInt8(ascii: ")"):
        return try endCapture(si, pi + 1)
      case UInt8(ascii: "$") where pi + 1 == p.count:
        return si == s.count ? si : nil
      case UInt8(ascii: "%"):
        let c = pat(pi + 1)
        if c == UInt8(ascii: "b") {
          guard let end = try matchBalance(si, pi + 2) else { return nil }
          si = end
          pi += 4
          continue
        }
        if c == UInt8(ascii: "f") {
          pi += 2
          guard pat(pi) == UInt8(ascii: "[") else { throw .malformed("missing '[' after '%f' in pattern") }
          let ep = try classEnd(pi)
          let previous: UInt8 = si == 0 ? 0 : s[si - 1]
          guard !matchBracket(previous, pi, ep - 1), matchBracket(sub(si), pi, ep - 1) else { return nil }
          pi = ep
          continue
        }
        if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
          guard let end = try matchCapture(si, Int(c) - 49) else { return nil }
          si = end
          pi += 2
          continue
        }
      default:
        break
      }
      let ep = try classEnd(pi)
      let suffix = pat(ep)
      guard singleMatch(si, pi, ep) else {
        // an item that may match nothing goes on after its suffix
        if suffix == UInt8(ascii: "*") || suffix == UInt8(ascii: "?") || suffix == UInt8(ascii: "-") {
          pi = ep + 1
          continue
        }
        return nil
      }
      switch suffix {
      case UInt8(ascii: "?"):
        if let r = try match(si + 1, ep + 1) { return r }
        pi = ep + 1
      case UInt8(ascii: "+"): return try maxExpand(si + 1, pi, ep)
      case UInt8(ascii: "*"): return try maxExpand(si, pi, ep)
      case UInt8(ascii: "-"): return try minExpand(si, pi, ep)
      default:
        si += 1
        pi = ep
      }
    }
  }

  /// `%bxy` from `pi` (at x): the end of a balanced run at `si`, or nil.
  func matchBalance(_ si: Int, _ pi: Int) throws(Failure) -> Int? {
    guard pi + 1 < p.count else { throw .malformed("malformed pattern (missing arguments to '%b')") }
    guard sub(si) == p[pi] else { return nil }
    let open = p[pi]
    let close = p[pi + 1]
    var depth = 1
    var i = si + 1
    while i < s.count {
      if s[i] == close {
        depth -= 1
        if depth == 0 { return i + 1 }
      } else if s[i] == open {
        depth += 1
      }
      i += 1
    }
    return nil
  }

  /// `%1`…`%9` (`l` is 0-based; `%0` gives -1).
  func matchCapture(_ si: Int, _ l: Int) throws(Failure) -> Int? {
    guard l >= 0, l < level, captureLength[l] != Self.unfinished else {
      throw .malformed("invalid capture index %\(l + 1)")
    }
    let len = captureLength[l]
    guard len >= 0, s.count - si >= len,
      s[si..<si + len].elementsEqual(s[captureStart[l]..<captureStart[l] + len])
    else { return nil }
    return si + len
  }

  mutating func maxExpand(_ si: Int, _ pi: Int, _ ep: Int) throws(Failure) -> Int? {
    var i = 0
    while singleMatch(si + i, pi, ep) { i += 1 }
    while i >= 0 {
      if let r = try match(si + i, ep + 1) { return r }
      i -= 1
    }
    return nil
  }

  mutating func minExpand(_ si: Int, _ pi: Int, _ ep: Int) throws(Failure) -> Int? {
    var si = si
    while true {
      if let r = try match(si, ep + 1) { return r }
      guard singleMatch(si, pi, ep) else { return nil }
      si += 1
    }
  }

  mutating func startCapture(_ si: Int, _ pi: Int, _ what: Int) throws(Failure) -> Int? {
    guard level < Self.maxCaptures else { throw .malformed("too many captures") }
    captureStart[level] = si
    captureLength[level] = what
    level += 1
    if let r = try match(si, pi) { return r }
    level -= 1
    return nil
  }

  mutating func endCapture(_ si: Int, _ pi: Int) throws(Failure) -> Int? {
    guard let l = (0..<level).last(where: { captureLength[$0] == Self.unfinished }) else {
      throw .malformed("invalid pattern capture")
    }
    captureLength[l] = si - captureStart[l]
    if let r = try match(si, pi) { return r }
    captureLength[l] = Self.unfinished
    return nil
  }

  /// After a match, as Lua pushes the captures: one still open is an error.
  func checkCaptures() throws(Failure) {
    if captureLength[0..<level].contains(Self.unfinished) { throw .malformed("unfinished capture") }
  }
}
