import Foundation
import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// Run `source` as the form script `t.lua`; the error message if it fails.
func load(_ source: String, configure: (LuaRuntime) -> Void = { _ in }) -> (LuaRuntime, ScriptError?) {
  let rt = LuaRuntime()
  configure(rt)
  do {
    try rt.load(source: source, name: "t.lua")
    return (rt, nil)
  } catch {
    return (rt, error)
  }
}

struct LuaRuntimeTests {
  @Test func buildsAFormFromLua() throws {
    let (rt, error) = load(
      """
      form.title = "Create account"
      local account = form:section{ header = "Account", footer = "We never share it." }
      local email = account:text{ name = "email", title = "Email", placeholder = "you@example.com" }
      account:text{ name = "password", title = "Password", secure = true, max_length = 64 }
      account:bool{ name = "newsletter", title = "Newsletter", value = true }
      account:add("Just a simple string")
      account:item{ title = "Terms", accessory = "disclosure" }
      email.value = "a@b.co"
      assert(form:find("email") == email)
      assert(form:find("password").secure == true)
      assert(email.row == 1 and email.index == 1 and email.kind == "text")
      assert(#form.sections == 1 and #account.items == 5)
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    let form = rt.form
    #expect(form.title == "Create account")
    #expect(
      form.values == [
        .init("email", .string("a@b.co")), .init("password", .null), .init("newsletter", .bool(true)),
      ])
    #expect(form.rows.map(\.title) == ["Email", "Password", "Newsletter", "Just a simple string", "Terms"])
  }

  @Test(arguments: [
    ("form.title = \n", "t.lua:2: unexpected symbol near <eof>"),
    ("local x = nil\nx.y = 1", "t.lua:2: attempt to index a nil value (local 'x')"),
    ("form:section(42)", "t.lua:1: bad argument #1 to 'section' (table or string expected, got number)"),
    ("form:section{}:text(42)", "t.lua:1: bad argument #1 to 'text' (table expected, got number)"),
    (
      "local s = form:section{}\ns:text{ name = 'a', validators = { 'emial' } }",
      "t.lua:2: unknown validator 'emial' (did you mean 'email'?)"
    ),
    (
      "local s = form:section{}\ns:text{ name = 'a' }\ns:text{ name = 'a' }",
      "t.lua:3: duplicate item name 'a' (names must be unique in a form)"
    ),
    ("form:section{}:text{ vaule = 3 }", "t.lua:1: unknown property 'vaule' of a text row (did you mean 'value'?)"),
    (
      "form:section{}:bool{ value = 3 }",
      "t.lua:1: bad value for 'value' of a bool row: bool takes a boolean (got number)"
    ),
    ("form:section{}:textt{}", "t.lua:1: unknown property 'textt' of a section (did you mean 'text'?)"),
    ("form:section{ heder = 'x' }", "t.lua:1: unknown property 'heder' of a section (did you mean 'header'?)"),
    (
      "form:section{}:item{ accessory = 'arrow' }",
      "t.lua:1: bad value for 'accessory' of an item row: invalid option 'arrow' (expected none, disclosure, checkmark, info or detail)"
    ),
    (
      "form.style = { border = 'round' }",
      "t.lua:1: bad value for 'style' of the form: bad border (expected rounded, single, ascii or none)"
    ),
    ("error({})", "(error object is a table value)"),
  ])
  func scriptErrorsNameFileAndLine(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary == message)
  }

  @Test func runtimeErrorsCarryATraceback() {
    let (_, error) = load("local function f() error('boom') end\nf()")
    #expect(error?.summary == "t.lua:1: boom")
    #expect(error?.message.contains("stack traceback:") == true)
    #expect(error?.message.contains("in local 'f'") == true || error?.message.contains("in function 'f'") == true)
  }

  @Test func handlerErrorsAreReportedAndTheSessionGoesOn() throws {
    let (rt, error) = load(
      """
      local s = form:section{}
      s:bool{ name = "b", title = "B", on_change = function(item) local t = nil; return t.x end }
      s:text{ name = "t", title = "T" }
      """)
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    let out = session.send("b on")
    #expect(
      out.first?.hasPrefix("error in on_change of 'B': t.lua:2: attempt to index a nil value (local 't')") == true)
    #expect(rt.form.find("b")!.value == .bool(true))
    _ = session.send("t still works")
    #expect(rt.form.find("t")!.value == .string("still works"))
  }

  @Test func printGoesToTheUIStream() throws {
    let (rt, _) = load("print('hello', 1, nil, true)")
    #expect(rt.form.takeNotices() == ["hello\t1\tnil\ttrue"])
    // once a host runs the form, prints go to it
    let host = TestHost()
    rt.form.attach(host)
    try rt.load(source: "print('x')", name: "u.lua")
    #expect(host.printed == ["x"])
  }

  @Test func runawayHandlersAreStopped() throws {
    let (rt, error) = load(
      """
      local s = form:section{}
      s:item{ name = "loop", title = "Loop", on_select = function() while true do end end }
      s:item{ name = "sneaky", title = "Sneaky", on_select = function()
        for i = 1, 100 do pcall(function() while true do end end) end
      end }
      s:item{ name = "deep", title = "Deep", on_select = function() local function f() return 1 + f() end f() end }
      s:item{ name = "bomb", title = "Bomb", on_select = function() local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end end }
      """
    ) { rt in rt.handlerBudget = LuaBudget(instructions: 2_000_000, seconds: 10) }
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    #expect(session.send("loop").first?.contains("t.lua:2: instruction budget exceeded") == true)
    #expect(session.send("sneaky").first?.contains("instruction budget exceeded") == true)
    #expect(session.send("deep").first?.contains("stack overflow") == true)
    rt.handlerBudget = LuaBudget(instructions: 2_000_000_000, seconds: 10)
    let limited = LuaRuntime(memoryLimit: 64 << 20)
    try limited.load(
      source: """
        form:section{}:item{ name = "bomb", on_select = function() local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end end }
        """, name: "m.lua")
    let out = Session(form: limited.form, host: TestHost()).send("bomb")
    #expect(out.first?.contains("memory limit exceeded (64 MiB)") == true, "\(out)")
    // the state still works afterwards
    try limited.load(source: "form.title = 'ok'", name: "n.lua")
    #expect(limited.form.title == "ok")
  }

  @Test func itemPropertiesReadAndWrite() throws {
    let (rt, error) = load(
      """
      local s = form:section{ tag = "main" }
      local i = s:text{ name = "a", title = "A", validators = { "presence" } }
      assert(i.valid == false and i.errors[1] == "A can't be blank.")
      i.value = "x"
      assert(i.valid and #i.errors == 0)
      i.hidden = true
      assert(i.row == nil)
      i:set{ hidden = false, title = "Renamed" }
      assert(i.row == 1 and i.title == "Renamed")
      assert(form:find_section("main") == s and i.section == s)
      assert(tostring(i) == '<text \\'a\\' = "x">', tostring(i))
      i.name = "b"
      assert(form:find("a") == nil and form:find("b") == i)
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    #expect(rt.form.find("b")?.title == "Renamed")
  }

  @Test func onChangeIsNotFiredByScripts() throws {
    let (rt, error) = load(
      """
      local n = 0
      local s = form:section{}
      local a = s:bool{ name = "a", on_change = function(item, old) n = n + 1; form.title = tostring(old) .. "->" .. tostring(item.value) end }
      a.value = true
      assert(n == 0)
      """)
    #expect(error == nil)
    _ = Session(form: rt.form, host: TestHost()).send("a off")
    #expect(rt.form.title == "true->false")
  }
}

struct RunawayPatternTests {
  @Test func stringFindWithACatastrophicPatternIsStoppedByTheBudget() throws {
    let (rt, error) = load(
      """
      local s = form:section{}
      s:text{ name = "t", title = "T", validate = function(item)
        if item.value and string.find(item.value, string.rep("a*", 26) .. "c") then return "found" end
      end }
      """
    ) { rt in rt.handlerBudget = LuaBudget(instructions: 1_000_000, seconds: 10) }
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    let out = session.send("t " + String(repeating: "a", count: 40))
    #expect(
      out.first?.contains("t.lua:3: instruction budget exceeded (in a pattern match: a pattern too complex") == true,
      "\(out)")
    // ordinary patterns, methods on strings and plain finds still work
    try rt.load(
      source: """
        assert(("hello world"):find("o w") == 5)
        assert(string.match("key=value", "(%w+)=(%w+)") == "key")
        assert(select(2, string.gsub("a b c", "%s", "")) == 2)
        assert(string.find("a*a*", "a*a*", 1, true) == 1)
        local n = 0 for w in string.gmatch("one two three", "%a+") do n = n + 1 end
        assert(n == 3)
        """, name: "u.lua")
  }

  @Test func patternValidatorsGiveUpInsteadOfHanging() throws {
    let (rt, error) = load(
      """
      form:section{}:text{ name = "t", title = "T", validators = { "pattern(" .. string.rep("a*", 26) .. "c)" } }
      """)
    #expect(error == nil)
    _ = Session(form: rt.form, host: TestHost()).send("t " + String(repeating: "a", count: 40))
    #expect(rt.form.find("t")!.errors == ["T could not be checked (the pattern is too complex)."])
  }
}

/// The budget bounds time, whatever form code calls (issue 26, items 3, 4,
/// 15 and 5's print): each runaway is stopped close to its budget.
struct TimeBudgetTests {
  func stopped(_ body: String, budget: LuaBudget, _ expected: String) throws -> Double {
    let (rt, error) = load(
      """
      local s = form:section{}
      busy = s:item{ name = "busy", title = "Busy", on_select = function() for i = 1, 1e7 do end end }
      s:item{ name = "go", title = "Go", on_select = function() \(body) end }
      """)
    #expect(error == nil)
    rt.handlerBudget = budget
    let started = ContinuousClock.now
    let out = Session(form: rt.form, host: TestHost()).send("go").joined(separator: "\n")
    let took = ContinuousClock.now - started
    #expect(out.contains(expected), "\(out)")
    return Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
  }

