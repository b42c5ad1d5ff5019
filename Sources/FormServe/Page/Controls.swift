import FormCore

/// The control each shape of value wants, as HTML: every one labelled, the
/// hint and errors tied to it, and named `r<id>` (its parts `r<id>.<part>`)
/// so a plain POST carries it (`FieldReading` reads it back as typed text).
extension PageDrawer {
  func control(_ row: inout RowParts, into h: inout HTML) {
    switch row.facts.shape {
    case .action: actionRow(row, into: &h)
    case .text, .custom: input(row, type: "text", into: &h)
    case .secret: secret(row, into: &h)
    case .lines: textArea(row, into: &h)
    case .toggle: toggle(row, into: &h)
    case .number(let slider): slider ? range(row, into: &h) : number(row, into: &h)
    case .masked(let mask): masked(row, mask, into: &h)
    case .date(let shape): date(row, shape, into: &h)
    case .oneOf(let list):
      if !list.inline && list.choices.count > PageDrawer.radiosAtMost {
        select(row, list, into: &h)
      } else {
        choices(row, list, several: false, into: &h)
      }
    case .severalOf(let list): choices(row, list, several: true, into: &h)
    case .components(let lists): picker(row, lists, into: &h)
    case .card(let fields): card(row, fields, into: &h)
    }
  }

  /// A choice of more options than this is a drop-down list, not radio buttons.
  static let radiosAtMost = 12

  // MARK: pieces

  /// `<label for=…>Title</label>`: the title alone, so a label reads as the
  /// row's title; a required row's star is drawn by the style (`required`)
  /// and said by the control's `aria-required`; the row's detail follows.
  func label(_ row: RowParts, for id: String, into h: inout HTML) {
    h.raw("<label")
    h.attribute("for", id)
    if row.item.isRequired { h.raw(" class=\"required\"") }
    h.raw(">")
    h.text(row.label)
    h.raw("</label>")
    detail(row, into: &h)
  }
  /// A fieldset's opening tag for a row of several controls (its class, the
  /// words that describe it, disabled with the row; a required radio group
  /// said as one) and its legend, the row's label.
  func fieldset(_ row: RowParts, class name: String, radioGroup: Bool = false, into h: inout HTML) {
    h.raw("<fieldset")
    h.attribute("class", name)
    if radioGroup { h.raw(" role=\"radiogroup\" aria-required=\"true\"") }
    if !row.describedBy.isEmpty { h.attribute("aria-describedby", row.describedBy.joined(separator: " ")) }
    if !row.item.enabled { h.raw(" disabled") }
    h.raw(">")
    legend(row, into: &h)
  }

  /// A group's legend (radio buttons, check boxes, a picker's lists, a card's fields).
  func legend(_ row: RowParts, into h: inout HTML) {
    h.raw("<legend")
    if row.item.isRequired { h.raw(" class=\"required\"") }
    h.raw(">")
    h.text(row.label)
    h.raw("</legend>")
    detail(row, into: &h)
  }

  /// The row's detail (secondary text) beside its title.
  func detail(_ row: RowParts, into h: inout HTML) {
    guard let detail = row.item.detail, !detail.isEmpty, row.item.kind.hasValue else { return }
    h.raw("<span class=\"detail\">")
    h.text(Cells.sanitize(detail))
    h.raw("</span>")
  }

  /// The attributes every control carries: described by its hint and errors,
  /// invalid while it has errors, disabled, the first problem's focus.
  func common(_ row: RowParts, into h: inout HTML) {
    if !row.describedBy.isEmpty { h.attribute("aria-describedby", row.describedBy.joined(separator: " ")) }
    if !row.errors.isEmpty { h.raw(" aria-invalid=\"true\"") }
    if row.item.isRequired { h.raw(" aria-required=\"true\"") }
    if !row.item.enabled { h.raw(" disabled") }
    if row.autofocus { h.raw(" autofocus") }
  }

  func input(_ row: RowParts, type: StaticString, into h: inout HTML, extra: (inout HTML) -> Void = { _ in }) {
    label(row, for: row.name, into: &h)
    h.raw("<input type=\"")
    h.raw(type)
    h.raw("\"")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    h.attribute("value", row.shownText)
    if let p = row.item.placeholder, !p.isEmpty { h.attribute("placeholder", Cells.sanitize(p)) }
    if let max = row.facts.limits.length.max { h.attribute("maxlength", String(max)) }
    if row.facts.paths != nil {
      h.attribute("list", row.name + "-paths")
      h.raw(" autocomplete=\"off\" data-paths=\"1\"")
    }
    extra(&h)
    common(row, into: &h)
    h.raw(">")
    if row.facts.paths != nil {
      h.raw("<datalist")
      h.attribute("id", row.name + "-paths")
      h.raw("></datalist>")
    }
  }

