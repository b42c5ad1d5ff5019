import Testing

@testable import FormCore

struct MultipleKindTests {
  static let toppings: [String: Value] = [
    "options": .list([.string("Cheese"), .string("Mushrooms"), .string("Olives")])
  ]

  static func item(_ value: Value? = nil) -> Item {
    row(configured(MultipleKind(), toppings), title: "Toppings", value: value)
  }

  @Test(arguments: [
    ("1,3", "[\"Cheese\",\"Olives\"]"),
    ("olives, cheese", "[\"Cheese\",\"Olives\"]"),
    ("3, 1, 3", "[\"Cheese\",\"Olives\"]"),
    ("m", "[\"Mushrooms\"]"),
    ("2, Olives", "[\"Mushrooms\",\"Olives\"]"),
    ("", "[]"),
    (" , ", "[]"),
    ("1, x", "! Toppings has no option 'x' (options: Cheese, Mushrooms, Olives)"),
    ("4", "! Toppings has no option 4 (choose 1 to 3)"),
  ])
  func parses(text: String, result: String) {
    let item = Self.item()
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    ("[\"Olives\",\"Cheese\"]", "[\"Cheese\",\"Olives\"]"),
    ("[2]", "[\"Mushrooms\"]"),
    ("\"1,3\"", "[\"Cheese\",\"Olives\"]"),
    ("3", "[\"Olives\"]"),
    ("null", "[]"),
    ("[]", "[]"),
    ("[true]", "! Toppings takes a list of options (got a boolean in it)"),
    ("{\"a\":1}", "! Toppings takes a list of options (got table)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, Self.item()) == result)
  }

  @Test func startsEmptyAndShowsTheChoicesJoined() {
    let empty = Self.item()
    #expect(empty.value == .list([]))
    #expect(empty.displayValue == "")
    let item = Self.item(.list([.string("Cheese"), .string("Olives")]))
    #expect(item.displayValue == "Cheese, Olives")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "numbers or options separated by commas, e.g. 1, 2")
    #expect(
      item.facts.shape
        == .severalOf(.init(choices: ["Cheese", "Mushrooms", "Olives"].map(KindFacts.Choice.init), chosen: [0, 2])))
    #expect(item.facts.typed == "Cheese, Olives")
    #expect(item.facts.spoken == .init("Cheese, Olives"))
  }

  @Test func staleChoicesAreAnError() {
    let item = Self.item(.list([.string("Olives")]))
    #expect(item.kind.check(item.value, for: item) == [])
    #expect(item.setOption("options", to: .list([.string("Cheese")])) == .applied)
    #expect(item.kind.check(item.value, for: item) == ["Toppings has a choice that is not one of the options."])
  }
}
