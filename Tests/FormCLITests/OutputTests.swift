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

  @Test(arguments: [
    ("first-name", "first_name"), ("2fa", "_2fa"), ("ok_1", "ok_1"), ("été", "_u00e9t_u00e9"), ("名", "_u540d"),
    ("имя", "_u0438_u043c_u044f"), ("a b", "a_b"), ("😀", "_u1f600"),
    // a name of no letter or digit would be `_`, which the shell sets after every command
    ("", "_empty"), ("_", "_u005f"), ("-", "_u002d"), ("__", "_u005f_u005f"),
  ])
  func shNamesAreIdentifiers(name: String, identifier: String) {
    #expect(ShellOutput.identifier(name) == identifier)
  }

  @Test func shNamesOfOtherScriptsStayApart() {
    // two names of non-ASCII letters of the same length were both `___`
    let out = ShellOutput.lines([.init("имя", .string("a")), .init("май", .string("b")), .init("名", .string("c"))])
    #expect(out == ["_u0438_u043c_u044f='a'", "_u043c_u0430_u0439='b'", "_u540d='c'"])
  }

  // MARK: control characters never reach stdout raw

  /// OSC 52 (sets the clipboard), BEL, CSI in its C1 form, a bidi override,
  /// DEL, backspace, a carriage return and an isolate.
  static let hostile = "a\u{1B}]52;c;SGVsbG8=\u{07} \u{9B}2J \u{202E}x\u{7F}\u{08}\r\u{2066}"
  static let hostileValues: [Value.Field] = [
    .init("t", .string(hostile)), .init("l", .list([.string("\u{1B}[2J"), .string("ok")])),
    .init("card", .record([.init("number", .string("\u{1B}[31m"))])), .init("\u{1B}name", .string("k")),
    .init("ends", .string(ends)), .init("notes", .string("line 1\n\tline 2")),
  ]
  /// The first and last character of each range that drives a terminal, and one inside.
  static let ends = "\u{0}\u{1F} \u{7F}\u{85}\u{9F} \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"

  /// A scalar that drives a terminal: a control (C0 but newline and tab,
  /// DEL, C1), a line separator or a bidi control.
  static func drives(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    return (v < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v)
      || (0x2066...0x2069).contains(v)
  }

  @Test(arguments: ["json", "sh", "tsv", "field t", "field l", "field card", "field ends", "field notes"])
  func noFormatWritesAControlCharacterRaw(format: String) {
    let output: any OutputFormat =
      format.hasPrefix("field ") ? FieldOutput(field: String(format.dropFirst(6))) : OutputFormats.named(format)!
    let text = output.render(Self.hostileValues)
    let raw = text.unicodeScalars.filter(Self.drives).map { String($0.value, radix: 16) }
    #expect(raw.isEmpty, "\(format) wrote \(raw) raw")
  }

  @Test func controlCharactersAreWrittenAsStderrShowsThem() {
    let shown = #"a\e]52;c;SGVsbG8=\x07 \x9B2J \u{202E}x\x7F\x08\r\u{2066}"#
    #expect(FieldOutput(field: "t").render(Self.hostileValues) == shown + "\n")
    #expect(FieldOutput(field: "l").render(Self.hostileValues) == #"\e[2J"# + "\nok\n")
    // newlines and tabs of a long text are its own
    #expect(FieldOutput(field: "notes").render(Self.hostileValues) == "line 1\n\tline 2\n")
    #expect(ShellOutput.lines(Self.hostileValues)[0] == "t='\(shown)'")
    #expect(ShellOutput.lines(Self.hostileValues).last == "notes='line 1\n\tline 2'")
    // tsv escapes its backslashes, so the text reads back exactly
    #expect(TSVOutput.lines(Self.hostileValues)[0] == "t\t" + shown)
    #expect(TSVOutput.lines(Self.hostileValues)[4] == #"\ename"# + "\tk")
  }

  /// Both ends of every range, in every format.
  @Test func everyEndOfTheEscapedRangesIsWrittenOut() {
    let shown = #"\x00\x1F \x7F\x85\x9F \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"#
    #expect(FieldOutput(field: "ends").render(Self.hostileValues) == shown + "\n")
    #expect(
      TSVOutput.lines(Self.hostileValues)[5] == "ends\t"
        + #"\0\x1F \x7F\x85\x9F \u{2028}\u{2029}\u{202E} \u{2066}\u{2069}"#)
    #expect(ShellOutput.lines(Self.hostileValues).contains("ends='\(shown)'"))
    #expect(
      JSONOutput().render([.init("ends", .string(Self.ends))])
        == #"{"ends":"\u0000\u001f \u007f\u0085\u009f \u2028\u2029\u202e \u2066\u2069"}"# + "\n")
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
