import Testing

@testable import FormCore

struct CreditCardKindTests {
  /// 15 June 2026, whatever the machine's clock says.
  static var kind: CreditCardKind { CreditCardKind(today: { CivilDate(year: 2026, month: 6, day: 15) }) }

  static func card(_ value: Value? = nil) -> Item { row(kind, title: "Card", value: value) }

  static func card(_ number: String, _ expiry: String, _ cvv: String) -> Value {
    .record([.init("number", .string(number)), .init("expiry", .string(expiry)), .init("cvv", .string(cvv))])
  }

  @Test(arguments: [
    ("4242 4242 4242 4242 12/28 123", "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":\"123\"}"),
    ("4242-4242-4242-4242 1/28 123", "{\"number\":\"4242424242424242\",\"expiry\":\"01/28\",\"cvv\":\"123\"}"),
    ("  4242424242424242   12/2028  123 ", "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":\"123\"}"),
    ("4242424242424242 13/28 12", "{\"number\":\"4242424242424242\",\"expiry\":\"13/28\",\"cvv\":\"12\"}"),
    ("4242424242424242 12/28", "! Card takes NUMBER MM/YY CVV separated by spaces (got 2 parts)"),
    ("", "! Card takes NUMBER MM/YY CVV separated by spaces (got 0 parts)"),
    ("4242424242424242 1228 123", "! Card expiry must be written MM/YY (got '1228')"),
  ])
  func parsesFromTheEnd(text: String, result: String) {
    let item = Self.card()
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(arguments: [
    (card("4242424242424242", "12/28", "123"), [String]()),
    (card("4242424242424241", "12/28", "123"), ["Card is not a valid card number."]),
    (card("4242", "12/28", "123"), ["Card is not a valid card number."]),
    (card("4242424242424242", "05/26", "123"), ["Card has expired."]),
    (card("4242424242424242", "06/26", "123"), []),  // good to the end of the month
    (card("4242424242424242", "13/28", "123"), ["Card expiry is not a valid date."]),
    (card("4242424242424242", "00/28", "123"), ["Card expiry is not a valid date."]),
    (card("4242424242424242", "soon", "123"), ["Card expiry is not a valid date."]),
    (card("4242424242424242", "12/28", "12"), ["Card security code is not valid."]),
    (card("4242424242424242", "12/28", "12a"), ["Card security code is not valid."]),
    (card("378282246310005", "12/28", "123"), ["Card security code is not valid."]),
    (card("378282246310005", "12/28", "1234"), []),
    (
      card("4242424242424241", "01/20", "1"),
      [
        "Card is not a valid card number.", "Card has expired.", "Card security code is not valid.",
      ]
    ),
    (.null, []),
    (card("", "", ""), []),
  ])
  func checksLikeREValidation(value: Value, messages: [String]) {
    let item = Self.card()
    #expect(item.kind.check(value, for: item) == messages)
  }

  @Test(arguments: [
    ("4242424242424242", CreditCardKind.Brand.visa),
    ("5555555555554444", .masterCard),
    ("2221000000000009", .masterCard),
    ("2720990000000000", .masterCard),
    ("378282246310005", .amex),
    ("341111111111111", .amex),
    ("6011111111111117", .discover),
    ("6500000000000002", .discover),
    ("6445644564456445", .discover),
  ])
  func brands(number: String, brand: CreditCardKind.Brand) {
    #expect(CreditCardKind.Brand(number: number) == brand)
  }

  @Test(arguments: ["3530111333300000", "2721000000000000", "5600000000000000", "5655", "1"])
  func unknownBrands(number: String) {
    #expect(CreditCardKind.Brand(number: number) == nil)
  }

  @Test(arguments: [
    (card("4242424242424242", "12/28", "123"), "Visa •••• 4242  12/28"),
    (card("378282246310005", "01/30", "1234"), "Amex •••• 0005  01/30"),
    (card("3530111333300000", "12/28", "123"), "•••• 0000  12/28"),
    (.null, ""),
  ])
  func showsTheBrandAndTheLastFour(value: Value, shown: String) {
    let item = Self.card()
    #expect(item.kind.display(value, for: item) == shown)
  }

  @Test(arguments: [
    (
      "{\"cvv\":\"123\",\"number\":\"4242 4242 4242 4242\",\"expiry\":\"12/28\"}",
      "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":\"123\"}"
    ),
    ("\"4242424242424242 12/28 123\"", "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":\"123\"}"),
    (
      "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":123}",
      "{\"number\":\"4242424242424242\",\"expiry\":\"12/28\",\"cvv\":\"123\"}"
    ),
    ("null", "null"),
    ("{\"number\":\"4242\",\"pin\":\"1\"}", "! Card takes number, expiry and cvv (got 'pin')"),
    ("{\"number\":true}", "! Card number must be a string (got boolean)"),
    ("42", "! Card takes a table of number, expiry and cvv (got number)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, Self.card()) == result)
  }

  @Test func editorShowsTheShape() {
    let item = Self.card()
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "NUMBER MM/YY CVV, e.g. 4242 4242 4242 4242 12/28 123")
    #expect(item.facts.shape == .card(CreditCardKind.fields(.english)))
    #expect(CreditCardKind.fields(.english).map(\.key) == ["number", "expiry", "cvv"])
    #expect(item.kind.optionNames == [])
    #expect(CreditCardKind().today().isReal)
  }
}
