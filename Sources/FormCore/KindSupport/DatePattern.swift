/// A Unicode date pattern such as `MM/dd/yyyy hh:mm a`, written and read
/// without ICU (it is on the start-up path). Fields: `y yy yyyy`, `M MM MMM MMMM`,
/// `d dd`, `E EEE EEEE`, `H HH`, `h hh`, `m mm`, `s ss`, `a`; `'quoted'` text is literal.
struct DatePattern: Equatable, Sendable {
  enum Token: Equatable, Sendable {
    case field(Character, Int)
    case literal(String)
  }

  let source: String
  let tokens: [Token]

  static let letters: Set<Character> = ["y", "M", "d", "E", "H", "h", "m", "s", "a"]

  /// Compile a pattern, or say which part is not supported.
  static func compile(_ source: String) -> Result<DatePattern, PatternError> {
    var tokens: [Token] = []
    var chars = Array(source)[...]
    while let c = chars.first {
      if c == "'" {
        chars.removeFirst()
        var text = ""
        while let q = chars.first {
          chars.removeFirst()
          if q == "'" {
            if chars.first == "'" { chars.removeFirst() } else { break }
          }
          text.append(q)
        }
        // '' alone is an apostrophe
        tokens.append(.literal(text.isEmpty ? "'" : text))
      } else if c.isASCII && c.isLetter {
        let run = chars.prefix { $0 == c }
        chars.removeFirst(run.count)
        guard letters.contains(c) else { return .failure(PatternError(field: String(run))) }
        tokens.append(.field(c, run.count))
      } else {
        chars.removeFirst()
        tokens.append(.literal(String(c)))
      }
    }
    return .success(DatePattern(source: source, tokens: tokens))
  }

  struct PatternError: Error, Equatable {
    var field: String
    var message: String {
      "unsupported field '\(field)' (use y yy yyyy M MM MMM MMMM d dd E EEE EEEE H HH h hh m mm s ss a)"
    }
  }

  /// True when the pattern shows an hour.
  var hasTime: Bool { has("H") || has("h") }

  func has(_ letter: Character) -> Bool {
    tokens.contains { if case .field(letter, _) = $0 { return true } else { return false } }
  }

  /// The moment written in this pattern; nil when the pattern needs a part the moment lacks.
  func format(_ m: Moment, names: DateNames = .english) -> String? {
    var out = ""
    for token in tokens {
      switch token {
      case .literal(let s): out += s
      case .field(let c, let n):
        switch c {
        case "y", "M", "d", "E":
          guard let d = m.date else { return nil }
          switch c {
          case "y": out += n == 2 ? pad(d.year % 100, 2) : pad(d.year, n)
          case "M": out += n >= 3 ? Self.name(names.months[d.month - 1], full: n >= 4) : pad(d.month, n)
          case "d": out += pad(d.day, n)
          default: out += Self.name(names.days[d.weekday], full: n >= 4)
          }
        default:
          guard let t = m.time else { return nil }
          switch c {
          case "H": out += pad(t.hour, n)
          case "h": out += pad(t.hour % 12 == 0 ? 12 : t.hour % 12, n)
          case "m": out += pad(t.minute, n)
          case "s": out += pad(t.second, n)
          default: out += t.hour < 12 ? "AM" : "PM"
          }
        }
      }
    }
    return out
  }

  /// `November` or `Nov`.
  static func name(_ full: String, full isFull: Bool) -> String { isFull ? full : String(full.prefix(3)) }

  /// The raw parts read from text, not yet checked against the calendar.
  struct Fields: Equatable {
    var year, month, day, hour, minute, second: Int?
    /// true for PM, false for AM, nil when the text had no marker
    var pm: Bool?
    /// true when the hour was read in 12-hour form (`h`)
    var twelveHour = false
    /// the day of the week the text named (0 is Sunday), checked against the date
    var weekday: Int?
  }

