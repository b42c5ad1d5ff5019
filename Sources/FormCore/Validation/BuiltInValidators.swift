// The built-in validators, in REValidation's wording. Like REValidation's,
// the format checks accept an empty value: pair them with `presence`.

/// The text a value is checked as (numbers as written, nil when none).
func text(of value: Value) -> String? {
  switch value {
  case .string(let s): return s
  case .int, .double: return Value.formatNumber(value.number!)
  default: return nil
  }
}

extension Validator {
  /// True when the validator refuses an empty value (`presence`, `count(1…)`):
  /// the row is required, and every mode marks it so.
  public var asksForValue: Bool {
    if self is PresenceValidator { return true }
    if let count = self as? CountValidator { return (count.min ?? 0) >= 1 }
    return false
  }
}

/// `presence`: refuses a blank value (see `Value.isBlank`).
public struct PresenceValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  /// `presence`, as written in `validators`.
  public var source: String { "presence" }
  /// A row with `presence` is required.
  public var marksRequired: Bool { true }
  /// One message when the value is blank, none otherwise.
  public func check(_ value: Value, item: Item) -> [String] {
    // a text starting with a printable ASCII letter is not blank (no walk over its characters)
    if case .string(let s) = value, let first = s.utf8.first, first > 0x20, first < 0x7F { return [] }
    return value.isBlank ? [item.say("valid.blank")] : []
  }
}

struct LengthValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  let source: String
  let min: Int?
  let max: Int?
  var limits: KindFacts.Limits { .init(length: .init(min: min, max: max)) }
  func check(_ value: Value, item: Item) -> [String] {
    guard let s = text(of: value), !s.isEmpty else { return [] }
    let n = s.count
    if let min, n < min {
      return [item.say("valid.too_short", ["count": String(min)])]
    }
    if let max, n > max {
      return [item.say("valid.too_long", ["count": String(max)])]
    }
    return []
  }
}

struct EmailValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  var source: String { "email" }
  func check(_ value: Value, item: Item) -> [String] {
    guard let s = text(of: value), !s.isEmpty else { return [] }
    return Self.isEmail(s) ? [] : [item.say("valid.email")]
  }

  /// local@domain.tld: no spaces, one @, a dot in the domain with letters after it.
  static func isEmail(_ s: String) -> Bool {
    let parts = s.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
    let local = parts[0]
    let domain = parts[1]
    let localOK = local.allSatisfy { c in
      c.isASCII ? (c.isLetter || c.isNumber || "!#$%&'*+/=?^_`{|}~.-".contains(c)) : c.isLetter
    }
    guard localOK, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
      return false
    }
    guard labels.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return false }
    let tld = labels.last!
    return tld.count >= 2 && tld.allSatisfy { $0.isLetter }
  }
}

struct URLValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  var source: String { "url" }
  func check(_ value: Value, item: Item) -> [String] {
    guard let s = text(of: value), !s.isEmpty else { return [] }
    return Self.isURL(s) ? [] : [item.say("valid.url")]
  }

  /// scheme://host[:port][/path…] with an http(s), ftp or similar scheme and a dotted host (or localhost).
  static func isURL(_ s: String) -> Bool {
    guard let sep = s.firstRange(of: "://") else { return false }
    let scheme = s[..<sep.lowerBound]
    guard let f = scheme.first, f.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) })
    else { return false }
    let rest = s[sep.upperBound...]
    guard !rest.contains(where: { $0.isWhitespace }) else { return false }
    var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    var host = authority
    if let colon = authority.lastIndex(of: ":") {
      let port = authority[authority.index(after: colon)...]
      guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
      host = authority[..<colon]
    }
    if host == "localhost" { return true }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2
      && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
  }
}

struct RangeValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  let source: String
  let min: Double?
  let max: Double?
  var limits: KindFacts.Limits { .init(range: .init(min: min, max: max)) }
  func check(_ value: Value, item: Item) -> [String] {
    if value.isBlank { return [] }
    guard let n = value.number ?? text(of: value).flatMap(Double.init) else {
      return [item.say("valid.not_number")]
    }
    if let min, n < min { return [item.say("valid.too_small", ["min": Value.formatNumber(min)])] }
    if let max, n > max { return [item.say("valid.too_large", ["max": Value.formatNumber(max)])] }
    return []
  }
}

struct CountValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  let source: String
  let min: Int?
  let max: Int?
  var limits: KindFacts.Limits { .init(count: .init(min: min, max: max)) }
  /// `count(1, …)` refuses an empty choice: the row is required, and every mode marks it.
  var marksRequired: Bool { (min ?? 0) >= 1 }
  func check(_ value: Value, item: Item) -> [String] {
    let n: Int
    switch value {
    case .null: n = 0
    case .list(let l): n = l.count
    default: n = 1
    }
    if let min, n < min { return [item.say("valid.too_few", ["min": String(min)])] }
    if let max, n > max { return [item.say("valid.too_many", ["max": String(max)])] }
    return []
  }
}

struct LuhnValidator: Validator {
  /// Its result depends on the value alone.
  public var checksValueAlone: Bool { true }
  var source: String { "luhn" }
  func check(_ value: Value, item: Item) -> [String] {
    let s = value["number"]?.string ?? text(of: value) ?? ""
    guard !s.isEmpty else { return [] }
    return Self.isValid(s) ? [] : [item.say("valid.card")]
  }

  /// The Luhn check digit test, ignoring spaces and dashes.
  static func isValid(_ s: String) -> Bool {
    let chars = s.filter { $0 != " " && $0 != "-" }
    guard chars.count >= 2, chars.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
    var sum = 0
    for (i, c) in chars.reversed().enumerated() {
      var d = Int(c.asciiValue! - 48)
      if i % 2 == 1 {
        d *= 2
        if d > 9 { d -= 9 }
      }
      sum += d
    }
    return sum % 10 == 0
  }
}

struct PatternValidator: Validator {
  let source: String
  let pattern: LuaPattern
  func check(_ value: Value, item: Item) -> [String] {
    guard let s = text(of: value), !s.isEmpty else { return [] }
    switch pattern.find(in: s) {
    case .found: return []
    case .notFound: return [item.say("valid.format")]
    case .tooComplex: return [item.say("valid.too_complex")]
    }
  }
}
