import Testing

@testable import FormCore

struct FormModelTests {
  /// Rows are compared by identity: two rows alike are still two rows, so a
  /// submit refused for one is not the submit refused for the other.
  @Test func rowsAndSubmitResultsCompareByIdentity() {
    let a = Item(kind: TextKind(), title: "Same", name: "x")
    let b = Item(kind: TextKind(), title: "Same", name: "x")
    #expect(a == a && a != b)
    #expect(Set([a, b, a]).count == 2)
    #expect(Form.SubmitResult.invalid([a]) == .invalid([a]))
    #expect(Form.SubmitResult.invalid([a]) != .invalid([b]))
    #expect(Form.SubmitResult.accepted([]) != .refused(.declined))
  }

  @Test func rowsSkipHiddenItemsAndSections() throws {
    let form = try signupForm()
    let extra = form.addSection("Extra")
    try extra.append(Item(kind: ActionKind(), title: "Terms"))
    #expect(form.rows.map(\.title) == ["Email", "Password", "Newsletter", "Terms"])
    form.find("password")!.hidden = true
    #expect(form.rows.map(\.title) == ["Email", "Newsletter", "Terms"])
    #expect(form.find("password")!.row == nil)
    // numbers count hidden rows: hiding one renumbers no other
    #expect(form.find("newsletter")!.row == 3)
    #expect(form.item(atRow: 2) == nil)
    #expect(form.item(numbered: 2) === form.find("password"))
    form.sections[0].hidden = true
    #expect(form.rows.map(\.title) == ["Terms"])
    #expect(form.rows.first?.row == 4)
    #expect(form.lastRow == 4)
    form.find("password")!.hidden = false
    form.sections[0].hidden = false
    #expect(form.rows.map(\.row) == [1, 2, 3, 4])
  }

  @Test func namesAreUnique() throws {
    let form = try signupForm()
    let dup = Item(kind: TextKind(), title: "Again", name: "email")
    #expect(throws: FormError.duplicateName("email")) { try form.sections[0].append(dup) }
    #expect(form.sections[0].items.count == 3)
    let other = Item(kind: TextKind(), title: "Other", name: "other")
    try form.sections[0].append(other)
    #expect(throws: FormError.duplicateName("email")) { try form.rename(other, to: "email") }
    try form.rename(other, to: "second")
    #expect(form.find("second") === other)
    #expect(form.find("other") == nil)
  }

  @Test func errorsRollUpAndFollowVisibility() throws {
    let form = try signupForm()
    // both text items start blank: two invalid items
    #expect(form.invalidCount == 2)
    #expect(form.sections[0].errors == ["Email can't be blank.", "Password can't be blank."])
    form.setValue(form.find("email")!, .string("nope"), origin: .user)
    #expect(form.find("email")!.errors == ["Email is not a valid email."])
    #expect(form.invalidCount == 2)
    form.setValue(form.find("email")!, .string("a@b.co"), origin: .user)
    #expect(form.invalidCount == 1)
    form.find("password")!.hidden = true
    #expect(form.invalidCount == 0)
    #expect(form.valid)
    form.find("password")!.hidden = false
    #expect(form.invalidCount == 1)
    form.sections[0].hidden = true
    #expect(form.invalidCount == 0)
    #expect(form.errors.isEmpty)
    form.sections[0].hidden = false
    #expect(form.errors == ["Password can't be blank."])
    form.sections[0].remove(form.find("password")!)
    #expect(form.valid)
  }

  @Test func onChangeFiresForUserChangesOnly() throws {
    let form = try signupForm()
    let rec = Recorder()
    let item = form.find("newsletter")!
    item.onChange = rec
    form.setValue(item, .bool(true), origin: .script)
    #expect(rec.calls.isEmpty)
    form.setValue(item, .bool(false), origin: .user)
    #expect(rec.calls.count == 1)
    if case .value(let old) = rec.calls[0][1] { #expect(old == .bool(true)) } else { Issue.record("no old value") }
    // an unchanged value fires nothing
    form.setValue(item, .bool(false), origin: .user)
    #expect(rec.calls.count == 1)
  }

  @Test func handlerFailuresBecomeNoticesAndStateStays() throws {
    let form = try signupForm()
    let item = form.find("newsletter")!
    item.onChange = Recorder(returning: .failed("f.lua:3: boom"))
    form.setValue(item, .bool(true), origin: .user)
    #expect(item.value == .bool(true))
    #expect(form.takeNotices() == ["error in on_change of 'Newsletter': f.lua:3: boom"])
    #expect(form.takeNotices().isEmpty)
  }

  @Test func submitRefusesWithRowsThenAsksOnSubmit() throws {
    let form = try signupForm()
    guard case .invalid(let items) = form.submit() else {
      Issue.record("an empty form was accepted")
      return
    }
    #expect(items.map(\.name) == ["email", "password"])
    #expect(items.map(\.errors) == [["Email can't be blank."], ["Password can't be blank."]])
    form.setValue(form.find("email")!, .string("a@b.co"), origin: .user)
    form.setValue(form.find("password")!, .string("hunter22x"), origin: .user)
    let guardian = Recorder(returning: .returned([.string("not today")]))
    form.onSubmit = guardian
    #expect(form.submit() == .refused(.message("not today")))
    guardian.result = .returned([])
    #expect(
      form.submit()
        == .accepted([
          .init("email", .string("a@b.co")), .init("password", .string("hunter22x")), .init("newsletter", .bool(false)),
        ]))
    guardian.result = .failed("x")
    #expect(form.submit() == .refused(.failed))
  }

  @Test func changesAreReportedOnce() throws {
    let form = try signupForm()
    _ = form.takeChanges()
    form.setValue(form.find("email")!, .string("x"), origin: .user)
    form.setValue(form.find("email")!, .string("y"), origin: .user)
    let c = form.takeChanges()
    #expect(!c.structure)
    #expect(c.items.map(\.name) == ["email"])
    #expect(form.takeChanges().items.isEmpty)
    form.find("newsletter")!.hidden = true
    #expect(form.takeChanges().structure)
  }

  @Test func activationTogglesSelectsOrEdits() throws {
    let form = try signupForm()
    let sw = form.find("newsletter")!
    #expect(form.activate(sw) == .done)
    #expect(sw.value == .bool(true))
    #expect(form.activate(form.find("email")!) == .editing)
    let action = Item(kind: ActionKind(), title: "Go")
    let rec = Recorder()
    action.onSelect = rec
    try form.sections[0].append(action)
    #expect(form.activate(action) == .done)
    #expect(rec.calls.count == 1)
    action.enabled = false
    #expect(form.activate(action) == .disabled)
    #expect(rec.calls.count == 1)
  }

  @Test(
    arguments: [
      ("emial", ["email", "url", "presence"], "email"),
      ("presense", ["email", "presence"], "presence"),
      ("xyz", ["email", "presence"], nil),
    ] as [(String, [String], String?)])
  func suggestsCloseNames(word: String, candidates: [String], expected: String?) {
    #expect(suggestion(for: word, among: candidates) == expected)
  }
}
