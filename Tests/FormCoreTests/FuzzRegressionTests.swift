import Testing

@testable import FormCore

// Crashes and disagreements found by the fuzz targets (Tests/Fuzz, run by
// Scripts/fuzz), kept as tables. Each row failed (or trapped) before its fix.

/// Validator arguments a Double→Int conversion trapped on: now refused with a message.
struct ValidatorSpecFuzzTests {
  @Test(arguments: [
    ("length(1e300)", "bad argument '1e+300' to 'length' (a whole number expected, in 'length(1e300)')"),
    ("length(, 1e19)", "bad argument '1e+19' to 'length' (a whole number expected, in 'length(, 1e19)')"),
    ("count(1, 1e19)", "bad argument '1e+19' to 'count' (a whole number expected, in 'count(1, 1e19)')"),
    (
      "length(1111111111111111111111,)",
      "bad argument '1.1111111111111111e+21' to 'length' (a whole number expected, in 'length(1111111111111111111111,)')"
    ),
    ("range(nan)", "bad argument 'nan' to 'range' (a number expected, in 'range(nan)')"),
    ("range(0, inf)", "bad argument 'inf' to 'range' (a number expected, in 'range(0, inf)')"),
  ])
  func hugeOrOddBoundsAreRefused(source: String, message: String) {
    #expect(throws: ValidatorSpec.Error(message: message)) { try Validators.make(source, in: Form()) }
  }

  @Test(arguments: [
    ("length(, 9223372036854775807)", String(repeating: "x", count: 3), [String]()),
    ("count(9223372036854775807)", "x", ["Field has too few choices (minimum is 9223372036854775807)."]),
  ])
  func theLargestWholeBoundStillWorks(source: String, text: String, messages: [String]) throws {
    let v = try Validators.make(source, in: Form())
    let value: Value = source.hasPrefix("count") ? .list([.string(text)]) : .string(text)
    #expect(v.check(value, item: Item(kind: TextKind(), title: "Field")) == messages)
  }
}

/// Whole numbers are exact up to 64 bits, or refused; the row writes what reads back.
struct NumberExactnessFuzzTests {
  @Test(
    arguments: [
      (NumberKind(), "12345678901234567", "12345678901234567"),
      (NumberKind(), "9223372036854775807", "9223372036854775807"),
      (NumberKind(), "-9223372036854775808", "-9223372036854775808"),
      (NumberKind(decimals: 0), "12345678901234567.0", "12345678901234567"),
      (
        NumberKind(), "9223372036854775808",
        "! Seats is too large (got 9223372036854775808; the limit is 9223372036854775807)"
      ),
      (
        NumberKind(), "99999999999999999999.5",
        "! Seats is too large (got 99999999999999999999.5; the limit is 9223372036854775807)"
      ),
      (NumberKind(max: 9_007_199_254_740_992), "9007199254740993", "! Seats must be at most 9007199254740992"),
      (NumberKind(min: -9_007_199_254_740_992), "-9007199254740993", "! Seats must be at least -9007199254740992"),
    ] as [(NumberKind, String, String)])
  func wholeNumbersAreExact(kind: NumberKind, text: String, result: String) {
    let item = row(kind, title: "Seats")
    #expect(kind.parse(text, for: item).summary == result)
  }

  @Test(
    arguments: [
      (NumberKind(), Value.int(12_345_678_901_234_567), "12345678901234567"),
      (NumberKind(), .double(0.0000001), "0.0000001"),
      (NumberKind(), .double(1.5e16), "15000000000000000"),
      (NumberKind(decimals: 2), .double(1e15 + 0.5), "1000000000000000.5"),
      (NumberKind(), .double(1.3456789012645373e17), "134567890126453728"),  // the Double's own integer
    ] as [(NumberKind, Value, String)])
  func theRowWritesWhatReadsBack(kind: NumberKind, value: Value, shown: String) {
    let item = row(kind, title: "Seats")
    #expect(kind.display(value, for: item) == shown)
    switch (kind.parse(shown, for: item), value) {
    case (.value(let back), .int): #expect(back == value)
    case (.value(.int(let n)), .double(let x)): #expect(Double(exactly: n) == x)
    case (.value(let back), _): #expect(back.number == value.number)
    case (.refused(let why), _): Issue.record("'\(shown)' is refused: \(why)")
    }
  }

  @Test(arguments: [
    (0.0000001, "0.0000001"), (-2.5e-10, "-0.00000000025"), (1e21, "1000000000000000000000"), (3.0, "3"),
    (-0.0, "-0"), (123.456, "123.456"), (9.007199254740993e15, "9007199254740992"),
  ])
  func plainNumbersHaveNoExponent(x: Double, text: String) {
    #expect(NumberText.plain(x) == text)
    #expect(NumberText.read(text)?.value == x)
  }
}

