import FormCore
import Testing

@testable import FormCLI

/// The output formats, in the process: values in, text out (the binary's
/// contract — eval through a real shell, exit codes — is in CLITests).
struct OutputTests {
  static let card = Value.record([
    .init("number", .string("4242424242424242")), .init("expiry", .string("12/99")), .init("cvv", .string("123")),
  ])
  static let values: [Value.Field] = [
    .init("name", .null), .init("first-name", .string("A")), .init("first_name", .string("B")),
    .init("2fa", .int(7)), .init("toppings", .list([.string("Cheese"), .string("it's")])), .init("ok", .bool(true)),
    .init("card", card), .init("notes", .string("")),
  ]

  @Test func theRegistryFindsEachFormatByItsName() {
    #expect(OutputFormats.names == ["json", "sh", "tsv"])
    for name in OutputFormats.names { #expect(OutputFormats.named(name)?.name == name) }
    #expect(OutputFormats.named("yaml") == nil)
    #expect(OutputFormats.standard.name == "json")
  }

  @Test func jsonIsOneObjectOnOneLine() {
    #expect(JSONOutput().render([.init("a", .int(1)), .init("b", .string("x\ny"))]) == #"{"a":1,"b":"x\ny"}"# + "\n")
  }

  @Test func shNamesListsAndRecords() {
    #expect(
      ShellOutput().render(Self.values) == """
        name=''
        first_name='A'
        first_name_='B'
        _2fa='7'
        toppings_count='2'
        toppings_1='Cheese'
        toppings_2='it'\\''s'
        ok='true'
        card_number='4242424242424242'
        card_expiry='12/99'
        card_cvv='123'
        notes=''

        """)
    #expect(ShellOutput().render([]) == "")
  }

  @Test(arguments: [
    ("plain", "'plain'"), ("it's", #"'it'\''s'"#), ("$(touch x)`y`", "'$(touch x)`y`'"), ("a\nb", "'a\nb'"),
    ("nul\u{0}gone", "'nulgone'"), ("", "''"),
  ])
  func shQuotesSoNothingRuns(text: String, quoted: String) {
    #expect(ShellOutput.quote(text) == quoted)
  }

  @Test(arguments: [("first-name", "first_name"), ("2fa", "_2fa"), ("", "_"), ("été", "_t_"), ("ok_1", "ok_1")])
  func shNamesAreIdentifiers(name: String, identifier: String) {
    #expect(ShellOutput.identifier(name) == identifier)
  }

  @Test func tsvEscapesTabsNewlinesAndBackslashes() {
    let lines = TSVOutput.lines([
      .init("a\tb", .string("x\\y\tz\nw\r\u{0}")), .init("list", .list([.string("1"), .string("2")])),
      .init("card", Self.card), .init("none", .null),
    ])
    #expect(
      lines == [
        "a\\tb\tx\\\\y\\tz\\nw\\r\\0", "list\t1", "list\t2", "card.number\t4242424242424242", "card.expiry\t12/99",
        "card.cvv\t123", "none\t",
      ])
  }

  @Test func fieldIsTheValueAloneRaw() {
    #expect(FieldOutput(field: "first-name").render(Self.values) == "A\n")
    #expect(FieldOutput(field: "toppings").render(Self.values) == "Cheese\nit's\n")
    #expect(FieldOutput(field: "ok").render(Self.values) == "true\n")
    #expect(FieldOutput(field: "name").render(Self.values) == "\n")
    #expect(FieldOutput(field: "missing").render(Self.values) == "\n")
    #expect(FieldOutput(field: "card").render(Self.values) == JSON.encode(Self.card) + "\n")
  }
}
