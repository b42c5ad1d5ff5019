import FormCore

/// One line of a frame: the text to write (with its colour and reverse-video
/// codes) and how many cells it takes. A line never takes the terminal's
/// last column, so writing it never wraps.
public struct Line: Equatable, Sendable {
  /// What is written: text and SGR codes, nothing that moves the cursor.
  public var text: String
  /// Cells the text takes on the screen.
  public var cells: Int
  /// True when the line's last attributes fill the rest of the row (the
  /// focus's reverse-video bar): its text ends with an erase to the end of
  /// the line, so no spaces are sent, and a line written over it erases too.
  public var fills: Bool

  /// A line of `text` taking `cells` cells (`fills`: its attributes fill the rest of the row).
  public init(text: String, cells: Int, fills: Bool = false) {
    self.text = text
    self.cells = cells
    self.fills = fills
  }

  /// A line of plain text (its width measured).
  public init(plain: String) { self.init(text: plain, cells: Cells.width(plain)) }

  /// An empty line.
  public static let empty = Line(text: "", cells: 0)
}

/// What the screen shows: its lines, top to bottom, and where the cursor
/// stands (an editor's insertion point), nil when it is hidden.
public struct Frame: Equatable, Sendable {
  /// The lines, top to bottom.
  public var lines: [Line]
  /// Line and column of the cursor; nil hides it.
  public var cursor: Position?

  /// A line (from 0, the frame's top) and a column (from 0).
  public struct Position: Equatable, Sendable {
    /// Line from the frame's top.
    public var row: Int
    /// Column from the left.
    public var column: Int
    /// The position at `row`, `column`.
    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// A frame of `lines`, the cursor at `cursor` (nil: hidden).
  public init(lines: [Line], cursor: Position? = nil) {
    self.lines = lines
    self.cursor = cursor
  }

  /// The frame's text without colour, one string a line (what a person reads).
  public var plainLines: [String] { lines.map { Line.strip($0.text) } }
}

extension Line {
  /// `text` without its SGR codes.
  static func strip(_ text: String) -> String {
    guard text.utf8.contains(0x1B) else { return text }
    var out = ""
    var skipping = false
    for u in text.unicodeScalars {
      if skipping {
        if u.value >= 0x40 && u.value <= 0x7E && u != "[" { skipping = false }
        continue
      }
      if u == "\u{1B}" {
        skipping = true
        continue
      }
      out.unicodeScalars.append(u)
    }
    return out
  }
}

/// Draws frames in place, inline below what the terminal showed before:
/// each frame after the first rewrites only the lines that differ from the
/// last one drawn, moving the cursor up and down relative to where it is
/// (the drawing never needs to know where on the screen it starts). A frame
/// with more lines than the last grows the drawing downward, scrolling the
/// terminal if it must; one with fewer clears what is left below.
public struct FrameWriter {
  /// The lines drawn last.
  public private(set) var drawn: [Line] = []
  /// The line the cursor is on, from the drawing's top.
  var row = 0
  /// The cursor's column, nil when unknown (after a line was written at the end of its text).
  var column: Int? = nil
  /// Lines that exist below the drawing's top (the cursor can go down to
  /// them without scrolling): those drawn, and those cleared since.
  var existing = 1
  /// Whether the terminal shows the cursor now.
  var cursorShown = true

  /// A writer whose drawing starts on the cursor's line.
  public init() {}

  static let hide = "\u{1B}[?25l"
  static let show = "\u{1B}[?25h"

  /// The text that turns the last frame into `frame`.
  public mutating func update(to frame: Frame) -> String {
    var out = ""
    if cursorShown {
      out += Self.hide
      cursorShown = false
    }
    for (i, line) in frame.lines.enumerated() where i >= drawn.count || drawn[i] != line {
      move(to: i, &out)
      if column != 0 { out += "\r" }
      out += line.text
      if i < drawn.count, drawn[i].cells > line.cells || drawn[i].fills, !line.fills { out += "\u{1B}[K" }
      column = line.cells
    }
    if frame.lines.count < drawn.count {
      move(to: frame.lines.count, &out)
      out += column == 0 ? "\u{1B}[J" : "\r\u{1B}[J"
      column = 0
    }
    drawn = frame.lines
    if let cursor = frame.cursor, cursor.row < frame.lines.count {
      move(to: cursor.row, &out)
      if column != cursor.column { out += cursor.column == 0 ? "\r" : "\u{1B}[\(cursor.column + 1)G" }
      column = cursor.column
      out += Self.show
      cursorShown = true
    }
    return out
  }

  /// Everything drawn again from the drawing's top (after a resize, or when
  /// the screen may have been written over).
  public mutating func redraw(_ frame: Frame) -> String {
    var out = ""
    move(to: 0, &out)
    out += "\r\u{1B}[J"
    column = 0
    existing = 1
    drawn = []
    return out + update(to: frame)
  }

  /// The drawing wiped (the cursor left where its top was, shown): the
  /// terminal goes to another program for a while (`$EDITOR`), and the next
  /// frame starts a new drawing there.
  public mutating func clear() -> String {
    var out = ""
    move(to: 0, &out)
    out += "\r\u{1B}[J" + Self.show
    restart()
    return out
  }

  /// Forget what was drawn: the next frame starts a new drawing on the
  /// cursor's line (after `fg`, when the shell wrote below the old one).
  public mutating func restart() {
    drawn = []
    row = 0
    column = nil
    existing = 1
    cursorShown = true
  }

  /// The last frame (`frame`) drawn, then the cursor put on the line below
  /// it and shown: the drawing stays in the scrollback as it is.
  public mutating func finish(_ frame: Frame) -> String {
    var f = frame
    f.cursor = nil
    var out = update(to: f)
    out += leaveText
    cursorShown = true
    return out
  }

  /// From where the cursor is to the start of the line below the drawing,
  /// the cursor shown: what a signal's ending writes so the shell's prompt
  /// comes below the form, not over it.
  public var leaveText: String {
    var out = ""
    let last = max(drawn.count - 1, 0)
    if last > row { out += "\u{1B}[\(last - row)B" }
    return out + "\r\n" + Self.show
  }

  /// `line` written over line `row` at once (a spinner on the status line
  /// while a handler runs); the next frame rewrites it.
  public mutating func overwrite(row target: Int, with line: Line) -> String {
    guard target < drawn.count else { return "" }
    var out = ""
    if cursorShown {
      out += Self.hide
      cursorShown = false
    }
    move(to: target, &out)
    out += "\r" + line.text + "\u{1B}[K"
    column = line.cells
    drawn[target] = line
    return out
  }

  /// Move the cursor to line `target` of the drawing: up or down in place,
  /// and by new lines past the last one that exists.
  mutating func move(to target: Int, _ out: inout String) {
    if target < row {
      out += row - target == 1 ? "\u{1B}[A" : "\u{1B}[\(row - target)A"
      row = target
      return
    }
    let reach = min(target, existing - 1)
    if reach > row {
      out += reach - row == 1 ? "\u{1B}[B" : "\u{1B}[\(reach - row)B"
      row = reach
    }
    while row < target {
      out += "\n"
      row += 1
      column = 0
    }
    existing = max(existing, target + 1)
  }
}
