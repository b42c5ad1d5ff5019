import FormCore
import FormTerminal

/// A payment card's fields under the row, one at a time: the number
/// (digits, grouped by four as typed), the expiry (`MM/YY`, the slash put
/// in), the security code. Tab, Enter or ↓ go to the next field (Enter on
/// the last accepts), Shift-Tab or ↑ back.
final class CardEditor: RowEditor {
  let fields: [RowFacts.CardField]
  var values: [String]
  var field = 0

  init(item: Item, facts: RowFacts, fields: [RowFacts.CardField]) {
    self.fields = fields
    values = fields.map { f in
      let v = item.value[f.key]?.string ?? ""
      return f.key == "expiry" ? v.filter { $0.isNumber } : v
    }
    super.init(item: item, facts: facts)
  }

  /// How many digits a field holds at most.
  func limit(_ i: Int) -> Int {
    switch fields[i].key {
    case "number": return 19
    case "expiry": return 4
    default: return 4
    }
  }

  override var keys: [(key: String, does: String)] {
    [("Tab", "next field"), ("Enter", field == fields.count - 1 ? "accept" : "next"), ("Esc", "leave")]
  }

  override func handle(_ key: Key) -> EditorAction {
    note = nil
    switch key.code {
    case .escape: return .leave
    case .tab where key.modifiers.contains(.shift), .up: field = max(0, field - 1)
    case .tab, .down: field = min(fields.count - 1, field + 1)
    case .enter:
      if field < fields.count - 1 {
        field += 1
        return .handled
      }
      if values.allSatisfy(\.isEmpty) { return item.value.isBlank ? .leave : .clear }
      return .accept(typed)
    case .backspace:
      if !values[field].isEmpty { values[field].removeLast() }
    case .char("u") where key.modifiers == .ctrl: values[field] = ""
    case .char(let c) where key.modifiers.isEmpty:
      type(c)
    case .paste(let text):
      if let refused = refusedPaste(text) {
        note = refused
      } else {
        for c in text where c.isNumber { type(c) }
      }
    default: return .ignored
    }
    return .handled
  }

  /// The whole card, whichever field has the cursor.
  override func taken() -> EditorAction {
    if values.allSatisfy(\.isEmpty) { return item.value.isBlank ? .leave : .clear }
    return .accept(typed)
  }

  func type(_ c: Character) {
    guard c.isASCII, c.isNumber else {
      if c != " " && c != "/" && c != "-" { note = item.say("editor.digits_only") }
      return
    }
    guard values[field].count < limit(field) else {
      note = item.say("editor.field_full", ["field": fields[field].label])
      return
    }
    values[field].append(c)
  }

  /// The card as the line mode reads it: `NUMBER MM/YY CVV`.
  var typed: String {
    fields.indices.map { i in shown(i, masked: false) }.joined(separator: " ")
  }

  func shown(_ i: Int, masked: Bool) -> String {
    let v = values[i]
    switch fields[i].key {
    case "number":
      var out = ""
      for (n, c) in v.enumerated() {
        if n > 0, n % 4 == 0 { out += " " }
        out.append(c)
      }
      return out
    case "expiry":
      return v.count > 2 ? String(v.prefix(2)) + "/" + String(v.dropFirst(2)) : v
    default:
      return masked ? String(repeating: "•", count: v.count) : v
    }
  }

  override func below(width: Int, height: Int, color: Bool) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    var cursor: Frame.Position?
    let labelWidth = (fields.map { Cells.width($0.label) }.max() ?? 0) + 2
    for i in fields.indices {
      var p = Painter(width: width, color: color)
      p.add(i == field ? "  › " : "    ")
      p.add(fields[i].label, i == field ? .bold : .plain)
      p.pad(to: 4 + labelWidth)
      let text = shown(i, masked: true)
      if text.isEmpty, i != field {
        p.add(item.say("editor.example", ["example": fields[i].example]), .dim)
      } else {
        p.add(text)
      }
      if i == field { cursor = Frame.Position(row: i, column: 4 + labelWidth + Cells.width(text)) }
      out.append(p.line)
    }
    return (out, cursor)
  }
}
