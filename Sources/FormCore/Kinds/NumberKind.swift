/// `number`: an integer or a decimal, within `min`…`max`, with at most `decimals`
/// digits after the point (`decimals = 0`: whole numbers only).
///
/// The value is an integer when `decimals` is 0, or unset and the text has no
/// point; otherwise a float.
struct NumberKind: ItemKind, Sendable {
  var min: Double?
  var max: Double?
  var decimals: Int?

  init(min: Double? = nil, max: Double? = nil, decimals: Int? = nil) {
    self.min = min
    self.max = max
    self.decimals = decimals
  }

  var name: String { "number" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("min", \.min, .optional(.number(limit: .greatestFiniteMagnitude)), "The smallest value accepted."),
      KindOption("max", \.max, .optional(.number(limit: .greatestFiniteMagnitude)), "The largest value accepted."),
      KindOption(
        "decimals", \.decimals, .optional(.whole(in: 0...15)), "Digits allowed after the point (0: whole numbers)."),
    ]
  }

  func parse(_ text: String, for item: Item) -> Parsed {
    guard let n = NumberText.read(text) else {
      return .refused(item.say("number.not_number", ["got": text.trimmingSpaces]))
    }
    if let why = n.vanished(text, for: item) { return .refused(why) }
    return checked(
      n.value, exact: n.integer, decimals: n.decimals, integerText: n.isInteger, typed: text.trimmingSpaces, for: item)
  }

  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .int(let i): return checked(Double(i), exact: i, decimals: 0, integerText: true, for: item)
    case .double(let d):
      guard d.isFinite else { return .refused("\(item.messageName) must be a finite number") }
      return checked(d, exact: Int(exactly: d), decimals: NumberText.decimals(of: d), integerText: false, for: item)
    case .string(let s): return parse(s, for: item)
    default: return .refused("\(item.messageName) takes a number (got \(value.typeName))")
    }
  }

  /// Numbers are held in 64 bits: whole numbers exactly (an Int), others as a Double.
  static let limit = 0x1p63

  /// `x` checked against the options; `exact` is its value when it is a whole
  /// number an Int holds (a Double cannot hold every 64-bit whole number).
  func checked(
    _ x: Double, exact: Int?, decimals places: Int, integerText: Bool, typed: String? = nil, for item: Item
  ) -> Parsed {
    let shown =
      typed.map { $0.hasPrefix("+") ? String($0.dropFirst()) : $0 } ?? exact.map { String($0) }
      ?? NumberText.plain(x)
    if decimals == 0, places > 0 { return .refused(item.say("number.whole", ["got": shown])) }
    if let decimals, places > decimals {
      return .refused(item.say("number.decimals", ["count": String(decimals), "got": shown]))
    }
    let whole = places == 0 && (decimals == 0 || (decimals == nil && integerText))
    if whole, let n = exact {
      // compared exactly: 2^53 + 1 is above a max of 2^53
      if let min, min > -Self.limit, min >= Self.limit || n < Int(min.rounded(.up)) {
        return .refused(item.say("number.at_least", ["min": NumberText.plain(min)]))
      }
      if let max, max < Self.limit, max < -Self.limit || n > Int(max.rounded(.down)) {
        return .refused(item.say("number.at_most", ["max": NumberText.plain(max)]))
      }
      return .value(.int(n))
    }
    guard abs(x) < Self.limit else {
      if x < 0 {
        return .refused(item.say("number.too_small", ["got": shown]))
      }
      return .refused(item.say("number.too_large", ["got": shown]))
    }
    if let min, x < min { return .refused(item.say("number.at_least", ["min": NumberText.plain(min)])) }
    if let max, x > max { return .refused(item.say("number.at_most", ["max": NumberText.plain(max)])) }
    return .value(.double(x))
  }

  func display(_ value: Value, for item: Item) -> String {
    if case .int(let n) = value { return String(n) }
    guard let x = value.number else { return "" }
    if let decimals, decimals > 0 { return NumberText.fixed(x, decimals: decimals) }
    return NumberText.plain(x)
  }

  /// A number in its range, with its decimals; an example the row takes.
  func facts(for item: Item) -> KindFacts {
    // the bounds a row's `range` validator narrows are said once, as the kind's own
    let bounds = KindFacts.Bounds(min: min, max: max).narrowed(by: item.validatorLimits.range)
    let (min, max) = (bounds.min, bounds.max)
    let c = item.words
    let range = NumberText.rangeWords(min, max, c)
    var expects = c.say(decimals == 0 ? "number.a_whole" : "number.a_number", ["range": range])
    if let decimals, decimals > 0 { expects += c.say("number.up_to_decimals", ["count": String(decimals)]) }
    // the first of a few round numbers the row takes (a bound, else 0 or 1)
    let candidates = [min.map { $0.rounded(.up) }, max.map { $0.rounded(.down) }, 0, 1, min, max]
    let example = candidates.compactMap { $0 }.map(NumberText.plain).first { text in
      if case .value = parse(text, for: item) { return true } else { return false }
    }
    let shown = display(item.value, for: item)
    return KindFacts(
      shape: .number(slider: false), noun: c.say("number.noun", ["range": range]), expects: expects,
      examples: example.map { [$0] } ?? [],
      limits: .init(range: .init(min: min, max: max), decimals: decimals), typed: NumberText.typed(item.value),
      spoken: .init(shown.isEmpty ? c.say("value.empty_word") : shown))
  }
}
