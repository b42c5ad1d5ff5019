import FormCore

/// The text of a one-line editor and its cursor, edited as the line mode's
/// editor edits: the cursor moved by a character, a word, to either end;
/// deleted back or on by a character or a word, to either end. Typing at
/// the end costs the same however long the line is (a line of 8,000
/// characters is typed in linear time).
public struct LineBuffer: Equatable, Sendable {
  /// The characters.
  public internal(set) var chars: [Character]
  /// Index in `chars` the next character goes before.
  public internal(set) var cursor: Int

  /// A buffer holding `text`, the cursor at its end.
  public init(_ text: String = "") {
    chars = Array(text)
    cursor = chars.count
  }

  /// The text.
  public var text: String { String(chars) }
  /// True when it holds nothing.
  public var isEmpty: Bool { chars.isEmpty }

  /// Cells before the cursor (where a terminal's cursor goes in a line drawn whole).
  public var cursorCells: Int { chars[..<cursor].reduce(0) { $0 + Cells.width($1) } }

  /// Put `s` at the cursor.
  mutating func insert(_ s: String) {
    if cursor == chars.count {
      chars.append(contentsOf: s)
      cursor = chars.count
      return
    }
    let new = Array(s)
    chars.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  /// Put `c` at the cursor.
  mutating func insert(_ c: Character) {
    chars.insert(c, at: cursor)
    cursor += 1
  }

  /// Everything gone, the cursor at the start.
  mutating func removeAll() {
    chars.removeAll()
    cursor = 0
  }

  /// The last character gone (a text edited only at its end: a secret, digits into a mask).
  mutating func removeLast() {
    if !chars.isEmpty { chars.removeLast() }
    cursor = chars.count
  }

  /// The cursor put at `i` (within the text).
  mutating func moveCursor(to i: Int) { cursor = min(max(i, 0), chars.count) }

  /// Do `input` if it moves the cursor or deletes; false when it does neither.
  mutating func edit(_ input: EditInput) -> Bool {
    switch input {
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(chars.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = chars.count
    case .deleteWordBack(let shell): deleteWordBefore(spacesOnly: shell)
    case .backspace:
      guard cursor > 0 else { return true }
      chars.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      if cursor < chars.count { chars.remove(at: cursor) }
    case .killToEnd: chars.removeSubrange(cursor...)
    case .killToStart:
      chars.removeSubrange(..<cursor)
      cursor = 0
    case .deleteWordForward:
      let end = wordEnd(after: cursor)
      chars.removeSubrange(cursor..<end)
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

  /// Back to a space (as a shell's Ctrl-W), or to a word's start.
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

  /// The part of the line a column of `room` cells shows so that the cursor
  /// is in it, starting at `start` when it can (the last window shown): the
  /// window's first character, its characters made safe to show, and the
  /// cursor's cell in it. It measures the window, never the whole line.
  public func window(room: Int, start: Int) -> (start: Int, text: String, cursor: Int) {
    let room = max(room, 1)
    var first = min(max(start, 0), cursor)
    // the cells from `first` to the cursor, counted only while they could fit
    func cells(from a: Int) -> Int? {
      var w = 0
      var i = a
      while i < cursor {
        w += Cells.width(Cells.sanitize(String(chars[i])))
        if w >= room { return nil }
        i += 1
      }
      return w
    }
    if cells(from: 0) != nil {
      // the line up to the cursor fits: shown from its start
      first = 0
    } else if cells(from: first) == nil {
      // the cursor is past the window: the window ends at the cursor
      var w = 0
      var i = cursor
      while i > 0 {
        let cw = Cells.width(Cells.sanitize(String(chars[i - 1])))
        if w + cw >= room { break }
        w += cw
        i -= 1
      }
      first = i
    }
    var text = ""
    var w = 0
    var at = 0
    var i = first
    while i < chars.count {
      if i == cursor { at = w }
      let shown = Cells.sanitize(String(chars[i]))
      let cw = Cells.width(shown)
      if w + cw > room { break }
      text += shown
      w += cw
      i += 1
    }
    if cursor >= i { at = w }
    return (first, text, min(at, room - 1))
  }
}
