import Foundation
import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormRender
@testable import FormSession
@testable import FormTesting

/// The guided walk and the accessible voice on forms written in Lua: the
/// walk follows the live form, `description` and `required` reach every
/// voice, and an accessible guided fill of every kind is pinned as a transcript.
struct GuidedTests {
  final class Fixture {
    let runtime = LuaRuntime()
    let session: Session

    init(path: String? = nil, source: String = "", accessible: Bool = true) throws {
      runtime.form.kinds["creditcard"] = CreditCardKind(today: { CivilDate(year: 2026, month: 6, day: 15) })
      if let path {
        try runtime.load(path: ControlsTests.root + "/" + path)
      } else {
        try runtime.load(source: source, name: "=form.lua")
      }
      session = Session(
        form: runtime.form, host: TestHost(), renderer: Renderer(width: 60),
        voice: accessible ? AccessibleVoice() : StandardVoice())
    }

    /// Start a walk and answer it: the lines it says, each answer shown as `> answer`.
    func walk(_ answers: [String], walk: Walk? = nil) -> (lines: [String], walk: Walk) {
      let walk = walk ?? Walk(session: session)
      var out = session.start(walking: true) + walk.start()
      for answer in answers {
        out.append(answer.isEmpty ? ">" : "> " + answer)
        out += walk.read(answer)
      }
      return (out, walk)
    }
  }

  @Test func anAccessibleGuidedFillOfEveryKind() throws {
    let f = try Fixture(path: "Examples/controls.lua")
    let answers = [
      "Jane Appleseed", "hunter22x", "Dear team,", "see you soon.", ".", "5551234567",
      "1", "4", ":back", "", "9.5", "0.7", "n", "02/30/1990", "1990-07-04", "19:30", "2026-12-01T09:00",
      "2", "L", "1,3", "L, Thick", "4242 4242 4242 4242 12/30 123", "5", ":show", "y",
    ]
    let (lines, walk) = f.walk(answers)
    #expect(walk.ending != nil)
    guard case .submitted(let values) = walk.ending else {
      Issue.record("not submitted: \(lines.suffix(5))")
      return
    }
    #expect(values.first { $0.key == "seats" }?.value == .int(4))
    #expect(values.first { $0.key == "wifi" }?.value == .bool(false))
    // after a refusal only the reason: the question stands
    #expect(lines.contains("Error: Seats must be at least 2."))
    #expect(noFramesOrBareSymbols(lines).isEmpty, "\(noFramesOrBareSymbols(lines))")
    assertSnapshot(lines, named: "accessible-guided-controls")
  }

  static let company = """
    form.title = "Work"
    local s = form:section{ header = "You" }
    s:text{ name = "name", title = "Name", required = true, description = "As on your passport." }
    s:bool{ name = "employed", title = "Employed", on_change = function(item)
      form:find("company").hidden = not item.value
      form:find("nickname").hidden = item.value
    end }
    s:text{ name = "company", title = "Company", hidden = true, required = true }
    s:text{ name = "nickname", title = "Nickname" }
    s:text{ name = "city", title = "City", enabled = false }
    """

