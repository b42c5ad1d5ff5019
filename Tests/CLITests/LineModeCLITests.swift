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

  static let countries = """
    local s = form:section{ header = "Place" }
    s:radio{ name = "country", title = "Country", required = true,
      options = { "Argentina", "Brazil", "Canada", "Chile", "Denmark", "France", "Germany", "India", "Japan",
        "Kenya", "Mexico", "Norway", "United Kingdom", "United States" },
      on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
    s:text{ name = "state", title = "State", hidden = true, required = true }
    s:text{ name = "city", title = "City", required = true }
    s:number{ name = "guests", title = "Guests", min = 1 }
    """

  /// Through a pipe a refused answer would move every later one a question
  /// early: the walk stops there, naming the line and the question.
  @Test(arguments: [
    ("Narnia\nCA\nBoston\n\ny\n", 1, "Country"),
    ("United States\nCA\nBoston\n0\ny\n", 4, "Guests"),
    ("3\nOslo\n2\nmaybe\n", 4, "Submit?"),
    ("3\nOslo\n2\n:show\nnope\n", 5, "Submit?"),
  ])
  func throughAPipeARefusedAnswerStopsTheWalk(input: String, line: Int, question: String) throws {
    let path = try CLI.script(Self.countries)
    for flags in [["--guided"], ["--guided", "--accessible"]] {
      let r = try CLI.run([path] + flags, input: input)
      #expect(r.status == 3, "\(flags): \(r.stderr)")
      #expect(r.stdout.isEmpty, "\(flags): nothing is submitted")
      #expect(
        r.stderr.hasSuffix(
          "formrun: line \(line): the answer to \(question) was refused, so the guided fill stops; nothing was submitted\n"
        ), "\(flags): \(r.stderr)")
    }
    // the same answers, each right, submit
    let good = try CLI.run([path, "--guided"], input: "United States\nCA\nBoston\n2\ny\n")
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stdout == #"{"country":"United States","state":"CA","city":"Boston","guests":2}"# + "\n")
  }

  @Test func aRefusedSubmitThroughAPipeStopsToo() throws {
    let path = try CLI.script(Self.countries)
    // City is required: skipped, the submit is refused
    let r = try CLI.run([path, "--guided"], input: "Chile\n:skip\n\ny\nOslo\ny\n")
    #expect(r.status == 3)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("cannot submit (1 problem):"))
    #expect(
      r.stderr.hasSuffix(
        "formrun: line 4: the submit was refused, so the guided fill stops; nothing was submitted\n"), "\(r.stderr)")
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
