import Testing

@testable import FormCore

/// Text a message quotes back: what cannot be seen is written out, and a
/// long word or line is cut, saying how much was left off.
struct QuotingTests {
  @Test(arguments: [
    ("email", "email"),
    // a byte-order mark, a zero-width space and direction marks are written out
    ("\u{FEFF}t", "\\u{FEFF}t"), ("a\u{200B}b", "a\\u{200B}b"), ("\u{200F}x\u{2060}", "\\u{200F}x\\u{2060}"),
    // control characters as sanitize writes them
    ("a\u{1B}[2J", "a\\e[2J"),
    // the joiners that emoji and Persian need are kept
    ("\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}\u{200D}\u{1F4BB}"), ("\u{645}\u{200C}\u{6CC}", "\u{645}\u{200C}\u{6CC}"),
    // cut after 80 characters
    (String(repeating: "é", count: 81), String(repeating: "é", count: 80) + "… (1 more character)"),
    (String(repeating: "z", count: 80), String(repeating: "z", count: 80)),
  ])
  func aQuotedWordShowsWhatItHolds(word: String, shown: String) {
    #expect(Cells.quoted(word) == shown)
  }

  @Test func errorLinesAreCutOneByOne() {
    let lines = Cells.sanitizeLines("short\n" + String(repeating: "y", count: 10) + "\u{7}", cut: 5)
    #expect(lines == ["short", "yyyyy… (9 more characters)"])
  }
}

/// `trimmingSpaces` takes spaces and tabs off both ends, and only whole
/// characters: a space a combining mark joins stays (it is not a space).
struct TrimmingSpacesTests {
  @Test(arguments: [
    ("", ""), ("a", "a"), ("  a b\t", "a b"), ("\t\t", ""), ("a ", "a"), (" a", "a"), ("ab", "ab"),
    (" \u{301}x ", " \u{301}x"), ("x \u{301}", "x \u{301}"), (" ü ", "ü"),
  ])
  func trimsSpacesAndTabsAtBothEnds(text: String, trimmed: String) {
    #expect(text.trimmingSpaces == trimmed)
    #expect(Substring(text).trimmingSpaces == trimmed)
  }
}
