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

/// `item.style = { color = "red", bold = true, dim = true, italic = true,
/// underline = true, reverse = true, align = "right" }`: the codec between a
/// script's table and `RowStyle`.
extension OptionCodec where T == RowStyle? {
  static var rowStyle: Self {
    Self(
      type:
        "{ color: string?, bold: boolean?, dim: boolean?, italic: boolean?, underline: boolean?, reverse: boolean?, align: \"left\"|\"center\"|\"right\"? }?",
      decode: { v, _ throws(OptionError) in try RowStyleTable.style(v) },
      encode: { $0.map(RowStyleTable.value) ?? .null })
  }
}

enum RowStyleTable {
  static let fields = ["color", "bold", "dim", "italic", "underline", "reverse", "align"]
  /// A theme role's fields: a row's but the alignment.
  static let roleFields = fields.filter { $0 != "align" }

  /// A row's style (`forRole`: a theme role's, which has no alignment).
  static func style(_ v: Value, forRole: Bool = false) throws(OptionError) -> RowStyle? {
    if v.isNull { return nil }
    if v == .list([]) { return nil }  // `{}`: no style
    let allowed = forRole ? roleFields : fields
    guard case .record(let fields) = v else { throw OptionError("a table with \(listing(allowed)) expected") }
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
      case "bold", "dim", "italic", "underline", "reverse":
        guard case .bool(let b) = f.value else { throw OptionError("bad \(f.key) (true or false expected)") }
        switch f.key {
        case "bold": s.bold = b
        case "dim": s.dim = b
        case "italic": s.italic = b
        case "underline": s.underline = b
        default: s.reverse = b
        }
      case "align" where !forRole:
        let names = RowStyle.Align.allCases.map(\.rawValue)
        guard let a = f.value.string.flatMap(RowStyle.Align.init) else {
          throw OptionError("bad align (expected \(listing(names)))")
        }
        s.align = a
      default:
        let hint = suggestion(for: f.key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        let what = forRole ? "style field" : "row style field"
        throw OptionError("unknown \(what) '\(short(f.key))'\(hint) (expected \(listing(allowed)))")
      }
    }
    return s.isPlain ? nil : s
  }

  static func value(_ s: RowStyle) -> Value {
    var f: [Value.Field] = []
    if let c = s.color { f.append(.init("color", .string(c.rawValue))) }
    if s.bold { f.append(.init("bold", .bool(true))) }
    if s.dim { f.append(.init("dim", .bool(true))) }
    if s.italic { f.append(.init("italic", .bool(true))) }
    if s.underline { f.append(.init("underline", .bool(true))) }
    if s.reverse { f.append(.init("reverse", .bool(true))) }
    if s.align != .left { f.append(.init("align", .string(s.align.rawValue))) }
    return .record(f)
  }
}

/// `form.theme = "light"`, or a table of roles over a built-in theme:
/// `{ base = "light", error = { color = "magenta", bold = true } }`. Names,
/// roles and fields are checked where they are set, with a did-you-mean.
extension OptionCodec where T == Theme? {
  static var theme: Self {
    Self(
      type: "string|{ base: string?, [string]: formrun.RowStyle }?",
      decode: { v, _ throws(OptionError) in try ThemeTable.theme(v) },
      encode: { $0.map(ThemeTable.value) ?? .null })
  }
}

enum ThemeTable {
  static let roles = Theme.Role.allCases.map(\.rawValue)

  static func theme(_ v: Value) throws(OptionError) -> Theme? {
    switch v {
    case .null: return nil
    case .string(let name):
      guard let t = Theme.named(name) else { throw OptionError(Theme.unknown(name)) }
      return t
    case .list([]): return Theme.standard  // `{}`: the default, nothing changed
    case .record(let fields):
      var theme = Theme.standard
      if let base = fields.first(where: { $0.key == "base" })?.value {
        guard let name = base.string else {
          throw OptionError("bad base (a theme's name expected, got \(base.typeName))")
        }
        guard let t = Theme.named(name) else { throw OptionError("bad base: " + Theme.unknown(name)) }
        theme = t
      }
      for f in fields where f.key != "base" {
        guard let role = Theme.Role(rawValue: f.key) else {
          let hint = suggestion(for: f.key, among: roles + ["base"]).map { " (did you mean '\($0)'?)" } ?? ""
          throw OptionError(
            "unknown theme role '\(short(f.key))'\(hint); the roles are \(roles.joined(separator: ", ")) and base")
        }
        do throws(OptionError) {
          theme.set(role, try RowStyleTable.style(f.value, forRole: true) ?? RowStyle())
        } catch {
          throw OptionError("\(f.key): \(error.message)")
        }
      }
      return theme
    default:
      throw OptionError("a theme's name or a table of roles expected (got \(v.typeName))")
    }
  }

  /// A built-in theme as its name; one changed by a script as its base and the changed roles.
  static func value(_ t: Theme) -> Value {
    guard let base = Theme.named(t.name) else { return .string(t.name) }
    let changes = t.changes(from: base)
    if changes.isEmpty { return .string(t.name) }
    return .record(
      [.init("base", .string(t.name))] + changes.map { .init($0.role.rawValue, RowStyleTable.value($0.style)) })
  }
}
