/// How a form or a section asks to be drawn; nil fields inherit.
public struct Style: Equatable, Sendable {
  public enum Border: String, CaseIterable, Sendable { case rounded, single, ascii, none }
  public enum Color: String, CaseIterable, Sendable { case auto, always, never }

  public var border: Border?
  public var width: Int?
  public var color: Color?

  public init(border: Border? = nil, width: Int? = nil, color: Color? = nil) {
    self.border = border
    self.width = width
    self.color = color
  }

  /// This style with the unset fields taken from `base`.
  public func over(_ base: Style) -> Style {
    Style(border: border ?? base.border, width: width ?? base.width, color: color ?? base.color)
  }
}
