import FormCore

/// How a piece of a line is drawn. With colour off only reverse video (the
/// focus) and bold remain: the focus is marked by `›` and reverse video,
/// an error by `!`, never by colour alone.
enum Paint: Equatable {
  case plain, bold, dim, error, value, reverse
  /// A row's own style (`item.style`) over the part's paint: its colour
  /// in place of the part's; bold and dim kept without colour.
  indirect case styled(RowStyle, over: Paint)

  func code(color: Bool) -> String? {
    switch self {
    case .styled(let style, let base):
      var codes = style.codes(color: color) ?? ""
      if style.color == nil || !color, let b = base.code(color: color) { codes += (codes.isEmpty ? "" : ";") + b }
      return codes.isEmpty ? nil : codes
    case .plain: return nil
    case .bold: return "1"
    case .reverse: return "7"
    case .dim: return color ? "2" : nil
    case .error: return color ? "31" : nil
    case .value: return color ? "36" : nil
    }
  }
}

extension Paint {
  /// Bold, which the focus's reverse video keeps.
  var isBold: Bool {
    switch self {
    case .bold: return true
    case .styled(let style, let base): return style.bold || base.isBold
    default: return false
    }
  }
}

/// Builds one `Line` that fits `width` cells: text added past the width is
/// cut (with `…`), text from scripts is made safe to show.
struct Painter {
  let width: Int
  let color: Bool
  /// The whole line in reverse video (the focused row).
  var reversed = false
  private(set) var text = ""
  private(set) var cells = 0

  init(width: Int, color: Bool, reversed: Bool = false) {
    self.width = max(width, 1)
    self.color = color
    self.reversed = reversed
  }

  var room: Int { width - cells }

  /// Add `s` (already safe) in `paint`, cut to the room left.
  mutating func add(_ s: String, _ paint: Paint = .plain) {
    guard room > 0, !s.isEmpty else { return }
    let (fitted, w) = Cells.fit(s, to: room)
    if let code = paint.code(color: color), !reversed {
      text += "\u{1B}[\(code)m" + fitted + "\u{1B}[0m"
    } else if reversed, paint.isBold {
      text += "\u{1B}[1m" + fitted + "\u{1B}[22m"
    } else {
      text += fitted
    }
    cells += w
  }

  /// Add text from a script or a person: control characters written out.
  mutating func addSafe(_ s: String, _ paint: Paint = .plain) { add(Cells.sanitize(s), paint) }

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
    // the bar spans the width, so the focus reads as a row, not a word
    let pad = String(repeating: " ", count: max(0, width - cells))
    return Line(text: "\u{1B}[7m" + text + pad + "\u{1B}[0m", cells: width)
  }

  /// A line of `s` in `paint`.
  static func line(_ s: String, _ paint: Paint = .plain, width: Int, color: Bool) -> Line {
    var p = Painter(width: width, color: color)
    p.add(s, paint)
    return p.line
  }
}
