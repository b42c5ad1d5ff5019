import FormCore
import FormSession

/// How each editor of the view model is drawn: what it shows in the row's
/// value column (`inlineText`) and the lines under the row (`below`):
/// a list's options, a card's fields, a long text's lines, a picker's column.
extension Screen {
  /// The value column of an editor that edits in place, and the cursor's
  /// cell in it; nil for one drawn under the row. A text longer than the
  /// column shows the part around the cursor (measured, not the whole text).
  /// `selected`: the whole text is selected (typing replaces it).
  func inlineText(_ e: RowEditing, room: Int) -> (text: String, cursor: Int?, selected: Bool)? {
    guard let t = e as? TextEditing else { return e.inline().map { ($0.text, $0.cursor, false) } }
    if let shown = t.shownInPlace { return (shown.text, shown.cursor, t.selected) }
    let window = t.buffer.window(room: room, start: t.selected ? 0 : t.scroll)
    t.scroll = window.start
    return (window.text, window.cursor, t.selected)
  }

  /// Lines under the row, at most `height`, and the cursor among them (its line and cell).
  func below(_ e: RowEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    switch e {
    case let f as FileEditing: return below(f, height: height)
    case let c as ChoiceEditing: return below(c, height: height)
    case let p as PickerEditing: return below(p, height: height)
    case let c as CardEditing: return below(c)
    case let l as LinesEditing: return below(l, height: height)
    case let t as TextEditing where !t.shownOffers.isEmpty: return offers(t, height: height)
    default: return ([], nil)
    }
  }

  /// A text row's offers for what is typed, best first (at most five in
  /// view, the window following the one picked), the one picked in reverse video.
  func offers(_ e: TextEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    let words = e.shownOffers
    var out: [Line] = []
    var room = max(1, min(height, 5))
    let cut = words.count > room && room > 2
    if cut { room -= 1 }
    let at = e.offerPicked ?? 0
    if at < e.offersTop { e.offersTop = at }
    if at >= e.offersTop + room { e.offersTop = at - room + 1 }
    e.offersTop = e.offersTop.clamped(0, max(0, words.count - room))
    for k in e.offersTop..<min(words.count, e.offersTop + room) {
      let here = k == e.offerPicked
      var p = painter(reversed: here)
      p.add(here ? "  › " : "    ")
      p.addSafe(words[k])
      out.append(p.line)
    }
    if cut {
      let below = words.count - (e.offersTop + room)
      var said: [String] = []
      if e.offersTop > 0 { said.append(e.item.say("editor.above", ["count": String(e.offersTop)])) }
      if below > 0 { said.append(e.item.say("editor.below", ["count": String(below)])) }
      out.append(line(e.item.say("editor.out_of_view", ["where": said.joined(separator: ", ")]), .hint))
    }
    return (out, nil)
  }

  func below(_ e: ChoiceEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    let item = e.item
    var out: [Line] = []
    if e.filtering {
      var p = painter()
      p.add("    ")
      if e.filter.isEmpty {
        p.add(item.say("editor.type_to_filter", ["count": String(e.labels.count)]), .hint)
      } else {
        p.add(item.say("editor.filter"), .hint)
        p.addSafe(e.filter)
        p.add(
          item.say("editor.matches", ["count": String(e.matches.count), "total": String(e.labels.count)]), .hint)
      }
      out.append(p.line)
    }
    var room = max(1, height - out.count)
    if e.matches.isEmpty {
      out.append(line(item.say("editor.no_letters"), .hint))
      return (out, nil)
    }
    // a list longer than the room keeps its last line to say what is out of it
    let cut = e.matches.count > room && room > 2
    if cut { room -= 1 }
    // the window follows the highlight
    if e.highlight < e.top { e.top = e.highlight }
    if e.highlight >= e.top + room { e.top = e.highlight - room + 1 }
    e.top = e.top.clamped(0, max(0, e.matches.count - room))
    for k in e.top..<min(e.matches.count, e.top + room) {
      let i = e.matches[k]
      let here = k == e.highlight
      var p = painter(reversed: here)
      p.add(here ? "  › " : "    ")
      let chosen = e.chosen.contains(i)
      if e.several {
        p.add(chosen ? "[x] " : "[ ] ", chosen ? .chosen : .plain)
      } else {
        p.add(chosen ? "(•) " : "( ) ", chosen ? .chosen : .plain)
      }
      p.addSafe(e.labels[i], chosen ? .chosen : .plain)
      out.append(p.line)
    }
    if cut {
      let below = e.matches.count - (e.top + room)
      var words: [String] = []
      if e.top > 0 { words.append(item.say("editor.above", ["count": String(e.top)])) }
      if below > 0 { words.append(item.say("editor.below", ["count": String(below)])) }
      out.append(line(item.say("editor.out_of_view", ["where": words.joined(separator: ", ")]), .hint))
    }
    return (out, nil)
  }

