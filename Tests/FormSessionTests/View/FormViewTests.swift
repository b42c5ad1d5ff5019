import Testing

@testable import FormCore
@testable import FormSession

/// The view model alone, as any visual front end drives it: logical
/// actions in, plain data out (no escape code), and what changed since a
/// version a front end drew.
struct FormViewTests {
  /// Name (a placeholder), a disabled row, Email (validated), Plan (a radio), Card.
  func form() throws -> Form {
    let form = Form(title: "Join")
    let s = form.addSection("You")
    let name = Item(kind: TextKind(), title: "Name", name: "name")
    name.placeholder = "Ada Lovelace"
    try s.append(name)
    let off = Item(kind: TextKind(), title: "Locked", name: "locked")
    off.enabled = false
    try s.append(off)
    let email = Item(kind: TextKind(), title: "Email", name: "email")
    email.validators = [try Validators.make("email", in: form)]
    try s.append(email)
    try s.append(Item(kind: RadioKind(options: ["Free", "Pro"]), title: "Plan", name: "plan"))
    try s.append(Item(kind: CreditCardKind(), title: "Card", name: "card"))
    return form
  }

  func view() throws -> FormView { FormView(engine: Engine(form: try form(), host: TestHost())) }

  @Test func actionsMoveTheFocusPastDisabledRowsToTheSubmitStop() throws {
    let v = try view()
    #expect(v.focusItem?.name == "name")
    v.perform(.next)
    #expect(v.focusItem?.name == "email", "the disabled row is passed over")
    v.perform(.previous)
    #expect(v.focusItem?.name == "name")
    v.perform(.last)
    #expect(v.focusItem == nil && v.stop == .submit)
    v.perform(.first)
    #expect(v.focusItem?.name == "name")
  }

  @Test func editingByLogicalInputsSetsTheValueOrKeepsTheEditorWithTheReason() throws {
    let v = try view()
    v.perform(.next)
    v.perform(.open)
    #expect(v.editor is TextEditing)
    v.perform(.edit(.insert("ada@example")))
    v.perform(.edit(.enter))
    #expect(v.editor != nil, "a refused value keeps the editor open")
    #expect(v.editor?.reason == "Email is not a valid email.")
    // the refused text is selected: End puts the cursor at its end to edit it in place
    v.perform(.edit(.end))
    v.perform(.edit(.insert(".com")))
    v.perform(.edit(.enter))
    #expect(v.editor == nil)
    #expect(v.form.find("email")?.value == .string("ada@example.com"))
    #expect(v.focusItem?.name == "plan", "Enter takes the value and goes on to the next row")
    // a choice by its highlight
    v.perform(.open)
    v.perform(.edit(.down))
    v.perform(.edit(.enter))
    #expect(v.form.find("plan")?.value == .string("Pro"))
  }

  @Test func theContentIsPlainDataWithRolesAndNoEscapeCode() throws {
    let form = try form()
    form.find("name")?.title = "Na\u{1B}[31mme"
    let v = FormView(engine: Engine(form: form, host: TestHost()))
    var rows: [RowView] = []
    for piece in v.pieces {
      if case .row(let item, _) = piece { rows.append(v.rowView(item)) }
    }
    #expect(rows.map(\.title) == ["Na\\e[31mme", "Locked", "Email", "Plan", "Card"])
    #expect(rows.allSatisfy { !($0.title + $0.value + $0.marks).contains("\u{1B}") })
    #expect(rows[0].value == "Ada Lovelace" && rows[0].valueRole == .placeholder)
    #expect(rows[0].focused && !rows[2].focused)
    #expect(rows[1].marks == " (disabled)" && !rows[1].enabled)
  }

  @Test func changesSinceAVersionNameThePiecesThatChanged() throws {
    let v = try view()
    _ = v.pieces
    let drawn = v.version
    v.perform(.next)
    let moved = v.changes(since: drawn)
    let name = try #require(v.piece(of: v.form.find("name")!))
    let email = try #require(v.piece(of: v.form.find("email")!))
    #expect(!moved.everything)
    #expect(moved.pieces == [name, email], "the row the focus left and the one it took")
    // nothing since the last version
    #expect(v.changes(since: moved.version).pieces.isEmpty)
    v.perform(.open)
    v.perform(.edit(.insert("a@b.co")))
    v.perform(.edit(.enter))
    let edited = v.changes(since: moved.version)
    let plan = try #require(v.piece(of: v.form.find("plan")!))
    #expect(edited.pieces == [email, plan], "the row edited, and the one Enter went on to: \(edited)")
    // the submit ends the view: everything
    v.perform(.submit)
    let ended = v.changes(since: edited.version)
    #expect(v.ending != nil && ended.everything && ended.status)
  }

  @Test func aRowHiddenByAHandlerChangesEverything() throws {
    let v = try view()
    _ = v.pieces
    let drawn = v.version
    v.form.find("plan")?.hidden = true
    v.perform(.next)
    #expect(v.changes(since: drawn).everything)
    #expect(!v.pieces.contains { if case .row(let item, _) = $0 { return item.name == "plan" } else { return false } })
  }

  @Test func aCardsRefusalPutsTheCursorInTheFieldItIsAboutAndGoesWhenThatFieldIsTyped() throws {
    let v = try view()
    v.perform(.focus(v.form.find("card")!))
    v.perform(.open)
    let card = try #require(v.editor as? CardEditing)
    v.perform(.edit(.insert("4242424242424241")))
    v.perform(.edit(.tab))
    v.perform(.edit(.insert("1230")))
    v.perform(.edit(.tab))
    v.perform(.edit(.insert("123")))
    v.perform(.edit(.enter))
    #expect(card.reason == "Card is not a valid card number.")
    #expect(card.field == 0, "the cursor goes back to the number")
    v.perform(.edit(.backspace))
    #expect(card.reason == nil, "the number typed again: the refusal no longer holds")
    v.perform(.edit(.insert("2")))
    v.perform(.edit(.enter))
    v.perform(.edit(.enter))
    v.perform(.edit(.enter))
    #expect(v.editor == nil)
    #expect(v.rowView(v.form.find("card")!).value == "Visa •••• 4242  12/30")
  }

  @Test func aLongLineShowsAWindowAroundTheCursorMeasuringNoMoreThanTheWindow() {
    var b = LineBuffer(String(repeating: "a", count: 5000) + "bcd")
    let end = b.window(room: 10, start: 0)
    #expect(end.text == "aaaaaabcd" && end.cursor == 9 && end.start == 4994)
    _ = b.edit(.home)
    let start = b.window(room: 10, start: end.start)
    #expect(start.start == 0 && start.text == "aaaaaaaaaa" && start.cursor == 0)
    // a window kept while the cursor stays in it
    for _ in 0..<3 { _ = b.edit(.right) }
    #expect(b.window(room: 10, start: 0).start == 0)
  }
}
