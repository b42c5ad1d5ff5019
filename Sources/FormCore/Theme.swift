/// The look of what a front end draws, role by role (the title, a header,
/// the focus, a value, an error…), each a style like a row's own
/// (`RowStyle`: a colour, bold, dim, italic, underline, reverse), and how
/// much of it is drawn here (colour, emphasis alone, or nothing). Built in:
/// `default`, `high-contrast`, `monochrome` and `light` (for light
/// backgrounds); a script gives its own (`form.theme`). Chosen by
/// `--theme`, then `FORMRUN_THEME`, then `form.theme`. Only ever an
/// addition: nothing formrun says depends on it, a row's own `style` is
/// drawn over it, and the accessible voice ignores it.
public struct Theme: Equatable, Sendable {
  /// What a front end draws in a theme's styles.
  public enum Role: String, CaseIterable, Sendable {
    /// The form's title.
    case title
    /// A section's header (and a page's heading).
    case header
    /// A box's lines.
    case border
    /// A row's number (and its accessory's mark).
    case number
    /// A row's title.
    case label
    /// A row's value.
    case value
    /// What an empty row shows in place of a value (`placeholder`).
    case placeholder
    /// Help: a row's description, a section's footer, what to type, the keys.
    case hint
    /// An error.
    case error
    /// The row (or option) the focus is on.
    case focus
    /// A chosen option in a list.
    case selected
    /// A row that cannot be edited.
    case disabled

    /// Its place in `Role.allCases`.
    var index: Int {
      switch self {
      case .title: return 0
      case .header: return 1
      case .border: return 2
      case .number: return 3
      case .label: return 4
      case .value: return 5
      case .placeholder: return 6
      case .hint: return 7
      case .error: return 8
      case .focus: return 9
      case .selected: return 10
      case .disabled: return 11
      }
    }
  }

  /// How much of a theme a place draws.
  public enum Output: Sendable, Equatable {
    /// Nothing: the text alone (pipes, files, tests).
    case plain
    /// No colour, but a row's own bold and dim (a terminal with `NO_COLOR`,
    /// `--color never`); roles draw nothing.
    case emphasis
    /// Every role's style, colour included.
    case color
  }

  /// The theme's name (`default`, `high-contrast`…; `custom` for a script's table).
  public var name: String
  /// How much of it is drawn.
  public private(set) var output: Output
  /// One style per role, in `Role.allCases` order.
  private var styles: [RowStyle]
  /// Each role's SGR codes when colour is drawn (made once, not per row drawn).
  private var colorCodes: [String?]

  /// A theme of these styles (a role left out adds nothing), drawn as `output` says.
  public init(name: String, _ styles: [Role: RowStyle], output: Output = .color) {
    self.name = name
    self.output = output
    self.styles = Role.allCases.map { styles[$0] ?? RowStyle() }
    colorCodes = self.styles.map { $0.codes(color: true) }
  }

  /// The style of `role`.
  public func style(_ role: Role) -> RowStyle { styles[role.index] }

  /// Set the style of `role` (a script's table over a built-in theme).
  public mutating func set(_ role: Role, _ style: RowStyle) {
    styles[role.index] = style
    colorCodes[role.index] = style.codes(color: true)
  }

  /// The roles whose style differs from `base`'s, in role order.
  public func changes(from base: Theme) -> [(role: Role, style: RowStyle)] {
    Role.allCases.compactMap { style($0) == base.style($0) ? nil : ($0, style($0)) }
  }

  /// The SGR codes (`1;36`) `role` is drawn with where this theme is drawn:
  /// nil when it adds nothing, or colour is not drawn (`output`).
  public func codes(_ role: Role) -> String? { output == .color ? colorCodes[role.index] : nil }

  /// The SGR codes of `role` with colour or without it (bold, dim, italic,
  /// underline and reverse kept), whatever `output` says: for a front end
  /// that keeps emphasis without colour (the screen mode).
  public func codes(_ role: Role, color: Bool) -> String? {
    color ? colorCodes[role.index] : styles[role.index].codes(color: false)
  }

  /// True when colour is drawn.
  public var enabled: Bool { output == .color }
  /// True when a row's own bold and dim are drawn without colour.
  public var emphasis: Bool { output == .emphasis }

  /// This theme drawn as `output` says.
  public func drawn(_ output: Output) -> Theme {
    var t = self
    t.output = output
    return t
  }

  /// This theme without colour (a section's `color = "never"`).
  public var withoutColor: Theme { output == .plain ? self : drawn(.emphasis) }
}

extension Theme {
  /// The look formrun has always had: bold titles and headers, dim lines
  /// and help, cyan values, red errors, the focus in reverse video.
  public static let standard = Theme(
    name: "default",
    [
      .title: RowStyle(bold: true), .header: RowStyle(bold: true), .border: RowStyle(dim: true),
      .number: RowStyle(dim: true), .value: RowStyle(color: .cyan), .placeholder: RowStyle(dim: true),
      .hint: RowStyle(dim: true), .error: RowStyle(color: .red), .focus: RowStyle(reverse: true),
      .selected: RowStyle(bold: true), .disabled: RowStyle(dim: true),
    ])

