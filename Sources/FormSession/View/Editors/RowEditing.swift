import FormCore

/// What an input did in an editor.
public enum EditResult: Equatable {
  /// the editor changed (or not): draw again
  case handled
  /// not an input of this editor: the view may take it (Tab, ↑/↓ move on)
  case ignored
  /// set the row from this text, as typed
  case accept(String)
  /// empty the row
  case clear
  /// leave, the row unchanged
  case leave
  /// open the text in the person's own editor (`$EDITOR`)
  case external
}

/// The editor open on the focused row, one per shape of value: its state as
/// plain data a front end draws, changed by `EditInput`s. It edits in place
/// and keeps its text when the value is refused, so the reason shows under
/// the row and the next inputs fix it.
public class RowEditing {
  /// The row edited.
  public let item: Item
  /// What the row's kind says of it (its widget, its limits).
  public let facts: KindFacts
  /// Why the last value was refused (shown under the row), nil when none was.
  public internal(set) var reason: String?
  /// A short note beside the hint (an input refused, a limit reached).
  public internal(set) var note: String?

  init(item: Item, facts: KindFacts) {
    self.item = item
    self.facts = facts
  }

  /// The value column while editing (text, and the cursor's cell in it);
  /// nil: the row shows its value as usual and the editor draws below it.
  public func inline() -> (text: String, cursor: Int?)? { nil }

  /// True when the editor edits in the row's value column (`inline` gives its text).
  public var editsInPlace: Bool { false }

  /// What it reads and the limits, before anyone fails them.
  public var hint: String { Self.hint(facts, item.words) }

  /// Do `input`.
  func apply(_ input: EditInput) -> EditResult { .ignored }

  /// The value was refused for `reason` (the kind's or a check's words): it shows under the row.
  func refused(_ reason: String) { self.reason = reason }

  /// What the editor holds, as Enter would give it (Tab, ↑/↓ and a submit take it before they move or submit).
  func taken() -> EditResult { apply(.enter) }

  /// True while what the editor holds differs from the row's value (it would be lost if discarded).
  public var holdsChange: Bool {
    switch taken() {
    // the row's value as it is now (a value a validator refused is taken,
    // the editor staying open on it), not as it was when the editor opened
    case .accept(let text): return text != (item.facts.typed ?? "")
    case .clear: return !item.value.isBlank
    default: return false
    }
  }

  /// Text pasted into an editor of one line: refused when it holds a control
  /// character (a newline would end the line, an Esc drive the terminal).
  func refusedPaste(_ text: String) -> String? {
    guard let bad = text.unicodeScalars.first(where: Self.isControl) else { return nil }
    return item.say("editor.paste", ["what": Self.describe(bad, item.words)])
  }

  /// A control character (C0, DEL, C1) that never goes into a value typed on one line.
  static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

  /// How a refusal names a control character.
  static func describe(_ s: Unicode.Scalar, _ c: Catalogue = .english) -> String {
    switch s {
    case "\n", "\r": return c.say("editor.line_break")
    case "\t": return c.say("editor.tab")
    case "\u{1B}": return c.say("editor.escape")
    default: return c.say("editor.control")
    }
  }

  /// The expected input and the limits in words.
  public static func hint(_ facts: KindFacts, _ c: Catalogue = .english) -> String {
    var parts = [Cells.sanitize(facts.expects)]
    let l = facts.limits
    let said = facts.expects
    let characters = c.say("editor.characters")
    if !said.contains(characters), let words = bounds(l.length, unit: characters, c) { parts.append(words) }
    if let words = bounds(l.count, unit: c.say("editor.choices"), c) { parts.append(words) }
    // bounds said once: not again when what the kind expects names them already
    switch (l.dates.min.flatMap { said.contains($0) ? nil : $0 }, l.dates.max.flatMap { said.contains($0) ? nil : $0 })
    {
    case (let lo?, let hi?): parts.append(c.say("editor.from_to", ["min": lo, "max": hi]))
    case (let lo?, nil): parts.append(c.say("editor.on_or_after", ["min": lo]))
    case (nil, let hi?): parts.append(c.say("editor.on_or_before", ["max": hi]))
    case (nil, nil): break
    }
    return parts.joined(separator: "; ")
  }

  static func bounds(_ b: KindFacts.Bounds<Int>, unit: String, _ c: Catalogue = .english) -> String? {
    switch (b.min, b.max) {
    case (let lo?, let hi?):
      return lo == hi
        ? c.say("editor.exactly", ["count": String(lo), "unit": unit])
        : c.say("editor.between", ["min": String(lo), "max": String(hi), "unit": unit])
    case (let lo?, nil): return c.say("editor.at_least", ["min": String(lo), "unit": unit])
    case (nil, let hi?): return c.say("editor.at_most", ["max": String(hi), "unit": unit])
    default: return nil
    }
  }

  /// The editor for `item`'s row, by the shape of its value (`selecting`: its text selected, typing replaces it).
  static func make(
    for item: Item, facts: KindFacts, selecting: Bool = true, list: ((String) -> [FolderEntry])? = nil
  ) -> RowEditing {
    // a path, when the front end can list folders: with its picker
    if let rules = facts.paths, let list, !facts.shape.isChoice {
      return FileEditing(item: item, facts: facts, rules: rules, selecting: selecting, list: list)
    }
    switch facts.shape {
    case .oneOf(let list): return ChoiceEditing(item: item, facts: facts, list: list, several: false)
    case .severalOf(let list): return ChoiceEditing(item: item, facts: facts, list: list, several: true)
    case .components(let lists): return PickerEditing(item: item, facts: facts, lists: lists)
    case .card(let fields): return CardEditing(item: item, facts: facts, fields: fields)
    case .number(slider: true): return SliderEditing(item: item, facts: facts)
    case .lines: return LinesEditing(item: item, facts: facts)
    default: return TextEditing(item: item, facts: facts, selecting: selecting)
    }
  }
}