/// A card number is 12 to 19 digits and not all zeros (a Luhn digit alone let these through).
struct CreditCardFuzzTests {
  static var kind: CreditCardKind { CreditCardKind(today: { CivilDate(year: 2026, month: 11, day: 30) }) }

  @Test(arguments: [
    ("42424242424242424242", false),  // 20 digits, Luhn-valid
    (String(repeating: "0", count: 16), false),
    (String(repeating: "0", count: 5000), false),
    ("000000000000", false),
    ("4242424242424242", true),
    ("378282246310005", true),
    ("4222222222222", true),  // 13 digits
  ])
  func numberLength(number: String, valid: Bool) {
    let item = row(Self.kind, title: "Card")
    let value = CreditCardKind.record(number: number, expiry: "12/28", cvv: number.hasPrefix("37") ? "1234" : "123")
    let messages = Self.kind.check(value, for: item)
    #expect(messages.contains("Card is not a valid card number.") == !valid)
  }
}

/// A masked value shown with its format's lead (`+1 (350`) reads back as the same digits.
struct MaskedFuzzTests {
  @Test(arguments: [
    ("+1 (XXX) XXX-XXXX", "+1 (350", "350"),
    ("+1 (XXX) XXX-XXXX", "+1 (555) 123-4567", "5551234567"),
    ("+1 (XXX) XXX-XXXX", "15551234567", "5551234567"),
    ("+1 (XXX) XXX-XXXX", "555", "555"),
    ("(XXX) XXX-XXXX", "(35", "35"),
  ])
  func shownValueReadsBack(format: String, text: String, digits: String) {
    let kind = MaskedKind(format: format)
    let item = row(kind, title: "Phone")
    #expect(kind.parse(text, for: item) == .value(.string(digits)))
    #expect(kind.parse(kind.display(.string(digits), for: item), for: item) == .value(.string(digits)))
  }
}

/// JSON the decoder trapped on or read loosely, and text the encoder left raw.
struct JSONFuzzTests {
  @Test(arguments: [
    ("-0", Value.int(0)),
    ("1E+2", .double(100)),
  ])
  func decodes(text: String, value: Value) throws {
    #expect(try JSON.decode(text) == value)
  }

  @Test(arguments: [
    // a surrogate without its other half (it trapped once, then read as U+FFFD)
    (#""\ud83d\u1e30""#, "line 1: a lone surrogate (\\ud83d) in a string"),
    (#""\udc00x""#, "line 1: a lone surrogate (\\udc00) in a string"),
    (#""\ud83d""#, "line 1: a lone surrogate (\\ud83d) in a string"),
    ("+1", "line 1: unexpected character"),
    (".5", "line 1: unexpected character"),
    ("5.", "line 1: expected a digit after '.'"),
    ("01", "line 1: a number cannot start with 0"),
    ("1e", "line 1: expected a digit in the exponent"),
    ("1e999", "line 1: number out of range"),
    (#""\u+123""#, #"line 1: bad \u escape"#),
  ])
  func refuses(text: String, message: String) {
    #expect(throws: JSON.ParseError.self) { try JSON.decode(text) }
    do {
      _ = try JSON.decode(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(arguments: [
    ("\u{9B}31m", #""\u009b31m""#),
    ("a\u{202E}b", #""a\u202eb""#),
    ("\u{2066}", #""\u2066""#),
    ("é€", #""é€""#),
    // each end of every range, one inside, and the neighbours outside
    ("\u{0}\u{1F}", #""\u0000\u001f""#),
    ("\u{7F}\u{85}\u{9F}", #""\u007f\u0085\u009f""#),
    ("\u{2028}\u{2029}\u{202E}", #""\u2028\u2029\u202e""#),
    ("\u{2066}\u{2069}", #""\u2066\u2069""#),
    ("\u{7E}\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}", "\"\u{7E}\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}\""),
  ])
  func escapesWhatDrivesATerminal(text: String, json: String) throws {
    #expect(JSON.encode(.string(text)) == json)
    #expect(try JSON.decode(json) == .string(text))
  }
}

/// Line breaks in a long text become "\n" once: a "\r" before "\r\n" made a new "\r\n" (found by `kinds`).
struct LongTextFuzzTests {
  @Test(arguments: [
    ("a\r\r\nb", "a\n\nb"),
    ("QQQQ\r\r25\r\u{2}\0\r\r\r\n\n", "QQQQ\n\n25\n\u{2}\0\n\n\n\n"),
    ("a\r\nb\rc\n", "a\nb\nc\n"),
  ])
  func lineBreaksAreNormalisedOnce(text: String, value: String) {
    let kind = LongTextKind()
    let item = row(kind, title: "Notes")
    #expect(kind.parse(text, for: item) == .value(.string(value)))
    #expect(kind.parse(value, for: item) == .value(.string(value)))
  }
}
