import Foundation
import Testing

/// A text row's `suggestions` through the binary: offers only (any text is
/// taken through a pipe), checked where the script sets them.
struct SuggestionsCLITests {
  @Test func throughAPipeAnyTextIsTakenAndTheFunctionIsNotRun() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "city", title = "City", suggestions = { "Boston", "Berlin" } }
      s:text{ name = "host", title = "Host", suggestions = function(text) error("not while piped") end }
      """)
    let r = try CLI.run([path, "--quiet"], input: "city bstn\nhost db1\ns\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == #"{"city":"bstn","host":"db1"}"# + "\n")
    #expect(!r.stderr.contains("not while piped"), "\(r.stderr)")
  }

  @Test func aBadListIsAScriptErrorAtItsLine() throws {
    let path = try CLI.script("local s = form:section{}\ns:text{ name = \"city\",\n  suggestions = \"Boston\" }\n")
    let r = try CLI.run([path, "--submit"])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "form.lua:2: bad value for 'suggestions' of text row 'city': 'suggestions' must be a list of texts or a function (got string)"
      ), "\(r.stderr)")
  }
}
