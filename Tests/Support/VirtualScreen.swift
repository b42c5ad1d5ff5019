import FormCore

/// A terminal's screen as a test sees it: text written to it (escape
/// sequences and all) is interpreted as an xterm would, so a test compares
/// what a person would see, not the bytes. It keeps the lines scrolled off
/// the top, the cursor, reverse video per cell, the cursor's visibility and
/// bracketed paste; a sequence it does not know is kept in `unknown`, so a
/// test can say the front end wrote none.
///
/// `\n` moves to the start of the next line, as a terminal's output
/// processing (ONLCR, on by default) makes it.
public final class VirtualScreen {
  /// Width in cells.
  public private(set) var columns: Int
  /// Height in lines.
  public private(set) var rows: Int
  /// Each cell's text: a character, or "" for the right half of a wide one.
  var cells: [[String]]
  var reverse: [[Bool]]
  /// The cursor: line (from 0 at the top) and column.
  public private(set) var cursor = (row: 0, column: 0)
  var pendingWrap = false
  var saved = (row: 0, column: 0)
  var inverse = false
  /// Lines scrolled off the top, oldest first (right ends trimmed).
  public private(set) var scrollback: [String] = []
  /// Whether the cursor is shown (`ESC [ ? 25 l` hides it).
  public private(set) var cursorVisible = true
  /// Whether bracketed paste is on (`ESC [ ? 2004 h`).
  public private(set) var bracketedPaste = false
  /// Sequences this screen does not interpret, as written.
  public private(set) var unknown: [String] = []
  /// Every byte written, in order.
  public private(set) var written: [UInt8] = []
  var parser: [UInt8] = []

