import FormCore

/// Several lines of text under the row: Enter starts a new line, the arrows
/// move, a submit takes it (Tab takes it and goes on), the person's own
/// editor can edit it whole.
public final class LinesEditing: RowEditing {
  /// The lines, each with its cursor.
  public internal(set) var lines: [LineBuffer]
  /// The line the cursor is on.
  public internal(set) var row: Int
  /// The first line a front end's window shows (it keeps the cursor's line in view).
  public var top = 0

  override init(item: Item, facts: KindFacts) {
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

  /// The text, its lines joined.
  public var text: String { lines.map(\.text).joined(separator: "\n") }

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
    next.moveCursor(to: 0)
    lines.insert(next, at: row + 1)
    row += 1
  }

  /// The text as it is (Enter starts a new line here, so it is not what is taken).
  override func taken() -> EditResult {
    let t = text
    if t.isEmpty { return item.value.isBlank ? .leave : .clear }
    return .accept(t)
  }

  override func apply(_ input: EditInput) -> EditResult {
    note = nil
    switch input {
    case .escape: return .leave
    case .enter:
      if fits(1) { newLine() }
    case .setText(let text):
      lines = [LineBuffer()]
      row = 0
      insert(text.replacingCRLF)
    case .up where row > 0:
      let cells = lines[row].cursor
      row -= 1
      lines[row].moveCursor(to: cells)
    case .down where row < lines.count - 1:
      let cells = lines[row].cursor
      row += 1
      lines[row].moveCursor(to: cells)
    case .backspace where lines[row].cursor == 0 && row > 0:
      let rest = lines.remove(at: row)
      row -= 1
      let at = lines[row].chars.count
      lines[row].chars += rest.chars
      lines[row].moveCursor(to: at)
    case .delete where lines[row].cursor == lines[row].chars.count && row < lines.count - 1:
      let rest = lines.remove(at: row + 1)
      lines[row].chars += rest.chars
    case .paste(let pasted):
      let normal = pasted.replacingCRLF
      if let bad = normal.unicodeScalars.first(where: { Self.isControl($0) && $0 != "\n" && $0 != "\t" }) {
        note = item.say("editor.paste", ["what": Self.describe(bad, item.words)])
      } else if fits(normal.count) {
        insert(normal)
      }
    case .invalidText:
      note = item.say("editor.not_utf8")
    case .insert(let text):
      for c in text {
        guard !c.unicodeScalars.contains(where: Self.isControl), fits(1) else { continue }
        lines[row].insert(c)
      }
    // Tab leaves the text for the next row, as it leaves every editor (a
    // tab in a paste is kept)
    case .tab: return .ignored
    default:
      return lines[row].edit(input) ? .handled : .ignored
    }
    return .handled
  }
}

extension String {
  /// CR LF and CR made LF (text pasted from another system).
  public var replacingCRLF: String {
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