  /// Read text in this pattern; nil when it does not match. Spaces in the
  /// pattern match any run of spaces (or none); letters match in any case.
  /// The weekday a pattern has may be left out (`30 novembre 2026` for
  /// `EEEE d MMMM yyyy`), with the text that parts it from the other
  /// fields: the date names the day.
  func read(_ text: String, names: DateNames = .english) -> Fields? {
    if let f = Self.read(text, tokens, names) { return f }
    for variant in withoutWeekday {
      if let f = Self.read(text, variant, names) { return f }
    }
    return nil
  }

  /// The pattern's tokens with its weekday left out: with the text after it,
  /// before it, on both sides, or alone (in that order of trial).
  var withoutWeekday: [[Token]] {
    guard let i = tokens.firstIndex(where: { if case .field("E", _) = $0 { true } else { false } }) else { return [] }
    func isLiteral(_ j: Int) -> Bool {
      guard tokens.indices.contains(j), case .literal = tokens[j] else { return false }
      return true
    }
    func removing(_ drop: [Int]) -> [Token] { tokens.enumerated().filter { !drop.contains($0.offset) }.map(\.element) }
    var variants: [[Token]] = []
    if isLiteral(i + 1) { variants.append(removing([i, i + 1])) }
    if isLiteral(i - 1) { variants.append(removing([i - 1, i])) }
    if isLiteral(i - 1), isLiteral(i + 1) { variants.append(removing([i - 1, i, i + 1])) }
    variants.append(removing([i]))
    return variants
  }

  static func read(_ text: String, _ tokens: [Token], _ names: DateNames) -> Fields? {
    var input = Array(text)[...]
    var f = Fields()
    for token in tokens {
      switch token {
      case .literal(let s):
        for c in s {
          if c == " " {
            while input.first == " " { input.removeFirst() }
          } else {
            guard let i = input.first, i.lowercased() == c.lowercased() else { return nil }
            input.removeFirst()
          }
        }
      case .field(let c, let n):
        switch (c, n) {
        case ("M", 3...):
          guard let i = Self.name(in: &input, among: names.months) else { return nil }
          f.month = i + 1
        case ("E", _):
          guard let w = Self.name(in: &input, among: names.days) else { return nil }
          f.weekday = w
        case ("a", _):
          let word = String(input.prefix(2)).lowercased()
          guard word == "am" || word == "pm" else { return nil }
          input.removeFirst(2)
          f.pm = word == "pm"
        default:
          let limit = c == "y" && n != 2 ? 4 : 2
          let digits = input.prefix { $0.isASCII && $0.isNumber }.prefix(limit)
          guard !digits.isEmpty, let v = Int(String(digits)) else { return nil }
          input.removeFirst(digits.count)
          switch c {
          case "y": f.year = Self.year(v, digits: digits.count, field: n)
          case "M": f.month = v
          case "d": f.day = v
          case "H": f.hour = v
          case "h":
            f.hour = v
            f.twelveHour = true
          case "m": f.minute = v
          default: f.second = v
          }
        }
      }
    }
    return input.isEmpty ? f : nil
  }

  /// The year `value` read from `digits` figures for a `y` field `field`
  /// letters long: two figures (one or two for `yy`) as POSIX strptime's
  /// `%y` reads them, 69–99 → 1969–1999, 00–68 → 2000–2068, in every
  /// pattern (`3/12/90` is 1990); three or four figures as written (`0090`
  /// is the year 90).
  static func year(_ value: Int, digits: Int, field: Int) -> Int {
    guard digits == 2 || (field == 2 && digits == 1) else { return value }
    return value >= 69 ? 1900 + value : 2000 + value
  }

  /// The index of the name (full or its first three letters) at the start of `input`.
  static func name(in input: inout ArraySlice<Character>, among names: [String]) -> Int? {
    let head = String(input.prefix(max(12, names.map(\.count).max() ?? 0))).lowercased()
    // the longest full name first: "juillet" before "juin"'s short "jui"
    for (i, full) in names.enumerated().sorted(by: { $0.1.count > $1.1.count }) where head.hasPrefix(full.lowercased())
    {
      input.removeFirst(full.count)
      return i
    }
    for (i, full) in names.enumerated() where head.hasPrefix(full.prefix(3).lowercased()) {
      input.removeFirst(min(3, full.count))
      return i
    }
    return nil
  }
}
