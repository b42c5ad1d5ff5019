/// `masked`: digits typed into a `format` such as `(XXX) XXX-XXXX` (`X` = a digit).
/// The value is the digits alone; the row shows them in the format.
struct MaskedKind: ItemKind {
  var format: String?

  init(format: String? = nil) { self.format = format }

  var name: String { "masked" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("format", \.format, .maskFormat, "Where the digits go, one X each: \"(XXX) XXX-XXXX\".")
    ]
  }

  /// Number of `X` slots in the format; nil when there is no format.
  var slots: Int? { format.map { $0.filter { $0 == "X" }.count } }

  func parse(_ text: String, for item: Item) -> Parsed {
    if text.trimmingSpaces.isEmpty { return .value(.null) }
    // separators ("555-123 4567", "(555)") are read past; a letter is refused, never dropped
    if let bad = text.first(where: \.isLetter) {
      return .refused(
        "\(item.messageName) takes digits\(format.map { " for \($0)" } ?? ""), not letters (got '\(bad)' in '\(text.trimmingSpaces)')"
      )
    }
    var typed = Substring(text.trimmingSpaces)
    // a format's own text before the first slot ("+1 (XXX)…") may be typed too:
    // written in full (as the row shows it), it is the format's, not digits
    let lead = format.map { $0.prefix { $0 != "X" } } ?? ""
    let fixed = lead.filter { $0.isASCII && $0.isNumber }
    if !fixed.isEmpty, typed.hasPrefix(lead) { typed = typed.dropFirst(lead.count) }
    var digits = typed.filter { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else {
      if typed.isEmpty { return .value(.null) }
      return .refused(
        "\(item.messageName) takes digits\(format.map { " for \($0)" } ?? "") (got '\(text.trimmingSpaces)')")
    }
    if let slots, digits.count > slots {
      if !fixed.isEmpty, digits.hasPrefix(fixed) { digits.removeFirst(fixed.count) }
      digits = String(digits.prefix(slots))
    }
    return .value(.string(digits))
  }

  func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// The digits in the format, up to the last one filled: `(555) 123-4567`, `(555) 12`.
  func display(_ value: Value, for item: Item) -> String {
    guard let digits = value.string, !digits.isEmpty else { return "" }
    guard let format else { return digits }
    var out = ""
    var rest = digits[...]
    for c in format {
      if c == "X" {
        guard let d = rest.popFirst() else { break }
        out.append(d)
      } else {
        if rest.isEmpty { break }
        out.append(c)
      }
    }
    return out
  }

  /// Digits for the mask, with an example that fills it.
  func facts(for item: Item) -> KindFacts {
    let example = slots.map { n in String((0..<n).map { Character(String(($0 + 1) % 10)) }) } ?? "12345"
    let shown = display(item.value, for: item)
    let digits = item.value.string ?? ""
    let c = item.words
    let noun = format.map { c.say("masked.noun_format", ["format": $0]) } ?? c.say("masked.noun")
    let expects =
      format.map { c.say("masked.expects_format", ["count": String(slots ?? 0), "format": $0, "example": example]) }
      ?? c.say("masked.expects", ["example": example])
    return KindFacts(
      shape: .masked(.init(format: format)), noun: noun, expects: expects, examples: [example],
      typed: digits.isEmpty ? nil : digits, spoken: .init(shown.isEmpty ? c.say("value.empty_word") : shown))
  }

  /// `(555) 123-4567 (the format holds 10 digits; 3 more were cut)` when typed digits did not fit.
  func adjustment(of text: String, to value: Value, for item: Item) -> String? {
    guard let slots, let kept = value.string else { return nil }
    var typed = text.filter { $0.isASCII && $0.isNumber }
    let fixed = (format ?? "").prefix { $0 != "X" }.filter { $0.isASCII && $0.isNumber }
    if typed.count > slots, !fixed.isEmpty, typed.hasPrefix(fixed) { typed.removeFirst(fixed.count) }
    guard typed.count > kept.count else { return nil }
    let cut = typed.count - kept.count
    return typed + " → " + display(value, for: item)
      + item.words.say("masked.cut", ["slots": String(slots), "count": String(cut)])
  }
}

extension OptionCodec where T == String? {
  /// A mask with at least one `X` (nil: digits as typed).
  static var maskFormat: Self {
    Self(
      type: "string?",
      decode: { value, key throws(OptionError) in
        switch value {
        case .null: return nil
        case .string(let s) where s.contains("X"): return s
        case .string: throw OptionError("'\(key)' needs at least one X, the place of a digit")
        default: throw OptionError("'\(key)' must be a string like \"(XXX) XXX-XXXX\" (got \(value.typeName))")
        }
      }, encode: { $0.map { .string($0) } ?? .null })
  }
}
