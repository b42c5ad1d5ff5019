import Testing

@testable import FormCore

struct MaskedKindTests {
  static let phone: [String: Value] = ["format": .string("(XXX) XXX-XXXX")]

  @Test(arguments: [
    ("555-123-4567", "\"5551234567\""),
    ("(555) 123 4567", "\"5551234567\""),
    ("5551234567999", "\"5551234567\""),  // cut at the slots
    ("555", "\"555\""),
    ("", "null"),
    ("abc", "! Phone takes digits for (XXX) XXX-XXXX, not letters (got 'a' in 'abc')"),
  ])
  func parses(text: String, result: String) {
    let item = row(configured(MaskedKind(), Self.phone), title: "Phone")
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test func dropsTheFormatsOwnLeadingDigits() {
    let item = row(configured(MaskedKind(), ["format": .string("+1 (XXX) XXX-XXXX")]), title: "Phone")
    #expect(item.kind.parse("+1 555 123 4567", for: item) == .value(.string("5551234567")))
    #expect(item.kind.display(.string("5551234567"), for: item) == "+1 (555) 123-4567")
  }

  @Test(arguments: [
    ("5551234567", "(555) 123-4567"),
    ("555", "(555"),
    ("5551", "(555) 1"),
    ("", ""),
  ])
  func displaysTheFormat(digits: String, shown: String) {
    let item = row(configured(MaskedKind(), Self.phone), title: "Phone")
    #expect(item.kind.display(.string(digits), for: item) == shown)
  }

  @Test(arguments: [
    ("\"555.123.4567\"", "\"5551234567\""),
    ("5551234567", "\"5551234567\""),
    ("null", "null"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, row(configured(MaskedKind(), Self.phone), title: "Phone")) == result)
  }

  @Test func options() {
    var kind = MaskedKind()
    #expect(
      kind.setOption("format", to: .string("(999)")) == .invalid("'format' needs at least one X, the place of a digit"))
    #expect(
      kind.setOption("format", to: .int(3))
        == .invalid("'format' must be a string like \"(XXX) XXX-XXXX\" (got number)"))
    #expect(kind.option("format") == .null)
    let item = row(MaskedKind(), title: "Code")
    #expect(item.kind.parse("12-34", for: item) == .value(.string("1234")))
    #expect(item.kind.display(.string("1234"), for: item) == "1234")
    let phone = row(configured(MaskedKind(), Self.phone), title: "Phone")
    #expect(phone.kind.activate(phone) == .edit)
    #expect(phone.facts.expects == "10 digits for (XXX) XXX-XXXX, e.g. 1234567890")
    #expect(phone.facts.shape == .masked(.init(format: "(XXX) XXX-XXXX")))
    #expect(KindFacts.Mask(format: "(XXX) XXX-XXXX").digits == 10)
  }
}
