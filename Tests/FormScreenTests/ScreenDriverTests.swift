import FormLua
import FormSession
import Testing

@testable import FormScreen

/// The screen without a terminal, as `s:press` and `s:screen()` drive it.
struct ScreenDriverTests {
  static func driver(_ source: String = Forms.signup) throws -> ScreenDriver {
    let runtime = LuaRuntime()
    try runtime.load(source: source, name: "form.lua")
    return ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()), width: 60, height: 20)
  }

  @Test func keysByNameAndTextTyped() throws {
    let d = try Self.driver()
    // Enter takes a value and goes on to the next row
    try d.press(["enter", "ada@club.org", "enter", "down", "enter", "down", "down", "enter"])
    #expect(d.text.contains("  Email *     ada@club.org"))
    #expect(d.text.contains("  Plan *      Plus"), "\(d.text)")
    #expect(d.text.contains { $0.hasPrefix("› Topics") }, "\(d.text)")
    #expect(d.screen.session.form.find("plan")?.value == .string("Plus"))
    #expect(d.text.last?.hasSuffix("? all keys") == true)
  }

  @Test func ctrlSSubmitsAndKeysAfterTheEndAreRefused() throws {
    let d = try Self.driver("local s = form:section{}\ns:text{ name = 'a', title = 'A', value = 'x' }")
    try d.press(["ctrl-s"])
    #expect(d.ending == "submitted")
    #expect(d.text.last == "Submitted.")
    #expect(throws: ScreenDriver.Refused.self) { try d.press(["down"]) }
  }

  @Test func ctrlCAsksWhenSomethingChanged() throws {
    let d = try Self.driver()
    try d.press(["enter", "a@b.cc", "enter", "ctrl-c"])
    #expect(d.text.contains { $0.hasPrefix("Discard 1 changed value? [y/N]") })
    try d.press(["n"])
    #expect(d.ending == nil)
  }
}

/// Forms at the edges: nothing to fill, a huge list, text that would drive the terminal.
struct ScreenEdgeTests {
  @Test func aFormWithNoRowsHasTheSubmitLineOnly() throws {
    let d = try ScreenDriverTests.driver("form.title = 'Nothing'")
    #expect(d.text.contains("› [ Submit ]  Ctrl-S"), "\(d.text)")
    try d.press(["down", "up", "enter"])
    #expect(d.ending == "submitted")
  }

  @Test func textFromTheScriptCannotDriveTheTerminal() throws {
    let d = try ScreenDriverTests.driver(
      "local s = form:section{ header = 'H\\27[2J' }\ns:text{ name = 'a', title = 'T\\27[31m', value = 'v\\7\\27]0;x\\7' }"
    )
    let all = d.text.joined(separator: "\n")
    #expect(!all.contains("\u{1B}") && !all.contains("\u{07}"), "\(all.debugDescription)")
    #expect(all.contains("T\\e[31m"))
  }

  @Test func aListOf40000OptionsFiltersAsTyped() throws {
    let d = try ScreenDriverTests.driver(
      """
      local o = {}
      for i = 1, 40000 do o[i] = "Option " .. i end
      local s = form:section{}
      s:radio{ name = 'r', title = 'R', options = o }
      """)
    try d.press(["enter", "n39999"])
    #expect(d.text.contains { $0.contains("filter: n39999") }, "\(d.text)")
    try d.press(["enter"])
    #expect(d.screen.session.form.find("r")?.value == .string("Option 39999"))
  }
}
