import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The typed verbs: each outcome as a value, before any voice phrases it.
struct OutcomeTests {
  func session() throws -> (Session, Form) {
    let form = try signup()
    return (Session(form: form, host: TestHost(), renderer: Renderer(width: 40)), form)
  }

  @Test func aSetGivesTheChangedRows() throws {
    let (session, form) = try session()
    guard case .changed(let changes) = session.perform(.set(.name("email"), "a@b.co")) else {
      Issue.record("not a change")
      return
    }
    #expect(changes.items.count == 1 && changes.items[0] === form.find("email"))
    #expect(form.find("email")!.value == .string("a@b.co"))
  }

  /// The tests' equality compares payloads: equal ones are equal, any
  /// difference (a value, an item, a change) is not.
  @Test func outcomesCompareByTheirPayloads() throws {
    let (session, form) = try session()
    let email = form.find("email")!
    let newsletter = form.find("newsletter")!
    _ = form.takeChanges()
    #expect(session.perform(.set(.name("email"), "a@b.co")) == .changed(.init(structure: false, items: [email])))
    #expect(session.perform(.set(.name("email"), "c@d.co")) != .changed(.init(structure: false, items: [newsletter])))
    #expect(
      session.perform(.values) == .values([.init("email", .string("c@d.co")), .init("newsletter", .bool(false))]))
    #expect(
      session.perform(.values) != .values([.init("email", .string("a@b.co")), .init("newsletter", .bool(false))]))
    #expect(session.perform(.showPart("1")) == .rowShown(email))
    #expect(session.perform(.showPart("1")) != .rowShown(newsletter))
    #expect(session.perform(.showPart("1-2")) == .rowsShown([email, newsletter]))
    #expect(session.perform(.activate(.row(1))) == .editorOpened(email, changes: .init(structure: false, items: [])))
    #expect(session.read(":q") == .editorLeft(email))
    #expect(session.perform(.show) == .screen && session.perform(.show) != .help)
    #expect(
      session.perform(.submit) == .submitted([.init("email", .string("c@d.co")), .init("newsletter", .bool(false))]))
  }

  @Test func refusalsCarryTheirReason() throws {
    let (session, form) = try session()
    let email = form.find("email")!
    #expect(session.perform(.activate(.row(9))) == .refused(.noRow(9, count: 3)))
    #expect(
      session.perform(.activate(.name("emial"))) == .refused(.unknownWord("emial", suggestion: "email")))
    #expect(
      session.perform(.set(.name("newsletter"), "maybe"))
        == .refused(
          .badValue(
            form.find("newsletter")!,
            reason: "Newsletter is on or off (got 'maybe'; type on, off, yes, no or toggle)")))
    #expect(session.perform(.clear(.row(3))) == .refused(.holdsNoValue(form.rows[2])))
    email.enabled = false
    #expect(session.perform(.set(.name("email"), "a@b.co")) == .refused(.disabled(email)))
    email.enabled = true
    email.hidden = true
    #expect(session.perform(.set(.name("email"), "a@b.co")) == .refused(.hidden(name: "email")))
  }

  @Test func prefillFollowsTheRulesOfTyping() throws {
    let (session, form) = try session()
    let email = form.find("email")!
    email.enabled = false
    #expect(session.prefill(name: "email", value: .string("a@b.co")) == .refused(.disabled(email)))
    #expect(email.value == .null)
    email.enabled = true
    email.hidden = true
    #expect(session.prefill(name: "email", value: .string("a@b.co")) == .refused(.hidden(name: "email")))
    #expect(
      session.prefill(name: "emali", value: .string("x"))
        == .refused(.noItemNamed("emali", suggestion: "email")))
    // a JSON value that is not a string is checked as a script's would be
    guard case .changed = session.prefill(name: "newsletter", value: .bool(true)) else {
      Issue.record("a bool was refused")
      return
    }
    #expect(form.find("newsletter")!.value == .bool(true))
    // the same line typed gives the same words
    let typed = session.send("email x")
    #expect(typed == session.phrase(session.prefill(name: "email", value: .string("x"))))
    #expect(typed == ["'email' is hidden"])
  }

  @Test func anEditorOpensThenKeepsTheValueOnAnEmptyLine() throws {
    let (session, form) = try session()
    guard case .editorOpened(let item, _) = session.perform(.activate(.row(1))) else {
      Issue.record("no editor")
      return
    }
    #expect(item === form.find("email"))
    #expect(
      session.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))[0] == "Email (one line of text):"
    )
    #expect(session.read("") == .unchanged)
  }

  @Test func aLongTextEditorReadsLinesUntilADot() throws {
    let form = Form()
    let notes = Item(kind: LongTextKind(), title: "Notes", name: "notes")
    try form.addSection().append(notes)
    let session = Session(form: form, host: TestHost())
    guard case .editorOpened = session.perform(.activate(.name("notes"))) else {
      Issue.record("no editor")
      return
    }
    #expect(session.read("one") == .lineRead)
    #expect(session.read("two") == .lineRead)
    guard case .changed = session.read(".") else {
      Issue.record("not set")
      return
    }
    #expect(notes.value == .string("one\ntwo"))
    #expect(session.editing == nil)
  }

  @Test func showIsTheWholeScreen() throws {
    let (session, _) = try session()
    #expect(session.perform(.show) == .screen)
    #expect(session.phrase(.screen) == session.screen())
  }

  @Test func submitGivesValuesNotText() throws {
    let (session, _) = try session()
    _ = session.perform(.set(.name("email"), "a@b.co"))
    let outcome = session.submit()
    guard case .submitted(let values) = outcome else {
      Issue.record("refused: \(session.phrase(outcome))")
      return
    }
    #expect(values == [.init("email", .string("a@b.co")), .init("newsletter", .bool(false))])
    #expect(session.state == .submitted(values))
    #expect(session.submit() == .refused(.ended))
  }

  @Test func aRefusedSubmitNamesTheItemsWithTheirErrors() throws {
    let (session, form) = try session()
    guard case .submitRefused(.invalid(let items), _) = session.submit() else {
      Issue.record("not refused for its items")
      return
    }
    #expect(items.count == 1 && items[0] === form.find("email"))
    #expect(items[0].errors == ["Email can't be blank."])
    #expect(session.state == .running)
  }

  @Test(arguments: [
    (Value?.some(.bool(false)), Form.SubmitRefusal.declined, "  the submit was refused"),
    (.some(.string("not today")), .message("not today"), "  not today"),
    // an empty or blank message refuses as false does: no empty problem line
    (.some(.string("")), .declined, "  the submit was refused"),
    (.some(.string(" \n ")), .declined, "  the submit was refused"),
    (nil, .failed, "  the submit was refused: on_submit failed"),
  ])
  func onSubmitsRefusalIsTyped(returned: Value?, refusal: Form.SubmitRefusal, line: String) throws {
    let (session, _) = try session()
    session.form.onSubmit = ClosureHandler { _ in returned.map { .returned([$0]) } ?? .failed("boom") }
    _ = session.perform(.set(.name("email"), "a@b.co"))
    let outcome = session.submit()
    guard case .submitRefused(.handler(let got), _) = outcome else {
      Issue.record("not refused by the handler")
      return
    }
    #expect(got == refusal)
    #expect(session.phrase(outcome).suffix(2) == ["cannot submit (1 problem):", line])
  }

  @Test func cancelEndsTheSession() throws {
    let (session, _) = try session()
    var cancelled = false
    session.form.onCancel = ClosureHandler { _ in
      cancelled = true
      return .returned([])
    }
    guard case .cancelled = session.cancel() else {
      Issue.record("not cancelled")
      return
    }
    #expect(cancelled)
    #expect(session.state == .cancelled)
    #expect(session.perform(.show) == .refused(.ended))
  }

  @Test func listingsAreValuesAndItems() throws {
    let (session, form) = try session()
    _ = session.perform(.set(.name("email"), "nope"))
    guard case .values(let values) = session.perform(.values) else {
      Issue.record("no values")
      return
    }
    #expect(values == [.init("email", .string("nope")), .init("newsletter", .bool(false))])
    guard case .errors(let items) = session.perform(.errors) else {
      Issue.record("no errors listing")
      return
    }
    #expect(items.count == 1 && items[0] === form.find("email"))
    guard case .help = session.perform(.help) else {
      Issue.record("no help")
      return
    }
  }
}

/// A voice is chosen per session: the same outcomes, other words.
struct VoiceTests {
  struct Terse: Voice {
    func lines(for outcome: Outcome, in session: Session) -> [String] {
      switch outcome {
      case .submitted(let values): return ["ok \(values.count)"]
      case .refused: return ["no"]
      default: return []
      }
    }
  }

  @Test func anotherVoicePhrasesTheSameOutcomes() throws {
    let session = Session(form: try signup(), host: TestHost(), voice: Terse())
    #expect(session.send("9") == ["no"])
    #expect(session.send("email a@b.co") == [])
    #expect(session.send("s") == ["ok 2"])
  }

  @Test func valuesWithTerminalControlsAreEscapedInJSON() throws {
    let form = try signup()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    _ = session.prefill(name: "email", value: .string("a\u{9B}b\u{202E}c"))
    let shown = session.send("values")
    #expect(shown == [#"{"email":"a\u009bb\u202ec","newsletter":false}"#])
  }
}
