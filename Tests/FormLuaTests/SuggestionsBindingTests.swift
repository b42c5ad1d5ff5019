import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// `suggestions` from Lua: a list or a function, read back as given; the
/// function runs under the handlers' budgets, its errors reported with their place.
struct SuggestionsBindingTests {
  static let script = """
    local s = form:section{}
    s:text{ name = "lang", title = "Language", suggestions = { "Lua", "Luau", "Rust", "Ruby" } }
    s:text{ name = "user", title = "User", suggestions = function(text, item)
      local out = {}
      for _, n in ipairs{ "ada", "alan", "grace" } do
        if n:sub(1, #text) == text:lower() then out[#out + 1] = n .. "@" .. item.name end
      end
      return out
    end }
    s:text{ name = "bad", title = "Bad", suggestions = function(text)
      if text == "raise" then error("no offers today") end
      if text == "loop" then while true do end end
      return 42
    end }
    """

  @Test func aListAndAFunctionOffer() throws {
    let (rt, error) = load(Self.script)
    #expect(error == nil, "\(error?.message ?? "")")
    let form = rt.form
    #expect(form.find("lang")!.suggestions(for: "ru") == ["Rust", "Ruby"])
    #expect(form.find("user")!.suggestions(for: "A") == ["ada@user", "alan@user"])
    #expect(form.takeNotices().isEmpty)
    try rt.load(
      source: """
        local u = form:find("user")
        assert(type(u.suggestions) == "function")
        assert(form:find("lang").suggestions[2] == "Luau")
        u.suggestions = { "x" }
        assert(u.suggestions[1] == "x")
        """, name: "r.lua")
    #expect(form.find("user")!.suggestions(for: "") == ["x"])
  }

  @Test func aFunctionsErrorsNameTheirPlaceAndABudgetStopsIt() throws {
    let (rt, error) = load(Self.script) { rt in rt.handlerBudget = LuaBudget(instructions: 2_000_000, seconds: 10) }
    #expect(error == nil, "\(error?.message ?? "")")
    let bad = rt.form.find("bad")!
    #expect(bad.suggestions(for: "raise") == [])
    let raised = rt.form.takeNotices()
    #expect(raised.first?.hasPrefix("error in suggestions of 'Bad': t.lua:11: no offers today") == true, "\(raised)")
    #expect(bad.suggestions(for: "loop") == [])
    let stopped = rt.form.takeNotices()
    #expect(stopped.first?.contains("t.lua:12: instruction budget exceeded") == true, "\(stopped)")
    #expect(bad.suggestions(for: "x") == [])
    #expect(rt.form.takeNotices() == ["error in suggestions of 'Bad': t.lua:10: a list of texts expected (got number)"])
  }

  @Test func aBadListIsALoadErrorAtItsLine() {
    let (_, error) = load("local s = form:section{}\ns:text{ name = 't',\n  suggestions = { 'a', {} } }")
    #expect(error?.message.hasPrefix("t.lua:2: bad value for 'suggestions'") == true, "\(error?.message ?? "")")
    let (_, typo) = load("form:section{}:text{ name = 't', suggestion = { 'a' } }")
    #expect(typo?.message.contains("did you mean 'suggestions'") == true, "\(typo?.message ?? "")")
  }
}