  @Test func theWalkFollowsRowsThatHandlersShowAndHide() throws {
    let f = try Fixture(source: Self.company)
    let (lines, walk) = f.walk(["Ann", "y", "", "y"])
    // the company row appeared and was asked; the nickname row was hidden and not asked
    #expect(lines.contains("3 of 3: Company, required."))
    #expect(!lines.contains { $0.contains("of 3: Nickname") })
    #expect(lines.contains("New question: Company."))
    // the count of questions follows: the opening's 3 is still right
    #expect(lines.contains("Work: 3 questions. :help for commands."))
    #expect(lines.contains("No longer asked: Nickname. 3 questions in all."))
    #expect(!lines.contains { $0.contains(": City") }, "a disabled row is not asked")
    // skipping the required company row leaves an error: the submit leads back to it
    #expect(lines.contains("Back to the first row with an error."))
    #expect(walk.ending == nil)
    #expect(walk.current?.name == "company")
    // at a terminal the prompt asks the submit question (`Submit, y or n? `), the summary does not
    #expect(walk.read("Acme").last == "Summary: Name: Ann; Employed: on; Company: Acme; City: empty.")
    #expect(walk.prompt == "Submit, y or n? ")
    _ = walk.read("")
    // the values as answered, written out: read back from the form, they would equal themselves
    #expect(
      walk.ending
        == .submitted([
          .init("name", .string("Ann")), .init("employed", .bool(true)), .init("company", .string("Acme")),
          .init("city", .null),
        ]))
  }

  @Test func walkCommands() throws {
    let f = try Fixture(source: Self.company, accessible: false)
    let (lines, walk) = f.walk([":back", ":skip", ":help", "::colon", ":q"])
    #expect(lines.contains("This is the first question."))
    #expect(lines.contains { $0.hasPrefix(":clear empties the row") })
    #expect(f.session.form.find("name")?.value == .null, ":skip answers nothing")
    #expect(f.session.form.find("employed")?.value == .bool(false))
    #expect(lines.contains { $0.contains("is on or off (got ':colon'") }, "'::' types one colon")
    #expect(walk.ending == .cancelled)
    #expect(f.session.state == .cancelled)
  }

  @Test func nextStartsAtTheFirstEmptyOrInvalidRowAndNStops() throws {
    let f = try Fixture(source: Self.company)
    _ = f.session.send("name Ann")
    let walk = Walk.next(f.session)
    let lines = walk.start()
    // the name is filled and the switch holds a value: the nickname is the first empty row
    #expect(lines.contains("3 of 3: Nickname."))
    #expect(lines.first == "Work: 1 question. :help for commands.", "the questions from where it starts")
    #expect(!lines.contains { $0.hasPrefix("1 of 3") || $0.hasPrefix("2 of 3") })
    _ = walk.read(":skip")
    #expect(walk.current == nil)
    #expect(walk.read("n").first?.hasPrefix("The guided fill stopped") == true)
    #expect(walk.ending == .stopped)
    #expect(f.session.state == .running)
    // every row filled: `next` goes straight to the summary
    _ = f.session.send("nickname Annie")
    let full = Walk.next(f.session)
    #expect(
      full.start() == [
        "Work: nothing to ask. :help for commands.",
        "Summary: Name: Ann; Employed: off; Nickname: Annie; City: empty.",
      ])
    #expect(full.current == nil)
  }

  @Test func descriptionAndRequiredInEveryVoice() throws {
    let f = try Fixture(source: Self.company + "\nreturn form")
    let name = try #require(f.session.form.find("name"))
    #expect(name.description == "As on your passport.")
    #expect(name.isRequired)
    #expect(name.validators.map(\.source) == ["presence"])
    let framed = f.session.renderer.render(f.session.form)
    #expect(framed.contains { $0.contains("Name *") })
    #expect(framed.contains { $0.contains("As on your passport.") })
    let spoken = Spoken.row(name, in: f.session.form)
    #expect(spoken == ["Row 1 of 5, Name, text, required, empty. As on your passport."])
    // required reads back and can be taken off; it keeps other validators
    let e = f.runtime.evaluate(
      "local i = form:find('name'); i.validators = { 'email' }; i.required = true; "
        + "local r = { i.required, #i.validators }; i.required = false; "
        + "return r[1], r[2], i.required, i.validators[1]")
    #expect(e == .values(["true", "2", "false", "\"email\""]), "\(e)")
    // a row that holds no value cannot be required
    guard case .error(let message) = f.runtime.evaluate("form:section{}:item{ title = 'Go', required = true }") else {
      Issue.record("an action row took required = true")
      return
    }
    #expect(message.contains("an item row holds no value"), "\(message)")
  }

  @Test func theAccessibleVoiceSaysOnlyWhatChanged() throws {
    let f = try Fixture(source: Self.company)
    _ = f.session.start()
    #expect(f.session.send("name Ann") == ["Row 1 of 5, Name, text, required, Ann. As on your passport."])
    let out = f.session.send("employed")
    #expect(out.contains("No longer shown: Nickname."))
    #expect(out.contains("New: Row 3 of 5, Company, text, required, empty."))
    #expect(out.contains("Row 2 of 5, Employed, switch, on."))
    #expect(
      f.session.send("clear name") == [
        "Row 1 of 5, Name, text, required, empty. As on your passport.", "Error: Name can't be blank.",
      ])
    #expect(f.session.send("submit").first == "Cannot submit: 2 problems.")
    #expect(f.session.send("9") == ["Error: There is no row 9 (rows are 1 to 5)."])
  }

  @Test func aRowMadeAgainAsItWasIsNotNews() throws {
    let f = try Fixture(
      source: """
        local s = form:section{}
        s:bool{ name = "flag", title = "Flag", on_change = function() form:reload() end }
        local t = form:section{}
        t.on_update = function(section)
          section:clear()
          section:add("Static")
          if form:find("flag").value then section:add("Flag is on") end
        end
        form:reload()
        """)
    _ = f.session.start()
    #expect(f.session.send("flag") == ["New: Row 3 of 3, Flag is on, action.", "Row 1 of 3, Flag, switch, on."])
    #expect(f.session.send("flag") == ["No longer shown: Flag is on.", "Row 1 of 2, Flag, switch, off."])
  }
}

/// Lines holding a box-drawing or block character, or a symbol that carries
/// meaning without words (the framed mode's accessory glyphs, a slider's bar,
/// secure dots, a bare `!`).
func noFramesOrBareSymbols(_ lines: [String]) -> [String] {
  lines.filter { line in
    line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || "›✓ⓘ•…".unicodeScalars.contains($0) }
      || line.contains("[#") || line.contains("-]") || line.hasPrefix("! ") || line.contains(" ! ")
  }
}
