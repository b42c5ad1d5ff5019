import Foundation
import Testing

/// Every example is fillable by title as well as by name and number: the
/// same answers typed three ways submit the same values. And `--quiet`.
struct FindingRowsCLITests {
  /// One answer: the row's number (when typed), its name, its title, and
  /// what follows (nil: the row is activated, not set).
  struct Answer: Sendable {
    var number: Int
    var name: String
    var title: String
    var value: String?
  }

  static let examples: [(String, [Answer], String)] = [
    (
      "Examples/signup.lua",
      [
        Answer(number: 1, name: "email", title: "Email", value: "a@b.co"),
        Answer(number: 2, name: "password", title: "Password", value: "hunter22x"),
        Answer(number: 3, name: "newsletter", title: "Newsletter", value: "off"),
      ],
      #"{"email":"a@b.co","password":"hunter22x","newsletter":false}"#
    ),
    (
      "Examples/controls.lua",
      [
        Answer(number: 1, name: "name", title: "Name", value: "Ada"),
        Answer(number: 4, name: "phone", title: "Phone", value: "5551234567"),
        Answer(number: 5, name: "seats", title: "Seats", value: "7"),
        Answer(number: 7, name: "volume", title: "Volume", value: "0.3"),
        Answer(number: 8, name: "wifi", title: "Wi-Fi", value: "off"),
        Answer(number: 9, name: "birthday", title: "Birthday", value: "12/10/1915"),
        Answer(number: 12, name: "plan", title: "Plan", value: "Team"),
        Answer(number: 14, name: "toppings", title: "Toppings", value: "1, 3"),
        Answer(number: 16, name: "card", title: "Card", value: "4242 4242 4242 4242 12/30 123"),
        Answer(number: 17, name: "stars", title: "Rating", value: "5"),
      ],
      #"{"name":"Ada","password":null,"notes":null,"phone":"5551234567","seats":7,"price":null,"volume":0.3,"wifi":false,"birthday":"1915-12-10","alarm":null,"meeting":null,"plan":"Team","size":"M","toppings":["Cheese","Olives"],"pizza":["M","Regular"],"card":{"number":"4242424242424242","expiry":"12/30","cvv":"123"},"stars":5}"#
    ),
    (
      "Examples/dynamic.lua",
      [
        Answer(number: 1, name: "host", title: "Your name", value: "Ada"),
        Answer(number: 2, name: "guests_on", title: "Bringing guests", value: "on"),
        Answer(number: 3, name: "add", title: "Add a guest", value: nil),
        Answer(number: 3, name: "guest1", title: "Guest 1", value: "Bob"),
      ],
      #"{"host":"Ada","guests_on":true,"guest1":"Bob"}"#
    ),
    (
      "Examples/styles.lua",
      [
        Answer(number: 4, name: "single_name", title: "Name (single)", value: "Grace Hopper"),
        Answer(number: 8, name: "ascii_subscribed", title: "Subscribed (ascii)", value: "off"),
      ],
      #"{"rounded_name":"Ada Lovelace","rounded_subscribed":true,"single_name":"Grace Hopper","single_subscribed":true,"ascii_name":"Ada Lovelace","ascii_subscribed":false,"none_name":"Ada Lovelace","none_subscribed":true}"#
    ),
    (
      "Examples/hello.lua",
      [
        Answer(number: 1, name: "name", title: "Your name", value: "Ada"),
        Answer(number: 2, name: "drink", title: "Drink", value: "Coffee"),
        Answer(number: 3, name: "milk", title: "Milk", value: "off"),
      ],
      #"{"name":"Ada","drink":"Coffee","milk":false}"#
    ),
    (
      "Examples/todo.lua",
      // the tasks share the title "Task": they are found by number or name
      [Answer(number: 3, name: "owner", title: "List of", value: "Ann")],
      #"{"task1":"Buy milk","task2":"Call the plumber","owner":"Ann"}"#
    ),
  ]

