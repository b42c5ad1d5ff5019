import Testing

@testable import FormTerminal

/// Bytes as terminals send them, and the keys they are.
struct KeyDecoderTests {
  /// All the keys in `bytes`, as a reader gets them when the bytes came
  /// together and nothing after.
  static func keys(_ bytes: [UInt8]) -> [Key] {
    var d = KeyDecoder()
    d.feed(bytes)
    var out: [Key] = []
    while let k = d.next() { out.append(k) }
    while d.hasPending, let k = d.next(flush: true) { out.append(k) }
    return out
  }

  static func b(_ s: String) -> [UInt8] { Array(s.utf8) }

  @Test(
    arguments: [
      // arrows: normal and application cursor mode
      ("\u{1B}[A", Key(.up)), ("\u{1B}[B", Key(.down)), ("\u{1B}[C", Key(.right)), ("\u{1B}[D", Key(.left)),
      ("\u{1B}OA", Key(.up)), ("\u{1B}OD", Key(.left)),
      // Home and End in their several encodings
      ("\u{1B}[H", Key(.home)), ("\u{1B}OH", Key(.home)), ("\u{1B}[1~", Key(.home)), ("\u{1B}[7~", Key(.home)),
      ("\u{1B}[F", Key(.end)), ("\u{1B}OF", Key(.end)), ("\u{1B}[4~", Key(.end)), ("\u{1B}[8~", Key(.end)),
      // modifiers: xterm's parameter, rxvt's suffixes and letters
      ("\u{1B}[1;5C", Key(.right, .ctrl)), ("\u{1B}[1;3D", Key(.left, .alt)), ("\u{1B}[1;2A", Key(.up, .shift)),
      ("\u{1B}[1;6H", Key(.home, [.ctrl, .shift])), ("\u{1B}[1;9C", Key(.right, .alt)),
      ("\u{1B}[3;5~", Key(.delete, .ctrl)), ("\u{1B}[7^", Key(.home, .ctrl)), ("\u{1B}[8$", Key(.end, .shift)),
      ("\u{1B}[a", Key(.up, .shift)), ("\u{1B}Od", Key(.left, .ctrl)),
      // the other editing keys and function keys
      ("\u{1B}[2~", Key(.insert)), ("\u{1B}[3~", Key(.delete)), ("\u{1B}[5~", Key(.pageUp)),
      ("\u{1B}[6~", Key(.pageDown)), ("\u{1B}[Z", Key(.tab, .shift)),
      ("\u{1B}OP", Key(.function(1))), ("\u{1B}[15~", Key(.function(5))), ("\u{1B}[24~", Key(.function(12))),
      ("\u{1B}[[A", Key(.function(1))), ("\u{1B}[1;2P", Key(.function(1), .shift)),
      // CSI u (kitty, fixterms)
      ("\u{1B}[13;5u", Key(.enter, .ctrl)), ("\u{1B}[97;5u", Key(.char("a"), .ctrl)),
      // controls
      ("\r", Key(.enter)), ("\n", Key(.enter)), ("\t", Key(.tab)), ("\u{7F}", Key(.backspace)),
      ("\u{01}", Key.ctrl("a")), ("\u{13}", Key.ctrl("s")), ("\u{08}", Key.ctrl("h")),
      ("\u{00}", Key(.char(" "), .ctrl)), ("\u{1F}", Key(.char("_"), .ctrl)),
      // Alt: Esc then a key
      ("\u{1B}b", Key.alt("b")), ("\u{1B}F", Key.alt("F")), ("\u{1B}\u{7F}", Key(.backspace, .alt)),
      ("\u{1B}\u{1B}[A", Key(.up, .alt)), ("\u{1B}é", Key(.char("é"), .alt)),
      // characters
      ("a", Key.char("a")), ("é", Key.char("é")), ("☕", Key.char("☕")), ("😀", Key.char("😀")),
    ] as [(String, Key)])
  func aSequenceIsOneKey(_ sent: String, _ key: Key) {
    #expect(Self.keys(Self.b(sent)) == [key], "\(sent.debugDescription)")
  }

  @Test func aLoneEscIsEscOnlyOnceTheWaitIsOver() {
    var d = KeyDecoder()
    d.feed([0x1B])
    #expect(d.next() == nil, "an Esc may begin a sequence: the decoder waits")
    #expect(d.hasPending)
    #expect(d.next(flush: true) == Key(.escape))
    // and the key after the wait is a plain key, not Alt-key
    d.feed(Self.b("b"))
    #expect(d.next() == Key.char("b"))
  }

  @Test func aSequenceCutBetweenReadsWaitsForItsRest() {
    var d = KeyDecoder()
    d.feed([0x1B, 0x5B, 0x31])
    #expect(d.next() == nil)
    d.feed(Self.b(";5C"))
    #expect(d.next() == Key(.right, .ctrl))
    #expect(!d.hasPending)
  }

