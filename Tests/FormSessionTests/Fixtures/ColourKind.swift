import FormCore

/// A kind written as a new built-in would be, with FormCore's public API only:
/// a colour by name or as `#RRGGBB`, held as lowercase `#rrggbb`. It is
/// registered by one line (`form.kinds["colour"] = ColourKind()`), and
/// every front end must describe it in its own words.
struct ColourKind: ItemKind {
  var name: String { "colour" }

  static let names = ["orange": "#ff8800", "teal": "#008080", "black": "#000000"]

  func parse(_ text: String, for item: Item) -> Parsed {
    let t = text.trimmingSpaces.lowercased()
    if t.isEmpty { return .value(.null) }
    if let hex = Self.names[t] { return .value(.string(hex)) }
    let digits = t.dropFirst()
    guard t.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
      return .refused("\(item.label) is a colour name or #RRGGBB (got '\(text)')")
    }
    return .value(.string(t))
  }

  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .string(let s): return parse(s, for: item)
    default: return .refused("\(item.label) takes a colour (got \(value.typeName))")
    }
  }

  /// The colour's name when it has one, else its hex.
  func display(_ value: Value, for item: Item) -> String {
    guard let hex = value.string else { return "" }
    return Self.names.first { $0.value == hex }?.key ?? hex
  }

  func facts(for item: Item) -> KindFacts {
    let shown = display(item.value, for: item)
    return KindFacts(
      shape: .text, noun: "colour", expects: "a colour name or #RRGGBB, e.g. #ff8800", examples: ["#ff8800", "teal"],
      typed: item.value.string, spoken: .init(shown.isEmpty ? "no colour" : "the colour " + shown))
  }
}
