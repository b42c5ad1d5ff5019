import FormCore

/// `style = { border = ..., width = ..., color = ... }`: the codec between a
/// script's table and `Style` (the form's and a section's `style`).
extension OptionCodec where T == Style? {
  static var style: Self {
    Self(
      type: "{ border: string?, width: integer?, color: string?, wrap: boolean? }?",
      decode: { v, _ throws(OptionError) in try StyleTable.style(v) }, encode: { $0.map(StyleTable.value) ?? .null })
  }
}

extension OptionCodec where T == Style {
  /// A style that is never absent: nil is the plain style.
  static var formStyle: Self {
    let style = OptionCodec<Style?>.style
    return Self(
      type: "{ border: string?, width: integer?, color: string?, wrap: boolean? }",
      decode: { v, key throws(OptionError) in try style.decode(v, key) ?? Style() }, encode: StyleTable.value)
  }
}

enum StyleTable {
  static func style(_ v: Value) throws(OptionError) -> Style? {
    if v.isNull { return nil }
    if v == .list([]) { return Style() }  // `{}`, as an unstyled form reads back
    guard case .record(let fields) = v else { throw OptionError("a table with border, width, color, wrap expected") }
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
      case "wrap":
        guard case .bool(let b) = f.value else { throw OptionError("bad wrap (true or false expected)") }
        s.wrap = b
      case "width":
        guard let w = f.value.number, w >= 20, w <= 1000, w == w.rounded() else {
          throw OptionError("bad width (a whole number from 20 to 1000 expected)")
        }
        s.width = Int(w)
      default:
        throw OptionError("unknown style field '\(short(f.key))' (expected border, width, color or wrap)")
      }
    }
    return s
  }

  static func value(_ s: Style) -> Value {
    var f: [Value.Field] = []
    if let b = s.border { f.append(.init("border", .string(b.rawValue))) }
    if let w = s.width { f.append(.init("width", .int(w))) }
    if let c = s.color { f.append(.init("color", .string(c.rawValue))) }
    if let w = s.wrap { f.append(.init("wrap", .bool(w))) }
    return .record(f)
  }
}

/// `item.style = { color = "red", bold = true, dim = true, align = "right" }`:
/// the codec between a script's table and `RowStyle`.
extension OptionCodec where T == RowStyle? {
  static var rowStyle: Self {
    Self(
      type: "{ color: string?, bold: boolean?, dim: boolean?, align: \"left\"|\"center\"|\"right\"? }?",
      decode: { v, _ throws(OptionError) in try RowStyleTable.style(v) },
      encode: { $0.map(RowStyleTable.value) ?? .null })
  }
}

enum RowStyleTable {
  static let fields = ["color", "bold", "dim", "align"]

  static func style(_ v: Value) throws(OptionError) -> RowStyle? {
    if v.isNull { return nil }
    if v == .list([]) { return nil }  // `{}`: no style
    guard case .record(let fields) = v else { throw OptionError("a table with color, bold, dim, align expected") }
    var s = RowStyle()
    for f in fields {
      switch f.key {
      case "color":
        let names = RowStyle.Color.allCases.map(\.rawValue)
        guard let name = f.value.string else {
          throw OptionError("bad color (a colour name expected: \(listing(names)))")
        }
        guard let c = RowStyle.Color(rawValue: name) else {
          let hint = suggestion(for: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
          throw OptionError("unknown color '\(short(name))'\(hint); the colours are \(listing(names))")
        }
        s.color = c
      case "bold", "dim":
        guard case .bool(let b) = f.value else { throw OptionError("bad \(f.key) (true or false expected)") }
        if f.key == "bold" { s.bold = b } else { s.dim = b }
      case "align":
        let names = RowStyle.Align.allCases.map(\.rawValue)
        guard let a = f.value.string.flatMap(RowStyle.Align.init) else {
          throw OptionError("bad align (expected \(listing(names)))")
        }
        s.align = a
      default:
        let hint = suggestion(for: f.key, among: Self.fields).map { " (did you mean '\($0)'?)" } ?? ""
        throw OptionError("unknown row style field '\(short(f.key))'\(hint) (expected color, bold, dim or align)")
      }
    }
    return s.isPlain ? nil : s
  }

  static func value(_ s: RowStyle) -> Value {
    var f: [Value.Field] = []
    if let c = s.color { f.append(.init("color", .string(c.rawValue))) }
    if s.bold { f.append(.init("bold", .bool(true))) }
    if s.dim { f.append(.init("dim", .bool(true))) }
    if s.align != .left { f.append(.init("align", .string(s.align.rawValue))) }
    return .record(f)
  }
}
