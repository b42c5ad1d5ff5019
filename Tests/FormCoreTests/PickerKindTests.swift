import Testing

@testable import FormCore

struct PickerKindTests {
  static let pizza: [String: Value] = [
    "options": .list([
      .list([.string("S"), .string("M"), .string("L")]),
      .list([.string("Thin"), .string("Regular"), .string("Thick")]),
    ])
  ]

  static func item(_ value: Value? = nil) -> Item {
    row(configured(PickerKind(), pizza), title: "Pizza", value: value)
  }

  @Test(arguments: [
    ("L, Thick", "[\"L\",\"Thick\"]"),
    ("3, 2", "[\"L\",\"Regular\"]"),
    ("m,th", "! 'th' could be more than one option of Pizza part 2: 1 Thin, 3 Thick"),
    ("m,thin", "[\"M\",\"Thin\"]"),
    ("L", "! Pizza takes 2 choices separated by commas, one per part (got 1)"),
    ("L, Thick, 3", "! Pizza takes 2 choices separated by commas, one per part (got 3)"),
    ("XL, Thin", "! Pizza part 1 has no option 'XL' (options: S, M, L)"),
    ("L,", "! Pizza part 2 needs a choice (options: Thin, Regular, Thick)"),
  ])
  func parses(text: String, result: String) {
    let item = Self.item()
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    ("[\"M\",\"Regular\"]", "[\"M\",\"Regular\"]"),
    ("[1, \"thick\"]", "[\"S\",\"Thick\"]"),
    ("\"2, 1\"", "[\"M\",\"Thin\"]"),
    ("null", "null"),
    ("[\"M\"]", "! Pizza takes 2 choices separated by commas, one per part (got 1)"),
    ("7", "! Pizza takes a list with one option per part (got number)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, Self.item()) == result)
  }

  @Test func showsAndListsEachPart() {
    let item = Self.item(.list([.string("M"), .string("Regular")]))
    #expect(item.displayValue == "M, Regular")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "one choice per part, separated by commas, e.g. 1, 1")
    #expect(
      item.facts.shape
        == .components([
          .init(choices: ["S", "M", "L"].map(KindFacts.Choice.init), chosen: [1]),
          .init(choices: ["Thin", "Regular", "Thick"].map(KindFacts.Choice.init), chosen: [1]),
        ]))
    #expect(item.facts.typed == "M, Regular")
    #expect(item.kind.check(item.value, for: item) == [])
    #expect(item.kind.check(.list([.string("M")]), for: item) == ["Pizza is not one of the options."])
  }

  @Test func options() {
    var kind = PickerKind()
    #expect(kind.setOption("options", to: .list([.string("A"), .string("B")])) == .applied)
    #expect(kind.option("options") == .list([.list([.string("A"), .string("B")])]))
    let one = row(kind, title: "Letter")
    #expect(one.kind.parse("b", for: one) == .value(.list([.string("B")])))
    #expect(one.kind.parse("c", for: one) == .refused("Letter has no option 'c' (options: A, B)"))
    #expect(kind.setOption("options", to: .list([.list([])])) == .invalid("'options[1]' has no options"))
    #expect(
      kind.setOption("options", to: .list([.list([.string("A")]), .list([.bool(true)])]))
        == .invalid("'options[2]' must hold strings or { \"Label\", value = … } tables (got a boolean)"))
    #expect(
      kind.setOption("options", to: .string("A"))
        == .invalid(
          "'options' must be an array of arrays of strings, one per part (got string)"))
    let none = row(PickerKind(), title: "Pizza")
    #expect(none.kind.parse("1", for: none) == .refused("Pizza has no options"))
  }
}
