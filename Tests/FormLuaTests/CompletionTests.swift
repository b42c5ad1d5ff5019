import Testing

@testable import FormLua

/// Tab completion of Lua in the REPL: the line before the cursor → the words
/// offered and where the word they replace starts.
@Suite struct CompletionTests {
  static let script = """
    form.title = "T"
    local s = form:section{ header = "Account" }
    s:text{ name = "email", title = "Email" }
    account = s
    config = { width = 3, wrap = true, [1] = "x" }
    calls = 0
    function side() calls = calls + 1 return "email" end
    trap = setmetatable({}, { __index = function() calls = calls + 1 return { x = 1 } end })
    """

  @Test(arguments: [
    ("form:fi", 5, ["file", "find", "find_section"]),
    ("form.ti", 5, ["title"]),
    ("x = form.va", 9, ["valid", "values"]),
    ("form:find(\"email\").ki", 19, ["kind"]),
    ("form:find('email'):se", 19, ["select", "set"]),
    ("form:find_section(\"nope\").x", 26, []),
    ("account:te", 8, ["text"]),
    ("account.he", 8, ["header", "header_data", "header_kind"]),
    ("form.sections[1].foo", 17, ["footer", "footer_data", "footer_kind"]),
    ("config.w", 7, ["width", "wrap"]),
    ("string.up", 7, ["upper"]),
    ("(\"x\"):up", 6, ["upper"]),
    ("prin", 0, ["print"]),
    ("if acc", 3, ["account"]),
    ("whi", 0, ["while"]),
  ])
  func offers(line: String, start: Int, words: [String]) throws {
    let rt = LuaRuntime()
    try rt.load(source: Self.script, name: "t.lua")
    let c = rt.completions(for: line)
    #expect(c.words == words)
    #expect(c.start == start)
  }

  @Test(arguments: [
    "x = \"form.ti",  // inside a string
    "-- form.ti",  // inside a comment
    "form:section(\"new\").he",  // a call that changes the form is never run
    "nosuch.x",
    "12",
    // nothing of the user's runs: no call but the form's look-ups with a literal, no __index function
    "form:find(side()).ki",
    "form:find(side\"x\").ki",
    "side().x",
    "trap.x.",
    "trap[1].",
    "account:text{}.x",
    "form:find(\"email\"):select().x",
    "(side()).x",
  ])
  func offersNothing(line: String) throws {
    let rt = LuaRuntime()
    try rt.load(source: Self.script, name: "t.lua")
    #expect(rt.completions(for: line).words == [])
    #expect(rt.form.sections.count == 1)
    #expect(rt.evaluate("calls") == .values(["0"]))
  }
}

/// Completion on sections and rows taken out of the form: the names their
/// class tables list (a removed section has no form, so no form's kinds),
/// never the end of the process.
@Suite struct RemovedObjectCompletionTests {
  @Test(arguments: [
    ("S:te", ["text"]),
    ("S:cl", ["clear"]),
    ("S.he", ["header", "header_data", "header_kind"]),
    ("R:re", ["remake", "remove"]),
    ("R.ti", ["title"]),
    ("G:re", ["remake", "remove"]),
  ])
  func offersTheTablesNames(line: String, words: [String]) throws {
    let rt = LuaRuntime()
    try rt.load(
      source: """
        form:kind("money", {})
        S = form:section("X")
        R = S:text{ name = "r" }
        G = S:text{ name = "g" }
        G:remove()
        form:remove_section(S)
        """, name: "t.lua")
    #expect(rt.completions(for: line).words == words)
  }
}
