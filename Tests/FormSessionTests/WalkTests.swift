import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The guided walk on a plain Swift form: it asks through the session's
/// verbs, so the session's rules (refusals, validation) hold.
struct WalkTests {
  @Test func asksEachValueRowThenSubmits() throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    let first = walk.start()
    // the place among the questions, as the opening counts them (the action row is not one)
    #expect(first.first == "Guided fill of Sign up: 2 questions.")
    #expect(first.contains("Question 1 of 2, Email, text, required, empty."))
    #expect(first.last == "Type one line of text.")
    #expect(walk.prompt == "Email: ")
    // refused by a validator: only the reason is said, and the same row is asked again
    // at a terminal it says what was refused, to be asked again on an empty line
    #expect(
      walk.read("nope") == [
        "Error: Email is not a valid email.", "(your answer was: nope; ↑ brings it back to correct)",
      ])
    #expect(walk.current?.name == "email")
    #expect(walk.refusedText == "nope", "a terminal offers the refused answer back")
    let next = walk.read("a@b.co")
    #expect(next.first == "Email: a@b.co.")
    #expect(next.suffix(2) == ["Question 2 of 2, Newsletter, switch, off.", "Type y or n."])
    // the action row (Terms) is not asked: the summary comes next
    let summary = walk.read("y")
    #expect(summary.contains("  Newsletter: on."))
    #expect(summary.contains("No errors."))
    #expect(walk.prompt == "Submit? [Y/n] ")
    #expect(walk.read("") == ["submitted"])
    #expect(walk.ending == .submitted([.init("email", .string("a@b.co")), .init("newsletter", .bool(true))]))
    #expect(walk.read("x") == ["The guided fill has ended."])
  }

  /// A disabled row is shown but never asked: the walk goes past it, and
  /// the summary still lists it.
  @Test func aDisabledRowIsNotAsked() throws {
    let form = try signup()
    let locked = Item(kind: TextKind(), title: "Locked", name: "locked")
    locked.enabled = false
    try form.sections[0].insert(locked, at: 1)
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    #expect(!Walk.asked(locked))
    _ = walk.start()
    let next = walk.read("a@b.co")
    #expect(walk.current?.name == "newsletter", "\(next)")
    #expect(walk.prompt == "Newsletter: ")
    #expect(!next.joined().contains("Locked,"), "\(next)")
    #expect(walk.read("n").contains("No errors."))
  }

  @Test func aKindsRefusalKeepsTheValueAndAsksAgain() throws {
    let form = try signup()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    _ = walk.start()
    _ = walk.read("a@b.co")
    let out = walk.read("perhaps")
    #expect(out.count == 2)
    #expect(out.last == "(your answer was: perhaps; ↑ brings it back to correct)")
    #expect(out.first?.hasPrefix("! Newsletter is on or off (got 'perhaps'") == true)
    #expect(walk.current?.name == "newsletter")
    #expect(form.find("newsletter")?.value == .bool(false))
  }

  @Test func errorsAtTheEndLeadBackToTheFirstInvalidRow() throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    _ = walk.start()
    _ = walk.read(":skip")
    let summary = walk.read("")
    #expect(summary.contains("1 error remains:"))
    #expect(summary.contains("  Error: Email can't be blank."))
    let back = walk.read("y")
    #expect(back.contains("Back to the first row with an error."))
    #expect(walk.current?.name == "email")
    #expect(session.state == .running)
  }

  // MARK: answers that land where they were meant

  @Test func answersNotTypedAtATerminalStopAtARefusal() throws {
    let form = try place()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    walk.atTerminal = false
    _ = walk.start()
    // no option is called so: the walk stops rather than take the next answer for Country
    #expect(walk.read("Narnia").count == 1)
    #expect(walk.ending == .refused(question: "Country"))
    #expect(walk.read("Canada") == ["The guided fill has ended."])
    #expect(form.find("country")?.value == .null)
    #expect(session.state == .running, "nothing was submitted")
  }

  @Test func aChoiceFromPartOfAnOptionIsSaidBack() throws {
    let form = try place()
    let walk = Walk(session: Session(form: form, host: TestHost(), renderer: Renderer(width: 40)))
    _ = walk.start()
    let out = walk.read("mex")
    #expect(out.first == "Country: Mexico (taken from \"mex\"; :back changes it).")
    _ = walk.read(":back")
    #expect(walk.read("2").first == "Country: Mexico.", "a number is no part of a text")
    _ = walk.read(":back")
    #expect(walk.read("MEXICO").first == "Country: Mexico.", "the whole text in another case")
    #expect(Walk.interpreted(try #require(form.find("country")), typed: "united"))
  }

  @Test func theSummaryAsksTheSubmitQuestionOnlyWhenNoPromptDoes() throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    let atTerminal = Walk(session: session, from: nil)
    let summary = atTerminal.start()
    #expect(!summary.contains { $0.contains("Submit?") }, "the prompt asks it: \(summary)")
    #expect(atTerminal.prompt == "Submit? [Y/n] ")
    let piped = Walk(session: session, from: nil)
    piped.atTerminal = false
    #expect(piped.start().last == "Submit? [Y/n] (n stops here and leaves the form open; :back goes back)")
  }

  @Test func aLongListIsReadAsItsFirstFewAndQuestionMarkReadsItAll() throws {
    let names = (1...40).map { "Country \($0)" }
    let form = Form()
    try form.addSection().append(Item(kind: RadioKind(options: names), title: "Country", name: "country"))
    for voice in [StandardVoice(), AccessibleVoice()] as [any Voice] {
      let walk = Walk(session: Session(form: form, host: TestHost(), renderer: Renderer(width: 60), voice: voice))
      let asked = walk.start().joined(separator: " ")
      #expect(asked.contains("1 Country 1, 2 Country 2, 3 Country 3, 4 Country 4, 5 Country 5, and 35 more"))
      #expect(!asked.contains("Country 6"), "\(asked)")
      #expect(asked.contains("Type part of an option to search, or ? to hear them all."))
      let all = walk.read("?").joined(separator: " ")
      #expect(all.contains("40 Country 40") && all.contains("6 Country 6"))
      #expect(walk.current?.name == "country", "the question stands")
    }
  }
}
