import Testing

@testable import FormCore

struct LongTextKindTests {
  @Test(arguments: [
    ("Dear team,\nsee you.", "\"Dear team,\\nsee you.\""),
    ("one\r\ntwo\rthree", "\"one\\ntwo\\nthree\""),
    ("", "\"\""),
    ("a\nbcdefghij\nklmnopqrs", "! Notes takes at most 20 characters (got 21)"),
  ])
  func parses(text: String, result: String) {
    let item = row(configured(LongTextKind(), ["max_length": .int(20)]), title: "Notes")
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    ("Dear team,\nsee you at 9.\nBye", "Dear team, … (3 lines)"),
    ("one line", "one line"),
    ("\nsecond", " … (2 lines)"),
    ("", ""),
  ])
  func displaysTheFirstLineAndACount(value: String, shown: String) {
    let item = row(LongTextKind(), title: "Notes")
    #expect(item.kind.display(.string(value), for: item) == shown)
  }

  @Test(arguments: [
    ("\"a\\nb\"", "\"a\\nb\""),
    ("null", "null"),
    ("12", "\"12\""),
    ("[1]", "! table is not a value for a longtext row"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, row(LongTextKind(), title: "Notes")) == result)
  }

  @Test func readsLinesAndStartsEmpty() {
    let kind = configured(LongTextKind(), ["max_length": .int(500)])
    #expect(kind.readsLines)
    #expect(kind.initialValue == .null)
    #expect(kind.option("max_length") == .int(500))
    let item = row(kind, title: "Notes")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "lines of text, at most 500 characters")
    #expect(item.facts.limits == .init(length: .init(max: 500)))
    var k = LongTextKind()
    #expect(
      k.setOption("max_length", to: .double(1.5)) == .invalid("'max_length' must be a whole number of characters"))
  }
}
