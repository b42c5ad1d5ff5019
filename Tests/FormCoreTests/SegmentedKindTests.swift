import Testing

@testable import FormCore

struct SegmentedKindTests {
  static let sizes: [String: Value] = ["options": .list([.string("S"), .string("M"), .string("L")])]

  @Test(arguments: [("3", "\"L\""), ("m", "\"M\""), ("XL", "! Size has no option 'XL' (options: S, M, L)")])
  func chooses(text: String, result: String) {
    let item = row(configured(SegmentedKind(), Self.sizes), title: "Size")
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    (Value.string("M"), "S | [M] | L"),
    (.null, "S | M | L"),
    (.string("XL"), "XL"),
  ])
  func showsEverySegment(value: Value, shown: String) {
    let item = row(configured(SegmentedKind(), Self.sizes), title: "Size")
    #expect(item.kind.display(value, for: item) == shown)
  }

  @Test func acceptsAndLists() throws {
    let item = row(configured(SegmentedKind(), Self.sizes), title: "Size", value: .string("S"))
    #expect(try acceptJSON("\"l\"", item) == "\"L\"")
    #expect(try acceptJSON("2", item) == "\"M\"")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "a number from 1 to 3 or an option, e.g. 1 for S")
    #expect(
      item.facts.shape == .oneOf(.init(choices: ["S", "M", "L"].map(KindFacts.Choice.init), chosen: [0], inline: true)))
    #expect(item.kind.name == "segmented")
  }
}
