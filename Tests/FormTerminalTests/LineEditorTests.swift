import TestSupport
import Testing

@testable import FormTerminal

/// The libedit line editor fed with bytes as a terminal sends them: it draws
/// on a real pseudo-terminal (libedit needs one), its keys come from the
/// script. One editor at a time: libedit's callbacks find it through a static.
@Suite(.serialized) struct LineEditorTests {
  typealias Step = ScriptedTerminal.Step

  static func t(_ s: String) -> Step { ScriptedTerminal.typed(s) }
  static func k(_ name: String) -> Step { .bytes(Key(name: name)!.bytes) }
  static func raw(_ s: String) -> Step { .bytes(Array(s.utf8)) }

  /// The line the editor reads from `steps` (and the terminal it drew on).
  /// Offers listed as the fill lists them: control characters written out, past `limit` asked first.
  static func listing(limit: Int = 100) -> CompletionListing {
    CompletionListing(
      shown: { String($0.unicodeScalars.map { $0 == "\u{1B}" ? "\\e" : $0.value < 0x20 ? "^" : String($0) }.joined()) },
      question: { "Display all \($0) possibilities? (y or n)" },
      answer: { $0 == "y" ? true : $0 == "n" ? false : nil }, limit: limit)
  }

  static func line(
    _ steps: [Step], prefill: String? = nil, listing: CompletionListing = listing(),
    complete: @escaping (String) -> Completion = { Completion(start: $0.utf8.count, words: []) },
    editor: ((LineEditor) -> Void)? = nil
  ) -> (Terminal.Read, ScriptedTerminal) {
    let term = ScriptedTerminal(steps, columns: 60, rows: 10, pty: true)
    guard
      let ed = LineEditor(
        device: term, history: nil, editrc: false, listing: listing, complete: complete)
    else {
      Issue.record("no line editor on the pty")
      return (.end, term)
    }
    editor?(ed)
    let read = ed.read(prompt: "> ", prefill: prefill, secret: false)
    term.drain()
    return (read, term)
  }

