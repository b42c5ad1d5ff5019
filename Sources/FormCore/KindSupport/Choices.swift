/// Options a user chooses from by number (1-based), by text (any case) or by
/// a unique prefix: the shared reading of `radio`, `segmented`, `multiple` and `picker`.
struct Choices: Equatable, Sendable {
  var options: [String] { didSet { positions = Self.positions(of: options) } }
  /// Each option's index, so that finding an option by its text costs the
  /// same for 5 options or 40,000 (reading a list stays linear in its length).
  var positions: [String: Int]

  init(_ options: [String] = []) {
    self.options = options
    positions = Self.positions(of: options)
  }

  static func positions(of options: [String]) -> [String: Int] {
    var map: [String: Int] = [:]
    map.reserveCapacity(options.count)
    for (i, o) in options.enumerated() where map[o] == nil { map[o] = i }
    return map
  }

  /// The 0-based index of the option with exactly this text.
  func index(of option: String) -> Int? { positions[option] }

  /// True when this text is one of the options.
  func contains(_ option: String) -> Bool { positions[option] != nil }

  /// Above this many options, an unknown text lists the options containing it
  /// instead of every option.
  static let listLimit = 10

  /// Read a script's `options` value: an array of strings (numbers are taken as text).
  static func read(_ value: Value, key: String = "options") -> Result<Choices, OptionError> {
    guard let list = value.list else {
      return .failure(OptionError("'\(key)' must be an array of strings (got \(value.typeName))"))
    }
    var out: [String] = []
    var positions: [String: Int] = [:]
    out.reserveCapacity(list.count)
    positions.reserveCapacity(list.count)
    for v in list {
      let s: String
      switch v {
      case .string(let t): s = t
      case .int, .double: s = Value.formatNumber(v.number!)
      default: return .failure(OptionError("'\(key)' must hold strings (got a \(v.typeName))"))
      }
      guard positions.updateValue(out.count, forKey: s) == nil else {
        return .failure(OptionError("'\(key)' has '\(s)' twice"))
      }
      out.append(s)
    }
    return .success(Choices(out, positions: positions))
  }

  init(_ options: [String], positions: [String: Int]) {
    self.options = options
    self.positions = positions
  }

  struct OptionError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// The result of reading one choice.
  enum Pick: Equatable {
    /// 0-based index of the option
    case index(Int)
    case refused(String)
  }