  /// Bright colours and no dim text, for low vision or a washed-out screen.
  public static let highContrast = Theme(
    name: "high-contrast",
    [
      .title: RowStyle(color: .brightWhite, bold: true), .header: RowStyle(color: .brightYellow, bold: true),
      .border: RowStyle(color: .white), .number: RowStyle(color: .white), .label: RowStyle(color: .brightWhite),
      .value: RowStyle(color: .brightCyan, bold: true), .placeholder: RowStyle(color: .white, italic: true),
      .hint: RowStyle(color: .white), .error: RowStyle(color: .brightRed, bold: true),
      .focus: RowStyle(bold: true, reverse: true), .selected: RowStyle(color: .brightYellow, bold: true),
      .disabled: RowStyle(color: .white, italic: true),
    ])

  /// No colour at all: bold, dim, italic, underline and reverse video only.
  public static let monochrome = Theme(
    name: "monochrome",
    [
      .title: RowStyle(bold: true), .header: RowStyle(bold: true, underline: true), .border: RowStyle(dim: true),
      .number: RowStyle(dim: true), .value: RowStyle(bold: true), .placeholder: RowStyle(dim: true, italic: true),
      .hint: RowStyle(dim: true), .error: RowStyle(bold: true, underline: true), .focus: RowStyle(reverse: true),
      .selected: RowStyle(bold: true), .disabled: RowStyle(dim: true),
    ])

  /// Dark colours that read on a light background (no cyan, yellow or white).
  public static let light = Theme(
    name: "light",
    [
      .title: RowStyle(color: .black, bold: true), .header: RowStyle(color: .blue, bold: true),
      .border: RowStyle(color: .gray), .number: RowStyle(color: .gray), .value: RowStyle(color: .blue),
      .placeholder: RowStyle(color: .gray, italic: true), .hint: RowStyle(color: .gray),
      .error: RowStyle(color: .red, bold: true), .focus: RowStyle(reverse: true),
      .selected: RowStyle(color: .magenta, bold: true), .disabled: RowStyle(color: .gray),
    ])

  /// The built-in themes, the default first.
  public static var builtIn: [Theme] { [standard, highContrast, monochrome, light] }

  /// Their names, as `--theme`, `FORMRUN_THEME` and `form.theme` take them
  /// (written out: the flag table reads them at every start, and only the
  /// theme drawn is made).
  public static let names = ["default", "high-contrast", "monochrome", "light"]

  /// The built-in theme so named.
  public static func named(_ name: String) -> Theme? {
    switch name {
    case "default": return standard
    case "high-contrast": return highContrast
    case "monochrome": return monochrome
    case "light": return light
    default: return nil
    }
  }

  /// No colour: the text alone, for pipes, files and tests.
  public static let plain = standard.drawn(.plain)
  /// The default theme with colour, for a terminal.
  public static let ansi = standard.drawn(.color)
  /// A terminal asked for no colour: the plain look, and a row's own bold and dim.
  public static let emphasisOnly = standard.drawn(.emphasis)

  /// Why a theme's name cannot be used: `unknown theme 'contrast' (did you
  /// mean 'high-contrast'?); the themes are default, high-contrast, monochrome and light`.
  public static func unknown(_ name: String) -> String {
    // a typo, or the start of one name (`mono`, `high`)
    let lower = name.lowercased()
    let starting = lower.isEmpty ? [] : names.filter { $0.hasPrefix(lower) }
    let likely = suggestion(for: name, among: names) ?? (starting.count == 1 ? starting[0] : nil)
    let hint = likely.map { " (did you mean '\($0)'?)" } ?? ""
    let all = names.dropLast().joined(separator: ", ") + " and " + names.last!
    return "unknown theme '\(Cells.sanitize(String(name.prefix(40))))'\(hint); the themes are \(all)"
  }

  /// The theme a run draws with: `--theme` (the person's choice for this
  /// run), else `FORMRUN_THEME` (their usual one), else the form's own,
  /// else the default; with what to say of a name that is none of them
  /// (it is then passed over, as an unknown `NO_COLOR` value would be).
  public static func chosen(flag: String?, environment: String?, form: Theme?) -> (theme: Theme, problem: String?) {
    var problem: String?
    if let flag {
      if let t = named(flag) { return (t, nil) }
      problem = "--theme: " + unknown(flag)
    }
    if let environment, !environment.isEmpty {
      if let t = named(environment) { return (t, problem) }
      problem = problem ?? "FORMRUN_THEME: " + unknown(environment) + "; it is passed over"
    }
    return (form ?? standard, problem)
  }
}
