import FormCore
import FormLua
import FormSession
import Foundation
import TestSupport
import Testing

/// The form's host seen from Lua: `formrun.confirm` asks the host of the
/// engine running the form (or of the runtime that loads it), `print` goes
/// to it, `file` rows look paths up through it; the time a person takes to
/// answer is not spent from the handler's time budget.
struct HostTests {
  static let form = """
    local s = form:section("S")
    local answer = s:text{ name = "answer", title = "Answer" }
    s:item{ name = "ask", title = "Ask", on_select = function() answer.value = tostring(formrun.confirm("Really?")) end }
    local inner = s:text{ name = "inner", title = "Inner", on_change = function(item)
      if not formrun.confirm("Keep " .. item.value .. "?") then item.value = nil end
    end }
    s:item{ name = "nested", title = "Nested", on_select = function()
      inner.value = "x"
      local t = os.clock() while os.clock() - t < 0.05 do end
      answer.value = "after " .. tostring(inner.value)
    end }
    loaded = formrun.confirm("At load?")
    """

  @Test func confirmAsksTheHostOfTheEngineRunningTheForm() throws {
    let rt = LuaRuntime()
    try rt.load(source: Self.form, name: "form.lua")
    let host = TestHost(answers: [true, false])
    let session = Session(form: rt.form, host: host)
    _ = session.send("ask")
    #expect(rt.form.find("answer")?.value == .string("true"))
    _ = session.send("ask")
    #expect(rt.form.find("answer")?.value == .string("false"))
    // while the script loaded no engine ran the form: no one was asked
    #expect(host.asked == ["Really?", "Really?"])
    #expect(rt.evaluate("return loaded") == .values(["false"]))
  }

  @Test func aRuntimeMadeWithAHostAsksItFromTheLoadOn() throws {
    let host = TestHost(answer: true)
    let rt = LuaRuntime(host: host)
    try rt.load(source: "print('hi', 1)\n" + Self.form, name: "form.lua")
    #expect(host.asked == ["At load?"])
    #expect(host.printed == ["hi\t1"])
  }

  /// A host whose person takes `seconds` to say yes.
  final class SlowHost: FormSession.Host {  // (Foundation has a `Host` too)
    let seconds: Double
    init(seconds: Double) { self.seconds = seconds }
    func confirm(_ question: String, for form: Form) -> Bool {
      usleep(UInt32(seconds * 1_000_000))
      return true
    }
    func show(printed text: String, by form: Form) { form.report(text) }
    func lookUpPath(_ path: String) -> PathKind { .missing }
    func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }
    func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }
    func editText(_ text: String) -> TextEdit { .noEditor }
  }

  @Test(arguments: ["ask", "nested"])
  func theTimeAPersonTakesIsNotSpentFromTheHandlersBudget(row: String) throws {
    let host = SlowHost(seconds: 0.4)
    let rt = LuaRuntime(host: host)
    try rt.load(source: Self.form, name: "form.lua")
    rt.handlerBudget = LuaBudget(seconds: 0.2)
    let session = Session(form: rt.form, host: host)
    let said = session.send(row)
    #expect(!said.joined(separator: "\n").contains("time budget exceeded"), "\(said)")
    #expect(rt.form.find("answer")?.value == .string(row == "ask" ? "true" : "after x"))
    // a handler that runs past its budget by itself is still stopped
    try rt.load(source: "form:find('answer').on_change = function() while true do end end", name: "more.lua")
    #expect(session.send("answer 2").joined(separator: "\n").contains("time budget exceeded (0.2"))
  }

  @Test func fileRowsLookPathsUpThroughTheHost() throws {
    let rt = LuaRuntime()
    try rt.load(
      source: """
        local f = form:section("S"):file{ name = "f", title = "F", must_exist = true }
        f.value = "/no/such/file"
        """, name: "form.lua")
    // no host while the script ran: the path was not looked up
    #expect(rt.form.find("f")?.value == .string("/no/such/file"))
    let session = Session(form: rt.form, host: TestHost())
    #expect(session.send("f /no/such/other").joined().contains("no such file"))
    let file = try Launch.temporaryFile("x", name: "there.txt")
    _ = session.send("f " + file)
    #expect(rt.form.find("f")?.value == .string(file))
  }

  /// A sandboxed form reads no schema file: the same refusal whether the
  /// path exists, is a folder or is nowhere (no oracle, no content as rows).
  @Test func aSandboxedFormReadsNoSchema() throws {
    let file = try Launch.temporaryFile(#"{"type":"object","properties":{"a":{"type":"string"}}}"#, name: "s.json")
    let rt = LuaRuntime(sandbox: true)
    try rt.load(
      source: """
        said = {}
        for _, p in ipairs{ "\(file)", "/", "/no/such/file" } do
          local ok, e = pcall(form.from_schema, form, p)
          said[#said + 1] = tostring(ok) .. " " .. tostring(e):gsub("^.-from_schema: ", "")
        end
        assert(said[1] == said[2] and said[2] == said[3], table.concat(said, " | "))
        assert(said[1]:find("sandboxed form reads no file", 1, true), said[1])
        """, name: "probe.lua")
    #expect(rt.form.find("a") == nil)
  }
}
