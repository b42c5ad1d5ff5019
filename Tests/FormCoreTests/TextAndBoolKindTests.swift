import Testing

@testable import FormCore

struct TextAndBoolKindTests {
  let item = Item(kind: TextKind(maxLength: 5), title: "Code")

  @Test(arguments: [
    ("abc", Parsed.value(.string("abc"))),
    ("", .value(.string(""))),
    ("abcdef", .refused("Code takes at most 5 characters (got 6)")),
    ("a\nb", .refused("Code is one line of text")),
  ])
  func textParses(text: String, expected: Parsed) {
    #expect(item.kind.parse(text, for: item) == expected)
  }

  @Test func secureTextShowsDots() {
    let kind = TextKind(secure: true)
    let i = Item(kind: kind, title: "Password")
    // a mask of fixed width: the length is not told
    #expect(kind.display(.string("hunter2"), for: i) == "••••••••")
    #expect(kind.display(.string("a"), for: i) == kind.display(.string(String(repeating: "x", count: 40)), for: i))
    #expect(kind.display(.null, for: i) == "")
  }

  @Test(arguments: [
    ("on", Parsed.value(.bool(true))), ("OFF", .value(.bool(false))), ("yes", .value(.bool(true))),
    ("0", .value(.bool(false))), ("toggle", .value(.bool(true))),
    ("maybe", .refused("Switch is on or off (got 'maybe'; type on, off, yes, no or toggle)")),
  ])
  func boolParses(text: String, expected: Parsed) {
    let i = Item(kind: BoolKind(), title: "Switch")
    i.assign(.bool(false))
    #expect(i.kind.parse(text, for: i) == expected)
  }

  @Test func optionsAreCheckedAndReadBack() {
    var kind = TextKind()
    #expect(kind.setOption("secure", to: .bool(true)) == .applied)
    #expect(kind.option("secure") == .bool(true))
    #expect(
      kind.setOption("max_length", to: .string("x")) == .invalid("'max_length' must be a whole number of characters"))
    #expect(kind.setOption("colour", to: .null) == .unknown)
  }
}
