import FormCore
import FormSession

/// How a piece of a line is drawn: a role of the view model, and the row's
/// own style over it. With colour off only attributes remain (bold, dim,
/// reverse video): the focus is marked by `›` and reverse video, an error
/// by `!`, never by colour alone.
struct Paint: Equatable {
  var role: Role
  /// A row's own style (`item.style`) over the role's look: its colour in
  /// place of the role's; bold and dim kept without colour.
  var style: RowStyle?

  init(_ role: Role, style: RowStyle? = nil) {
    self.role = role
    self.style = style
  }

  static let plain = Paint(.plain)

  /// The SGR codes of this paint in `theme`, nil for none.
  func code(_ theme: Theme, color: Bool) -> String? {
    let base = theme.screenCodes(role, color: color)
    guard let style else { return base }
    var codes = style.codes(color: color) ?? ""
    if style.color == nil || !color, let b = base { codes += (codes.isEmpty ? "" : ";") + b }
    return codes.isEmpty ? nil : codes
  }

  /// The attributes the focus's reverse video keeps (bold, dim, italic, underline; no colour).
  func attributes(_ theme: Theme) -> [Substring] {
    var out = theme.keptInFocus(role)
    if style?.bold == true, !out.contains("1") { out.insert("1", at: 0) }
    return out
  }
}

/// Builds one `Line` that fits `width` cells: text added past the width is
/// cut (with `…`), text from scripts is made safe to show.
struct Painter {
  let width: Int
  let color: Bool
  let theme: Theme
  /// The whole line in reverse video (the focused row).
  var reversed = false
  private(set) var text = ""
  private(set) var cells = 0

  init(width: Int, color: Bool, theme: Theme = .standard, reversed: Bool = false) {
    self.width = max(width, 1)
    self.color = color
    self.theme = theme
    self.reversed = reversed
  }

  var room: Int { width - cells }

  /// Add `s` (already safe) in `paint`, cut to the room left.
  mutating func add(_ s: String, _ paint: Paint = .plain) {
    guard room > 0, !s.isEmpty else { return }
    let (fitted, w) = Cells.fit(s, to: room)
    if !reversed, let code = paint.code(theme, color: color) {
      text += "\u{1B}[\(code)m" + fitted + "\u{1B}[0m"
    } else if reversed, case let kept = paint.attributes(theme), !kept.isEmpty {
      // bold and dim end with 22, italic with 23, underline with 24
      var ends: [String] = []
      if kept.contains("1") || kept.contains("2") { ends.append("22") }
      if kept.contains("3") { ends.append("23") }
      if kept.contains("4") { ends.append("24") }
      text += "\u{1B}[\(kept.joined(separator: ";"))m" + fitted + "\u{1B}[\(ends.joined(separator: ";"))m"
    } else {
      text += fitted
    }
    cells += w
  }

  /// Add `s` (already safe) in `role`.
  mutating func add(_ s: String, _ role: Role) { add(s, Paint(role)) }

  /// Add text from a script or a person: control characters written out.
  mutating func addSafe(_ s: String, _ role: Role = .plain) { add(Cells.sanitize(s), Paint(role)) }

  /// Spaces up to column `column`.
  mutating func pad(to column: Int) {
    let n = min(column, width) - cells
    if n > 0 {
      text += String(repeating: " ", count: n)
      cells += n
    }
  }

  var line: Line {
    guard reversed else { return Line(text: text, cells: cells) }
    // the bar spans the row, so the focus reads as a row, not a word: an
    // erase to the end of the line in the focus's look, not spaces
    let focus = theme.screenCodes(.focus, color: color) ?? "7"
    return Line(text: "\u{1B}[\(focus)m" + text + "\u{1B}[K\u{1B}[0m", cells: cells, fills: true)
  }

  /// A line of `s` in `role`.
  static func line(_ s: String, _ role: Role = .plain, width: Int, color: Bool, theme: Theme = .standard) -> Line {
    var p = Painter(width: width, color: color, theme: theme)
    p.add(s, Paint(role))
    return p.line
  }
}
