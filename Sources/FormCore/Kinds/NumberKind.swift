/// `number`: an integer or a decimal, within `min`…`max`, with at most `decimals`
/// digits after the point (`decimals = 0`: whole numbers only).
///
/// The value is an integer when `decimals` is 0, or unset and the text has no
/// point; otherwise a float.
public struct NumberKind: ItemKind {
  public var min: Double?
  public var max: Double?
  public var decimals: Int?

  public init(min: Double? = nil, max: Double? = nil, decimals: Int? = nil) {
    self.min = min
    self.max = max
    self.decimals = decimals
  }

  public var name: String { "number" }
  public static var optionTable: [KindOption<Self>] {
    [
      KindOption("min", \.min, .optional(.number(limit: .greatestFiniteMagnitude)), "The smallest value accepted."),
      KindOption("max", \.max, .optional(.number(limit: .greatestFiniteMagnitude)), "The largest value accepted."),
      KindOption(
        "decimals", \.decimals, .optional(.whole(in: 0...15)), "Digits allowed after the point (0: whole numbers)."),
    ]
  }

  public func parse(_ text: String, for item: Item) -> Parsed {
    guard let n = NumberText.read(text) else {
      return .refused("\(item.messageName) must be a number (got '\(text.trimmingSpaces)')")
    }
    return checked(n.value, decimals: n.decimals, integerText: n.isInteger, for: item)
  }

  public func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .int(let i): return checked(Double(i), decimals: 0, integerText: true, for: item)
    case .double(let d):
      guard d.isFinite else { return .refused("\(item.messageName) must be a finite number") }
      return checked(d, decimals: NumberText.decimals(of: d), integerText: false, for: item)
    case .string(let s): return parse(s, for: item)
    default: return .refused("\(item.messageName) takes a number (got \(value.typeName))")
    }
  }

  func checked(_ x: Double, decimals places: Int, integerText: Bool, for item: Item) -> Parsed {
    let shown = Value.formatNumber(x)
    if decimals == 0, places > 0 { return .refused("\(item.messageName) must be a whole number (got \(shown))") }
    if let decimals, places > decimals {
      return .refused("\(item.messageName) takes at most \(decimals) decimal\(decimals == 1 ? "" : "s") (got \(shown))")
    }
    if let min, x < min { return .refused("\(item.messageName) must be at least \(Value.formatNumber(min))") }
    if let max, x > max { return .refused("\(item.messageName) must be at most \(Value.formatNumber(max))") }
    let integral = x == x.rounded() && abs(x) < 9e15
    if integral && (decimals == 0 || (decimals == nil && integerText)) { return .value(.int(Int(x))) }
    return .value(.double(x))
  }

  public func display(_ value: Value, for item: Item) -> String {
    guard let x = value.number else { return "" }
    if let decimals, decimals > 0, case .double = value { return NumberText.fixed(x, decimals: decimals) }
    return Value.formatNumber(x)
  }

  public func activate(_ item: Item) -> Activation {
    var hint = decimals == 0 ? "a whole number" : "a number"
    switch (min, max) {
    case (let lo?, let hi?): hint += " from \(Value.formatNumber(lo)) to \(Value.formatNumber(hi))"
    case (let lo?, nil): hint += " of at least \(Value.formatNumber(lo))"
    case (nil, let hi?): hint += " of at most \(Value.formatNumber(hi))"
    case (nil, nil): break
    }
    if let decimals, decimals > 0 { hint += ", up to \(decimals) decimal\(decimals == 1 ? "" : "s")" }
    return .edit(["\(item.messageName) (\(hint)):"])
  }
}