  @Test func aLoopOfCHeavyCallsStopsAtItsTime() throws {
    // a handful of instructions an iteration: the instruction count alone never stops it
    let took = try stopped(
      "while true do local x = ('a'):rep(2e6) end", budget: LuaBudget(instructions: 200_000_000, seconds: 0.5),
      "t.lua:3: time budget exceeded")
    #expect(took < 5, "took \(took) s")
  }

  @Test func aHandlerLoopingOverANestedSelectStops() throws {
    // the nested call catches its own stop; the outer loop's budget is spent all the same
    _ = try stopped(
      "while true do busy:select() end", budget: LuaBudget(instructions: 20_000_000, seconds: 60),
      "t.lua:3: instruction budget exceeded")
    _ = try stopped(
      "while true do pcall(busy.select, busy) end", budget: LuaBudget(instructions: 20_000_000, seconds: 60),
      "instruction budget exceeded")
  }

  @Test func aHugeErrorMessageIsCut() throws {
    let (rt, _) = load(
      "form:section{}:item{ name = 'go', title = 'Go', on_select = function() error(('x'):rep(5e7)) end }")
    let out = Session(form: rt.form, host: TestHost()).send("go").joined(separator: "\n")
    #expect(out.contains("xxx… (49996009 more characters)"), "\(out.suffix(300))")
    #expect(out.utf8.count < 20_000)
  }

