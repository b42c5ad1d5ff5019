import FormCore
import FormTerminal

/// A picker's components, one column at a time: ←/→ (Tab, Shift-Tab) go to
/// another column, ↑/↓ choose in it, Enter accepts one choice per column.
final class PickerEditor: RowEditor {
  let columns: [[String]]
  var picks: [Int]
  var column = 0
  var top = 0

  init(item: Item, facts: RowFacts, lists: [RowFacts.ChoiceList]) {
    columns = lists.map { $0.choices.map(\.label) }
    picks = lists.map { $0.chosen.first ?? 0 }
    super.init(item: item, facts: facts)
  }

  override var hint: String { item.say("editor.each_part", ["count": String(columns.count)]) }

  override var keys: [(key: String, does: String)] {
    [("↑↓", "choose"), ("←→", "column"), ("Enter", "accept"), ("Esc", "leave")]
  }

  override func handle(_ key: Key) -> EditorAction {
    guard !columns.isEmpty else { return key.code == .escape || key.code == .enter ? .leave : .ignored }
    switch key.code {
    case .escape: return .leave
    case .up: picks[column] = max(0, picks[column] - 1)
    case .down: picks[column] = min(columns[column].count - 1, picks[column] + 1)
    case .pageUp: picks[column] = max(0, picks[column] - 10)
    case .pageDown: picks[column] = min(columns[column].count - 1, picks[column] + 10)
    case .home: picks[column] = 0
    case .end: picks[column] = columns[column].count - 1
    case .tab where key.modifiers.contains(.shift):
      column = max(0, column - 1)
      top = 0
    case .left:
      column = max(0, column - 1)
      top = 0
    case .right, .tab:
      column = min(columns.count - 1, column + 1)
      top = 0
    case .enter:
      let parts = columns.indices.map { c in Verbs.typed([picks[c]], of: columns[c], commas: true) }
      return .accept(parts.joined(separator: ", "))
    default: return .ignored
    }
    return .handled
  }

  override func below(width: Int, height: Int, color: Bool) -> (lines: [Line], cursor: Frame.Position?) {
    guard !columns.isEmpty else {
      return ([Painter.line(item.say("editor.picker_none"), .dim, width: width, color: color)], nil)
    }
    var out: [Line] = []
    var head = Painter(width: width, color: color)
    head.add("    ")
    for (c, options) in columns.enumerated() {
      if c > 0 { head.add("  ") }
      let chosen = options.isEmpty ? "?" : Cells.sanitize(options[picks[c]])
      head.add(c == column ? "‹\(chosen)›" : chosen, c == column ? .bold : .plain)
    }
    head.add(item.say("editor.part_of", ["number": String(column + 1), "count": String(columns.count)]), .dim)
    out.append(head.line)
    let options = columns[column]
    let room = max(1, height - 1)
    let pick = picks[column]
    if pick < top { top = pick }
    if pick >= top + room { top = pick - room + 1 }
    for k in top..<min(options.count, top + room) {
      var p = Painter(width: width, color: color, reversed: k == pick)
      p.add(k == pick ? "  › (•) " : "    ( ) ")
      p.addSafe(options[k])
      out.append(p.line)
    }
    return (out, nil)
  }
}
