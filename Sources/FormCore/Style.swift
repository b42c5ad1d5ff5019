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
  /// Whether a long title, value or header wraps onto continuation lines
  /// (true, the default) or is cut with `…` to keep each row one line; nil inherits.
  public var wrap: Bool?

  /// A style; nil fields inherit from the enclosing one.
  public init(border: Border? = nil, width: Int? = nil, color: Color? = nil, wrap: Bool? = nil) {
    self.border = border
    self.width = width
    self.color = color
    self.wrap = wrap
  }

  /// This style with the unset fields taken from `base`.
  public func over(_ base: Style) -> Style {
    Style(
      border: border ?? base.border, width: width ?? base.width, color: color ?? base.color, wrap: wrap ?? base.wrap)
  }

  /// True when long text wraps (the default).
  public var wraps: Bool { wrap ?? true }
}

/// How one row's title and value are drawn (`item.style`), and a theme
/// role's look (`Theme`): a colour, bold, dim, italic, underline, reverse
/// video and the value's alignment. Only ever an addition: nothing formrun
/// says depends on it, the accessible voice ignores it, and without colour
/// (a pipe, `NO_COLOR`, `color = "never"`) the colour is dropped.
public struct RowStyle: Equatable, Sendable {
  /// The colours a row may ask for (the terminal's eight, and bright ones).
  public enum Color: String, CaseIterable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white, gray
    case brightRed = "bright_red"
    case brightGreen = "bright_green"
    case brightYellow = "bright_yellow"
    case brightBlue = "bright_blue"
    case brightMagenta = "bright_magenta"
    case brightCyan = "bright_cyan"
    case brightWhite = "bright_white"

    /// The SGR code of the foreground colour.
    public var code: String {
      switch self {
      case .black: return "30"
      case .red: return "31"
      case .green: return "32"
      case .yellow: return "33"
      case .blue: return "34"
      case .magenta: return "35"
      case .cyan: return "36"
      case .white: return "37"
      case .gray: return "90"
      case .brightRed: return "91"
      case .brightGreen: return "92"
      case .brightYellow: return "93"
      case .brightBlue: return "94"
      case .brightMagenta: return "95"
      case .brightCyan: return "96"
      case .brightWhite: return "97"
      }
    }
  }

  /// Where the value sits in its column (a title spanning the row, in the row).
  public enum Align: String, CaseIterable, Sendable { case left, center, right }

  /// The title's and value's colour; nil: the form's own.
  public var color: Color?
  /// Bold title and value.
  public var bold: Bool
  /// Dim title and value.
  public var dim: Bool
  /// Italic title and value (where the terminal has italics).
  public var italic: Bool
  /// Underlined title and value.
  public var underline: Bool
  /// Reverse video (a theme's focus).
  public var reverse: Bool
  /// The value's alignment in its column.
  public var align: Align

  /// A row style; the defaults add nothing.
  public init(
    color: Color? = nil, bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
    reverse: Bool = false, align: Align = .left
  ) {
    self.color = color
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.reverse = reverse
    self.align = align
  }

  /// True when the style adds nothing.
  public var isPlain: Bool { self == RowStyle() }

  /// The SGR codes for text in this style (`1;31`), colour left out when
  /// `color` is false; nil when there are none.
  public func codes(color useColor: Bool) -> String? {
    var parts: [String] = []
    if bold { parts.append("1") }
    if dim { parts.append("2") }
    if italic { parts.append("3") }
    if underline { parts.append("4") }
    if reverse { parts.append("7") }
    if useColor, let c = color { parts.append(c.code) }
    return parts.isEmpty ? nil : parts.joined(separator: ";")
  }

  /// The spaces before `cells` cells of text in a column `width` wide.
  public func lead(_ cells: Int, in width: Int) -> Int {
    let room = max(width - cells, 0)
    switch align {
    case .left: return 0
    case .right: return room
    case .center: return room / 2
    }
  }
}

extension Item {
  /// The row's own style (`item.style`); nil when it has none.
  public var style: RowStyle? {
    get { extras?.style }
    set {
      guard newValue != nil || extras?.style != nil else { return }
      boxed.style = newValue.flatMap { $0.isPlain ? nil : $0 }
      noteChange()
    }
  }
}