  /// A blank screen of `columns` by `rows`, the cursor at the top left.
  public init(columns: Int = 80, rows: Int = 24) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    reverse = Array(repeating: Array(repeating: false, count: columns), count: rows)
  }

  /// The screen's lines, right ends trimmed.
  public var lines: [String] { (0..<rows).map(line) }

  /// The screen's lines without the blank ones at the bottom.
  public var shown: [String] {
    var l = lines
    while l.last == "" { l.removeLast() }
    return l
  }

  /// Scrollback and screen, as one text (blank lines at the end left out).
  public var transcript: [String] { scrollback + shown }

  /// Line `r` of the screen, right end trimmed.
  public func line(_ r: Int) -> String {
    var s = cells[r].joined()
    while s.last == " " { s.removeLast() }
    return s
  }

  /// Line `r` with its reverse-video cells between `[` and `]` (marks
  /// where the screen shows reverse video, which plain text loses); spaces
  /// at the end of a reversed run are left out, as at the end of the line.
  public func marked(_ r: Int) -> String {
    var s = ""
    var run = ""
    var on = false
    func close() {
      while run.last == " " { run.removeLast() }
      s += "[" + run + "]"
      run = ""
    }
    for c in 0..<columns {
      if reverse[r][c] != on {
        if on { close() }
        on = reverse[r][c]
      }
      if on { run += cells[r][c] } else { s += cells[r][c] }
    }
    if on { close() }
    while s.last == " " { s.removeLast() }
    return s
  }

  /// The screen's lines with reverse video marked (`marked`), blank ones at the bottom left out.
  public var markedLines: [String] {
    var l = (0..<rows).map(marked)
    while l.last == "" { l.removeLast() }
    return l
  }

  /// Change the size as a terminal window would (no reflow: lines are cut or padded).
  public func resize(columns: Int, rows: Int) {
    var newCells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    var newReverse = Array(repeating: Array(repeating: false, count: columns), count: rows)
    // a shorter screen keeps the lines at the cursor: the top ones scroll off
    let drop = max(0, cursor.row - (rows - 1))
    for r in 0..<drop { scrollback.append(line(r)) }
    for r in 0..<min(rows, self.rows - drop) {
      for c in 0..<min(columns, self.columns) {
        newCells[r][c] = cells[r + drop][c]
        newReverse[r][c] = reverse[r + drop][c]
      }
    }
    self.columns = columns
    self.rows = rows
    cells = newCells
    reverse = newReverse
    cursor.row = min(cursor.row - drop, rows - 1)
    cursor.column = min(cursor.column, columns - 1)
    pendingWrap = false
  }

  /// Write text to the screen.
  public func feed(_ text: String) { feed(Array(text.utf8)) }

  /// Write bytes to the screen.
  public func feed(_ bytes: [UInt8]) {
    written += bytes
    parser += bytes
    var i = 0
    while i < parser.count {
      guard let used = step(at: i) else { break }
      i += used
    }
    parser.removeFirst(i)
  }

  /// Interpret what starts at `i`; how many bytes it took, nil when incomplete.
  func step(at i: Int) -> Int? {
    let b = parser[i]
    switch b {
    case 0x1B: return escape(at: i)
    case 0x0D:
      cursor.column = 0
      pendingWrap = false
    case 0x0A:
      cursor.column = 0
      lineFeed()
    case 0x08:
      if cursor.column > 0 { cursor.column -= 1 }
      pendingWrap = false
    case 0x09: cursor.column = min(columns - 1, (cursor.column / 8 + 1) * 8)
    case 0x07: break
    case 0..<0x20: unknown.append("C0 \(b)")
    default:
      let more = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0
      guard i + more < parser.count else { return nil }
      let text = String(decoding: parser[i...(i + more)], as: UTF8.self)
      put(text)
      return more + 1
    }
    return 1
  }

  func put(_ text: String) {
    let width = max(Cells.width(text), 1)
    if pendingWrap {
      cursor.column = 0
      lineFeed()
    }
    if cursor.column + width > columns {
      cursor.column = 0
      lineFeed()
    }
    cells[cursor.row][cursor.column] = text
    reverse[cursor.row][cursor.column] = inverse
    if width == 2, cursor.column + 1 < columns {
      cells[cursor.row][cursor.column + 1] = ""
      reverse[cursor.row][cursor.column + 1] = inverse
    }
    if cursor.column + width >= columns {
      cursor.column = columns - 1
      pendingWrap = true
    } else {
      cursor.column += width
    }
  }

  func lineFeed() {
    pendingWrap = false
    if cursor.row == rows - 1 {
      scrollback.append(line(0))
      cells.removeFirst()
      reverse.removeFirst()
      cells.append(Array(repeating: " ", count: columns))
      reverse.append(Array(repeating: false, count: columns))
    } else {
      cursor.row += 1
    }
  }

  func escape(at i: Int) -> Int? {
    guard i + 1 < parser.count else { return nil }
    switch parser[i + 1] {
    case 0x5B: return csi(at: i)
    case 0x5D:  // OSC … BEL or ST: ignored
      var j = i + 2
      while j < parser.count {
        if parser[j] == 0x07 { return j + 1 - i }
        if parser[j] == 0x1B, j + 1 < parser.count, parser[j + 1] == 0x5C { return j + 2 - i }
        j += 1
      }
      return nil
    case 0x37:
      saved = cursor
      return 2
    case 0x38:
      cursor = saved
      pendingWrap = false
      return 2
    default:
      unknown.append("ESC " + String(decoding: [parser[i + 1]], as: UTF8.self))
      return 2
    }
  }

  func csi(at i: Int) -> Int? {
    var j = i + 2
    while j < parser.count, !(0x40...0x7E).contains(parser[j]) { j += 1 }
    guard j < parser.count else { return nil }
    let body = String(decoding: parser[(i + 2)..<j], as: UTF8.self)
    let final = Character(Unicode.Scalar(parser[j]))
    let isPrivate = body.hasPrefix("?")
    let numbers = (isPrivate ? String(body.dropFirst()) : body).split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func n(_ k: Int, _ d: Int) -> Int { k < numbers.count ? (numbers[k] ?? d) : d }
    let count = max(n(0, 1), 1)
    if isPrivate {
      switch (final, n(0, 0)) {
      case ("h", 25): cursorVisible = true
      case ("l", 25): cursorVisible = false
      case ("h", 2004): bracketedPaste = true
      case ("l", 2004): bracketedPaste = false
      default: unknown.append("CSI " + body + String(final))
      }
      return j + 1 - i
    }
    if final != "m" { pendingWrap = false }
    switch final {
    case "A": cursor.row = max(0, cursor.row - count)
    case "B": cursor.row = min(rows - 1, cursor.row + count)
    case "C": cursor.column = min(columns - 1, cursor.column + count)
    case "D": cursor.column = max(0, cursor.column - count)
    case "E":
      cursor.row = min(rows - 1, cursor.row + count)
      cursor.column = 0
    case "F":
      cursor.row = max(0, cursor.row - count)
      cursor.column = 0
    case "G": cursor.column = min(columns - 1, count - 1)
    case "H", "f":
      cursor.row = min(rows - 1, max(n(0, 1), 1) - 1)
      cursor.column = min(columns - 1, max(n(1, 1), 1) - 1)
    case "K":
      switch n(0, 0) {
      case 0: clear(row: cursor.row, from: cursor.column, to: columns)
      case 1: clear(row: cursor.row, from: 0, to: cursor.column + 1)
      default: clear(row: cursor.row, from: 0, to: columns)
      }
    case "J":
      switch n(0, 0) {
      case 0:
        clear(row: cursor.row, from: cursor.column, to: columns)
        for r in (cursor.row + 1)..<rows { clear(row: r, from: 0, to: columns) }
      case 1:
        for r in 0..<cursor.row { clear(row: r, from: 0, to: columns) }
        clear(row: cursor.row, from: 0, to: cursor.column + 1)
      default:
        for r in 0..<rows { clear(row: r, from: 0, to: columns) }
      }
    case "m":
      for p in numbers.isEmpty ? [0] : numbers.map({ $0 ?? 0 }) {
        if p == 0 || p == 27 { inverse = false }
        if p == 7 { inverse = true }
      }
    default: unknown.append("CSI " + body + String(final))
    }
    return j + 1 - i
  }

  func clear(row: Int, from: Int, to: Int) {
    guard from < to else { return }
    for c in from..<min(to, columns) {
      cells[row][c] = " "
      reverse[row][c] = false
    }
  }
}
