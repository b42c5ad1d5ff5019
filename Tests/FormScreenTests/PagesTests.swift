import FormLua
import FormSession
import TestSupport
import Testing

@testable import FormScreen

/// A paged form in the screen mode: one page at a time, Next refused while
/// the page has a problem, Back always, the summary, then submit.
struct ScreenPagesTests {
  static let wizard = Fixtures.pagedOrder

  static func driver(_ source: String = wizard, height: Int = 20) throws -> ScreenDriver {
    let runtime = LuaRuntime()
    try runtime.load(source: source, name: "form.lua")
    return ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()), width: 60, height: height)
  }

  static func has(_ d: ScreenDriver, _ text: String) -> Bool { d.text.contains { $0.contains(text) } }

  @Test func onePageAtATimeWithItsNumber() throws {
    let d = try Self.driver()
    #expect(Self.has(d, "Page 1 of 3: Account"), "\(d.text)")
    #expect(Self.has(d, "Email") && !Self.has(d, "Plan") && !Self.has(d, "Note"), "\(d.text)")
    #expect(Self.has(d, "[ Next › ]"))
    #expect(!Self.has(d, "[ Submit ]"))
  }

  @Test func nextIsRefusedNamingTheProblemsAndNothingTypedIsLost() throws {
    let d = try Self.driver()
    try d.press(["down", "enter", "Ada", "enter", "ctrl-s"])
    #expect(Self.has(d, "Page 1 of 3: Account is not finished: Email can't be blank."), "\(d.text)")
    #expect(Self.has(d, "! Email can't be blank"), "\(d.text)")
    #expect(d.text.contains { $0.hasPrefix("› Email") }, "\(d.text)")
    #expect(d.screen.session.form.find("name")?.value == .string("Ada"))
    // typed in the editor, then Ctrl-S: taken, then the next page
    try d.press(["enter", "a@b.co", "ctrl-s"])
    #expect(Self.has(d, "Page 2 of 3: Payment"), "\(d.text)")
    #expect(!Self.has(d, "Email"))
    #expect(d.screen.session.form.find("email")?.value == .string("a@b.co"))
  }

  @Test func backIsAlwaysAllowedAndHiddenSectionsAreNoPages() throws {
    let d = try Self.driver()
    try d.press(["enter", "a@b.co", "enter", "ctrl-s"])
    #expect(Self.has(d, "Page 2 of 3: Payment"))
    // Back with the page's problem unfixed
    try d.press(["alt-left"])
    #expect(Self.has(d, "Page 1 of 3: Account"), "\(d.text)")
    try d.press(["ctrl-s", "enter", "down", "enter"])
    #expect(d.screen.session.form.find("plan")?.value == .string("Pro"))
    // the Next line by Enter (the choice went on to it): Extras is hidden, so Notes is page 3
    try d.press(["enter"])
    #expect(Self.has(d, "Page 3 of 3: Notes"), "\(d.text)")
    #expect(Self.has(d, "[ Next: the summary › ]"), "\(d.text)")
    // the Back line
    try d.press(["down", "down", "enter"])
    #expect(Self.has(d, "Page 2 of 3: Payment"), "\(d.text)")
  }

  @Test func theSummaryShowsEveryValueGoesBackToAPageAndSubmits() throws {
    let d = try Self.driver()
    try d.press(["enter", "a@b.co", "enter", "ctrl-s", "enter", "down", "enter", "ctrl-s", "ctrl-s"])
    #expect(Self.has(d, "Summary: check the values, then submit"), "\(d.text)")
    #expect(Self.has(d, "Page 1 of 3: Account") && Self.has(d, "a@b.co") && Self.has(d, "Pro"), "\(d.text)")
    #expect(Self.has(d, "› [ Submit ]"), "\(d.text)")
    // up to the line of page 2: Enter goes there
    try d.press(["up", "enter"])
    #expect(Self.has(d, "Page 3 of 3: Notes"), "\(d.text)")
    try d.press(["ctrl-s", "up", "up", "enter"])
    #expect(Self.has(d, "Page 2 of 3: Payment"), "\(d.text)")
    try d.press(["ctrl-s", "ctrl-s", "ctrl-s"])
    #expect(d.ending == "submitted")
    // the form left in the scrollback is the summary, its pages named
    #expect(Self.has(d, "Page 2 of 3: Payment") && Self.has(d, "a@b.co") && d.text.last == "Submitted.", "\(d.text)")
  }

  @Test func aPageWhoseRowsAllGoHiddenIsPassedOver() throws {
    let d = try Self.driver(
      Self.wizard
        + """

        a:find("email")
        """.replacingOccurrences(of: "a:find(\"email\")", with: "form:find('plan').hidden = true"))
    try d.press(["enter", "a@b.co", "enter", "ctrl-s"])
    #expect(Self.has(d, "Page 2 of 2: Notes"), "\(d.text)")
  }

  @Test func sectionsStartPagesAndTheSectionsAfterJoinThem() throws {
    let d = try Self.driver(
      """
      local a = form:section("Who")
      a:text{ name = "n", title = "Name" }
      local b = form:section("Where")
      b:text{ name = "c", title = "City" }
      local c = form:section{ header = "Pay", page = true }
      c:text{ name = "card", title = "Card" }
      """)
    #expect(Self.has(d, "Page 1 of 2: Who") && Self.has(d, "City") && !Self.has(d, "Card"), "\(d.text)")
    try d.press(["ctrl-s"])
    #expect(Self.has(d, "Page 2 of 2: Pay") && Self.has(d, "Card"), "\(d.text)")
  }

  @Test func aFormWithoutPagesIsAsBefore() throws {
    let d = try Self.driver("local a = form:section('A')\na:text{ name = 'x', title = 'X' }")
    #expect(Self.has(d, "[ Submit ]") && !Self.has(d, "Page 1"))
  }

  @Test func aResumedDraftGoesBackToThePageOfItsFirstUnfinishedRow() throws {
    let d = try Self.driver()
    let form = d.screen.session.form
    form.find("email")?.assign(.string("a@b.co"))
    form.find("name")?.assign(.string("Ada"))
    d.screen.resumePage()
    #expect(Self.has(d, "Page 2 of 3: Payment"), "\(d.text)")
    #expect(d.text.contains { $0.hasPrefix("› Plan") }, "\(d.text)")
  }

}
