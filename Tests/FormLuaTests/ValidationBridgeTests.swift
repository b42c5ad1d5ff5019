import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// Validators from Lua: `form:validator`, `validate = fn`, and handlers that raise.
struct ValidationBridgeTests {
  @Test func namedValidatorsTakeArgumentsAndSpeakInTheirOwnWords() throws {
    let (rt, error) = load(
      """
      form:validator("multiple_of", function(value, item, n)
        if value and value % n ~= 0 then return item.title .. " must be a multiple of " .. n .. "." end
      end)
      local s = form:section{}
      s:text{ name = "code", title = "Code", validate = function(item)
        if item.value == "x" then return { "Code is x.", "Code is short." } end
      end }
      s:text{ name = "n", title = "N", validators = { "multiple_of(3)" } }
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    let form = rt.form
    let session = Session(form: form, host: TestHost())
    _ = session.send("code x")
    #expect(form.find("code")!.errors == ["Code is x.", "Code is short."])
    #expect(form.sections[0].errors == ["Code is x."])
    _ = session.send("code y")
    #expect(form.find("code")!.errors.isEmpty)
    form.find("n")!.assign(.int(4))
    #expect(form.find("n")!.errors == ["N must be a multiple of 3."])
    form.find("n")!.assign(.int(9))
    #expect(form.valid)
  }

  /// Rows made in a loop share the validators of their specs; a named
  /// validator set again between two rows is the one the later rows use,
  /// and a list that differs in one spec is its own.
  @Test func rowsWithTheSameSpecsFollowANamedValidatorSetAgain() throws {
    let (rt, error) = load(
      """
      form:validator("short", function(value) if value and #value > 3 then return "too long" end end)
      local s = form:section{}
      for i = 1, 3 do s:text{ name = "a" .. i, value = "abcd", validators = { "short", "presence" } } end
      form:validator("short", function(value) if value and #value > 5 then return "much too long" end end)
      for i = 1, 2 do s:text{ name = "b" .. i, value = "abcdef", validators = { "short", "presence" } } end
      s:text{ name = "c", value = "", validators = { "short", "length(1)" } }
      s:text{ name = "d", value = "", validators = { "short", "presence" } }
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    let form = rt.form
    for name in ["a1", "a2", "a3"] { #expect(form.find(name)!.errors == ["too long"]) }
    for name in ["b1", "b2"] { #expect(form.find(name)!.errors == ["much too long"]) }
    #expect(form.find("c")!.validators.map(\.source) == ["short", "length(1)"])
    #expect(form.find("d")!.validators.map(\.source) == ["short", "presence"])
    #expect(form.find("d")!.isRequired)
  }

  @Test func aValidatorThatRaisesRefusesAndIsReported() throws {
    let (rt, error) = load(
      """
      local s = form:section{}
      s:text{ name = "t", title = "T", validate = function(item) if item.value then error("broken check") end end }
      form:on_submit(function(values) error("broken submit") end)
      """)
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    let out = session.send("t hello")
    #expect(out.first?.hasPrefix("error in validate of 'T': t.lua:2: broken check") == true, "\(out)")
    #expect(rt.form.find("t")!.errors == ["T could not be checked (its validate function failed)."])
    #expect(!rt.form.valid)
    // a raising on_submit counts as a refusal
    _ = session.send("clear t")
    let submit = session.send("submit")
    #expect(submit.contains { $0.contains("error in on_submit: t.lua:3: broken submit") })
    #expect(submit.contains("  the submit was refused: on_submit failed"))
    #expect(session.state == .running)
  }

  @Test func aRaisingNamedValidatorCountsAsAnError() throws {
    let (rt, error) = load(
      """
      form:validator("boom", function() error("no") end)
      form:section{}:text{ name = "t", title = "T", validators = { "boom" } }
      """)
    #expect(error == nil)
    #expect(rt.form.find("t")!.errors == ["T could not be checked (validator 'boom' failed)."])
    #expect(rt.form.takeNotices().first?.contains("t.lua:1: no") == true)
  }

  @Test func formErrorsAndValidAreLive() throws {
    let (_, error) = load(
      """
      local s = form:section{ tag = "a" }
      local e = s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
      assert(not form.valid and #form.errors == 1 and form.errors[1] == "Email can't be blank.")
      e.value = "nope"
      assert(form.errors[1] == "Email is not a valid email.", form.errors[1])
      assert(s.errors[1] == "Email is not a valid email.")
      e.hidden = true
      assert(form.valid and #s.errors == 0)
      """)
    #expect(error == nil, "\(error?.message ?? "")")
  }
}

struct FormHandlerTests {
  @Test func onSubmitAndOnCancelAsMethodsOrProperties() throws {
    let (rt, error) = load(
      """
      cancelled = false
      form.on_cancel = function() cancelled = true end
      form.on_submit = function(values) return "no, " .. values.t end
      form:section{}:text{ name = "t", title = "T", value = "x" }
      """)
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    #expect(session.send("submit").last == "  no, x")
    // a set handler reads back as itself
    try rt.load(source: "local f = function() end; form.on_submit = f; assert(form.on_submit == f)", name: "u.lua")
    _ = session.send("q")
    try rt.load(source: "assert(cancelled == true)", name: "v.lua")
    let bad = LuaRuntime()
    #expect(throws: ScriptError.self) { try bad.load(source: "form.on_submit = 3", name: "w.lua") }
  }

  /// `form.on_submit` reads nil while unset and then the handler;
  /// `form:on_submit(fn)` is the setter method whether a handler is set or
  /// not, so a second one replaces the first (never calls it with the
  /// second). The same for the form's other handlers that are methods too.
  @Test(arguments: ["on_submit", "on_cancel", "on_change", "on_select"])
  func bothSpellingsSetAndTheReadIsTheHandler(name: String) throws {
    let (rt, error) = load(
      """
      assert(form.\(name) == nil, "unset reads nil")
      called = {}
      local f = function(...) called[#called + 1] = "f" end
      local g = function(...) called[#called + 1] = "g" end
      form:\(name)(f)
      assert(form.\(name) == f, "reads back the handler")
      form:\(name)(g)
      assert(#called == 0, "the first handler was called: " .. table.concat(called, ","))
      assert(form.\(name) == g, "the method replaced it")
      form.\(name) = f
      assert(form.\(name) == f)
      form:\(name)(nil)
      assert(form.\(name) == nil, "the method with nil clears it")
      -- a method call through a variable, in a coroutine, and the read in one expression
      local o = form
      coroutine.wrap(function() o:\(name)(g) end)()
      assert(o.\(name) == g and #called == 0)
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    let set: Handler? =
      switch name {
      case "on_submit": rt.form.onSubmit
      case "on_cancel": rt.form.onCancel
      case "on_change": rt.form.onChange
      default: rt.form.onSelect
      }
    #expect(set != nil)
  }

  /// tostring of a secure row (or a card) names it and hides its value, as `show` does.
  @Test func aSecretRowPrintsWithoutItsValue() throws {
    let (_, error) = load(
      """
      local s = form:section("A")
      local pw = s:text{ name = "pw", secure = true, value = "hunter2XYZ" }
      local c = s:creditcard{ name = "c", value = { number = "4242424242424242", expiry = "12/30", cvv = "123" } }
      local t = s:text{ name = "t", value = "shown" }
      assert(not tostring(pw):find("hunter2", 1, true), tostring(pw))
      assert(not tostring(c):find("4242", 1, true), tostring(c))
      assert(tostring(pw):find("'pw'", 1, true) and tostring(t):find('"shown"', 1, true), tostring(t))
      """)
    #expect(error == nil, "\(error?.message ?? "")")
  }

  /// The second handler set by the method runs on a submit; the first never ran.
  @Test func aSecondOnSubmitReplacesTheFirst() throws {
    let (rt, error) = load(
      """
      form:section{}:text{ name = "t", title = "T", value = "x" }
      form:on_submit(function() return "first" end)
      form:on_submit(function() return "second" end)
      """)
    #expect(error == nil)
    let session = Session(form: rt.form, host: TestHost())
    #expect(session.send("submit").last == "  second")
  }
}

/// The audit's validator bugs: a script's validator fills `%s` as `messages`
/// do, and a validator that asks for a value (`count(1, …)`) makes the row
/// required in every mode.
struct ValidatorWordingTests {
  @Test func aScriptsValidatorFillsPercentS() throws {
    let (rt, error) = load(
      """
      form:validator("even", function(v) if v and v % 2 == 1 then return "%s must be even." end end)
      local s = form:section{}
      s:number{ name = "age", title = "Age", validators = { "even" } }
      s:number{ name = "n", title = "N", error_label = "Your number", validators = { "even" } }
      """)
    #expect(error == nil)
    rt.form.find("age")!.assign(.int(3))
    rt.form.find("n")!.assign(.int(5))
    #expect(rt.form.find("age")!.errors == ["Age must be even."])
    #expect(rt.form.find("n")!.errors == ["Your number must be even."])
  }

  @Test(arguments: ["count(1, 2)", "count(2)", "presence"])
  func aValidatorThatAsksForAValueMarksTheRowRequired(spec: String) throws {
    let (rt, error) = load(
      """
      local s = form:section{}
      s:multiple{ name = "m", title = "Pick", options = { "a", "b", "c" }, validators = { "\(spec)" } }
      s:multiple{ name = "free", title = "Free", options = { "a" }, validators = { "count(0, 1)" } }
      assert(form:find("m").required == true and form:find("free").required == false)
      """)
    #expect(error == nil, "\(error?.summary ?? "")")
    let session = Session(form: rt.form, host: TestHost())
    #expect(session.screen().contains { $0.contains("Pick *") })
    #expect(!session.screen().contains { $0.contains("Free *") })
    #expect(session.send("show 1").contains { $0.contains("required") && $0.contains("yes") })
    #expect(session.send("show 2").contains { $0.contains("required") && $0.contains("no") })
  }

  @Test func requiredCannotBeTakenOffWhileAValidatorAsksForAValue() {
    let (_, error) = load(
      "form:section{}:multiple{ name = 'm', options = { 'a' }, validators = { 'count(1)' } }.required = false")
    #expect(
      error?.summary
        == "t.lua:1: 'required' of multiple row 'm' stays true: its validator 'count(1)' asks for a value (take it out of validators)"
    )
  }
}
