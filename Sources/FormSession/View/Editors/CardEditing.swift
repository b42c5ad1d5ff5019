import FormCore

/// A payment card's fields under the row, one at a time: the number
/// (digits, grouped by four as typed), the expiry (`MM/YY`, the slash put
/// in), the security code. Tab, Enter or down go to the next field (Enter
/// on the last accepts; Tab or down on it, and Shift-Tab or up on the
/// first, take the card and leave the row), Shift-Tab or up back. A refusal puts the cursor in
/// the field it is about, and goes when that field is typed again.
public final class CardEditing: RowEditing {
  /// The fields, in order.
  public let fields: [KindFacts.CardField]
  /// What each field holds (digits only).
  public internal(set) var values: [String]
  /// The field the cursor is in.
  public internal(set) var field = 0
  /// The refusal's messages, each with the field it is about (nil: the whole card).
  var problems: [(message: String, field: Int?)] = []
  /// The fields still holding the card the editor opened on: the first digit typed replaces a field's.
  var fresh: Set<Int> = []

  init(item: Item, facts: KindFacts, fields: [KindFacts.CardField]) {
    self.fields = fields
    values = fields.map { f in
      let v = item.value[f.key]?.string ?? ""
      return f.key == "expiry" ? v.filter { $0.isNumber } : v
    }
    let held = values
    fresh = Set(held.indices.filter { !held[$0].isEmpty })
    super.init(item: item, facts: facts)
  }

  /// How many digits a field holds at most.
  public func limit(_ i: Int) -> Int {
    switch fields[i].key {
    case "number": return 19
    default: return 4
    }
  }

  override func apply(_ input: EditInput) -> EditResult {
    note = nil
    switch input {
    case .escape: return .leave
    // past either end the row is left, as from any editor (the card taken first)
    case .backTab, .up:
      guard field > 0 else { return .ignored }
      field -= 1
    case .tab, .down:
      guard field < fields.count - 1 else { return .ignored }
      field += 1
    case .enter:
      if field < fields.count - 1 {
        field += 1
        return .handled
      }
      return taken()
    case .backspace:
      if fresh.remove(field) != nil {
        values[field] = ""
        typedInto(field)
      } else if !values[field].isEmpty {
        values[field].removeLast()
        typedInto(field)
      }
    case .killToStart:
      values[field] = ""
      fresh.remove(field)
      typedInto(field)
    case .insert(let text):
      for c in text { type(c) }
    case .paste(let text):
      if let refused = refusedPaste(text) {
        note = refused
      } else {
        for c in text where c.isNumber { type(c) }
      }
    case .setText(let text):
      values[field] = ""
      fresh.remove(field)
      for c in text where c.isNumber { type(c) }
    case .invalidText:
      note = item.say("editor.not_utf8")
    default: return .ignored
    }
    return .handled
  }

  /// The whole card, whichever field has the cursor.
  override func taken() -> EditResult {
    if values.allSatisfy(\.isEmpty) { return item.value.isBlank ? .leave : .clear }
    return .accept(typed)
  }

  func type(_ c: Character) {
    guard c.isASCII, c.isNumber else {
      if c != " " && c != "/" && c != "-" { note = item.say("editor.digits_only") }
      return
    }
    if fresh.remove(field) != nil { values[field] = "" }
    guard values[field].count < limit(field) else {
      note = item.say("editor.field_full", ["field": fields[field].label])
      return
    }
    values[field].append(c)
    typedInto(field)
  }

  /// The card as the line mode reads it: `NUMBER MM/YY CVV`.
  var typed: String {
    fields.indices.map { i in shown(i, masked: false) }.joined(separator: " ")
  }

  /// Field `i` as it shows: the number grouped by four, the expiry with its
  /// slash, the security code as dots when `masked`.
  public func shown(_ i: Int, masked: Bool) -> String {
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

  /// The card was refused for `reason`: the cursor goes to the first field it is about.
  override func refused(_ reason: String) {
    super.refused(reason)
    let about: [(key: String, field: String)] = [
      ("card.bad_number", "number"), ("card.expired", "expiry"), ("card.bad_expiry", "expiry"),
      ("card.bad_cvv", "cvv"),
    ]
    problems = []
    var rest = reason
    for (key, name) in about {
      let message = item.say(key)
      guard let i = fields.firstIndex(where: { $0.key == name }), let r = rest.firstRange(of: message) else { continue }
      problems.append((message, i))
      rest.removeSubrange(r)
    }
    let other = rest.trimmingSpaces
    if !other.isEmpty { problems.append((other, nil)) }
    if let first = problems.compactMap(\.field).min() { field = first }
  }

  /// Field `i` changed: what the refusal said of it no longer holds.
  func typedInto(_ i: Int) {
    guard problems.contains(where: { $0.field == i }) else { return }
    problems.removeAll { $0.field == i }
    reason = problems.isEmpty ? nil : problems.map(\.message).joined(separator: " ")
  }
}
