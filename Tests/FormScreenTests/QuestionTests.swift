import FormCore
import FormLua
import FormSession
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// A handler's `formrun.confirm` in the screen mode: the screen's host asks
/// on the status line and the next key answers, in the form's words.
struct QuestionTests {
  static func form(locale: String = "en") -> String {
    """
    form.locale = "\(locale)"
    local s = form:section("S")
    local answer = s:text{ name = "answer", title = "Answer" }
    s:item{ name = "ask", title = "Ask", on_select = function()
      print("asking")
      answer.value = tostring(formrun.confirm("Really?"))
    end }
    """
  }

  /// Run the question with `keys` after ↓ Enter: the answer, and the screen while it was asked.
  static func ask(_ keys: [String], locale: String = "en") -> (answer: Value?, asked: [String], h: ScreenHarness) {
    let h = ScreenHarness(form(locale: locale), columns: 50, rows: 10)
    h.press("down")
    var reads: [[String]] = []
    // the read after Enter's is the question's: the screen as it shows it
    h.terminal.onRead = { t in reads.append(t.screen.shown) }
    h.play(ScreenHarness.steps(["enter"] + keys))
    h.terminal.onRead = nil
    return (h.value("answer"), reads.count > 1 ? reads[1] : [], h)
  }

  @Test(arguments: [
    (["y"], "true"), (["Y"], "true"), (["n"], "false"), (["enter"], "false"), (["esc"], "false"),
    (["ctrl-c"], "false"), (["x", "q", "y"], "true"), (["space", "n"], "false"),
  ])
  func aKeyAnswersTheQuestion(keys: [String], answer: String) {
    let (value, asked, h) = Self.ask(keys)
    #expect(value == .string(answer))
    #expect(asked.contains("Really? [y/N]"), "\(asked)")
    // keys are read again once the question is answered
    #expect(h.terminal.readsKeys)
    #expect(asked.last?.hasPrefix("y yes  n no") == true, "\(asked)")
    // the question is gone, the form goes on; the print is a notice, not written over the screen
    #expect(!h.shown.contains { $0.contains("Really?") })
    #expect(h.shown.contains("asking"))
    #expect(!asked.contains("asking"))
    #expect(h.ending == nil)
  }

  @Test func aGermanFormTakesItsOwnLetters() {
    let (yes, asked, _) = Self.ask(["j"], locale: "de")
    #expect(yes == .string("true"))
    #expect(asked.contains("Really? [j/N]"), "\(asked)")
    #expect(asked.last?.hasPrefix("j ja  n nein") == true, "\(asked)")
    #expect(Self.ask(["n"], locale: "de").answer == .string("false"))
    // English's words are taken too
    #expect(Self.ask(["y"], locale: "de").answer == .string("true"))
  }

  @Test func theEndOfInputIsANo() {
    let (value, asked, h) = Self.ask([])
    #expect(value == .string("false"))
    #expect(asked.contains("Really? [y/N]"), "\(asked)")
    h.endInput()
    #expect(h.ending == .inputEnded)
  }

  @Test func aHeadlessScreenHasNoOneToAsk() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.form(), name: "form.lua")
    let d = ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()))
    try d.press(["down", "enter"])
    #expect(runtime.form.find("answer")?.value == .string("false"))
  }
}
