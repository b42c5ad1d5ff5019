import Foundation
import Testing

/// The line mode through a pipe: what a line means never depends on the
/// order of flags or on a terminal, and exact command words win.
struct LineModeCLITests {
  static let place = """
    local s = form:section{ header = "Place" }
    s:radio{ name = "country", title = "Country", options = { "Canada", "Mexico", "United States" },
      on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
    s:text{ name = "state", title = "State", hidden = true }
    s:text{ name = "city", title = "City" }
    """

  static let values = #"{"country":"United States","state":"CA","city":"Boston"}"# + "\n"

  @Test(arguments: [
    ["--set", "state=CA", "--set", "country=United States", "--set", "city=Boston"],
    ["--set", "city=Boston", "--set", "State=CA", "--set", "country=united states"],
  ])
  func setFlagsInAnyOrder(flags: [String]) throws {
    let path = try CLI.script(Self.place)
    let r = try CLI.run([path] + flags + ["--submit"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == Self.values)
  }

  @Test func answersInAnyKeyOrderAndSetsOverThem() throws {
    let path = try CLI.script(Self.place)
    let answers = try CLI.script(#"{"state": "NY", "city": "Boston", "country": "United States"}"#, name: "a.json")
    let r = try CLI.run([path, "--answers", answers, "--set", "state=CA", "--submit"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == Self.values)
    let hidden = try CLI.run([path, "--set", "state=CA", "--set", "country=Canada", "--submit"])
    #expect(hidden.status == 2)
    #expect(hidden.stderr == "formrun: --set state: 'state' is hidden\n")
  }

  @Test func throughAPipeExactCommandWordsWin() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "item", title = "Item", value = "Tea" }
      s:number{ name = "quantity", title = "Quantity", min = 1 }
      """)
    let r = try CLI.run([path], input: "quantity 3\nq\n3\n")
    #expect(r.status == 1, "q cancels through a pipe: \(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasSuffix("cancelled\n"))
    let named = try CLI.run([path], input: "qu 3\ns\n")
    #expect(named.stdout == #"{"item":"Tea","quantity":3}"# + "\n")
  }

  @Test func throughAPipeAnEditorsRefusedAnswerIsCorrectedByTheNextLine() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "code", title = "Code", validators = { "pattern(^%u%u$)" } }
      s:text{ name = "city", title = "City" }
      """)
    let r = try CLI.run([path], input: "code\nca\nCA\ncity Oslo\ns\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == #"{"code":"CA","city":"Oslo"}"# + "\n")
    #expect(!r.stderr.contains("unknown command"))
  }
}
