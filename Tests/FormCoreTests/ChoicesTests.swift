import Testing

@testable import FormCore

struct ChoicesTests {
  static let countries = [
    "Afghanistan", "Algeria", "Angola", "Argentina", "Australia", "Austria", "Brazil", "Canada", "Chad", "Chile",
    "China", "France", "Germany", "Guinea", "Guinea-Bissau", "India", "Iran", "Iraq", "Italy", "New Zealand", "Niger",
    "Nigeria", "Papua New Guinea", "South Africa", "South Korea", "South Sudan", "Spain", "Sudan",
    "United Arab Emirates", "United Kingdom", "United States",
  ]
  static let languages = [
    "C", "C++", "C#", "Go", "Java", "JavaScript", "Kotlin", "Lua", "Objective-C", "Rust", "TypeScript",
  ]
  static let sizes = ["XS", "S", "M", "L", "XL", "XXL"]
  static let answers = ["Yes", "No", "Not sure"]

  /// What a typed choice reads as in every mode: the option taken, or the
  /// options listed (best first) when none is clearly best, or "none".
  @Test(arguments: [
    // initials and word starts, as the screen ranks them
    (countries, "us", "United States"),
    (countries, "usa", "United States"),
    (countries, "uk", "United Kingdom"),
    (countries, "uae", "United Arab Emirates"),
    (countries, "nz", "New Zealand"),
    (countries, "png", "Papua New Guinea"),
    (countries, "KOR", "South Korea"),
    (countries, "ger", "Germany"),
    (countries, "sud", "Sudan"),
    (countries, "  india ", "India"),
    (countries, "niger", "Niger"),
    (countries, "guinea", "Guinea"),
    // about as good: the person chooses
    (countries, "uni", "United Arab Emirates | United Kingdom | United States"),
    (countries, "agn", "Argentina | Afghanistan"),
    (countries, "ia", "Iran | Iraq | Italy"),
    (countries, "sa", "Spain | South Africa | Sudan"),
    (countries, "ch", "Chad | Chile | China"),
    (countries, "xq", "none"),
    (languages, "js", "JavaScript"),
    (languages, "ts", "TypeScript"),
    (languages, "py", "none"),
    (languages, "c", "C"),
    (languages, "obj", "Objective-C"),
    (languages, "script", "JavaScript | TypeScript"),
    (languages, "ja", "Java | JavaScript"),
    (sizes, "x", "XS | XL | XXL"),
    (sizes, "xx", "XXL"),
    (sizes, "xl", "XL"),
    (sizes, "s", "S"),
    (sizes, "sm", "none"),
    (answers, "no", "No"),
    (answers, "n", "No | Not sure"),
    (answers, "sure", "Not sure"),
    (answers, "y", "Yes"),
  ])
  func aTypedChoiceIsTheClearBestOfTheScreensRanking(options: [String], typed: String, expected: String) {
    let c = Choices(options)
    switch c.pick(typed, what: "Pick") {
    case .index(let i): #expect(options[i] == expected, "'\(typed)'")
    case .refused(let why):
      let listed = options.indices.filter { why.contains(" \($0 + 1) \(options[$0])") }
        .sorted {
          why.range(of: " \($0 + 1) \(options[$0])")!.lowerBound
            < why.range(of: " \($1 + 1) \(options[$1])")!.lowerBound
        }
        .map { options[$0] }
      #expect((listed.isEmpty ? "none" : listed.joined(separator: " | ")) == expected, "'\(typed)': \(why)")
    }
  }

  /// The line mode takes what the screen's filter puts first, whenever it takes anything.
  @Test(arguments: ["us", "uk", "nz", "ger", "sud", "png", "uae", "KOR", "c", "js", "xx"])
  func theLineModeTakesTheScreensFirst(typed: String) {
    for options in [Self.countries, Self.languages, Self.sizes] {
      let c = Choices(options)
      if case .index(let i) = c.pick(typed, what: "Pick") {
        #expect(Fuzzy.filter(options, by: typed).first == i, "'\(typed)'")
      }
    }
  }

