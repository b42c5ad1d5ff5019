import Testing

@testable import FormEscape

/// Each dialect escapes what its reader needs, at both ends of every range
/// it numbers and nothing just outside them; what the history writes reads
/// back; Lua's literal keeps a digit after a numbered character apart.
struct EscaperTests {
  /// The first and last character of each range that could drive a
  /// terminal, one inside, and the neighbours just outside.
  static let ends = "\u{0}\u{1F} \u{7F}\u{85}\u{9F} \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"
  static let outside = "\u{20}\u{7E}\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}"

  @Test(arguments: [
    ("json", ends, #"\u0000\u001f \u007f\u0085\u009f \u2028\u2029\u202e \u2066\u2069"#),
    ("json", "\"\\\n\r\t\u{1B}", #"\"\\\n\r\t\u001b"#),
    ("shown", ends, #"\x00\x1F \x7F\x85\x9F \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"#),
    ("shown", "\"\\\n\r\t\u{1B}", #""\\n\r\t\e"#),
    ("tsv", ends, #"\0\x1F \x7F\x85\x9F \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"#),
    ("tsv", "\"\\\n\r\t\u{1B}", #""\\\n\r\t\e"#),
    ("history", ends, ends),
    ("history", "\"\\\n\r\t\u{1B}", "\"\\\\\\n\\r\\t\u{1B}"),
    ("lua", "\u{0}\u{1F}\u{7F}\u{85}\u{2028}", "\\0\\31\\127\u{85}\u{2028}"),
    ("lua", "\"\\\n\r\t\u{1B}", #"\"\\\n\13\9\27"#),
  ])
  func eachDialectWritesItsEscapes(dialect: String, text: String, escaped: String) {
    #expect(Self.dialects[dialect]!.escape(text) == escaped)
  }

  static let dialects: [String: Escaper] = [
    "json": .json, "shown": .shown, "tsv": .tsv, "history": .history, "lua": .lua,
  ]

  @Test(arguments: ["json", "shown", "tsv", "history", "lua"])
  func nothingJustOutsideTheRangesIsEscaped(dialect: String) {
    #expect(Self.dialects[dialect]!.escape(Self.outside) == Self.outside)
    #expect(Self.dialects[dialect]!.escape("é€’ plain") == "é€’ plain")
  }

  /// `"\1" .. "2"` is two characters: `\12` would read back as one (a form feed).
  @Test(arguments: [
    ("\u{1}2", #"\0012"#), ("\u{1}x", #"\1x"#), ("\u{1}", #"\1"#), ("\u{1F}9", #"\0319"#), ("\u{7F}0", #"\1270"#),
    ("\u{0}1", #"\0001"#), ("a\u{1}\u{2}3", #"a\1\0023"#),
  ])
  func luaWritesThreeDigitsBeforeADigit(text: String, escaped: String) {
    #expect(Escaper.lua.escape(text) == escaped)
  }

  @Test(arguments: ["", "plain", "a\\b", "tab\there", "x\ny\r\nz", "\\n", "trailing\\", "\\\\t", "é\\€"])
  func historyReadsBackWhatItWrote(line: String) {
    #expect(Escaper.history.unescape(Escaper.history.escape(line)) == line)
  }

  @Test func historyRefusesAnEscapeItNeverWrites() {
    #expect(Escaper.history.unescape(#"a\x"#) == nil)
    #expect(Escaper.history.unescape("trailing\\") == nil)
    #expect(Escaper.history.unescape(#"\e"#) == nil)
  }

  /// The byte loop that finds the first character to escape decodes only
  /// after a byte that may start one: every escaped character is found (and
  /// no other), alone and after a character of each UTF-8 length.
  @Test(arguments: ["json", "shown", "tsv", "history", "lua"])
  func everyEscapedCharacterIsFound(dialect: String) {
    let e = Self.dialects[dialect]!
    var wrong: [UInt32] = []
    for v in UInt32(0)...0x10FFFF {
      guard let u = Unicode.Scalar(v) else { continue }
      let escaped = e.escapes(u)
      if e.firstEscaped(String(u)) != (escaped ? 0 : nil) { wrong.append(v) }
      if escaped, e.firstEscaped("aé’😀" + String(u)) != 10 { wrong.append(v) }
      #expect((e.replacement(for: u) != nil) == escaped)
    }
    #expect(wrong.isEmpty, "\(dialect) finds \(wrong.prefix(5).map { String($0, radix: 16) }) wrongly")
  }

  @Test func theRangesThatDriveATerminal() {
    for v: UInt32 in [0x00, 0x1F, 0x7F, 0x85, 0x9F, 0x2028, 0x2029, 0x202E, 0x2066, 0x2069] {
      #expect(Escaper.shown.escapes(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))")
    }
    for v: UInt32 in [0x20, 0x7E, 0xA0, 0x2027, 0x202F, 0x2065, 0x206A] {
      #expect(!Escaper.shown.escapes(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))")
    }
  }
}
