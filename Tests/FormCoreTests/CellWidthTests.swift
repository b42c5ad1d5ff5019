import Testing

@testable import FormCore

/// Cells are counted as terminals that follow Unicode's emoji data count
/// them (the table of Python's `wcwidth.wcswidth`, which xterm-style
/// terminals and tmux's newer versions agree with): a frame drawn around a
/// value stays a frame.
struct CellWidthTests {
  @Test(arguments: [
    // a soft hyphen is shown (as a hyphen or a space): one cell, as glibc's wcwidth says
    ("soft\u{AD}hyphen", 11), ("\u{AD}", 1), ("a\u{AD}b", 3),
    // prepended concatenation marks are drawn too
    ("\u{600}", 1),
    // a keycap and a text-style symbol asked to show as emoji (U+FE0F) are wide
    ("1\u{FE0F}\u{20E3}", 2), ("#\u{FE0F}\u{20E3}", 2), ("*\u{FE0F}", 2), ("1\u{FE0F}", 2),
    ("\u{2603}\u{FE0F}", 2), ("\u{2764}\u{FE0F}", 2),
    // without it, or on a letter, they are not
    ("a\u{FE0F}", 1), ("\u{2603}", 1), ("\u{2764}", 1), ("1", 1),
    // what held up before stays as it was
    ("\u{1F600}", 2), ("e\u{301}", 1), ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2), ("\u{1F1E9}\u{1F1EA}", 2),
    ("中文", 4), ("\u{FF21}", 2), ("\u{200B}", 0), ("\u{A0}", 1), ("\u{E01}\u{E34}", 1), ("한", 2),
    ("\u{1100}\u{1161}", 2), ("שלום", 4), ("\u{2060}", 0), ("\u{FEFF}", 0), ("\u{1F44D}\u{1F3FD}", 2), ("\u{231A}", 2),
  ])
  func widthIsTheTerminals(text: String, cells: Int) {
    #expect(Cells.width(text) == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func aPaddedValueFillsItsCells() {
    for text in ["soft\u{AD}hyphen", "1\u{FE0F}\u{20E3} key", "\u{2603}\u{FE0F} snow"] {
      #expect(Cells.width(Cells.pad(text, to: 20)) == 20)
      #expect(Cells.width(Cells.truncate(text + String(repeating: "x", count: 30), to: 12)) <= 12)
    }
  }
}
