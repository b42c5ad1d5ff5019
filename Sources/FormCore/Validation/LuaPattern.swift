/// Lua 5.4's pattern language (the manual's §6.4.1), matched in Swift with a
/// step budget. `pattern(...)` validators use it instead of calling Lua's
/// `string.find`: a catastrophic pattern such as `a*a*a*…c` then stops after
/// a bounded number of steps instead of hanging the session (Lua's count hook
/// cannot interrupt a C function that is still running).
public struct LuaPattern: Equatable, Sendable {
  public let source: String
  let bytes: [UInt8]

  public struct Error: Swift.Error, Equatable {
    public var message: String
  }

  public enum Outcome: Equatable, Sendable { case found, notFound, tooComplex }

  public init(_ source: String) throws(Error) {
    self.source = source
    bytes = Array(source.utf8)
    try Self.checkSyntax(bytes)
  }

  /// Whether the pattern occurs in `subject` (anchored when it starts with `^`).
  public func find(in subject: String, budget: Int = 200_000) -> Outcome {
    var m = Matcher(s: Array(subject.utf8), p: bytes, steps: budget)
    let anchored = bytes.first == UInt8(ascii: "^")
    let start = anchored ? 1 : 0
    var si = 0
    do {
      repeat {
        m.level = 0
        if try m.match(si, start) != nil { return .found }
        si += 1
      } while si <= m.s.count && !anchored
    } catch {
      return .tooComplex
    }
    return .notFound
  }

  /// Whether matching this pattern against `subject` stays within `budget`
  /// steps: at the first match (`all: false`, as `string.find` and `match`),
  /// or trying every start position (`all: true`, an upper bound of what
  /// `gmatch` and `gsub` do).
  public func isAffordable(in subject: String, all: Bool, budget: Int) -> Bool {
    var m = Matcher(s: Array(subject.utf8), p: bytes, steps: budget)
    let anchored = bytes.first == UInt8(ascii: "^")
    var si = 0
    do {
      repeat {
        m.level = 0
        if try m.match(si, anchored ? 1 : 0) != nil, !all { return true }
        si += 1
      } while si <= m.s.count && !anchored
    } catch {
      return false
    }
    return true
  }

  static func checkSyntax(_ p: [UInt8]) throws(Error) {
    var open = 0
    var closed = 0
    var i = 0
    while i < p.count {
      switch p[i] {
      case UInt8(ascii: "%"):
        guard i + 1 < p.count else { throw Error(message: "malformed pattern (ends with '%')") }
        let c = p[i + 1]
        if c == UInt8(ascii: "b") {
          guard i + 3 < p.count else { throw Error(message: "malformed pattern (missing arguments to '%b')") }
          i += 4
          continue
        }
        if c == UInt8(ascii: "f") {
          guard i + 2 < p.count, p[i + 2] == UInt8(ascii: "[") else {
            throw Error(message: "missing '[' after '%f' in pattern")
          }
          i += 2
          continue
        }
        if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
          let n = Int(c) - 48
          guard n >= 1 && n <= closed else { throw Error(message: "invalid capture index %\(n)") }
        }
        i += 2
      case UInt8(ascii: "["):
        i += 1
        if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
        repeat {
          guard i < p.count else { throw Error(message: "malformed pattern (missing ']')") }
          if p[i] == UInt8(ascii: "%") { i += 1 }
          i += 1
        } while i >= p.count || p[i] != UInt8(ascii: "]")
        i += 1
      case UInt8(ascii: "("):
        open += 1
        i += 1
      case UInt8(ascii: ")"):
        guard open > 0 else { throw Error(message: "invalid pattern capture (unmatched ')')") }
        open -= 1
        closed += 1
        i += 1
      default: i += 1
      }
    }
    guard open == 0 else { throw Error(message: "unfinished capture (missing ')')") }
  }
}

struct Matcher {
  struct Abort: Swift.Error {}
  static let unfinished = -1
  static let position = -2

  let s: [UInt8]
  let p: [UInt8]
  var steps: Int
  var depth = 0
  var level = 0
  var captureStart = [Int](repeating: 0, count: 32)
  var captureLength = [Int](repeating: 0, count: 32)

  init(s: [UInt8], p: [UInt8], steps: Int) {
    self.s = s
    self.p = p
    self.steps = steps
  }

  /// The index after the single-character class starting at `pi`.
  func classEnd(_ pi: Int) -> Int {
    var i = pi
    let c = p[i]
    i += 1
    if c == UInt8(ascii: "%") { return i + 1 }
    if c == UInt8(ascii: "[") {
      if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
      repeat {
        if p[i] == UInt8(ascii: "%") { i += 1 }
        i += 1
      } while p[i] != UInt8(ascii: "]")
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
    default: return cl == c
    }
    return isUpper(cl) ? !res : res
  }

