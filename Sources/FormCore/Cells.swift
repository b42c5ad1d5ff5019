import FormEscape

/// Terminal cell widths and text that is safe to send to a terminal.
public enum Cells {
  /// How many terminal cells `s` takes: East Asian wide and fullwidth
  /// characters and emoji take 2, combining marks 0.
  public static func width(_ s: some StringProtocol) -> Int { cells(of: s) }

  /// `width` of a String. The generic `width`, called from another module,
  /// runs unspecialised: it looks up the string type's associated types at
  /// run time, thousands of instructions a call (ten thousand the first).
  public static func width(_ s: String) -> Int { cells(of: s) }

  /// `width` of a Substring (see the String one).
  public static func width(_ s: Substring) -> Int { cells(of: s) }

  @inline(__always)
  static func cells(of s: some StringProtocol) -> Int {
    // printable ASCII (most titles and values): one cell a byte
    if let n = plainASCIICount(s) { return n }
    var w = 0
    for ch in s { w += width(ch) }
    return w
  }

  /// The byte count when `s` is all printable ASCII (one cell a byte, nothing
  /// to escape), else nil: a loop over contiguous bytes, the common case of
  /// every row drawn.
  @inline(__always)
  public static func plainASCIICount(_ s: some StringProtocol) -> Int? {
    let fast = s.utf8.withContiguousStorageIfAvailable { buf -> Int? in
      for b in buf where b < 0x20 || b >= 0x7f { return nil }
      return buf.count
    }
    if let fast { return fast }
    for b in s.utf8 where b < 0x20 || b >= 0x7f { return nil }
    return s.utf8.count
  }

  static func isPlainASCII(_ s: some StringProtocol) -> Bool { plainASCIICount(s) != nil }

  /// Terminal cells one character takes: 0 (combining, controls), 1 or 2 (wide, emoji).
  public static func width(_ ch: Character) -> Int {
    let scalars = ch.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII {
      if first.value < 0x20 || first.value == 0x7f { return 0 }
      // a keycap (`1️⃣`), or `#`, `*`, a digit asked to show as emoji: drawn wide
      if first.properties.isEmoji, scalars.count > 1, scalars.contains("\u{FE0F}") { return 2 }
      return 1
    }
    // format characters a terminal still draws (wcwidth gives them a cell):
    // the soft hyphen and the prepended concatenation marks (U+0600…)
    if Self.drawnFormat.contains(first.value) { return 1 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if isWide(first.value) || first.properties.isEmojiPresentation { return 2 }
    // a text-style emoji asked to show as emoji (U+FE0F) is drawn wide
    if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    return 1
  }

  static let drawnFormat: Set<UInt32> = [
    0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
  ]

  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  static func isWide(_ v: UInt32) -> Bool {
    if v < 0x1100 { return false }
    var lo = 0
    var hi = wideRanges.count - 1
    while lo <= hi {
      let mid = (lo + hi) / 2
      let r = wideRanges[mid]
      if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
    }
    return false
  }

  /// `s` cut to at most `cells` cells, ending in `…` when cut.
  public static func truncate(_ s: String, to cells: Int) -> String {
    guard cells > 0 else { return "" }
    if s.utf8.count <= cells, isPlainASCII(s) { return s }
    if width(s) <= cells { return s }
    var out = ""
    var w = 0
    for ch in s {
      let cw = width(ch)
      if w + cw > cells - 1 { break }
      out.append(ch)
      w += cw
    }
    return out + "…"
  }

  /// `s` cut to at most `cells` cells as `truncate` does, with its width in cells.
  public static func fit(_ s: String, to cells: Int) -> (text: String, cells: Int) {
    guard cells > 0 else { return ("", 0) }
    if let n = plainASCIICount(s) {
      if n <= cells { return (s, n) }
      // one cell a byte: the first cells - 1 bytes, then the ellipsis
      return (String(s[..<s.utf8.index(s.startIndex, offsetBy: cells - 1)]) + "…", cells)
    }
    let w = width(s)
    if w <= cells { return (s, w) }
    let cut = truncate(s, to: cells)
    return (cut, width(cut))
  }

  /// `s` padded with spaces to `cells` cells (never cut).
  public static func pad(_ s: String, to cells: Int) -> String {
    let w = width(s)
    return w >= cells ? s : s + String(repeating: " ", count: cells - w)
  }

  /// `s` with every control character, escape sequence introducer and bidi
  /// override written out (`\e`, `\n`, `\x07`, `\u{202E}`) so that text from
  /// scripts or users can never drive the terminal.
  public static func sanitize(_ s: String) -> String {
    if isPlainASCII(s) { return s }
    return Escaper.shown.escape(s)
  }

  /// A word a user typed or a script named, as a message quotes it:
  /// sanitised, with the invisible characters that would make it read as
  /// another word (a byte-order mark, zero-width spaces, direction marks)
  /// written out, and cut after `limit` characters, saying how many more
  /// there were (a 10 MB line is not echoed whole).
  public static func quoted(_ s: String, limit: Int = 80) -> String {
    var word = Substring(s)
    var more = 0
    if s.utf8.count > limit, let end = s.index(s.startIndex, offsetBy: limit, limitedBy: s.endIndex),
      end < s.endIndex
    {
      word = s[..<end]
      more = s[end...].count
    }
    var out = ""
    for u in sanitize(String(word)).unicodeScalars {
      if isInvisible(u) {
        out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return more == 0 ? out : out + "… (\(more) more character\(more == 1 ? "" : "s"))"
  }

  /// Characters that take no cell and show nothing, and that no word needs
  /// (the joiners of emoji and of Persian script are not among them).
  static func isInvisible(_ u: Unicode.Scalar) -> Bool {
    switch u.value {
    case 0x200B, 0x200E, 0x200F, 0x2060...0x2064, 0xFEFF, 0x180E, 0x061C, 0x034F: return true
    default: return false
    }
  }

  /// Multi-line text (a message with a traceback, `print` output) as
  /// sanitised lines; tabs stay, as they cannot drive a terminal.
  public static func sanitizeLines(_ s: String) -> [String] {
    s.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: "\t", omittingEmptySubsequences: false).map { sanitize(String($0)) }
        .joined(separator: "\t")
    }
  }

  /// Characters of one line of an error formrun prints (the boundary cuts
  /// a handler's error message to as many bytes).
  public static let messageLimit = 4000

  /// `sanitizeLines(s)`, each line cut after `limit` characters, saying how
  /// many more there were: a syntax error that quotes a 1 MB token is not
  /// printed whole.
  public static func sanitizeLines(_ s: String, cut limit: Int) -> [String] {
    sanitizeLines(s).map { line in
      guard line.utf8.count > limit, let end = line.index(line.startIndex, offsetBy: limit, limitedBy: line.endIndex),
        end < line.endIndex
      else { return line }
      let more = line[end...].count
      return String(line[..<end]) + "… (\(more) more character\(more == 1 ? "" : "s"))"
    }
  }

  /// Words of `s` laid out in lines of at most `cells` cells.
  public static func wrap(_ s: String, to cells: Int) -> [String] {
    guard cells > 0 else { return [s] }
    var lines: [String] = []
    var line = ""
    for word in s.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if width(candidate) <= cells || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines.map { truncate($0, to: cells) }
  }
}
