import FormCore

/// `style = { border = ..., width = ..., color = ... }`: the codec between a
/// script's table and `Style` (the form's and a section's `style`).
extension OptionCodec where T == Style? {
  static var style: Self {
    Self(
      type: "{ border: string?, width: integer?, color: string? }?",
      decode: { v, _ throws(OptionError) in try StyleTable.style(v) }, encode: { $0.map(StyleTable.value) ?? .null })
  }
}

extension OptionCodec where T == Style {
  /// A style that is never absent: nil is the plain style.
  static var formStyle: Self {
    let style = OptionCodec<Style?>.style
    return Self(
      type: "{ border: string?, width: integer?, color: string? }",
      decode: { v, key throws(OptionError) in try style.decode(v, key) ?? Style() }, encode: StyleTable.value)
  }
}

enum StyleTable {
  static func style(_ v: Value) throws(OptionError) -> Style? {
    if v.isNull { return nil }
    if v == .list([]) { return Style() }  // `{}`, as an unstyled form reads back
    guard case .record(let fields) = v else { throw OptionError("a table with border, width, color expected") }
    var s = Style()
    for f in fields {
      switch f.key {
      case "border":
        guard let b = f.value.string.flatMap(Style.Border.init) else {
          throw OptionError("bad border (expected \(listing(Style.Border.allCases.map(\.rawValue))))")
        }
        s.border = b
      case "color":
        guard let c = f.value.string.flatMap(Style.Color.init) else {
          throw OptionError("bad color (expected \(listing(Style.Color.allCases.map(\.rawValue))))")
        }
        s.color = c
      case "width":
        guard let w = f.value.number, w >= 20, w <= 1000, w == w.rounded() else {
          throw OptionError("bad width (a whole number from 20 to 1000 expected)")
        }
        s.width = Int(w)
      default:
        throw OptionError("unknown style field '\(short(f.key))' (expected border, width or color)")
      }
    }
    return s
  }

  static func value(_ s: Style) -> Value {
    var f: [Value.Field] = []
    if let b = s.border { f.append(.init("border", .string(b.rawValue))) }
    if let w = s.width { f.append(.init("width", .int(w))) }
    if let c = s.color { f.append(.init("color", .string(c.rawValue))) }
    return .record(f)
  }
}