  /// A secret: never drawn with its value; a placeholder says one is set.
  func secret(_ row: RowParts, into h: inout HTML) {
    label(row, for: row.name, into: &h)
    h.raw("<input type=\"password\" autocomplete=\"new-password\" value=\"\"")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    let held = !row.item.value.isBlank
    if held {
      h.attribute("placeholder", say("serve.secret_set"))
    } else if let p = row.item.placeholder, !p.isEmpty {
      h.attribute("placeholder", Cells.sanitize(p))
    }
    common(row, into: &h)
    h.raw(">")
  }

  func textArea(_ row: RowParts, into h: inout HTML) {
    label(row, for: row.name, into: &h)
    h.raw("<textarea rows=\"4\"")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    if let p = row.item.placeholder, !p.isEmpty { h.attribute("placeholder", Cells.sanitize(p)) }
    if let max = row.facts.limits.length.max { h.attribute("maxlength", String(max)) }
    common(row, into: &h)
    h.raw(">")
    // a newline after the tag is dropped by the parser: one goes first, so a value's own first newline stays
    h.raw("\n")
    h.text(row.shownText)
    h.raw("</textarea>")
  }

  /// A switch: a checkbox; a hidden `off` before it,
  /// so an unticked box (which a form leaves out) still says so.
  func toggle(_ row: RowParts, into h: inout HTML) {
    h.raw("<input type=\"hidden\" value=\"off\"")
    h.attribute("name", row.name)
    h.raw("><input type=\"checkbox\" value=\"on\"")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    if row.item.value == .bool(true) { h.raw(" checked") }
    common(row, into: &h)
    h.raw(">")
    label(row, for: row.name, into: &h)
  }

  func number(_ row: RowParts, into h: inout HTML) {
    input(row, type: "text", into: &h) { h in
      let whole = row.facts.limits.decimals == 0
      h.attribute("inputmode", whole ? "numeric" : "decimal")
    }
  }

  /// A slider: a range control between its ends, by its step, its value beside it.
  func range(_ row: RowParts, into h: inout HTML) {
    let limits = row.facts.limits
    label(row, for: row.name, into: &h)
    h.raw("<span class=\"slider\"><input type=\"range\"")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    h.attribute("min", Value.formatNumber(limits.range.min ?? 0))
    h.attribute("max", Value.formatNumber(limits.range.max ?? 1))
    h.attribute("step", limits.step.map(Value.formatNumber) ?? "any")
    h.attribute("value", row.shownText)
    common(row, into: &h)
    h.raw("><output")
    h.attribute("for", row.name)
    h.attribute("id", row.name + "-out")
    h.raw(">")
    h.text(row.shownText)
    h.raw("</output></span>")
  }

  func masked(_ row: RowParts, _ mask: KindFacts.Mask, into h: inout HTML) {
    input(row, type: "text", into: &h) { h in
      h.raw(" inputmode=\"numeric\"")
      if let f = mask.format, row.item.placeholder == nil { h.attribute("placeholder", Cells.sanitize(f)) }
    }
  }

  /// A date, a time or both: the browser's own picker, in ISO 8601 as the kind reads it.
  func date(_ row: RowParts, _ shape: KindFacts.DateShape, into h: inout HTML) {
    let type: StaticString
    switch shape.mode {
    case .date: type = "date"
    case .time: type = "time"
    case .datetime: type = "datetime-local"
    }
    var shown = row
    if shown.refusedText == nil, let typed = row.facts.typed {
      shown.refusedText = PageDrawer.isoForInput(typed, mode: shape.mode)
    }
    input(shown, type: type, into: &h) { h in
      let dates = row.facts.limits.dates
      if let min = dates.min { h.attribute("min", PageDrawer.isoForInput(min, mode: shape.mode)) }
      if let max = dates.max { h.attribute("max", PageDrawer.isoForInput(max, mode: shape.mode)) }
      if shape.mode != .date, shape.minuteStep > 1 { h.attribute("step", String(shape.minuteStep * 60)) }
    }
  }

  /// ISO 8601 as a date, time or datetime-local input holds it (`2026-11-30T14:05`).
  static func isoForInput(_ text: String, mode: KindFacts.DateShape.Mode) -> String {
    var t = text.replacingOccurrences(" ", with: "T")
    if mode == .datetime, !t.contains("T") { t += "T00:00" }
    return t
  }