  /// `--strict`: a whole option (any case), a value or a number, nothing less.
  @Test func strictTakesOnlyAWholeOptionOrItsNumber() throws {
    let c = Choices(Self.countries)
    #expect(c.pick("united states", what: "Country", strict: true) == .index(30))
    #expect(c.pick("3", what: "Country", strict: true) == .index(2))
    #expect(
      c.pick("us", what: "Country", strict: true)
        == .refused(
          "Country has no option 'us'; --strict takes only a whole option or its number (closest: 31 United States, 5 Australia, 6 Austria)"
        ))
    #expect(c.pick("xq", what: "Country", strict: true) == c.pick("xq", what: "Country"))
    let labelled = try Choices.read(
      .list([.record([.init("label", .string("United States")), .init("value", .string("US"))])])
    ).get()
    #expect(labelled.pick("US", what: "Country", strict: true) == .index(0))
  }

  /// Two options equal but for case: typed in a third case, neither is clearly meant.
  @Test func optionsEqualButForCaseAreBothListed() {
    let c = Choices(["ab", "AB", "abc"])
    #expect(c.pick("AB", what: "N") == .index(1))
    #expect(c.pick("Ab", what: "N") == .refused("'Ab' could be more than one option of N: 1 ab, 2 AB"))
  }

  @Test func aLongListIsReadOnceAndFindsItsDuplicates() throws {
    let many = (1...40_000).map { Value.string("Option \($0)") }
    let c = try Choices.read(.list(many)).get()
    #expect(c.index(of: "Option 40000") == 39_999)
    #expect(c.pick("option 12345", what: "Pick") == .index(12_344))
    #expect(Choices.read(.list(many + [.string("Option 7")])) == .failure(.init("'options' has 'Option 7' twice")))
  }

  /// huh's NewOption(key, value): an exact label wins, then an exact value,
  /// then a number, then a label's start; the value is what the row holds.
  @Test func labelsApartFromValues() throws {
    func option(_ label: String, _ value: Value) -> Value {
      .record([.init("label", .string(label)), .init("value", value)])
    }
    let c = try Choices.read(
      .list([option("One", .int(2)), option("Two", .int(1)), .string("3"), option("US", .string("CA"))])
    )
    .get()
    #expect(c.labelled)
    #expect(c.pick("One", what: "N") == .index(0))
    #expect(c.pick("1", what: "N") == .index(1))  // the value 1, not the first option
    #expect(c.pick("3", what: "N") == .index(2))  // a label
    #expect(c.pick("4", what: "N") == .index(3))  // a number
    #expect(c.pick("CA", what: "N") == .index(3))
    #expect(c.pick("tw", what: "N") == .index(1))
    #expect(c.value(at: 0) == .int(2))
    #expect(c.index(ofValue: .int(1)) == 1)
    #expect(c.index(ofValue: .string("US")) == nil)
    #expect(c.label(of: .string("CA")) == "US")
    #expect(c.label(of: .string("gone")) == "gone")
    guard case .refused(let why) = c.pick("zz", what: "N") else {
      Issue.record("zz was taken")
      return
    }
    #expect(why == "N has no option 'zz' (options: One (2), Two (1), 3, US (CA))")
    #expect(
      c.value == .list([option("One", .int(2)), option("Two", .int(1)), .string("3"), option("US", .string("CA"))]))
    #expect(!(try Choices.read(.list([.string("A"), .string("B")])).get()).labelled)
    #expect(
      Choices.read(.list([option("A", .string("x")), option("B", .string("x"))]))
        == .failure(.init("'options' has the value 'x' twice")))
    #expect(
      Choices.read(.list([.string("x"), option("B", .string("x"))]))
        == .failure(.init("'options' has the value 'x' twice")))
  }
}
