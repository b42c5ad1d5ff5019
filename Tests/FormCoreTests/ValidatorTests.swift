import Testing

@testable import FormCore

/// Each built-in validator × accepted and refused values → the exact messages.
struct ValidatorTests {
  static let cases: [(String, Value, [String])] = [
    ("presence", .string("x"), []),
    ("presence", .string(""), ["Field can't be blank."]),
    ("presence", .string("   "), ["Field can't be blank."]),
    ("presence", .null, ["Field can't be blank."]),
    ("presence", .list([]), ["Field can't be blank."]),
    ("presence", .bool(false), []),
    ("length(3)", .string("abc"), []),
    ("length(3)", .string("ab"), ["Field is too short (minimum is 3 characters)."]),
    ("length(8, 64)", .string(String(repeating: "x", count: 65)), ["Field is too long (maximum is 64 characters)."]),
    ("length(1, 1)", .string("ab"), ["Field is too long (maximum is 1 character)."]),
    ("length(, 2)", .string("abc"), ["Field is too long (maximum is 2 characters)."]),
    ("length(3)", .string(""), []),
    // a value at the maximum is taken: `n > max`, not `>=`
    ("length(1, 3)", .string("abc"), []),
    ("length(, 2)", .string("ab"), []),
    ("email", .string("a@b.co"), []),
    ("email", .string("first.last+tag@mail.example.org"), []),
    ("email", .string("nope"), ["Field is not a valid email."]),
    ("email", .string("a@b"), ["Field is not a valid email."]),
    ("email", .string("a b@c.de"), ["Field is not a valid email."]),
    ("email", .string("a@@b.co"), ["Field is not a valid email."]),
    ("email", .string(""), []),
    ("url", .string("https://example.com/x?y=1"), []),
    ("url", .string("http://localhost:8080"), []),
    ("url", .string("example.com"), ["Field is not a valid url."]),
    ("url", .string("http://exa mple.com"), ["Field is not a valid url."]),
    ("url", .null, []),
    ("range(2, 500)", .int(2), []),
    ("range(2, 500)", .int(1), ["Field is too small (minimum is 2)."]),
    ("range(2, 500)", .double(500.5), ["Field is too large (maximum is 500)."]),
    ("range(0.5)", .string("0.25"), ["Field is too small (minimum is 0.5)."]),
    ("range(1, 2)", .string("abc"), ["Field is not a number."]),
    ("range(2, 500)", .int(500), []),
    ("range(0.5, 1.5)", .double(1.5), []),
    ("pattern(^%d%d%d%d%d$)", .string("12345"), []),
    ("pattern(^%d%d%d%d%d$)", .string("1234"), ["Field is not in the expected format."]),
    ("pattern([,;])", .string("a,b"), []),
    ("count(1, 2)", .list([.string("a")]), []),
    ("count(1, 2)", .list([.string("a"), .string("b")]), []),
    ("count(1, 2)", .list([]), ["Field has too few choices (minimum is 1)."]),
    ("count(1, 2)", .list([.string("a"), .string("b"), .string("c")]), ["Field has too many choices (maximum is 2)."]),
    ("luhn", .string("4242 4242 4242 4242"), []),
    ("luhn", .string("4242 4242 4242 4241"), ["Field is not a valid card number."]),
    ("luhn", .record([.init("number", .string("378282246310005"))]), []),
  ]

  @Test(arguments: cases)
  func checks(source: String, value: Value, messages: [String]) throws {
    let form = Form()
    let v = try Validators.make(source, in: form)
    #expect(v.check(value, item: Item(kind: TextKind(), title: "Field")) == messages)
  }

  @Test(arguments: [
    ("emial", "unknown validator 'emial' (did you mean 'email'?)"),
    ("presense", "unknown validator 'presense' (did you mean 'presence'?)"),
    ("zzz", "unknown validator 'zzz'"),
    ("length", "'length' takes (min) or (min, max) (in 'length')"),
    ("length(a)", "bad argument 'a' to 'length' (a whole number expected, in 'length(a)')"),
    ("length(5, 2)", "'length(5, 2)': the minimum is larger than the maximum"),
    ("email(3)", "'email' takes no arguments (in 'email(3)')"),
    ("pattern(%)", "bad pattern in 'pattern(%)': malformed pattern (ends with '%')"),
    ("pattern([a)", "bad pattern in 'pattern([a)': malformed pattern (missing ']')"),
    ("length(3", "bad validator 'length(3' (expected name(arguments) with a closing ')')"),
  ])
  func refusesBadSpecs(source: String, message: String) {
    #expect(throws: ValidatorSpec.Error(message: message)) { try Validators.make(source, in: Form()) }
  }

  @Test func namedValidatorsComeFromHandlers() throws {
    let form = Form()
    let rec = Recorder(returning: .returned([.string("Field is odd.")]))
    form.namedValidators["even"] = rec
    let v = try Validators.make("even(2)", in: form)
    #expect(v.check(.int(3), item: Item(kind: TextKind(), title: "Field")) == ["Field is odd."])
    if case .value(let arg) = rec.calls[0][2] { #expect(arg == .int(2)) } else { Issue.record("no argument") }
  }
}

struct HandlerValidatorTests {
  @Test func aFailingValidatorRunsOnceAndRefuses() throws {
    let form = Form()
    let rec = Recorder(returning: .failed("v.lua:1: no"))
    form.namedValidators["boom"] = rec
    let item = Item(kind: TextKind(), title: "Field", name: "f")
    item.validators = [try Validators.make("boom", in: form)]
    try form.addSection().append(item)
    rec.calls.removeAll()
    form.validate(item)
    #expect(rec.calls.count == 1)
    #expect(item.errors == ["Field could not be checked (validator 'boom' failed)."])
    #expect(form.takeNotices().last == "error in validator 'boom' of 'Field': v.lua:1: no")
  }
}