  /// Radio buttons (one of N; side by side when segmented) or checkboxes
  /// (several), in a fieldset whose legend is the row's label.
  func choices(_ row: RowParts, _ list: KindFacts.ChoiceList, several: Bool, into h: inout HTML) {
    fieldset(
      row, class: list.inline ? "choices segmented" : "choices", radioGroup: !several && row.item.isRequired, into: &h)
    if several {
      // present even when nothing is ticked: the row is on the page
      h.raw("<input type=\"hidden\" value=\"\"")
      h.attribute("name", row.name)
      h.raw(">")
    }
    for (i, choice) in list.choices.enumerated() {
      let id = i == 0 ? row.name : "\(row.name)-\(i + 1)"
      h.raw("<span class=\"choice\"><input")
      h.raw(several ? " type=\"checkbox\"" : " type=\"radio\"")
      h.attribute("id", id)
      h.attribute("name", row.name)
      h.attribute("value", String(i + 1))
      if list.chosen.contains(i) { h.raw(" checked") }
      if !row.errors.isEmpty { h.raw(" aria-invalid=\"true\"") }
      if row.autofocus && i == 0 { h.raw(" autofocus") }
      h.raw("><label")
      h.attribute("for", id)
      h.raw(">")
      h.text(Cells.sanitize(choice.label))
      h.raw("</label></span>")
    }
    h.raw("</fieldset>")
  }

  /// One of many options: a drop-down list.
  func select(_ row: RowParts, _ list: KindFacts.ChoiceList, into h: inout HTML) {
    label(row, for: row.name, into: &h)
    h.raw("<select")
    h.attribute("id", row.name)
    h.attribute("name", row.name)
    common(row, into: &h)
    h.raw("><option value=\"\">")
    h.text(say("serve.choose"))
    h.raw("</option>")
    option(list, into: &h)
    h.raw("</select>")
  }

  func option(_ list: KindFacts.ChoiceList, into h: inout HTML) {
    for (i, choice) in list.choices.enumerated() {
      h.raw("<option")
      h.attribute("value", String(i + 1))
      if list.chosen.contains(i) { h.raw(" selected") }
      h.raw(">")
      h.text(Cells.sanitize(choice.label))
      h.raw("</option>")
    }
  }

  /// A picker: a drop-down list per component, in order, each labelled with its place.
  func picker(_ row: RowParts, _ lists: [KindFacts.ChoiceList], into h: inout HTML) {
    fieldset(row, class: "picker", into: &h)
    for (k, list) in lists.enumerated() {
      let id = k == 0 ? row.name : "\(row.name).\(k + 1)"
      h.raw("<select")
      h.attribute("id", id)
      h.attribute("name", "\(row.name).\(k + 1)")
      h.attribute(
        "aria-label", lists.count == 1 ? row.label : say("serve.part", ["label": row.label, "number": String(k + 1)]))
      if !row.errors.isEmpty { h.raw(" aria-invalid=\"true\"") }
      if row.autofocus && k == 0 { h.raw(" autofocus") }
      h.raw("><option value=\"\">")
      h.text(say("serve.choose"))
      h.raw("</option>")
      option(list, into: &h)
      h.raw("</select>")
    }
    h.raw("</fieldset>")
  }

  /// A card: its fields typed apart (number, expiry, security code), never
  /// drawn with the card's values; the row's value is shown masked above them.
  func card(_ row: RowParts, _ fields: [KindFacts.CardField], into h: inout HTML) {
    fieldset(row, class: "card", into: &h)
    let shown = row.item.displayValue
    if !shown.isEmpty {
      h.raw("<p class=\"held\">")
      h.text(say("serve.card_held", ["card": Cells.sanitize(shown)]))
      h.raw("</p>")
    }
    for (k, field) in fields.enumerated() {
      let id = k == 0 ? row.name : "\(row.name).\(field.key)"
      h.raw("<span class=\"part\"><label")
      h.attribute("for", id)
      h.raw(">")
      h.text(Cells.sanitize(field.label))
      h.raw("</label><input type=\"text\" inputmode=\"numeric\" value=\"\"")
      h.attribute("id", id)
      h.attribute("name", "\(row.name).\(field.key)")
      h.attribute("placeholder", field.example)
      h.attribute("autocomplete", PageDrawer.cardAutocomplete[field.key] ?? "off")
      if !row.errors.isEmpty { h.raw(" aria-invalid=\"true\"") }
      if row.autofocus && k == 0 { h.raw(" autofocus") }
      h.raw("></span>")
    }
    h.raw("</fieldset>")
  }

  static let cardAutocomplete = ["number": "cc-number", "expiry": "cc-exp", "cvv": "cc-csc"]

  /// An action row: a button that runs its `on_select`; its detail beside it.
  func actionRow(_ row: RowParts, into h: inout HTML) {
    h.raw("<button type=\"submit\" name=\"select\" class=\"row-action\"")
    h.attribute("id", row.name)
    h.attribute("value", String(row.id))
    common(row, into: &h)
    h.raw(">")
    h.text(row.label)
    h.raw("</button>")
    if let detail = row.item.detail, !detail.isEmpty {
      h.raw(" <span class=\"detail\">")
      h.text(Cells.sanitize(detail))
      h.raw("</span>")
    }
  }
}

extension String {
  /// Every `target` replaced with `replacement` (no Foundation here).
  func replacingOccurrences(_ target: Character, with replacement: Character) -> String {
    String(map { $0 == target ? replacement : $0 })
  }
}
