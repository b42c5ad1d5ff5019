import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// A form whose second row appears for one answer of the first: Country,
/// then State (hidden unless the country is United States), then City.
func place() throws -> Form {
  let form = Form(title: "Where")
  let s = form.addSection("Place")
  let country = Item(
    kind: RadioKind(options: ["Canada", "Mexico", "United States"]), title: "Country", name: "country")
  let state = Item(kind: TextKind(), title: "State", name: "state")
  state.hidden = true
  country.onChange = ClosureHandler { _ in
    state.hidden = country.value != .string("United States")
    return .returned([])
  }
  try s.append(country)
  try s.append(state)
  try s.append(Item(kind: TextKind(), title: "City", name: "city"))
  return form
}

/// Row numbers count every row, hidden ones included, and a number that
/// came to mean another row since the person last saw the form is refused.
struct RowNumberTests {
  func session(_ form: Form, quiet: Bool = false) -> Session {
    let session = Session(
      form: form, host: TestHost(), renderer: Renderer(width: 40), voice: StandardVoice(quiet: quiet))
    _ = session.start()
    return session
  }

  @Test func showingOrHidingARowRenumbersNoOther() throws {
    let form = try place()
    let s = session(form, quiet: true)
    #expect(s.send("3 Boston").isEmpty)
    #expect(form.find("city")?.value == .string("Boston"))
    // the hidden row keeps its number, and a number never reaches it
    #expect(s.send("2 CA") == ["row 2 is hidden now"])
    #expect(form.find("state")?.value == .null)
    _ = s.send("1 United States")
    #expect(form.find("state")?.row == 2)
    #expect(s.send("3 Cambridge").isEmpty)
    #expect(form.find("city")?.value == .string("Cambridge"))
    #expect(s.send("2 MA").isEmpty)
    #expect(form.find("state")?.value == .string("MA"))
    _ = s.send("1 Canada")
    #expect(form.find("city")?.row == 3)
    #expect(s.send("show 1-3").count == 2, "the rows shown of 1 to 3")
  }

  @Test func theFormShowsTheGap() throws {
    let form = try place()
    let lines = Renderer(width: 40).render(form)
    #expect(lines.contains { $0.contains("1  Country") })
    #expect(lines.contains { $0.contains("3  City") })
    #expect(!lines.contains { $0.contains("2  ") })
    let spoken = Spoken.row(try #require(form.find("city")), in: form)
    #expect(spoken.first?.hasPrefix("Row 3 of 3, City") == true)
  }

  /// Rows `A`, `B`, `C`; each can be deleted and moved.
  func letters() throws -> Form {
    let form = Form()
    let s = form.addSection("S")
    for name in ["a", "b", "c"] {
      let item = Item(kind: TextKind(), title: name.uppercased(), name: name)
      item.rowActions.deletable = true
      item.rowActions.movable = true
      try s.append(item)
    }
    return form
  }

  @Test func aNumberThatNowMeansAnotherRowIsRefusedOnce() throws {
    let form = try letters()
    let s = session(form, quiet: true)
    #expect(s.send("delete 1").isEmpty)
    // on the last screen row 1 was A: now it is B
    #expect(
      s.send("1 x") == [
        "row 1 is now B: rows moved since the form was last shown; type 1 again to mean it, or show to see the form"
      ])
    #expect(form.find("b")?.value == .null)
    #expect(s.send("1 x").isEmpty, "said once, the number means the row it names now")
    #expect(form.find("b")?.value == .string("x"))
    // the other numbers are still checked: row 2 was B, now it is C
    #expect(s.read("2") == .refused(.renumbered(2, now: try #require(form.find("c")))))
    // both numbers of a move are checked
    _ = s.send("move 1 2")
    guard case .refused(.renumbered(1, _)) = s.read("move 1 2") else {
      Issue.record("a move by numbers that changed meaning was carried out")
      return
    }
  }

  @Test func aFormDrawnAgainShowsTheNewNumbers() throws {
    let form = try letters()
    let s = session(form)
    _ = s.send("delete 1")
    _ = s.send("1 x")
    #expect(form.find("b")?.value == .string("x"))
    let quiet = session(try letters(), quiet: true)
    _ = quiet.send("delete 1")
    _ = quiet.send("show")
    _ = quiet.send("1 x")
    #expect(quiet.form.find("b")?.value == .string("x"), "show draws the numbers")
  }

  @Test func namesAndTheWalkAreNeverRefused() throws {
    let form = try letters()
    let s = session(form, quiet: true)
    _ = s.send("delete 1")
    #expect(s.send("b x").isEmpty)
    // a front end's typed command (the walk's) names the row it means now
    _ = s.perform(.set(.row(1), "y"))
    #expect(form.find("b")?.value == .string("y"))
  }
}
