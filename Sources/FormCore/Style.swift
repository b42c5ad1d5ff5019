/// How a form or a section asks to be drawn; nil fields inherit.
public struct Style: Equatable, Sendable {
  /// The line set a box is drawn with (`none`: no box).
  public enum Border: String, CaseIterable, Sendable { case rounded, single, ascii, none }
  /// Whether colour is used: by terminal (`auto`), always or never.
  public enum Color: String, CaseIterable, Sendable { case auto, always, never }

  /// The box lines; nil inherits.
  public var border: Border?
  /// The drawing width in cells; nil inherits (the terminal's).
  public var width: Int?
  /// The colour choice; nil inherits.
  public var color: Color?

  /// A style; nil fields inherit from the enclosing one.
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