  static func text(_ steps: [Step], prefill: String? = nil) -> String? {
    guard case .line(let bytes) = line(steps, prefill: prefill).0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func arrowsMoveTheCursor() {
    #expect(Self.text([Self.t("abc"), Self.k("left"), Self.k("left"), Self.t("X"), Self.t("\r")]) == "aXbc")
    // the application-mode arrows too
    #expect(Self.text([Self.t("abc"), Self.raw("\u{1B}OD\u{1B}OD\u{1B}OC"), Self.t("X\r")]) == "abXc")
  }

  @Test(arguments: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"])
  func homeInEachEncodingGoesToTheStart(_ home: String) {
    #expect(Self.text([Self.t("bc"), Self.raw(home), Self.t("a\r")]) == "abc")
  }

  @Test(arguments: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"])
  func endInEachEncodingGoesToTheEnd(_ end: String) {
    #expect(Self.text([Self.t("bc"), Self.raw("\u{1B}[H"), Self.t("a"), Self.raw(end), Self.t("d\r")]) == "abcd")
  }

  @Test func altAndCtrlArrowsMoveByWords() {
    #expect(Self.text([Self.t("one two"), Self.k("alt-b"), Self.t("X\r")]) == "one Xtwo")
    #expect(Self.text([Self.t("one two"), Self.k("ctrl-left"), Self.t("X\r")]) == "one Xtwo")
    #expect(
      Self.text([Self.t("one two"), Self.k("home"), Self.k("alt-f"), Self.t("X\r")]) == "oneX two")
  }

  @Test func aLoneEscDoesNothingAndTheNextKeyIsPlain() {
    // Esc, a pause, then b: the b is typed (Esc b together would be Alt-B)
    #expect(Self.text([Self.t("one two"), Self.k("esc"), .pause, Self.t("bX\r")]) == "one twobX")
    #expect(Self.text([Self.t("one two"), Self.raw("\u{1B}b"), Self.t("X\r")]) == "one Xtwo")
  }

  @Test func pastedTextGoesInAsTypedNewlinesAndAll() {
    // bracketed: the newline is part of the line, not its end; Esc [ A is text, not an arrow
    let pasted = Key(.paste("hello\nworld \u{1B}[A ☕")).bytes
    #expect(Self.text([Self.t("> "), .bytes(pasted), Self.t("!\r")]) == "> hello\nworld \u{1B}[A ☕!")
    // a paste without the marks is a burst of keys
    #expect(Self.text([Self.t("pasted ☕ text\r")]) == "pasted ☕ text")
  }

  @Test func aPastedLineWithItsLineBreakIsTakenWithoutIt() {
    for pasted in ["ada@example.com\n", "ada@example.com\r\n", "ada@example.com\r"] {
      let paste = Key(.paste(pasted)).bytes
      #expect(Self.text([.bytes(paste), Self.t("\r")]) == "ada@example.com", "\(pasted.debugDescription)")
    }
    // only the one at the end: a line break inside stays (and the line is refused for it)
    #expect(Self.text([.bytes(Key(.paste("a\nb\n")).bytes), Self.t("\r")]) == "a\nb")
  }

  @Test func aCharacterSplitBetweenReadsArrivesWhole() {
    let coffee = Array("☕".utf8)
    #expect(Self.text([.bytes([coffee[0]]), .bytes([coffee[1], coffee[2]]), Self.t("!\r")]) == "☕!")
    // cut after a pause longer than the wait: still one character
    #expect(Self.text([.bytes([0xC3]), .pause, .bytes([0xA9]), Self.t("\r")]) == "é")
  }

  @Test func emacsKeysEditTheLine() {
    // Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U, Ctrl-W, Delete, Backspace
    #expect(Self.text([Self.t("bc"), Self.k("ctrl-a"), Self.t("a"), Self.k("ctrl-e"), Self.t("d\r")]) == "abcd")
    #expect(Self.text([Self.t("abcdef"), Self.k("left"), Self.k("left"), Self.k("ctrl-k"), Self.t("\r")]) == "abcd")
    #expect(Self.text([Self.t("one two three"), Self.k("ctrl-w"), Self.t("\r")]) == "one two ")
    #expect(Self.text([Self.t("abc"), Self.k("ctrl-u"), Self.t("z\r")]) == "z")
    #expect(Self.text([Self.t("abc"), Self.k("home"), Self.k("delete"), Self.t("\r")]) == "bc")
    #expect(Self.text([Self.t("abc"), Self.k("backspace"), Self.t("\r")]) == "ab")
  }

  @Test func keysTheEditorHasNoUseForTypeNothing() {
    #expect(Self.text([Self.t("a"), Self.k("f5"), Self.k("pgup"), Self.raw("\u{1B}[<0;1;1M"), Self.t("b\r")]) == "ab")
  }

  @Test func theLineStartsWithThePrefill() {
    #expect(Self.text([Self.k("backspace"), Self.t("y\r")], prefill: "Ada") == "Ady")
  }

  @Test func ctrlCCancelsAndTheEndOfInputEnds() {
    #expect(Self.line([Self.t("abc"), .interrupt]).0 == .cancelled)
    #expect(Self.line([Self.t("abc")]).0 == .end)
  }

  @Test func upRecallsTheLineKept() {
    let (read, _) = Self.line([Self.k("up"), Self.t("!\r")], editor: { $0.remember("earlier") })
    #expect(read == .line(Array("earlier!".utf8)))
  }

  @Test func upStepsThroughTheRecallListInsteadOfTheKeptLines() {
    let term = ScriptedTerminal(
      [Self.k("up"), Self.k("up"), Self.t("\r"), Self.k("up"), Self.t("\r")], columns: 60, rows: 10, pty: true)
    guard
      let ed = LineEditor(
        device: term, history: nil, editrc: false, listing: Self.listing(),
        complete: { Completion(start: $0.utf8.count, words: []) })
    else {
      Issue.record("no line editor on the pty")
      return
    }
    ed.remember("plan")
    #expect(
      ed.read(prompt: "> ", prefill: nil, secret: false, recall: ["Team", "Pro", "Free"]) == .line(Array("Pro".utf8)))
    // the next line has the kept lines again
    #expect(ed.read(prompt: "> ", prefill: nil, secret: false) == .line(Array("plan".utf8)))
  }

  @Test func theEditorDrawsThePromptAndLineOnItsTerminal() {
    let (_, term) = Self.line([Self.t("abc"), Self.k("left"), Self.t("X\r")])
    #expect(term.screen.shown.first == "> abXc")
  }

  @Test func whatIsTypedAfterTheLineIsLeftForTheNextRead() {
    let term = ScriptedTerminal([Self.t("one\rtwo\r")], columns: 60, rows: 10, pty: true)
    guard
      let ed = LineEditor(
        device: term, history: nil, editrc: false, listing: Self.listing(),
        complete: { Completion(start: $0.utf8.count, words: []) })
    else {
      Issue.record("no line editor on the pty")
      return
    }
    #expect(ed.read(prompt: "> ", prefill: nil, secret: false) == .line(Array("one".utf8)))
    #expect(ed.read(prompt: "> ", prefill: nil, secret: false) == .line(Array("two".utf8)))
  }

  /// Offers of the file names `names` for what is typed after `f data/`.
  static func files(_ names: [String]) -> (String) -> Completion {
    { typed in
      let start = "f ".utf8.count
      let part = String(typed.dropFirst(2))
      return Completion(start: start, words: names.map { "data/" + $0 }.filter { $0.hasPrefix(part) })
    }
  }

  @Test func tabListsOffersWithTheirControlCharactersWrittenOut() {
    let names = ["a.csv", "esc\u{1B}[2J.csv", "bell\u{07}.csv", "osc\u{1B}]52;c;SGVsbG8=\u{07}.csv"]
    let (read, term) = Self.line(
      [Self.t("f data/"), Self.t("\t"), Self.t("\t"), Self.t("\r")], complete: Self.files(names))
    #expect(read == .line(Array("f data/".utf8)))
    let written = String(decoding: term.screen.written, as: UTF8.self)
    #expect(!written.contains("\u{1B}[2J"), "\(written.debugDescription)")
    #expect(!written.contains("\u{1B}]52"))
    #expect(!written.contains("\u{07}"))
    #expect(term.screen.transcript.joined(separator: "\n").contains("data/esc\\e[2J.csv"))
  }

  @Test func aControlCharacterIsNeverPutInTheLine() {
    // the one offer holds ESC: the line takes it up to the ESC, and a second Tab lists it
    let (read, term) = Self.line(
      [Self.t("f data/e"), Self.t("\t"), Self.t("\t"), Self.t("\r")], complete: Self.files(["esc\u{1B}[2J.csv"]))
    #expect(read == .line(Array("f data/esc".utf8)))
    #expect(!String(decoding: term.screen.written, as: UTF8.self).contains("\u{1B}[2J"))
  }

  @Test func manyOffersAreListedOnlyWhenThePersonSaysYes() {
    let names = (0..<150).map { "\($0)f.csv" }
    let (no, refused) = Self.line(
      [Self.t("f data/"), Self.t("\t"), Self.t("x"), Self.t("n"), Self.t("\r")], listing: Self.listing(limit: 100),
      complete: Self.files(names))
    // a key that is no answer is passed over; n lists nothing and types nothing
    #expect(no == .line(Array("f data/".utf8)))
    let shown = refused.screen.transcript.joined(separator: "\n")
    #expect(shown.contains("Display all 150 possibilities? (y or n)"))
    #expect(!shown.contains("149f.csv"))
    let (yes, listed) = Self.line(
      [Self.t("f data/"), Self.t("\t"), Self.t("y"), Self.t("\r")], listing: Self.listing(limit: 100),
      complete: Self.files(names))
    #expect(yes == .line(Array("f data/".utf8)))
    #expect(listed.screen.transcript.joined(separator: "\n").contains("data/149f.csv"))
    // a few offers are listed without a question
    let (_, few) = Self.line(
      [Self.t("f data/"), Self.t("\t"), Self.t("\r")], complete: Self.files(["a.csv", "b.csv"]))
    #expect(!few.screen.transcript.joined(separator: "\n").contains("possibilities"))
  }

  @Test func ctrlCAtTheQuestionCancelsTheLine() {
    let names = (0..<150).map { "\($0)f.csv" }
    let (read, _) = Self.line([Self.t("f data/"), Self.t("\t"), .interrupt], complete: Self.files(names))
    #expect(read == .cancelled)
  }
}
