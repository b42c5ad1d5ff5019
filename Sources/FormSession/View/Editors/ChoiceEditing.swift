import FormCore

/// One of N (radio, segmented) or several of N (multiple), in a list under
/// the row: up and down move the highlight, Enter chooses (one) or accepts
/// (several), Space toggles (several); typing filters the list live (the
/// options holding the typed letters in order, best first, their count shown).
public final class ChoiceEditing: RowEditing {
  /// The options' texts.
  public let labels: [String]
  /// True when several may be chosen.
  public let several: Bool
  /// True for a segmented control (left and right move too).
  public let inline: Bool
  /// The options chosen (indices into `labels`).
  public internal(set) var chosen: Set<Int>
  /// The letters typed to filter.
  public internal(set) var filter = ""
  /// The options shown, best first: indices into `labels`.
  public internal(set) var matches: [Int]
  /// The highlighted entry of `matches`.
  public internal(set) var highlight = 0
  /// The first entry of `matches` a front end's window shows (it keeps the highlight in view).
  public var top = 0

  init(item: Item, facts: KindFacts, list: KindFacts.ChoiceList, several: Bool) {
    labels = list.choices.map(\.label)
    self.several = several
    inline = list.inline
    chosen = Set(list.chosen)
    matches = Array(labels.indices)
    super.init(item: item, facts: facts)
    if let first = list.chosen.first { highlight = first }
  }

  /// A long list says it can be filtered.
  public var filtering: Bool { labels.count > 10 || !filter.isEmpty }

  /// One of N, or any of N with the count allowed: the list itself shows the options.
  public override var hint: String {
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

  /// The text the line mode reads for the options `indices`.
  func typed(_ indices: [Int]) -> String { ViewVerbs.typed(indices, of: labels, commas: several) }

  override func apply(_ input: EditInput) -> EditResult {
    note = nil
    switch input {
    case .escape: return .leave
    case .up,
      .left where inline:
      move(-1)
    case .down,
      .right where inline:
      move(1)
    case .pageUp: move(-10)
    case .pageDown: move(10)
    case .home where filter.isEmpty: move(-matches.count)
    case .end where filter.isEmpty: move(matches.count)
    case .backspace:
      if !filter.isEmpty { setFilter(String(filter.dropLast())) }
    case .killToStart: setFilter("")
    case .enter:
      if several { return .accept(typed(chosen.sorted())) }
      guard highlight < matches.count else {
        note = item.say("editor.no_match", ["filter": Cells.sanitize(filter)])
        return .handled
      }
      return .accept(typed([matches[highlight]]))
    case .insert(" ") where several || filter.isEmpty:
      if several {
        toggle()
      } else {
        guard highlight < matches.count else { return .handled }
        return .accept(typed([matches[highlight]]))
      }
    case .insert(let text):
      guard !text.unicodeScalars.contains(where: Self.isControl) else { return .handled }
      setFilter(filter + text)
    case .setText(let text):
      guard !text.unicodeScalars.contains(where: Self.isControl) else { return .handled }
      setFilter(text)
    case .paste(let text):
      if let refused = refusedPaste(text) {
        note = refused
      } else {
        setFilter(filter + text)
      }
    case .invalidText:
      note = item.say("editor.not_utf8")
    default: return .ignored
    }
    return .handled
  }

  func move(_ by: Int) {
    guard !matches.isEmpty else { return }
    highlight = min(max(highlight + by, 0), matches.count - 1)
  }

  /// The highlighted option ticked or unticked (several).
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
}
