import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The framed voice's editor lines, phrased from the row's facts: what to
/// type, then a choice's numbered options with the chosen ones marked.
struct EditorLinesTests {
  func opened(_ kind: some ItemKind, _ title: String, value: Value? = nil, width: Int = 72) throws -> [String] {
    let form = Form()
    let item = Item(kind: kind, title: title, name: "x")
    try form.addSection().append(item)
    if let value { item.assign(value) }
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: width, explicit: true))
    return session.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))
  }

  static let tail = "(an empty line keeps the value; :q leaves it unchanged)"

  @Test func aRadioListsItsOptionsWithTheChosenOneMarked() throws {
    let lines = try opened(RadioKind(options: ["Free", "Pro", "Team", "Tiny"]), "Plan", value: .string("Pro"))
    #expect(
      lines == [
        "Plan (a number from 1 to 4 or an option, e.g. 1 for Free):", "    1  Free", "  * 2  Pro", "    3  Team",
        "    4  Tiny", "now: Pro", Self.tail,
      ])
  }

  @Test func aSegmentedRowAMultipleChoiceAndAPicker() throws {
    #expect(
      try opened(SegmentedKind(options: ["S", "M", "L"]), "Size", value: .string("S")).prefix(4) == [
        "Size (a number from 1 to 3 or an option, e.g. 1 for S):", "  * 1  S", "    2  M", "    3  L",
      ])
    #expect(
      try opened(
        MultipleKind(options: ["Cheese", "Mushrooms", "Olives"]), "Toppings",
        value: .list([.string("Cheese"), .string("Olives")])
      ).prefix(4) == [
        "Toppings (numbers or options separated by commas, e.g. 1, 2):",
        "  [x] 1  Cheese", "  [ ] 2  Mushrooms", "  [x] 3  Olives",
      ])
    #expect(
      try opened(
        PickerKind(components: [["S", "M", "L"], ["Thin", "Regular", "Thick"]]), "Pizza",
        value: .list([.string("M"), .string("Regular")])
      ).prefix(3) == [
        "Pizza (one choice per part, separated by commas, e.g. 1, 1):",
        "  part 1: 1 S, *2 M, 3 L",
        "  part 2: 1 Thin, *2 Regular, 3 Thick",
      ])
  }

  @Test func aChoiceWithoutOptionsSaysSo() throws {
    #expect(try opened(RadioKind(), "Plan").first == "Plan has no options")
    #expect(try opened(PickerKind(), "Pizza").first == "Pizza has no options")
  }

  static let countries = [
    "Austria", "Belgium", "Croatia", "Denmark", "Estonia", "Finland", "Greece", "Hungary", "Iceland", "Latvia",
    "Norway", "Poland", "Portugal",
  ]

  @Test func aLongListIsLaidOutInColumnsThatFitTheWidth() throws {
    let list = KindFacts.ChoiceList(choices: Self.countries.map(KindFacts.Choice.init), chosen: [2])
    let lines = StandardVoice.listing(list, mark: "*", blank: " ", width: 40)
    #expect(lines.count < Self.countries.count)
    #expect(lines.dropLast().allSatisfy { $0.count <= 40 })
    #expect(lines[0].hasPrefix("     1  "))
    #expect(lines.contains { $0.contains("*  3  \(Self.countries[2])") })
    let short = KindFacts.ChoiceList(choices: ["a", "b"].map(KindFacts.Choice.init))
    #expect(StandardVoice.listing(short, mark: "*", blank: " ", width: 72) == ["    1  a", "    2  b"])
    // the width is the one the form is drawn in
    let wide = try opened(RadioKind(options: Self.countries), "Country", width: 100)
    let narrow = try opened(RadioKind(options: Self.countries), "Country", width: 40)
    #expect(wide.count < narrow.count)
  }

  @Test func optionLabelsAreMadeSafeToShow() throws {
    let lines = try opened(RadioKind(options: ["a\u{1B}[31m", "b"]), "Plan")
    #expect(lines[1] == "    1  a\\e[31m")
  }
}
