import TestSupport
import Testing

@testable import FormTerminal

/// Keys read from a terminal: the wait after an Esc, signals as events, read-ahead given back.
struct KeyReaderTests {
  static func events(_ steps: [ScriptedTerminal.Step]) -> [KeyReader.Event] {
    let reader = KeyReader(device: ScriptedTerminal(steps), escapeWait: 10)
    var out: [KeyReader.Event] = []
    while let e = reader.next(), e != .end { out.append(e) }
    return out
  }

  @Test func anEscFollowedByNothingIsEscThenTheNextKeyIsPlain() {
    #expect(
      Self.events([.bytes([0x1B]), .pause, .bytes(Array("b".utf8))]) == [.key(Key(.escape)), .key(Key.char("b"))])
    // with no pause it is Alt-B
    #expect(Self.events([.bytes([0x1B]), .bytes(Array("b".utf8))]) == [.key(Key.alt("b"))])
  }

  @Test func aSequenceSplitOverReadsWithinTheWaitIsOneKey() {
    #expect(Self.events([.bytes([0x1B]), .bytes([0x5B]), .bytes([0x42])]) == [.key(Key(.down))])
  }

  @Test func anEscAtTheEndOfInputIsEsc() {
    #expect(Self.events([.bytes([0x1B])]) == [.key(Key(.escape))])
  }

  @Test func signalsComeAsEventsBetweenKeys() {
    #expect(
      Self.events([
        .bytes(Array("a".utf8)), .interrupt, .resize(columns: 40, rows: 10), .resume, .bytes(Array("b".utf8)),
      ]) == [.key(Key.char("a")), .interrupt, .resize, .resume, .key(Key.char("b"))])
  }

  @Test func aReadWithATimeoutGivesNilWhenNothingCame() {
    let reader = KeyReader(device: ScriptedTerminal([.pause, .bytes(Array("x".utf8))]), escapeWait: 10)
    #expect(reader.next(timeout: 5) == nil)
    #expect(reader.next(timeout: 5) == .key(Key.char("x")))
  }

  @Test func bytesReadAheadGoBackToTheTerminal() {
    let term = ScriptedTerminal([.bytes(Array("ab\u{1B}[".utf8))])
    let reader = KeyReader(device: term, escapeWait: 10)
    #expect(reader.next() == .key(Key.char("a")))
    reader.giveBack()
    #expect(term.read(timeout: nil) == .bytes(Array("b\u{1B}[".utf8)))
  }
}
