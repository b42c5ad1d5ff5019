import FormCore

/// The form's theme (`--theme`, `FORMRUN_THEME`, `form.theme`) as a style
/// sheet for the page (`/theme.css`, after the page's own): each role's
/// style on the parts of the page that play it. A theme's colours are a
/// terminal's names; a page on a light background draws each in a shade
/// that keeps a contrast of at least 4.5:1 (white and bright white, made for
/// dark terminals, are the page's own text colour), so no theme makes the
/// page harder to read. A row's own style (its classes) is drawn over it.
enum ThemeStyle {
  /// The parts of the page each role styles.
  static let selectors: [(Theme.Role, String)] = [
    (.title, "h1"),
    (.header, ".section-head h2, h2.page, .summary-page h3"),
    (.label, ".row label, .row legend, .summary-page dt"),
    (.value, ".row input, .row select, .row textarea, .row output, .summary-page dd"),
    (.hint, ".hint, .footer, .empty, .detail, .held"),
    (.error, ".error p, .problems h2, .problems a"),
    (.selected, ".choice input:checked + label"),
    (.disabled, ".disabled label, .disabled legend"),
  ]

  /// The style sheet of `theme`.
  static func css(_ theme: Theme) -> String {
    var out = "/* theme: \(theme.name) */\n"
    for (role, selector) in selectors {
      let declarations = self.declarations(theme.style(role))
      if !declarations.isEmpty { out += "\(selector) { \(declarations) }\n" }
    }
    // a placeholder's look, and the focus's ring
    let placeholder = declarations(theme.style(.placeholder))
    if !placeholder.isEmpty { out += ".row ::placeholder { \(placeholder) }\n" }
    let focus = theme.style(.focus)
    if let color = focus.color {
      out += ":focus-visible { outline-color: \(shade(color)) !important; }\n"
    }
    return out
  }

  /// A style's CSS declarations (empty when it adds nothing).
  static func declarations(_ s: RowStyle) -> String {
    var d: [String] = []
    if let color = s.color { d.append("color: \(shade(color))") } else if s.dim { d.append("color: #4d4d4d") }
    if s.bold { d.append("font-weight: 700") }
    if s.italic { d.append("font-style: italic") }
    if s.underline { d.append("text-decoration: underline") }
    if s.reverse {
      d.append("background: \(s.color.map(shade) ?? "#1a1a1a")")
      d.append("color: #ffffff")
    }
    return d.joined(separator: "; ")
  }

  /// A terminal colour as a shade that reads on the page's white (4.5:1 or more).
  static func shade(_ color: RowStyle.Color) -> String {
    switch color {
    case .black: return "#000000"
    case .red, .brightRed: return "#a50e0e"
    case .green, .brightGreen: return "#1b5e20"
    case .yellow, .brightYellow: return "#6b5000"
    case .blue, .brightBlue: return "#0b4fa8"
    case .magenta, .brightMagenta: return "#7b1f70"
    case .cyan, .brightCyan: return "#0b5e66"
    case .gray: return "#4d4d4d"
    case .white, .brightWhite: return "#1a1a1a"
    }
  }
}