  @Test(arguments: [
    "Examples/signup.lua", "Examples/controls.lua", "Examples/dynamic.lua", "Examples/styles.lua", "Examples/todo.lua",
    "Examples/hello.lua",
  ])
  func everyExampleIsFillableByTitleNameAndNumber(path: String) throws {
    let (_, answers, values) = Self.examples.first { $0.0 == path }!
    for way in ["number", "name", "title", "TITLE IN CAPITALS"] {
      let lines = answers.map { a -> String in
        let head: String
        switch way {
        case "number": head = String(a.number)
        case "name": head = a.name
        case "title": head = a.title
        default: head = a.title.uppercased()
        }
        return head + (a.value.map { " " + $0 } ?? "")
      }
      // by number without --quiet: a number typed after rows moved is
      // refused unless the form was drawn again since (dynamic.lua's guest)
      let r = try CLI.run(
        [path] + (way == "number" ? [] : ["--quiet"]), input: (lines + ["submit"]).joined(separator: "\n") + "\n")
      #expect(r.status == 0, "\(path) by \(way): \(r.stderr)")
      #expect(r.stdout == values + "\n", "\(path) by \(way)")
    }
  }

  @Test func everyExampleIsCovered() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Examples").path)
    let examples = Set(files.filter { $0.hasSuffix(".lua") }.map { "Examples/" + $0 })
    #expect(examples == Set(Self.examples.map(\.0)))
  }

  @Test func quietPrintsMessagesAndErrorsButNotTheForm() throws {
    let input = "email nope\nvolume 2\nsubmit\nemail a@b.co\npassword hunter22x\nsubmit\n"
    let quiet = try CLI.run(["Examples/signup.lua", "--quiet"], input: input)
    #expect(quiet.status == 0)
    #expect(quiet.stdout == #"{"email":"a@b.co","password":"hunter22x","newsletter":true}"# + "\n")
    #expect(!quiet.stderr.contains("Create account") && !quiet.stderr.contains("╭"), "\(quiet.stderr)")
    #expect(quiet.stderr.contains("unknown command or item 'volume'"))
    #expect(quiet.stderr.contains("cannot submit (2 problems):"))
    #expect(quiet.stderr.contains("submitted"))
    let loud = try CLI.run(["Examples/signup.lua"], input: input)
    #expect(loud.stderr.contains("Create account") && loud.stderr.contains("╭"))
    #expect(quiet.stderr.split(separator: "\n").count * 3 < loud.stderr.split(separator: "\n").count)
    // show still draws it
    let shown = try CLI.run(["Examples/signup.lua", "--quiet"], input: "show\nq\n")
    #expect(shown.stderr.contains("Create account"))
  }

  @Test(arguments: ["email", "Email", "EMAIL", "em"])
  func setFindsRowsByTitleToo(name: String) throws {
    let r = try CLI.run(["Examples/signup.lua", "--set", "\(name)=a@b.co", "--set", "Password=hunter22x", "--submit"])
    #expect(r.status == 0)
    #expect(r.stdout == #"{"email":"a@b.co","password":"hunter22x","newsletter":true}"# + "\n")
  }

  @Test func showNumberIsARowAndTitlesWorkThroughPipes() throws {
    let r = try CLI.run(["Examples/controls.lua", "--quiet"], input: "show 12\nq\n")
    #expect(r.stderr.hasPrefix("row 12 (Plan)\n  name         plan\n  kind         radio\n"), "\(r.stderr)")
    #expect(!r.stderr.contains("did you mean"))
  }

  @Test func multiLineHeadersAndFootersPrintTheirLines() throws {
    let path = try CLI.script(
      """
      local s = form:section{ header = "Account\\nwho you are", footer = "We never share it.\\nNever." }
      s:text{ name = "email", title = "Email" }
      """)
    let r = try CLI.run([path], input: "q\n")
    #expect(!r.stderr.contains("\\n"), "\(r.stderr)")
    #expect(r.stderr.contains("│ who you are"))
    #expect(r.stderr.contains("\n  Never.\n"))
  }
}
