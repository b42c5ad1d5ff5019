import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// Every registered kind describes itself (`KindFacts`), and every front end
/// says a new kind in that kind's own words, never in a fallback's.
struct KindFactsTests {
  /// A form whose registry holds the built-in kinds and the test's own
  /// `colour` kind: the one line a new kind adds.
  static func registry() -> Form {
    let form = Form(title: "Paint")
    form.kinds["colour"] = ColourKind()
    return form
  }

  /// Options for the kinds that take them, so their facts have choices to state.
  static let options: Value = .list([.string("Red"), .string("Green, dark"), .string("10"), .string(" Blue")])

  /// Each registered kind in a form (with options where it takes them), and a
  /// script's custom kind.
  static func rows() throws -> (Form, [Item]) {
    let form = registry()
    let section = form.addSection("All")
    var items: [Item] = []
    for name in form.kinds.keys.sorted() {
      let item = Item(kind: form.kinds[name]!, title: "Row \(name)", name: name)
      try section.append(item)
      if item.kind.optionNames.contains("options") { #expect(item.setOption("options", to: options) == .applied) }
      items.append(item)
    }
    let custom = Item(kind: CustomKind(name: "rating", parse: nil, format: nil), title: "Rating", name: "rating")
    try section.append(custom)
    return (form, items + [custom])
  }

  static func freeText(_ shape: KindFacts.Shape) -> Bool {
    switch shape {
    case .text, .secret, .lines, .custom: return true
    default: return false
    }
  }

  /// Equal as a person reads numbers: `3` and `3.0` are one value.
  static func same(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.int, .double), (.double, .int), (.double, .double): return a.number == b.number
    case (.list(let l), .list(let r)): return l.count == r.count && zip(l, r).allSatisfy(same)
    default: return a == b
    }
  }

  @Test func everyKindStatesEveryFact() throws {
    let (form, items) = try Self.rows()
    #expect(items.count == Kinds.builtIn.count + 2)
    for item in items {
      let name = item.kind.name
      let facts = item.facts
      #expect(!facts.noun.trimmingSpaces.isEmpty, "\(name) has no noun")
      #expect(!facts.expects.trimmingSpaces.isEmpty, "\(name) says nothing of what it reads")
      #expect(!facts.expects.contains("\n") && !facts.noun.contains("\n"), "\(name): words of one line")
      #expect(item.kind.hasValue == (facts.shape != .action), "\(name): a value-less kind is an action")
      // a secret text is a secret; a card is one too, in a shape of its own
      #expect(facts.shape != .secret || item.kind.isSecret(item), "\(name): secret and shape disagree")
      #expect(item.kind.readsLines == (facts.shape == .lines), "\(name): lines and shape disagree")
      guard item.kind.hasValue else { continue }
      if item.value.isBlank {
        #expect(facts.typed == nil, "\(name): an empty row types back nothing")
      }
      #expect(!facts.spoken.words.isEmpty, "\(name) says nothing of its empty value")
      let blankWords = item.value.isBlank ? facts.spoken.words : nil
      if Self.freeText(facts.shape) {
        // any text is read as it is: a sample stands for its examples
        #expect(facts.examples.isEmpty || facts.shape == .text, "\(name)")
      } else {
        #expect(!facts.examples.isEmpty, "\(name) gives no example of its format")
      }
      for example in facts.examples.isEmpty ? ["hello"] : facts.examples {
        guard case .value(let value) = item.kind.parse(example, for: item), !value.isBlank else {
          Issue.record("\(name) refuses its own example '\(example)'")
          continue
        }
        form.setValue(item, value, origin: .script)
        let now = item.facts
        #expect(!now.spoken.words.isEmpty && now.spoken.words != blankWords, "\(name) says '\(example)' as empty")
        if item.kind.isSecret(item) {
          #expect(now.typed == nil, "\(name) types a secret back")
          #expect(!now.spoken.words.contains(example), "\(name) reads a secret out")
          continue
        }
        guard let typed = now.typed else {
          Issue.record("\(name) cannot type '\(example)' back")
          continue
        }
        if case .value(let again) = item.kind.parse(typed, for: item) {
          #expect(Self.same(again, value), "\(name): '\(typed)' reads back as \(again), not \(value)")
        } else {
          Issue.record("\(name) refuses '\(typed)', its own value typed back")
        }
        for list in now.shape.choiceLists where !list.choices.isEmpty {
          #expect(!list.chosen.isEmpty || now.shape.choiceLists.count > 1, "\(name): the chosen option is not marked")
        }
      }
    }
  }

  @Test func anOptionThatWouldReadAsAnotherIsTypedBackByItsNumber() throws {
    let (form, items) = try Self.rows()
    let multiple = items.first { $0.name == "multiple" }!
    form.setValue(multiple, .list([.string("Green, dark"), .string(" Blue"), .string("10")]), origin: .script)
    #expect(multiple.facts.typed == "2, 4, 10")
    let radio = items.first { $0.name == "radio" }!
    form.setValue(radio, .string(" Blue"), origin: .script)
    #expect(radio.facts.typed == "4")
  }

  @Test func validatorsAddTheirLimits() throws {
    let form = Form()
    let item = Item(kind: TextKind(maxLength: 64), title: "Password")
    item.validators = [try Validators.make("length(8, 100)", in: form), try Validators.make("presence", in: form)]
    #expect(item.facts.limits == .init(length: .init(min: 8, max: 64)))
    let choice = Item(kind: MultipleKind(options: ["a", "b", "c"]), title: "Pick")
    choice.validators = [try Validators.make("count(1, 2)", in: form)]
    #expect(choice.facts.limits.count == .init(min: 1, max: 2))
    let number = Item(kind: NumberKind(min: 0, max: 10), title: "N")
    number.validators = [try Validators.make("range(2, 20)", in: form)]
    #expect(number.facts.limits.range == .init(min: 2, max: 10))
  }

  @Test func aScriptsKindSaysItsOwnHint() throws {
    let form = Form()
    let item = Item(kind: CustomKind(name: "minutes", parse: nil, format: nil, hint: "minutes, like 90"), title: "Time")
    try form.addSection().append(item)
    #expect(item.facts.expects == "minutes, like 90")
    #expect(item.facts.noun == "minutes")
    #expect(ExpectedInput.lines(for: item) == ["Type minutes, like 90."])
    let plain = Item(kind: CustomKind(name: "rating", parse: nil, format: nil), title: "Stars")
    #expect(plain.facts.expects == "one line of text")
  }

  // MARK: a new kind, in its own words

  /// A row of the test's kind, made through the form's registry as `section:colour{}` is.
  static func colourRow() throws -> (Form, Item) {
    let form = registry()
    let item = Item(kind: form.kinds["colour"]!, title: "Colour", name: "colour")
    try form.addSection("Walls").append(item)
    return (form, item)
  }

  static let fallbacks = ["one line of text", "Type the value", "Type the text"]

  static func noFallback(_ lines: [String]) -> Bool { !lines.contains { l in fallbacks.contains { l.contains($0) } } }

  @Test func theStandardVoiceSaysANewKindInItsOwnWords() throws {
    let (form, item) = try Self.colourRow()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 60))
    let editor = session.send("colour")
    #expect(editor.contains("Colour (a colour name or #RRGGBB, e.g. #ff8800):"), "\(editor)")
    #expect(Self.noFallback(editor))
    #expect(session.send("teal").joined(separator: "\n").contains("teal"))
    #expect(item.value == .string("#008080"))
    let shown = session.send("show 1")
    #expect(shown.contains("  kind         colour"), "\(shown)")
    #expect(shown.contains("  value        teal"))
    #expect(shown.contains("  type         a colour name or #RRGGBB, e.g. #ff8800"))
    #expect(Self.noFallback(shown))
    // the editor starts with the value as it could be typed
    _ = session.send("colour")
    #expect(item.facts.typed == "#008080")
  }

  @Test func theAccessibleVoiceAndTheWalkSayANewKindInItsOwnWords() throws {
    let (form, item) = try Self.colourRow()
    let session = Session(form: form, host: TestHost(), voice: AccessibleVoice())
    let shown = session.send("show 1")
    #expect(shown.first == "Row 1 of 1, Colour, colour, no colour.", "\(shown)")
    #expect(shown.last == "Type a colour name or #RRGGBB, e.g. #ff8800.")
    let editor = session.send("1")
    #expect(editor.contains("Type a colour name or #RRGGBB, e.g. #ff8800."), "\(editor)")
    #expect(Self.noFallback(shown + editor))
    #expect(session.send("orange") == ["Row 1 of 1, Colour, colour, the colour orange."])
    let walk = Walk(session: session)
    let asked = walk.start()
    // the walk in the accessible voice: one sentence a question
    #expect(asked.last == "1 of 1: Colour, now the colour orange. Type a colour name or #RRGGBB, e.g. #ff8800.")
    #expect(walk.read("#000000").first == "Colour: the colour black.")
    #expect(item.value == .string("#000000"))
  }

  @Test func everyKindIsSaidWithItsFactsInEveryVoice() throws {
    let (form, items) = try Self.rows()
    let framed = Session(form: form, host: TestHost(), renderer: Renderer(width: 72))
    for item in items where item.kind.hasValue {
      let facts = item.facts
      let expects = Cells.sanitize(facts.expects)
      let row = Spoken.row(item, in: form)[0]
      #expect(row.contains(", " + Cells.sanitize(facts.noun)), "\(row)")
      #expect(
        ExpectedInput.lines(for: item).last == "Type " + expects
          + (item.kind.readsLines ? "; a line with only a full stop (.) ends the text." : "."))
      #expect(framed.phrase(.rowShown(item)).contains("  type         " + expects))
      #expect(framed.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))[0].contains(expects))
    }
  }
}
