import FormLua
import FormSession
import Testing

@testable import FormScreen

/// The screen without a terminal, as `s:press` and `s:screen()` drive it.
struct ScreenDriverTests {
  static func driver(_ source: String = Forms.signup) throws -> ScreenDriver {
    let runtime = LuaRuntime()
    try runtime.load(source: source, name: "form.lua")
    return ScreenDriver(session: Session(form: runtime.form), width: 60, height: 20)
  }

  @Test func keysByNameAndTextTyped() throws {
    let d = try Self.driver()
    try d.press(["enter", "ada@club.org", "enter", "down", "down", "enter", "down", "down", "enter"])
    #expect(d.text.contains("  Email *     ada@club.org"))
    #expect(d.text.contains { $0.hasPrefix("› Plan *      Plus") }, "\(d.text)")
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
