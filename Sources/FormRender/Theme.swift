/// The colours of a screen; `plain` adds nothing, so what it draws is the
/// whole content and colour is only ever an addition.
public struct Theme: Sendable {
  public var enabled: Bool

  public static let plain = Theme(enabled: false)
  public static let ansi = Theme(enabled: true)

  func wrap(_ s: String, _ code: String) -> String {
    enabled && !s.isEmpty ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s
  }

  public func title(_ s: String) -> String { wrap(s, "1") }
  public func header(_ s: String) -> String { wrap(s, "1") }
  public func dim(_ s: String) -> String { wrap(s, "2") }
  public func value(_ s: String) -> String { wrap(s, "36") }
  public func error(_ s: String) -> String { wrap(s, "31") }
  public func border(_ s: String) -> String { wrap(s, "2") }
}
