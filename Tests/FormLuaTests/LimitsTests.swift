import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// What a script can make formrun keep outside Lua is bounded: a text, a
/// value or a list past its bound is an error naming the property; text a
/// handler makes for display is cut.
struct LimitsTests {
  static let long = "('x'):rep(\(Limits.textBytes + 1))"

  @Test(arguments: [
    ("form.title = \(long)", "bad value for 'title' of the form: too long"),
    ("local s = form:section{}; s.header = \(long)", "bad value for 'header' of a section: too long"),
    ("form:section{ footer = \(long) }", "bad value for 'footer' of a section: too long"),
    ("form:section(\(long))", "bad argument #1 to 'section' (string too long"),
    ("form:section{}:add(\(long))", "bad argument #1 to 'add' (string too long"),
    ("form:section{}:text(\(long))", "bad argument #1 to 'text' (string too long"),
    ("form:section{}:text{ name = 't', title = \(long) }", "bad value for 'title' of text row 't': too long"),
    ("form:section{}:text{ name = 't', detail = \(long) }", "bad value for 'detail' of text row 't': too long"),
    (
      "form:section{}:text{ name = 't', placeholder = \(long) }",
      "bad value for 'placeholder' of text row 't': too long"
    ),
    (
      "form:section{}:text{ name = 't', description = \(long) }",
      "bad value for 'description' of text row 't': too long"
    ),
    ("form:section{}:text{ name = \(long) }", "bad value for 'name' of a text row: too long"),
    (
      "form:section{}:text{ name = 't', error_label = \(long) }",
      "bad value for 'error_label' of text row 't': too long"
    ),
    (
      "form.messages = { presence = \(long) }",
      "bad value for 'messages' of the form: the message for 'presence' is too long"
    ),
    ("form:section{}:text{ name = 't', messages = { email = \(long) } }", "the message for 'email' is too long"),
    (
      "form:section{}:text{ name = 't', value = ('x'):rep(\(Limits.valueBytes + 1)) }",
      "bad value for 'value' of text row 't': too large"
    ),
    (
      "form:section{}:text{ name = 't' }; form:set_values{ t = ('x'):rep(2^21) }",
      "set_values: bad value for 't': too large"
    ),
    (
      "form:section{}:radio{ name = 'r', options = { 'a', \(long) } }", "bad value for 'options' of radio row 'r': 'xxx"
    ),
    (
      "form:section{}:item{ title = 'T', actions = { { title = \(long), run = print } } }",
      "the title of action 1 is too long"
    ),
    ("form:validator(\(long), print)", "bad argument #1 to 'validator' (string too long"),
    (
      "form.locale = { months = { \(long), 'b','c','d','e','f','g','h','i','j','k','l' } }",
      "'months' must list 12 names"
    ),
  ])
  func aTextPastItsBoundIsAnErrorNamingTheProperty(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary.contains(message) == true, "\(error?.summary.prefix(300) ?? "no error")")
  }

  @Test func theRowsOfAFormAreBounded() throws {
    let (rt, error) = load("S = form:section{}; S:text{ name = 'a' }")
    #expect(error == nil)
    rt.form.rowTotal = Limits.rows
    #expect(throws: ScriptError.self) { try rt.load(source: "S:text{}", name: "more.lua") }
    do { try rt.load(source: "S:add('x')", name: "more.lua") } catch {
      #expect(error.summary == "more.lua:1: the form already holds \(Limits.rows) rows (at most \(Limits.rows))")
    }
    rt.form.rowTotal = 1
    try rt.load(source: "S:add('x'); form:text{}", name: "fine.lua")
    #expect(rt.form.rowTotal == 3)
  }

  @Test func whatHandlersMakeForDisplayIsCut() throws {
    let (rt, error) = load(
      """
      form:kind("big", { format = function() return ("y"):rep(1e6) end })
      local s = form:section{}
      s:big{ name = "b", value = "v" }
      s:text{ name = "m", validate = function()
        local out = {}
        for i = 1, 1000 do out[i] = ("z"):rep(1e5) end
        return out
      end }
      """)
    #expect(error == nil, "\(error?.summary ?? "")")
    let b = try #require(rt.form.find("b"))
    #expect(b.displayValue.utf8.count <= Limits.textBytes && b.displayValue.hasSuffix("…"))
    let m = try #require(rt.form.find("m"))
    #expect(m.errors.count == Limits.messagesPerRow)
    #expect(m.errors.allSatisfy { $0.utf8.count <= Limits.textBytes })
  }

  @Test func waitingNoticesAreBounded() {
    let form = Form()
    for i in 0..<(Limits.pendingNotices + 5) { form.report(i == 0 ? String(repeating: "n", count: 2 << 20) : "x") }
    let notices = form.takeNotices()
    #expect(notices.count == Limits.pendingNotices + 1)
    #expect(notices[0].utf8.count <= Limits.noticeBytes)
    #expect(notices.last == "(5 more messages were dropped: at most \(Limits.pendingNotices) wait to be shown)")
    #expect(form.takeNotices().isEmpty)
  }

  @Test func cuttingKeepsWholeCharacters() {
    let text = String(repeating: "é", count: Limits.textBytes)
    let cut = Limits.cut(text)
    #expect(cut.utf8.count <= Limits.textBytes && cut.hasSuffix("…") && cut.dropLast().allSatisfy { $0 == "é" })
    #expect(Limits.cut("short") == "short")
  }
}
