import Testing

@testable import FormCore

/// The seed rows' smaller capabilities in the core: RE's
/// autocapitalizationType (`capitalize`) and clearsOnBeginEditing (`open_empty`).
struct ParityTests {
  @Test(arguments: [
    (Capitalization.words, "ada lovelace  o'neil 3rd", "Ada Lovelace  O'neil 3rd"),
    (.words, "éclair über", "Éclair Über"),
    (.sentences, "one. two! three? four", "One. Two! Three? Four"),
    (.sentences, "  lead... after", "  Lead... After"),
    (.all, "straße", "STRASSE"),
    (.none, "as is", "as is"),
  ])
  func capitalizes(mode: Capitalization, text: String, result: String) {
    #expect(mode.apply(to: text) == result)
  }

  @Test func anEditorThatOpensEmptyHasNothingToTypeBack() {
    let item = Item(kind: TextKind(), title: "Code")
    item.value = .string("old")
    #expect(item.facts.typed == "old")
    item.openEmpty = true
    #expect(item.facts.typed == nil)
    #expect(item.value == .string("old"))
  }

  @Test func aDeselectDropsWhatTheNewValueLetGoOf() {
    #expect(Form.dropped(from: .string("A"), to: .string("B"), positional: false) == [.string("A")])
    #expect(Form.dropped(from: .null, to: .string("B"), positional: false) == [])
    #expect(
      Form.dropped(from: .list([.string("a"), .int(2)]), to: .list([.int(2)]), positional: false) == [.string("a")])
    #expect(
      Form.dropped(
        from: .list([.string("S"), .string("S")]), to: .list([.string("L"), .string("S")]), positional: true)
        == [.string("S")])
  }
}
