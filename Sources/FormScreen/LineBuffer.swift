import FormCore
import FormTerminal

/// The text of a one-line editor and its cursor, edited with the keys of the
/// line mode's editor: ←/→, Home/End, Ctrl-A/E/B/F, Backspace, Delete,
/// Ctrl-D, Ctrl-K/U/W, Alt-B/F (and Ctrl-←/→), Alt-D, Alt-Backspace.
struct LineBuffer: Equatable {
  var chars: [Character]
  /// Index in `chars` the next character goes before.
  var cursor: Int

  init(_ text: String = "") {
    chars = Array(text)
    cursor = chars.count
  }

  var text: String { String(chars) }
  var isEmpty: Bool { chars.isEmpty }

  /// Cells before the cursor (where the terminal's cursor goes).
  var cursorCells: Int { chars[..<cursor].reduce(0) { $0 + Cells.width($1) } }

  mutating func insert(_ s: String) {
    let new = Array(s)
    chars.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  /// Do `key` if it is an editing key; false when it is not one.
  mutating func edit(_ key: Key) -> Bool {
    let ctrl = key.modifiers.contains(.ctrl)
    let alt = key.modifiers.contains(.alt)
    switch key.code {
    case .left where ctrl || alt: cursor = wordStart(before: cursor)
    case .right where ctrl || alt: cursor = wordEnd(after: cursor)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(chars.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = chars.count
    case .backspace where alt: deleteWordBefore()
    case .backspace:
      guard cursor > 0 else { return true }
      chars.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      if cursor < chars.count { chars.remove(at: cursor) }
    case .char(let c) where ctrl:
      switch c {
      case "a": cursor = 0
      case "e": cursor = chars.count
      case "b": cursor = max(0, cursor - 1)
      case "f": cursor = min(chars.count, cursor + 1)
      case "h":
        guard cursor > 0 else { return true }
        chars.remove(at: cursor - 1)
        cursor -= 1
      case "d": if cursor < chars.count { chars.remove(at: cursor) }
      case "k": chars.removeSubrange(cursor...)
      case "u":
        chars.removeSubrange(..<cursor)
        cursor = 0
      case "w": deleteWordBefore(spacesOnly: true)
      default: return false
      }
    case .char(let c) where alt:
      switch c {
      case "b", "B": cursor = wordStart(before: cursor)
      case "f", "F": cursor = wordEnd(after: cursor)
      case "d", "D":
        let end = wordEnd(after: cursor)
        chars.removeSubrange(cursor..<end)
      default: return false
      }
    default: return false
    }
    return true
  }

  static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }

  func wordStart(before i: Int) -> Int {
    var j = i
    while j > 0, !Self.isWord(chars[j - 1]) { j -= 1 }
    while j > 0, Self.isWord(chars[j - 1]) { j -= 1 }
    return j
  }

  func wordEnd(after i: Int) -> Int {
    var j = i
    while j < chars.count, !Self.isWord(chars[j]) { j += 1 }
    while j < chars.count, Self.isWord(chars[j]) { j += 1 }
    return j
  }

  /// Ctrl-W deletes back to a space (as a shell's line does); Alt-Backspace to a word's start.
  mutating func deleteWordBefore(spacesOnly: Bool = false) {
    var j = cursor
    if spacesOnly {
      while j > 0, chars[j - 1] == " " { j -= 1 }
      while j > 0, chars[j - 1] != " " { j -= 1 }
    } else {
      j = wordStart(before: cursor)
    }
    chars.removeSubrange(j..<cursor)
    cursor = j
  }
}
