import Testing

@testable import FormCore

struct LuaPatternTests {
  @Test(arguments: [
    ("^%d+$", "12345", LuaPattern.Outcome.found),
    ("^%d+$", "12a45", .notFound),
    ("%a+@%a+", "mail: bob@host", .found),
    ("^[A-Z][a-z]*$", "Hello", .found),
    ("^[^%s]+$", "no spaces", .notFound),
    ("^(%d%d)-%1$", "12-12", .found),
    ("^(%d%d)-%1$", "12-13", .notFound),
    ("%b()", "f(a(b)c)", .found),
    ("%f[%w]cat", "the cat", .found),
    ("%f[%w]cat", "concat", .notFound),
    ("^a-b$", "aaab", .found),
    ("^ab?c$", "ac", .found),
    ("x$", "box", .found),
    ("^$", "", .found),
    ("[%]]", "a]b", .found),
  ])
  func matchesAsLuaDoes(pattern: String, subject: String, outcome: LuaPattern.Outcome) throws {
    #expect(try LuaPattern(pattern).find(in: subject) == outcome)
  }

  @Test func catastrophicPatternStopsInsteadOfHanging() throws {
    // string.rep('a*', 26) .. 'c' runs for minutes in Lua's own matcher
    let p = try LuaPattern(String(repeating: "a*", count: 26) + "c")
    #expect(p.find(in: String(repeating: "a", count: 40)) == .tooComplex)
  }
}