  /// `c` against the set `[...]` from `pi` (at '[') to `ec` (at ']').
  func matchBracket(_ c: UInt8, _ pi: Int, _ ec: Int) -> Bool {
    var i = pi + 1
    var sig = true
    if p[i] == UInt8(ascii: "^") {
      sig = false
      i += 1
    }
    while i < ec {
      if p[i] == UInt8(ascii: "%") {
        i += 1
        if Self.matchClass(c, p[i]) { return sig }
        i += 1
      } else if i + 2 < ec, p[i + 1] == UInt8(ascii: "-") {
        if p[i] <= c && c <= p[i + 2] { return sig }
        i += 3
      } else {
        if p[i] == c { return sig }
        i += 1
      }
    }
    return !sig
  }

  func singleMatch(_ si: Int, _ pi: Int, _ ep: Int) -> Bool {
    guard si < s.count else { return false }
    let c = s[si]
    switch p[pi] {
    case UInt8(ascii: "."): return true
    case UInt8(ascii: "%"): return Self.matchClass(c, p[pi + 1])
    case UInt8(ascii: "["): return matchBracket(c, pi, ep - 1)
    default: return p[pi] == c
    }
  }

  /// The end of a match of `p[pi...]` at `s[si...]`, or nil.
  mutating func match(_ si: Int, _ pi: Int) throws(Abort) -> Int? {
    steps -= 1
    depth += 1
    defer { depth -= 1 }
    if steps < 0 || depth > 200 { throw Abort() }
    var si = si
    var pi = pi
    while true {
      if pi == p.count { return si }
      switch p[pi] {
      case UInt8(ascii: "("):
        if pi + 1 < p.count, p[pi + 1] == UInt8(ascii: ")") {
          return try startCapture(si, pi + 2, Self.position)
        }
        return try startCapture(si, pi + 1, Self.unfinished)
      case UInt8(ascii: ")"):
        return try endCapture(si, pi + 1)
      case UInt8(ascii: "$") where pi + 1 == p.count:
        return si == s.count ? si : nil
      case UInt8(ascii: "%") where p[pi + 1] == UInt8(ascii: "b"):
        guard si < s.count, s[si] == p[pi + 2] else { return nil }
        var depth = 1
        var i = si + 1
        while i < s.count {
          if s[i] == p[pi + 3] {
            depth -= 1
            if depth == 0 { return try match(i + 1, pi + 4) }
          } else if s[i] == p[pi + 2] {
            depth += 1
          }
          i += 1
        }
        return nil
      case UInt8(ascii: "%") where p[pi + 1] == UInt8(ascii: "f"):
        let set = pi + 2
        let ep = classEnd(set)
        let prev: UInt8 = si == 0 ? 0 : s[si - 1]
        let cur: UInt8 = si < s.count ? s[si] : 0
        guard !matchBracket(prev, set, ep - 1), matchBracket(cur, set, ep - 1) else { return nil }
        pi = ep
        continue
      case UInt8(ascii: "%") where p[pi + 1] >= UInt8(ascii: "1") && p[pi + 1] <= UInt8(ascii: "9"):
        let l = Int(p[pi + 1]) - 49
        guard l < level, captureLength[l] >= 0 else { return nil }
        let len = captureLength[l]
        guard s.count - si >= len, s[si..<si + len].elementsEqual(s[captureStart[l]..<captureStart[l] + len]) else {
          return nil
        }
        si += len
        pi += 2
        continue
      default:
        break
      }
      let ep = classEnd(pi)
      let m = singleMatch(si, pi, ep)
      if ep < p.count {
        switch p[ep] {
        case UInt8(ascii: "?"):
          if m, let r = try match(si + 1, ep + 1) { return r }
          pi = ep + 1
          continue
        case UInt8(ascii: "+"):
          return m ? try maxExpand(si + 1, pi, ep) : nil
        case UInt8(ascii: "*"):
          return try maxExpand(si, pi, ep)
        case UInt8(ascii: "-"):
          return try minExpand(si, pi, ep)
        default: break
        }
      }
      guard m else { return nil }
      si += 1
      pi = ep
    }
  }

  mutating func maxExpand(_ si: Int, _ pi: Int, _ ep: Int) throws(Abort) -> Int? {
    var i = 0
    while singleMatch(si + i, pi, ep) { i += 1 }
    while i >= 0 {
      if let r = try match(si + i, ep + 1) { return r }
      i -= 1
    }
    return nil
  }

  mutating func minExpand(_ si: Int, _ pi: Int, _ ep: Int) throws(Abort) -> Int? {
    var si = si
    while true {
      if let r = try match(si, ep + 1) { return r }
      guard singleMatch(si, pi, ep) else { return nil }
      si += 1
    }
  }

  mutating func startCapture(_ si: Int, _ pi: Int, _ what: Int) throws(Abort) -> Int? {
    guard level < 32 else { throw Abort() }
    captureStart[level] = si
    captureLength[level] = what
    level += 1
    if let r = try match(si, pi) { return r }
    level -= 1
    return nil
  }

  mutating func endCapture(_ si: Int, _ pi: Int) throws(Abort) -> Int? {
    guard let l = (0..<level).last(where: { captureLength[$0] == Self.unfinished }) else { throw Abort() }
    captureLength[l] = si - captureStart[l]
    if let r = try match(si, pi) { return r }
    captureLength[l] = Self.unfinished
    return nil
  }
}