  /// Read one choice; `what` names the row in messages ("Plan").
  func pick(_ token: String, what: String) -> Pick {
    let t = token.trimmingSpaces
    if t.isEmpty { return .refused("\(what) needs a choice (\(hint))") }
    if let i = positions[t] { return .index(i) }
    if t.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let n = Int(t), n >= 1, n <= options.count else {
        if options.isEmpty { return .refused("\(what) has no options") }
        return .refused("\(what) has no option \(t) (choose 1 to \(options.count))")
      }
      return .index(n - 1)
    }
    // one pass over the options, any case: equal, starting with, containing
    let lower = t.lowercased()
    let needle = Array(lower.utf8)
    let asciiNeedle = Cells.plainASCIICount(lower) != nil
    var same: [Int] = []
    var starting: [Int] = []
    var containing: [Int] = []
    for (i, option) in options.enumerated() {
      switch Self.match(option, lower: lower, needle: needle, asciiNeedle: asciiNeedle) {
      case .equal: same.append(i)
      case .prefix: starting.append(i)
      case .contains: containing.append(i)
      case .none: break
      }
    }
    if same.count == 1 { return .index(same[0]) }
    let prefixed = same.isEmpty ? starting : same
    if prefixed.count == 1 { return .index(prefixed[0]) }
    if prefixed.count > 1 {
      return .refused("'\(t)' could be more than one option of \(what): \(names(prefixed))")
    }
    if options.count <= Self.listLimit {
      return .refused("\(what) has no option '\(t)' (\(hint))")
    }
    // a long list is filtered by what is typed: one option containing it is chosen
    if containing.count == 1 { return .index(containing[0]) }
    if containing.isEmpty {
      return .refused("\(what) has no option '\(t)' and none contains it (choose 1 to \(options.count))")
    }
    return .refused("\(what) has no option '\(t)'; options containing it: \(names(containing, numbered: true))")
  }

  enum Match { case none, contains, prefix, equal }

  /// How `option` holds `lower` (a lowercased text) in any case. Printable
  /// ASCII on both sides is compared byte by byte, folding case, without
  /// making a lowercased copy of each option; anything else through `lowercased()`.
  static func match(_ option: String, lower: String, needle: [UInt8], asciiNeedle: Bool) -> Match {
    if asciiNeedle {
      let fast = option.utf8.withContiguousStorageIfAvailable { bytes -> Match? in
        for b in bytes where b < 0x20 || b >= 0x7f { return nil }
        return asciiMatch(bytes, needle)
      }
      if let fast, let m = fast { return m }
    }
    let l = option.lowercased()
    if l == lower { return .equal }
    if l.hasPrefix(lower) { return .prefix }
    return l.contains(lower) ? .contains : .none
  }

  static func asciiMatch(_ option: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Match {
    let m = needle.count
    guard m <= option.count else { return .none }
    var start = 0
    while start + m <= option.count {
      var k = 0
      while k < m {
        let b = option[start + k]
        // A-Z folded to a-z
        guard (b &- 65 < 26 ? b | 0x20 : b) == needle[k] else { break }
        k += 1
      }
      if k == m { return start > 0 ? .contains : m == option.count ? .equal : .prefix }
      start += 1
    }
    return .none
  }

  /// What to type, for messages: the options, or their count when there are many.
  var hint: String {
    if options.isEmpty { return "it has no options" }
    if options.count > Self.listLimit { return "choose 1 to \(options.count)" }
    return "options: " + options.joined(separator: ", ")
  }

  /// `Team, Tiny` (or `4 Finland, 9 Iceland`), at most `listLimit` of them.
  func names(_ indices: [Int], numbered: Bool = false) -> String {
    var parts = indices.prefix(Self.listLimit).map { numbered ? "\($0 + 1) \(options[$0])" : options[$0] }
    if indices.count > Self.listLimit { parts.append("and \(indices.count - Self.listLimit) more") }
    return parts.joined(separator: ", ")
  }

  /// The editor's numbered list; chosen options carry `mark`. A long list
  /// (above `listLimit`) is laid out in columns, down then across, to fit
  /// `width` characters, so 40 countries take a dozen lines, not 40.
  func listing(chosen: Set<Int>, mark: String, blank: String, width: Int = 72) -> [String] {
    let digits = String(options.count).count
    let cells = options.indices.map { i in
      let n = String(i + 1)
      return (chosen.contains(i) ? mark : blank) + " " + String(repeating: " ", count: digits - n.count) + n + "  "
        + options[i]
    }
    guard options.count > Self.listLimit else { return cells.map { "  " + $0 } }
    let cellWidth = (cells.map(\.count).max() ?? 0) + 3
    let columns = max(1, min((width - 2) / cellWidth, options.count))
    let rows = (options.count + columns - 1) / columns
    var lines: [String] = []
    for r in 0..<rows {
      var line = " "
      for c in 0..<columns {
        let i = c * rows + r
        guard i < cells.count else { break }
        let last = c == columns - 1 || (c + 1) * rows + r >= cells.count
        line += " " + (last ? cells[i] : cells[i] + String(repeating: " ", count: cellWidth - 1 - cells[i].count))
      }
      lines.append(line)
    }
    lines.append("  (type a number, an option, or part of one to narrow the list)")
    return lines
  }
}

extension Choices {
  /// The texts of a script's list of choices (numbers as typed), or the
  /// reason it is not one.
  static func tokens(_ list: [Value], label: String) -> Result<[String], Refusal> {
    var tokens: [String] = []
    for v in list {
      switch v {
      case .string(let s): tokens.append(s)
      case .int, .double: tokens.append(Value.formatNumber(v.number!))
      default:
        return .failure(Refusal(parsed: .refused("\(label) takes a list of options (got a \(v.typeName) in it)")))
      }
    }
    return .success(tokens)
  }
}

/// A reading refused, as an error.
struct Refusal: Error {
  var parsed: Parsed
}

extension Choices {
  /// The options as a script reads them back.
  var value: Value { .list(options.map { .string($0) }) }
}
