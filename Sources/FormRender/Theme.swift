import FormCore

/// How the framed form draws a theme's roles (`Theme`, FormCore): SGR codes
/// around a part when colour is drawn, nothing otherwise, so that what is
/// drawn plain is the whole content and colour is only ever an addition.
extension Theme {
  /// `s` in `role`'s style (as it is when colour is off: `s` alone).
  func paint(_ s: String, _ role: Role) -> String {
    guard let code = codes(role), !s.isEmpty else { return s }
    return "\u{1B}[" + code + "m" + s + "\u{1B}[0m"
  }

  func title(_ s: String) -> String { paint(s, .title) }
  func header(_ s: String) -> String { paint(s, .header) }
  func hint(_ s: String) -> String { paint(s, .hint) }
  func number(_ s: String) -> String { paint(s, .number) }
  func error(_ s: String) -> String { paint(s, .error) }
  func border(_ s: String) -> String { paint(s, .border) }

  /// `s` in a row's own style over `role`'s (the role's codes follow the
  /// row's when the row gives no colour), or in `role`'s when the row has no
  /// style. A row's bold and dim are drawn without colour too (`emphasis`).
  func row(_ s: String, _ style: RowStyle?, _ role: Role) -> String {
    guard let style, !s.isEmpty, enabled || emphasis else { return paint(s, role) }
    guard var codes = style.codes(color: enabled) else { return paint(s, role) }
    if enabled, style.color == nil, let base = self.codes(role) { codes += ";" + base }
    return "\u{1B}[" + codes + "m" + s + "\u{1B}[0m"
  }
}
