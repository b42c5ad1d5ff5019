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

/// LuaPattern against Lua 5.4's own matcher (found by the `luapattern` fuzz
/// target): what Lua accepts, refuses, and finds, with Lua's own messages.
struct LuaPatternAgreementTests {
  @Test(
    arguments: [
      ("((a)%2)", nil),  // capture 2 is closed at %2: Lua accepts
      ("a)", nil),  // no special character: string.find reads it as plain text
      (")", nil),
      ("[]]", nil),
      ("((a)%1)", "invalid capture index %1"),  // capture 1 is still open at %1
      ("%0", "invalid capture index %0"),
      ("%2(a)", "invalid capture index %2"),
      ("a*)", "invalid pattern capture"),
      ("a*(", "unfinished capture"),
      ("%f", "missing '[' after '%f' in pattern"),
      ("%bx", "malformed pattern (missing arguments to '%b')"),
      (String(repeating: "()", count: 33), "too many captures"),
    ] as [(String, String?)])
  func acceptsWhatLuaAccepts(pattern: String, message: String?) {
    do {
      _ = try LuaPattern(pattern)
      #expect(message == nil, "accepted")
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(arguments: [
    ("a)", "xa)", LuaPattern.Outcome.found),
    ("()a%1", "aa", .notFound),  // a position capture never matches as text
    ("((a)%2)", "aa", .found),
    // %z is the NUL byte and %Z any other, as Lua 5.4 still reads them (found by the luapattern fuzz target)
    ("a%z", "a\u{0}", .found),
    ("%Z%Z", "\u{0}ab", .found),
    ("%Z", "\u{0}\u{0}", .notFound),
    // no recursion per %b, as Lua
    ("%bab" + String(repeating: "%bab", count: 250), String(repeating: "ab", count: 251), .found),
    (String(repeating: "a?", count: 250), "b", .found),
  ])
  func findsWhatLuaFinds(pattern: String, subject: String, outcome: LuaPattern.Outcome) throws {
    #expect(try LuaPattern(pattern).find(in: subject) == outcome)
  }

  @Test(arguments: [
    // the runaway guard measured these as "not a pattern" and let Lua run for minutes
    (String(repeating: "a*", count: 26) + "c(", String(repeating: "a", count: 40), LuaPattern.Measure.tooComplex),
    ("a*(", "b", .malformed("unfinished capture")),
    ("x[a", "y", .affordable),  // Lua raises only when a match reaches the bad part
    ("x[a", "x", .malformed("malformed pattern (missing ']')")),
  ])
  func measuresAsLuaRuns(pattern: String, subject: String, measure: LuaPattern.Measure) {
    #expect(LuaPattern.measure(pattern, in: subject, all: false, budget: 200_000) == measure)
  }
}
