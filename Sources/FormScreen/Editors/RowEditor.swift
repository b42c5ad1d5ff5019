import FormCore
import FormTerminal

/// What a key did in an editor.
enum EditorAction: Equatable {
  /// the editor changed (or not): draw again
  case handled
  /// not a key of this editor: the screen may take it
  case ignored
  /// set the row from this text, as typed
  case accept(String)
  /// empty the row
  case clear
  /// leave, the row unchanged
  case leave
  /// open the text in `$VISUAL`/`$EDITOR`
  case externalEdit
}

/// The editor open on the focused row: one per shape of value. It edits in
/// place and keeps its text when the value is refused, so the reason shows
/// under the row and the next keys fix it.
class RowEditor {
  let item: Item
  let facts: RowFacts
  /// Why the last value was refused (shown under the row), nil when none was.
  var reason: String?
  /// A short note in the hint line (a key refused, a limit reached).
  var note: String?

  init(item: Item, facts: RowFacts) {
    self.item = item
    self.facts = facts
  }

  /// The value column while editing (text, and the cursor's cell in it);
  /// nil: the row shows its value as usual.
  func inline() -> (text: String, cursor: Int?)? { nil }

  /// Lines under the row (options, fields, lines of text), at most `height`,
  /// and the cursor among them (its line and cell), if it stands there.
  func below(width: Int, height: Int, color: Bool) -> (lines: [Line], cursor: Frame.Position?) { ([], nil) }

  /// The editor's keys for the help line, most useful first.
  var keys: [(key: String, does: String)] { [("Enter", "accept"), ("Esc", "leave")] }

  /// What it reads and the limits, before anyone fails them.
  var hint: String { Self.hint(facts, item.words) }

  func handle(_ key: Key) -> EditorAction { .ignored }

  /// What the editor holds, as Enter would give it (Tab, ↑/↓ and Ctrl-S take it before they move or submit).
  func taken() -> EditorAction { handle(Key(.enter)) }

  /// Text pasted into an editor of one line: refused when it holds a control
  /// character (a newline would end the line, an Esc drive the terminal).
  func refusedPaste(_ text: String) -> String? {
    guard let bad = text.unicodeScalars.first(where: TypedLine.isControlScalar) else { return nil }
    return item.say("editor.paste", ["what": TypedLine.describe(bad, item.words)])
  }

  /// The expected input and the limits in words.
  static func hint(_ facts: RowFacts, _ c: Catalogue = .english) -> String {
    var parts = [Cells.sanitize(facts.expects)]
    let l = facts.limits
    let said = facts.expects
    let characters = c.say("editor.characters")
    if !said.contains(characters), let words = bounds(l.length, unit: characters, c) { parts.append(words) }
    if let words = bounds(l.count, unit: c.say("editor.choices"), c) { parts.append(words) }
    if let lo = l.dates.min, let hi = l.dates.max, !said.contains(c.say("editor.on_or_after", ["min": lo])) {
      parts.append(c.say("editor.from_to", ["min": lo, "max": hi]))
    } else if let lo = l.dates.min {
      parts.append(c.say("editor.on_or_after", ["min": lo]))
    } else if let hi = l.dates.max {
      parts.append(c.say("editor.on_or_before", ["max": hi]))
    }
    return parts.joined(separator: "; ")
  }

  static func bounds(_ b: RowFacts.Bounds<Int>, unit: String, _ c: Catalogue = .english) -> String? {
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
}

extension TypedLine {
  /// A control character (C0, DEL, C1) that never goes into a value typed on one line.
  static func isControlScalar(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

  /// How a refusal names a control character.
  static func describe(_ s: Unicode.Scalar, _ c: Catalogue = .english) -> String {
    switch s {
    case "\n", "\r": return c.say("editor.line_break")
    case "\t": return c.say("editor.tab")
    case "\u{1B}": return c.say("editor.escape")
    default: return c.say("editor.control")
    }
  }
}
