import FormCore
import FormTerminal

/// Several lines of text under the row: Enter starts a new line, the arrows
/// move, Ctrl-S accepts, Ctrl-E opens the text in `$VISUAL`/`$EDITOR`.
final class LinesEditor: RowEditor {
  var lines: [LineBuffer]
  var row: Int
  var top = 0

  override init(item: Item, facts: RowFacts) {
    let text = item.value.string ?? ""
    lines =
      text.isEmpty
      ? [LineBuffer()]
      : text.split(separator: "\n", omittingEmptySubsequences: false).map {
        LineBuffer(String($0))
      }
    row = lines.count - 1
    super.init(item: item, facts: facts)
  }

  var text: String { lines.map(\.text).joined(separator: "\n") }

  override var keys: [(key: String, does: String)] {
    [("Ctrl-S", "accept"), ("Enter", "new line"), ("Esc", "leave"), ("Ctrl-E", "$EDITOR")]
  }

  var count: Int { lines.reduce(lines.count - 1) { $0 + $1.chars.count } }

  func fits(_ n: Int) -> Bool {
    guard let max = facts.limits.length.max, count + n > max else { return true }
    note = item.say("editor.max_characters", ["max": String(max)])
    return false
  }

  /// Put `text` at the cursor (line breaks start new lines).
  func insert(_ text: String) {
    let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (n, part) in parts.enumerated() {
      if n > 0 { newLine() }
      lines[row].insert(String(part))
    }
  }

  func newLine() {
    let cur = lines[row]
    lines[row] = LineBuffer(String(cur.chars[..<cur.cursor]))
    var next = LineBuffer(String(cur.chars[cur.cursor...]))
    next.cursor = 0
    lines.insert(next, at: row + 1)
    row += 1
  }

  /// The lines as they are (Enter starts a new line here, so it is not what is taken).
  override func taken() -> EditorAction { handle(Key.ctrl("s")) }

  override func handle(_ key: Key) -> EditorAction {
    note = nil
    switch key.code {
    case .escape: return .leave
    case .char("s") where key.modifiers == .ctrl:
      let t = text
      if t.isEmpty { return item.value.isBlank ? .leave : .clear }
      return .accept(t)
    case .char("e") where key.modifiers == .ctrl: return .externalEdit
    case .enter:
      if fits(1) { newLine() }
    case .up where row > 0:
      let cells = lines[row].cursor
      row -= 1
      lines[row].cursor = min(cells, lines[row].chars.count)
    case .down where row < lines.count - 1:
      let cells = lines[row].cursor
      row += 1
      lines[row].cursor = min(cells, lines[row].chars.count)
    case .backspace where lines[row].cursor == 0 && row > 0:
      let rest = lines.remove(at: row)
      row -= 1
      let at = lines[row].chars.count
      lines[row].chars += rest.chars
      lines[row].cursor = at
    case .delete where lines[row].cursor == lines[row].chars.count && row < lines.count - 1:
      let rest = lines.remove(at: row + 1)
      lines[row].chars += rest.chars
    case .paste(let pasted):
      let normal = pasted.replacingCRLF
      if let bad = normal.unicodeScalars.first(where: { TypedLine.isControlScalar($0) && $0 != "\n" && $0 != "\t" }) {
        note = item.say("editor.paste", ["what": TypedLine.describe(bad, item.words)])
      } else if fits(normal.count) {
        insert(normal)
      }
    case .char(let c) where key.modifiers.isDisjoint(with: [.ctrl, .alt]):
      guard !c.unicodeScalars.contains(where: TypedLine.isControlScalar), fits(1) else { return .handled }
      lines[row].insert(String(c))
    case .tab:
      if fits(1) { lines[row].insert("\t") }
    default:
      return lines[row].edit(key) ? .handled : .ignored
    }
    return .handled
  }

  override func below(width: Int, height: Int, color: Bool) -> (lines: [Line], cursor: Frame.Position?) {
    let room = max(1, height)
    if row < top { top = row }
    if row >= top + room { top = row - room + 1 }
    var out: [Line] = []
    var cursor: Frame.Position?
    for k in top..<min(lines.count, top + room) {
      var p = Painter(width: width, color: color)
      p.add("    │ ", .dim)
      let shown = Cells.sanitize(lines[k].text)
      p.add(shown)
      if k == row {
        let before = Cells.width(Cells.sanitize(String(lines[k].chars[..<lines[k].cursor])))
        cursor = Frame.Position(row: out.count, column: min(6 + before, width - 1))
      }
      out.append(p.line)
    }
    return (out, cursor)
  }
}

extension String {
  /// CR LF and CR made LF (text pasted from another system).
  var replacingCRLF: String {
    var out = ""
    var last: Unicode.Scalar?
    for u in unicodeScalars {
      if u == "\n", last == "\r" {
        last = u
        continue
      }
      out.unicodeScalars.append(u == "\r" ? "\n" : u)
      last = u
    }
    return out
  }
}
