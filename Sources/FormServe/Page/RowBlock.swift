import FormCore
import FormSession

/// A row drawn as a block: its label, the control its value's shape wants,
/// its hint and description, its errors (tied to the control with
/// `aria-describedby` and `aria-invalid`), and its actions.
extension PageDrawer {
  /// The row's block, drawn from the view model's look of it (`RowView`:
  /// its title, the errors that show by the view's rule, its style).
  func rowBlock(_ item: Item) -> Block {
    var ids = visitor.ids
    let n = ids.id(item)
    visitor.ids = ids
    let look = view.rowView(item)
    let facts = item.facts
    let refused = visitor.refused[ObjectIdentifier(item)]
    // a text the kind refused stays in its field, with the reason
    let errors = refused.map { [$0.reason] } ?? look.errors
    let first = firstProblem.map { $0 === item } ?? false
    var row = RowParts(
      id: n, label: look.title, facts: facts, item: item, errors: errors, refusedText: refused?.text, autofocus: first)
    row.describedBy = [row.hasHint ? "r\(n)-hint" : nil, errors.isEmpty ? nil : "r\(n)-error"].compactMap { $0 }
    var h = HTML()
    h.raw("<div")
    h.attribute("id", "row-\(n)")
    h.attribute("class", rowClasses(look, facts, invalid: !errors.isEmpty))
    h.raw(">")
    control(&row, into: &h)
    if row.hasHint {
      h.raw("<p class=\"hint\"")
      h.attribute("id", "r\(n)-hint")
      h.raw(">")
      if let d = item.description, !d.isEmpty {
        h.raw("<span class=\"description\">")
        h.text(d)
        h.raw("</span>")
      }
      if row.saysWhatToType {
        h.raw("<span class=\"expects\">")
        h.text(Cells.sanitize(facts.expects))
        h.raw("</span>")
      }
      h.raw("</p>")
    }
    // a live region: a message that comes as the person types is read out
    h.raw("<div class=\"error\" aria-live=\"polite\"")
    h.attribute("id", "r\(n)-error")
    h.raw(">")
    for e in row.errors {
      h.raw("<p>")
      h.text(e)
      h.raw("</p>")
    }
    h.raw("</div>")
    rowActions(item, n, into: &h)
    h.raw("</div>")
    return Block(id: "row-\(n)", html: h.bytes)
  }

  /// The row with the first problem, after a refused submit or Next: the
  /// view model put the focus there, and the page's focus goes there too.
  var firstProblem: Item? { problemRows.isEmpty ? nil : view.focusItem }

  /// `row`, its kind's shape, disabled, invalid, its style (`item.style`:
  /// colour, bold, dim, alignment).
  func rowClasses(_ look: RowView, _ facts: KindFacts, invalid: Bool) -> String {
    var c = "row shape-" + PageDrawer.shapeName(facts.shape)
    if !look.enabled { c += " disabled" }
    if invalid { c += " invalid" }
    if let s = look.style {
      if let color = s.color { c += " color-" + color.rawValue }
      if s.bold { c += " bold" }
      if s.dim { c += " dim" }
      if s.italic { c += " italic" }
      if s.underline { c += " underline" }
      if s.reverse { c += " reverse" }
      if s.align != .left { c += " align-" + s.align.rawValue }
    }
    return c
  }

  static func shapeName(_ shape: KindFacts.Shape) -> String {
    switch shape {
    case .action: return "action"
    case .text: return "text"
    case .secret: return "secret"
    case .lines: return "lines"
    case .toggle: return "toggle"
    case .number(let slider): return slider ? "slider" : "number"
    case .masked: return "masked"
    case .date: return "date"
    case .oneOf(let list): return list.inline ? "segmented" : "choice"
    case .severalOf: return "several"
    case .components: return "picker"
    case .card: return "card"
    case .custom: return "custom"
    }
  }

  /// The row's own actions (`actions`), Delete, Move up/down, the detail button.
  func rowActions(_ item: Item, _ n: Int, into h: inout HTML) {
    let actions = item.rowActions
    guard item.enabled,
      !actions.actions.isEmpty || actions.deletable || actions.movable || item.accessory == .detail
    else { return }
    h.raw("<div class=\"actions\">")
    let label = Cells.sanitize(item.label)
    for action in actions.actions {
      actionButton("run", "\(n):\(action.title)", Cells.sanitize(action.title), label: label, into: &h)
    }
    if item.accessory == .detail {
      actionButton("detail", String(n), say("serve.detail"), label: label, into: &h)
    }
    if actions.movable {
      actionButton("up", String(n), say("serve.move_up"), label: label, into: &h)
      actionButton("down", String(n), say("serve.move_down"), label: label, into: &h)
    }
    if actions.deletable { actionButton("delete", String(n), say("serve.delete"), label: label, into: &h) }
    h.raw("</div>")
  }

  /// A button of a row's: its text, and for a screen reader the row it acts on.
  func actionButton(_ name: StaticString, _ value: String, _ text: String, label: String, into h: inout HTML) {
    h.raw("<button type=\"submit\" class=\"action\" name=\"")
    h.raw(name)
    h.raw("\"")
    h.attribute("value", value)
    h.attribute("aria-label", text + ": " + label)
    h.raw(">")
    h.text(text)
    h.raw("</button>")
  }
}

/// What a row's control is drawn from.
struct RowParts {
  var id: Int
  var label: String
  var facts: KindFacts
  var item: Item
  var errors: [String]
  /// The text the row's kind refused, shown as typed.
  var refusedText: String?
  /// The first problem after a refused submit: the focus goes there.
  var autofocus: Bool
  /// The ids of the hint and the errors.
  var describedBy: [String] = []

  /// The control's id and name.
  var name: String { "r\(id)" }

  /// A hint shows for a description, and for rows that take text whose form matters.
  var hasHint: Bool {
    if let d = item.description, !d.isEmpty { return true }
    return saysWhatToType
  }

  /// Whether the hint says what the row takes (`a number from 18 to 120`):
  /// for text whose form or limits matter, not for plain text or choices.
  var saysWhatToType: Bool {
    switch facts.shape {
    case .masked, .date, .card, .custom, .number: return true
    case .text, .lines, .secret: return !facts.limits.isEmpty
    default: return false
    }
  }

  /// What the control shows: the text the kind refused, else the value as it could be typed back.
  var shownText: String { refusedText ?? facts.typed ?? "" }
}
