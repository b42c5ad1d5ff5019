import Testing

@testable import FormCore

struct RadioKindTests {
  static let plans: [String: Value] = ["options": .list(["Free", "Pro", "Team", "Tiny"].map { .string($0) })]
  static let countries = [
    "Austria", "Belgium", "Denmark", "Finland", "France", "Germany", "Iceland", "Ireland",
    "Italy", "Norway", "Poland", "Portugal", "Spain",
  ]

  static func plan(_ value: Value? = nil) -> Item {
    row(configured(RadioKind(), plans), title: "Plan", value: value)
  }

  @Test(arguments: [
    ("2", "\"Pro\""),
    ("Team", "\"Team\""),
    ("team", "\"Team\""),
    (" pro ", "\"Pro\""),
    ("f", "\"Free\""),
    ("te", "\"Team\""),
    ("5", "! Plan has no option 5 (choose 1 to 4)"),
    ("0", "! Plan has no option 0 (choose 1 to 4)"),
    ("t", "! 't' could be more than one option of Plan: 3 Team, 4 Tiny"),
    ("x", "! Plan has no option 'x' (options: Free, Pro, Team, Tiny)"),
    ("", "! Plan needs a choice (options: Free, Pro, Team, Tiny)"),
  ])
  func choosesByNumberTextOrPrefix(text: String, result: String) {
    let item = Self.plan()
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    ("land", "! 'land' could be more than one option of Country: 11 Poland, 4 Finland, 7 Iceland, 8 Ireland"),
    ("zz", "! Country has no option 'zz', and none holds those letters in order (choose 1 to 13)"),
    ("po", "! 'po' could be more than one option of Country: 11 Poland, 12 Portugal"),
    ("ice", "\"Iceland\""),
    ("CELAN", "\"Iceland\""),  // the one option holding it
    ("dnk", "\"Denmark\""),  // the one option holding its letters in order
  ])
  func manyOptionsAreFiltered(text: String, result: String) {
    let item = row(configured(RadioKind(), ["options": .list(Self.countries.map { .string($0) })]), title: "Country")
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test func numbersMatchAnOptionsTextFirst() {
    let item = row(configured(RadioKind(), ["options": .list([.int(10), .int(1), .int(5)])]), title: "Size")
    #expect(item.kind.parse("1", for: item) == .value(.string("1")))
    #expect(item.kind.parse("3", for: item) == .value(.string("5")))
  }

  @Test(arguments: [
    ("\"Pro\"", "\"Pro\""),
    ("\"pro\"", "\"Pro\""),
    ("3", "\"Team\""),
    ("null", "null"),
    ("\"Gold\"", "! Plan has no option 'Gold' (options: Free, Pro, Team, Tiny)"),
    ("true", "! boolean is not a value for a radio row"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, Self.plan()) == result)
  }

  @Test func showsTheChoiceAndListsTheOptions() {
    let item = Self.plan(.string("Pro"))
    #expect(item.displayValue == "Pro")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "a number from 1 to 4 or an option, e.g. 1 for Free")
    #expect(
      item.facts.shape
        == .oneOf(.init(choices: ["Free", "Pro", "Team", "Tiny"].map(KindFacts.Choice.init), chosen: [1])))
    #expect(row(RadioKind(), title: "Plan").displayValue == "")
  }

  @Test func aValueLeftOutByNewOptionsIsAnError() {
    let item = Self.plan(.string("Pro"))
    #expect(item.kind.check(item.value, for: item) == [])
    #expect(item.setOption("options", to: .list([.string("Free")])) == .applied)
    #expect(item.kind.check(item.value, for: item) == ["Plan is not one of the options."])
  }

  @Test func options() {
    var kind = RadioKind()
    #expect(
      kind.setOption("options", to: .string("Free")) == .invalid("'options' must be an array of strings (got string)"))
    #expect(kind.setOption("options", to: .list([.string("A"), .string("A")])) == .invalid("'options' has 'A' twice"))
    #expect(
      kind.setOption("options", to: .list([.bool(true)]))
        == .invalid("'options' must hold strings or { \"Label\", value = … } tables (got a boolean)"))
    #expect(kind.setOption("options", to: .list([.string("A"), .int(2)])) == .applied)
    #expect(kind.option("options") == .list([.string("A"), .string("2")]))
    #expect(kind.optionNames == ["options"])
  }
}
