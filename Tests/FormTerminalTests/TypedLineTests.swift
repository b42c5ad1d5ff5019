import Testing

@testable import FormTerminal

/// A typed line becomes text only when it is valid UTF-8 without control characters.
struct TypedLineTests {
  @Test(
    arguments: [
      ([0x61, 0x1B, 0x5B, 0x44], "ESC, as an arrow key sends"),
      ([0x61, 0x09], "a tab"),
      ([0x61, 0x7F], "DEL"),
      ([0x61, 0x01], "Ctrl-A"),
      ([0x61, 0xC2, 0x85], "U+0085"),
    ] as [([UInt8], String)])
  func controlCharactersAreRefusedByName(bytes: [UInt8], name: String) {
    guard case .failure(let refused) = TypedLine.text(bytes) else {
      Issue.record("\(bytes) was taken as text")
      return
    }
    #expect(refused.message.contains(name))
    #expect(refused.message.contains("at column 2"))
  }

  @Test func invalidUTF8IsRefusedAndPlainTextKept() {
    #expect((try? TypedLine.text([0xFF, 0x61]).get()) == nil)
    #expect((try? TypedLine.text(Array("Zoë likes ☕".utf8)).get()) == "Zoë likes ☕")
    #expect((try? TypedLine.text([0x61, 0x09, 0x62], allowTab: true).get()) == "a\tb")
  }

  /// A pasted chunk's line breaks part it into lines (CR, LF, CR LF); one
  /// at the end adds no empty line; other control characters stay in the line.
  @Test(
    arguments: [
      ("a = 1", ["a = 1"]), ("a = 1\rb = 2", ["a = 1", "b = 2"]), ("a = 1\nb = 2\n", ["a = 1", "b = 2"]),
      ("a\r\nb\r\n", ["a", "b"]), ("a\n\nb", ["a", "", "b"]), ("\n", [""]), ("", [""]),
      ("x\u{1}\ry", ["x\u{1}", "y"]),
    ] as [(String, [String])])
  func aPasteIsPartedIntoItsLines(text: String, lines: [String]) {
    #expect(TypedLine.lines(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } == lines)
  }
}
