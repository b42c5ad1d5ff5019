/// The colours of a screen; `plain` adds nothing, so what it draws is the
/// whole content and colour is only ever an addition.
public struct Theme: Sendable {
  var enabled: Bool

  /// No colour: the text alone, for pipes, files and tests.
  public static let plain = Theme(enabled: false)
  /// ANSI colours for a terminal: bold titles, dim borders, cyan values, red errors.
  public static let ansi = Theme(enabled: true)

  func wrap(_ s: String, _ code: String) -> String {
    enabled && !s.isEmpty ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s
  }

  func title(_ s: String) -> String { wrap(s, "1") }
  func header(_ s: String) -> String { wrap(s, "1") }
  func dim(_ s: String) -> String { wrap(s, "2") }
  func value(_ s: String) -> String { wrap(s, "36") }
  func error(_ s: String) -> String { wrap(s, "31") }
  func border(_ s: String) -> String { wrap(s, "2") }
}