  @Test func printOutputTheHostKeepsIsBounded() throws {
    let (rt, _) = load(
      """
      local big = ("x"):rep(1e6)
      form:section{}:item{ name = "go", title = "Go", on_select = function() while true do print(big) end end }
      form:section{}:item{ name = "line", title = "Line", on_select = function() print(("y"):rep(1.2e6)) end }
      """)
    let session = Session(form: rt.form, host: TestHost())
    let out = session.send("go").joined(separator: "\n")
    #expect(out.contains("t.lua:2: print: more than 16 MiB printed in one call (a print loop?)"), "\(out.suffix(300))")
    #expect(out.utf8.count < 20 << 20)
    let line = session.send("line").joined(separator: "\n")
    #expect(line.contains("yyy… (151424 more characters)"), "\(line.suffix(200))")
  }
}

/// A form opened again and again (a test's `formrun.open`) is compiled once.
struct CompiledFormTests {
  @Test func aFormFileIsCompiledOnceUntilItChanges() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("once-\(UUID().uuidString).lua").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "form:section{}:text{ name = 'v', title = 'V', value = 'one' }".write(
      toFile: path, atomically: true, encoding: .utf8)
    let rt = LuaRuntime.trusted()
    for _ in 0..<3 { #expect(try rt.openForm(path: path).find("v")?.value == .string("one")) }
    #expect(rt.environments.compilations == 1)
    try "form:section{}:text{ name = 'v', title = 'V', value = 'two' }".write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(try rt.openForm(path: path).find("v")?.value == .string("two"))
    #expect(rt.environments.compilations == 2)
  }
}
