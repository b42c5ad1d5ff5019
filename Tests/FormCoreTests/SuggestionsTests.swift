import Testing

@testable import FormCore

/// A text row's `suggestions`: a list ranked as choices are, or a script's
/// function of the typed text, asked only when the text changes.
struct SuggestionsTests {
  static let cities = ["Boston", "Berlin", "Bern", "New York", "Newark", "San Francisco", "Santiago"]

  /// A text row in a form, with `suggestions` set as a script would.
  static func city(_ suggestions: Value = .list(cities.map(Value.string))) throws -> (Form, Item) {
    let form = Form()
    let item = Item(kind: TextKind(), title: "City", name: "city")
    try form.addSection().append(item)
    #expect(item.setOption("suggestions", to: suggestions) == .applied)
    return (form, item)
  }

  @Test(arguments: [
    ("", ["Boston", "Berlin", "Bern", "New York", "Newark", "San Francisco", "Santiago"]),
    ("ber", ["Berlin", "Bern"]),
    ("new", ["New York", "Newark"]),
    ("ny", ["New York"]),
    ("sf", ["San Francisco"]),
    ("new y", ["New York"]),
    ("zz", []),
  ])
  func aListOffersItsEntriesHoldingTheLettersBestFirst(typed: String, offers: [String]) throws {
    let (form, item) = try Self.city()
    withExtendedLifetime(form) {
      #expect(item.offersSuggestions)
      #expect(item.suggestions(for: typed) == offers)
    }
  }

  @Test func aFunctionIsAskedWithTheTextAndTheRow() throws {
    let (form, item) = try Self.city(.null)
    var asked: [String] = []
    let handler = ClosureHandler { args in
      guard case .value(.string(let text)) = args.first, case .item(let row) = args.last else { return .returned([]) }
      asked.append(text + "@" + (row.name ?? ""))
      return .returned([.list([.string(text.uppercased()), .int(42)])])
    }
    #expect(!item.offersSuggestions)
    #expect(item.setOption("suggestions", function: handler) == .applied)
    #expect(item.kind.functionOption("suggestions") === handler)
    #expect(item.kind.option("suggestions") == .null)
    #expect(item.suggestions(for: "bo") == ["BO", "42"])
    #expect(asked == ["bo@city"])
    // nil offers nothing; a list is cut to the limit
    let many = ClosureHandler { _ in .returned([.list((1...80).map { .string("w\($0)") })]) }
    _ = item.setOption("suggestions", function: many)
    #expect(item.suggestions(for: "").count == Suggestions.limit)
    _ = item.setOption("suggestions", function: ClosureHandler { _ in .returned([]) })
    #expect(item.suggestions(for: "x") == [])
    #expect(form.takeNotices().isEmpty)
  }

  @Test func aFailingFunctionIsReportedAsAHandlersErrorAndOffersNothing() throws {
    let (form, item) = try Self.city(.null)
    _ = item.setOption("suggestions", function: ClosureHandler { _ in .failed("form.lua:4: boom") })
    #expect(item.suggestions(for: "b") == [])
    #expect(form.takeNotices() == ["error in suggestions of 'City': form.lua:4: boom"])
    _ = item.setOption("suggestions", function: ClosureHandler { _ in .returned([.bool(true)]) })
    #expect(item.suggestions(for: "b") == [])
    #expect(form.takeNotices() == ["error in suggestions of 'City': a list of texts expected (got boolean)"])
    _ = item.setOption("suggestions", function: ClosureHandler { _ in .returned([.list([.string("a"), .list([])])]) })
    #expect(item.suggestions(for: "b") == [])
    #expect(form.takeNotices() == ["error in suggestions of 'City': entry 2 is a table, not a text"])
  }

  @Test func aListIsCheckedAsItIsSet() throws {
    let (_, item) = try Self.city()
    #expect(
      item.setOption("suggestions", to: .bool(true))
        == .invalid("'suggestions' must be a list of texts or a function (got boolean)"))
    #expect(
      item.setOption("suggestions", to: .list([.string("a"), .null]))
        == .invalid("'suggestions[2]' must be a text (got nil)"))
    #expect(item.setOption("suggestions", to: .list([.int(3), .string("b")])) == .applied)
    #expect(item.kind.option("suggestions") == .list([.string("3"), .string("b")]))
    #expect(item.setOption("suggestions", to: .null) == .applied)
    #expect(!item.offersSuggestions)
    #expect(
      TextKind().optionInfo.first { $0.key == "suggestions" }?.type
        == "string[]|fun(text: string, item: formrun.Item): string[]?")
  }

  @Test func aSecretOffersNothing() throws {
    let (form, item) = try Self.city()
    _ = item.setOption("secure", to: .bool(true))
    withExtendedLifetime(form) {
      #expect(!item.offersSuggestions)
      #expect(item.suggestions(for: "b") == [])
    }
  }

  /// Drawing never runs the function: the offers are asked again only when the text changes.
  @Test func offersAreAskedOnlyWhenTheTextChanges() throws {
    let (form, item) = try Self.city(.null)
    var calls = 0
    _ = item.setOption(
      "suggestions",
      function: ClosureHandler { args in
        calls += 1
        guard case .value(.string(let t)) = args.first else { return .returned([]) }
        return .returned([.list(t.isEmpty ? [] : [.string(t + "!")])])
      })
    var offers = SuggestionOffers()
    var changed = offers.follow(item, typed: "a")
    #expect(changed)
    #expect(offers.words == ["a!"])
    changed = offers.follow(item, typed: "a")
    #expect(!changed, "the same text: not asked again")
    #expect(calls == 1)
    changed = offers.follow(item, typed: "ab")
    #expect(changed)
    #expect(offers.words == ["ab!"] && offers.typed == "ab")
    changed = offers.follow(item, typed: "")
    #expect(changed)
    #expect(offers.words.isEmpty)
    #expect(calls == 3)
    offers.reset()
    changed = offers.follow(item, typed: "")
    #expect(!changed, "asked again after a reset, and still nothing")
    #expect(calls == 4)
    #expect(form.takeNotices().isEmpty)
  }
}
