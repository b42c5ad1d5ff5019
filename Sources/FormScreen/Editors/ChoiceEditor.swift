import FormCore
import FormTerminal

/// One of N (radio, segmented) or several of N (multiple), in a list under
/// the row: ↑/↓ move, Enter chooses (one) or accepts (several), Space
/// toggles (several); typing filters the list live (the options holding
/// the typed letters in order, best first, their count shown), and a list
/// longer than the room pages with the highlight.
final class ChoiceEditor: RowEditor {
  let labels: [String]
  let several: Bool
  let inline: Bool
  var chosen: Set<Int>
  var filter = ""
  /// The options shown, best first: indices into `labels`.
  var matches: [Int]
  /// The highlighted entry of `matches`.
  var highlight = 0
  /// The first entry of `matches` in the window.
  var top = 0

  init(item: Item, facts: RowFacts, list: RowFacts.ChoiceList, several: Bool) {
    labels = list.choices.map(\.label)
    self.several = several
    inline = list.inline
    chosen = Set(list.chosen)
    matches = Array(labels.indices)
    super.init(item: item, facts: facts)
    if let first = list.chosen.first { highlight = first }
  }

  /// A long list says it can be filtered.
  var filtering: Bool { labels.count > 10 || !filter.isEmpty }

  override var keys: [(key: String, does: String)] {
    var k: [(key: String, does: String)] =
      several
      ? [("↑↓", "move"), ("Space", "toggle"), ("Enter", "accept"), ("Esc", "leave")]
      : [("↑↓", "move"), ("Enter", "choose"), ("Esc", "leave")]
    if filtering { k.insert(("type", "filter"), at: 1) }
    return k
  }

  /// One of N, or any of N with the count allowed: the list itself shows the options.
  override var hint: String {
    let c = item.words
    if labels.isEmpty { return c.say("editor.nothing_to_choose") }
    guard several else { return c.say("editor.one_of", ["count": String(labels.count)]) }
    return c.say("editor.any_of", ["count": String(labels.count)])
      + (Self.bounds(facts.limits.count, unit: c.say("editor.chosen"), c).map { ", " + $0 } ?? "")
  }

  func setFilter(_ text: String) {
    filter = text
    matches = Fuzzy.filter(labels, by: filter)
    highlight = 0
    top = 0
  }

  override func handle(_ key: Key) -> EditorAction {
    note = nil
    let plain = key.modifiers.isDisjoint(with: [.ctrl, .alt])
    switch key.code {
    case .escape: return .leave
    case .up where plain, .left where inline: move(-1)
    case .down where plain, .right where inline: move(1)
    case .char("p") where key.modifiers == .ctrl: move(-1)
    case .char("n") where key.modifiers == .ctrl: move(1)
    case .pageUp: move(-10)
    case .pageDown: move(10)
    case .home where filter.isEmpty: move(-matches.count)
    case .end where filter.isEmpty: move(matches.count)
    case .backspace:
      if !filter.isEmpty { setFilter(String(filter.dropLast())) }
    case .char("u") where key.modifiers == .ctrl: setFilter("")
    case .enter:
      if several { return .accept(Verbs.typed(chosen.sorted(), of: labels, commas: true)) }
      guard highlight < matches.count else {
        note = item.say("editor.no_match", ["filter": Cells.sanitize(filter)])
        return .handled
      }
      return .accept(Verbs.typed([matches[highlight]], of: labels, commas: false))
    case .char(" ") where plain && (several || filter.isEmpty):
      if several {
        toggle()
      } else {
        guard highlight < matches.count else { return .handled }
        return .accept(Verbs.typed([matches[highlight]], of: labels, commas: false))
      }
    case .char(let c) where plain:
      guard !c.unicodeScalars.contains(where: TypedLine.isControlScalar) else { return .handled }
      setFilter(filter + String(c))
    case .paste(let text):
      if let refused = refusedPaste(text) {
        note = refused
      } else {
        setFilter(filter + text)
      }
    default: return .ignored
    }
    return .handled
  }

  func move(_ by: Int) {
    guard !matches.isEmpty else { return }
    highlight = (highlight + by).clamped(0, matches.count - 1)
  }

  func toggle() {
    guard highlight < matches.count else { return }
    let i = matches[highlight]
    if chosen.contains(i) {
      chosen.remove(i)
    } else {
      if let max = facts.limits.count.max, chosen.count >= max {
        note = item.say("editor.at_most_chosen", ["max": String(max)])
        return
      }
      chosen.insert(i)
    }
  }

  override func below(width: Int, height: Int, color: Bool) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    if filtering {
      var p = Painter(width: width, color: color)
      p.add("    ")
      if filter.isEmpty {
        p.add(item.say("editor.type_to_filter", ["count": String(labels.count)]), .dim)
      } else {
        p.add(item.say("editor.filter"), .dim)
        p.addSafe(filter)
        p.add(item.say("editor.matches", ["count": String(matches.count), "total": String(labels.count)]), .dim)
      }
      out.append(p.line)
    }
    var room = max(1, height - out.count)
    if matches.isEmpty {
      out.append(Painter.line(item.say("editor.no_letters"), .dim, width: width, color: color))
      return (out, nil)
    }
    // a list longer than the room keeps its last line to say what is out of it
    let cut = matches.count > room && room > 2
    if cut { room -= 1 }
    // the window follows the highlight
    if highlight < top { top = highlight }
    if highlight >= top + room { top = highlight - room + 1 }
    top = top.clamped(0, max(0, matches.count - room))
    for k in top..<min(matches.count, top + room) {
      let i = matches[k]
      let here = k == highlight
      var p = Painter(width: width, color: color, reversed: here)
      p.add(here ? "  › " : "    ")
      if several {
        p.add(chosen.contains(i) ? "[x] " : "[ ] ")
      } else {
        p.add(chosen.contains(i) ? "(•) " : "( ) ")
      }
      p.addSafe(labels[i])
      out.append(p.line)
    }
    if cut {
      let below = matches.count - (top + room)
      var words: [String] = []
      if top > 0 { words.append(item.say("editor.above", ["count": String(top)])) }
      if below > 0 { words.append(item.say("editor.below", ["count": String(below)])) }
      out.append(
        Painter.line(
          item.say("editor.out_of_view", ["where": words.joined(separator: ", ")]), .dim, width: width, color: color))
    }
    return (out, nil)
  }
}
