/// `masked`: digits typed into a `format` such as `(XXX) XXX-XXXX` (`X` = a digit).
/// The value is the digits alone; the row shows them in the format.
public struct MaskedKind: ItemKind {
  public var format: String?

  public init(format: String? = nil) { self.format = format }

  public var name: String { "masked" }
  public static var optionTable: [KindOption<Self>] {
    [
      KindOption("format", \.format, .maskFormat, "Where the digits go, one X each: \"(XXX) XXX-XXXX\".")
    ]
  }

  /// Number of `X` slots in the format; nil when there is no format.
  var slots: Int? { format.map { $0.filter { $0 == "X" }.count } }

  public func parse(_ text: String, for item: Item) -> Parsed {
    if text.trimmingSpaces.isEmpty { return .value(.null) }
    var digits = text.filter { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else {
      return .refused(
        "\(item.messageName) takes digits\(format.map { " for \($0)" } ?? "") (got '\(text.trimmingSpaces)')")
    }
    if let format, let slots, digits.count > slots {
      // a format's own digits before the first slot ("+1 (XXX)…") may be typed too
      let fixed = format.prefix { $0 != "X" }.filter { $0.isASCII && $0.isNumber }
      if !fixed.isEmpty, digits.hasPrefix(fixed) { digits.removeFirst(fixed.count) }
      digits = String(digits.prefix(slots))
    }
    return .value(.string(digits))
  }

  public func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// The digits in the format, up to the last one filled: `(555) 123-4567`, `(555) 12`.
  public func display(_ value: Value, for item: Item) -> String {
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

  public func activate(_ item: Item) -> Activation {
    .edit([item.label + (format.map { ", as \($0) (only the digits are read):" } ?? " (digits):")])
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