  /// A path's picker: the folder's entries that match (a folder with `/`
  /// after it), names made safe to show; the one picked in reverse video.
  func below(_ e: FileEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    guard !e.entries.isEmpty else {
      out.append(line(e.item.say("editor.no_entries"), .hint))
      return (out, nil)
    }
    var room = max(1, min(height, 8))
    let cut = e.entries.count > room && room > 2
    if cut { room -= 1 }
    let at = e.picked ?? 0
    if at < e.top { e.top = at }
    if at >= e.top + room { e.top = at - room + 1 }
    e.top = e.top.clamped(0, max(0, e.entries.count - room))
    for k in e.top..<min(e.entries.count, e.top + room) {
      let entry = e.entries[k]
      let here = k == e.picked
      var p = painter(reversed: here)
      p.add(here ? "  › " : "    ")
      p.addSafe(entry.name + (entry.isFolder ? "/" : ""), entry.isFolder ? .openTitle : .plain)
      out.append(p.line)
    }
    if cut {
      let below = e.entries.count - (e.top + room)
      var words: [String] = []
      if e.top > 0 { words.append(e.item.say("editor.above", ["count": String(e.top)])) }
      if below > 0 { words.append(e.item.say("editor.below", ["count": String(below)])) }
      out.append(line(e.item.say("editor.out_of_view", ["where": words.joined(separator: ", ")]), .hint))
    }
    return (out, nil)
  }

  func below(_ e: PickerEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    guard !e.columns.isEmpty else { return ([line(e.item.say("editor.picker_none"), .hint)], nil) }
    var out: [Line] = []
    var head = painter()
    head.add("    ")
    for (c, options) in e.columns.enumerated() {
      if c > 0 { head.add("  ") }
      let chosen = options.isEmpty ? "?" : Cells.sanitize(options[e.picks[c]])
      head.add(c == e.column ? "‹\(chosen)›" : chosen, c == e.column ? .openTitle : .plain)
    }
    head.add(
      e.item.say("editor.part_of", ["number": String(e.column + 1), "count": String(e.columns.count)]), .hint)
    out.append(head.line)
    let options = e.columns[e.column]
    let room = max(1, height - 1)
    let pick = e.picks[e.column]
    if pick < e.top { e.top = pick }
    if pick >= e.top + room { e.top = pick - room + 1 }
    for k in e.top..<min(options.count, e.top + room) {
      var p = painter(reversed: k == pick)
      p.add(k == pick ? "  › (•) " : "    ( ) ")
      p.addSafe(options[k])
      out.append(p.line)
    }
    return (out, nil)
  }

  func below(_ e: CardEditing) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    var cursor: Frame.Position?
    let labelWidth = (e.fields.map { Cells.width($0.label) }.max() ?? 0) + 2
    for i in e.fields.indices {
      var p = painter()
      p.add(i == e.field ? "  › " : "    ")
      p.add(e.fields[i].label, i == e.field ? .openTitle : .plain)
      p.pad(to: 4 + labelWidth)
      let text = e.shown(i, masked: true)
      if text.isEmpty, i != e.field {
        p.add(e.item.say("editor.example", ["example": e.fields[i].example]), .hint)
      } else {
        p.add(text)
      }
      if i == e.field { cursor = Frame.Position(row: i, column: 4 + labelWidth + Cells.width(text)) }
      out.append(p.line)
    }
    return (out, cursor)
  }

  func below(_ e: LinesEditing, height: Int) -> (lines: [Line], cursor: Frame.Position?) {
    let room = max(1, height)
    if e.row < e.top { e.top = e.row }
    if e.row >= e.top + room { e.top = e.row - room + 1 }
    var out: [Line] = []
    var cursor: Frame.Position?
    for k in e.top..<min(e.lines.count, e.top + room) {
      var p = painter()
      p.add("    │ ", .hint)
      let shown = Cells.sanitize(e.lines[k].text)
      p.add(shown)
      if k == e.row {
        let before = Cells.width(Cells.sanitize(String(e.lines[k].chars[..<e.lines[k].cursor])))
        cursor = Frame.Position(row: out.count, column: min(6 + before, width - 1))
      }
      out.append(p.line)
    }
    return (out, cursor)
  }
}