  @Test func aCharacterCutBetweenReadsIsJoined() {
    let coffee = Array("☕".utf8)  // three bytes
    var d = KeyDecoder()
    d.feed(coffee.prefix(1))
    #expect(d.next() == nil)
    d.feed(coffee[1..<2])
    #expect(d.next() == nil)
    d.feed(coffee.suffix(1) + Self.b("x"))
    #expect(d.next() == Key.char("☕"))
    #expect(d.next() == Key.char("x"))
  }

  @Test func bytesThatAreNotUTF8AreOneKeyThatSaysSoEach() {
    #expect(Self.keys([0xFF, 0x61]) == [Key(.notUTF8), Key.char("a")])
    // a lead byte whose continuation never comes, and an overlong encoding
    #expect(Self.keys([0xE2, 0x61]) == [Key(.notUTF8), Key.char("a")])
    #expect(Self.keys([0xC0, 0xAF]) == [Key(.notUTF8)])
    #expect(Self.keys([0xE2, 0x98]) == [Key(.notUTF8)], "cut at the end of input")
    // a genuine U+FFFD typed is a character like any other
    #expect(Self.keys([0xEF, 0xBF, 0xBD]) == [Key.char("\u{FFFD}")])
    // a paste that is not UTF-8 is refused whole
    #expect(Self.keys(Self.b("\u{1B}[200~ab") + [0xFF] + Self.b("c\u{1B}[201~")) == [Key(.notUTF8)])
  }

  @Test func aPasteIsOneKeyWhatEverItHolds() {
    let text = "line one\r\nsecond ☕ \u{1B}[A not an arrow\t!"
    #expect(Self.keys(Key(.paste(text)).bytes) == [Key(.paste(text))])
    // over several reads, the end mark cut in two
    var d = KeyDecoder()
    d.feed(Self.b("x\u{1B}[200~ab"))
    #expect(d.next() == Key.char("x"))
    #expect(d.next() == nil)
    #expect(d.isPasting)
    d.feed(Self.b("c\u{1B}[20"))
    #expect(d.next(flush: true) == nil, "a paste waits for its end however long it takes")
    d.feed(Self.b("1~y"))
    #expect(d.next() == Key(.paste("abc")))
    #expect(d.next() == Key.char("y"))
  }

  @Test func unknownAndMalformedSequencesAreNotTyped() {
    // a mouse report, focus in, and a sequence broken by a control character
    #expect(Self.keys(Self.b("\u{1B}[<0;3;4M")) == [Key(.unknown)])
    #expect(Self.keys(Self.b("\u{1B}[I")) == [Key(.unknown)])
    #expect(Self.keys(Self.b("\u{1B}[1\rx")) == [Key(.unknown), Key(.enter), Key.char("x")])
    #expect(Self.keys(Self.b("\u{1B}[99~")) == [Key(.unknown)])
  }

  @Test func escAndOpenBracketWithNothingAfterIsAltBracket() {
    #expect(Self.keys(Self.b("\u{1B}[")) == [Key.alt("[")])
    #expect(Self.keys(Self.b("\u{1B}O")) == [Key.alt("O")])
  }

  @Test func keysRunTogetherAreEachDecoded() {
    let sent = Self.b("ab\u{1B}[Dc\u{1B}[1;5C\u{1B}OH\r")
    #expect(
      Self.keys(sent) == [
        Key.char("a"), Key.char("b"), Key(.left), Key.char("c"), Key(.right, .ctrl), Key(.home), Key(.enter),
      ])
  }

  /// Every key the names give encodes to bytes that decode to it again.
  @Test(arguments: [
    "up", "down", "left", "right", "home", "end", "pgup", "pgdn", "insert", "delete", "enter", "tab", "shift-tab",
    "backspace", "space", "ctrl-s", "ctrl-a", "alt-b", "alt-f", "ctrl-right", "shift-up", "f1", "f5", "f12", "x",
    "alt-backspace", "ctrl-alt-left",
  ])
  func namedKeysRoundTrip(_ name: String) throws {
    let key = try #require(Key(name: name))
    #expect(Self.keys(key.bytes) == [key], "\(name): \(key.bytes)")
  }

  @Test func namesAreReadInAnyCaseAndUnknownNamesRefused() {
    #expect(Key(name: "Ctrl-S") == Key.ctrl("s"))
    #expect(Key(name: "ESC") == Key(.escape))
    #expect(Key(name: "Shift+Tab") == Key(.tab, .shift))
    #expect(Key(name: "downward") == nil)
    #expect(Key(.tab, .shift).description == "Shift-Tab")
    #expect(Key.ctrl("s").description == "Ctrl-S")
  }
}
