import FormCore

/// The colours of a screen; `plain` adds nothing, so what it draws is the
/// whole content and colour is only ever an addition.
public struct Theme: Sendable {
  var enabled: Bool
  /// Without colour, a row's own bold and dim are still drawn (a terminal
  /// with `NO_COLOR` set, or `color = "never"`).
  var emphasis = false

  /// No colour: the text alone, for pipes, files and tests.
  public static let plain = Theme(enabled: false)
  /// ANSI colours for a terminal: bold titles, dim borders, cyan values, red errors.
  public static let ansi = Theme(enabled: true)
  /// A terminal asked for no colour: the plain look, and a row's own bold and dim.
  public static let emphasisOnly = Theme(enabled: false, emphasis: true)

  /// This theme without colour (a section's `color = "never"`).
  var withoutColor: Theme { enabled || emphasis ? .emphasisOnly : .plain }

  func wrap(_ s: String, _ code: String) -> String {
    enabled && !s.isEmpty ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s
  }

  func title(_ s: String) -> String { wrap(s, "1") }
  func header(_ s: String) -> String { wrap(s, "1") }
  func dim(_ s: String) -> String { wrap(s, "2") }
  func value(_ s: String) -> String { wrap(s, "36") }
  func error(_ s: String) -> String { wrap(s, "31") }
  func border(_ s: String) -> String { wrap(s, "2") }

  /// `s` in a row's own style over `base` (the part's own colour, `36` for
  /// a value), or as `otherwise` draws it when the row has no style.
  func row(_ s: String, _ style: RowStyle?, base: String? = nil, otherwise: (String) -> String) -> String {
    guard let style, !s.isEmpty, enabled || emphasis else { return otherwise(s) }
    guard var codes = style.codes(color: enabled) else { return otherwise(s) }
    if enabled, style.color == nil, let base { codes += ";" + base }
    return "\u{1B}[" + codes + "m" + s + "\u{1B}[0m"
  }
}
