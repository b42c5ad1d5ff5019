import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The guided walk on a plain Swift form: it asks through the session's
/// verbs, so the session's rules (refusals, validation) hold.
struct WalkTests {
  @Test func asksEachValueRowThenSubmits() throws {
    let session = Session(form: try signup(), renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    let first = walk.start()
    #expect(first.contains("Row 1 of 3, Email, text, required, empty."))
    #expect(first.last == "Type one line of text.")
    #expect(walk.prompt == "Email: ")
    // refused by a validator: said, and the same row asked again
    #expect(walk.read("nope") == ["Error: Email is not a valid email.", "Row 1 of 3, Email, text, required, nope."])
    #expect(walk.current?.name == "email")
    let next = walk.read("a@b.co")
    #expect(next.first == "Email: a@b.co.")
    #expect(next.suffix(2) == ["Row 2 of 3, Newsletter, switch, off.", "Type y or n."])
    // the action row (Terms) is not asked: the summary comes next
    let summary = walk.read("y")
    #expect(summary.contains("  Newsletter: on."))
    #expect(summary.contains("No errors."))
    #expect(walk.prompt == "Submit? [Y/n] ")
    #expect(walk.read("") == ["submitted"])
    #expect(walk.ending == .submitted([.init("email", .string("a@b.co")), .init("newsletter", .bool(true))]))
    #expect(walk.read("x") == ["The guided fill has ended."])
  }

  @Test func aKindsRefusalKeepsTheValueAndAsksAgain() throws {
    let form = try signup()
    let session = Session(form: form, renderer: Renderer(width: 40))
    let walk = Walk(session: session)
    _ = walk.start()
    _ = walk.read("a@b.co")
    let out = walk.read("perhaps")
    #expect(out.first?.hasPrefix("! Newsletter is on or off (got 'perhaps'") == true)
    #expect(out.last == "Row 2 of 3, Newsletter, switch, off.")
    #expect(form.find("newsletter")?.value == .bool(false))
  }

  @Test func errorsAtTheEndLeadBackToTheFirstInvalidRow() throws {
    let session = Session(form: try signup(), renderer: Renderer(width: 40))
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
}
