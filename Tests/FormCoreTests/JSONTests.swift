import FormEscape
import Testing

@testable import FormCore

struct JSONTests {
  /// The bytes JSON looks at before it escapes: every character
  /// `Escaper.json` escapes starts with one of them, else it would be
  /// written raw.
  @Test func everyEscapedCharacterStartsWithAByteLookedAt() {
    var missed: [UInt32] = []
    for v in UInt32(0)...0x10FFFF {
      guard let u = Unicode.Scalar(v), Escaper.json.escapes(u) else { continue }
      if !JSON.mayEscape(Array(String(u).utf8)[0]) { missed.append(v) }
    }
    #expect(missed.isEmpty, "\(missed.prefix(5).map { String($0, radix: 16) })")
  }

  @Test(arguments: [
    (Value.null, "null"),
    (.bool(true), "true"),
    (.int(-3), "-3"),
    (.double(2.5), "2.5"),
    (.double(3), "3.0"),
    (.string("a\"b\\c\n\u{1}"), #""a\"b\\c\n\u0001""#),
    (.list([.int(1), .string("x")]), #"[1,"x"]"#),
    (.record([.init("b", .int(1)), .init("a", .null)]), #"{"b":1,"a":null}"#),
  ])
  func encodes(value: Value, json: String) {
    #expect(JSON.encode(value) == json)
  }

  @Test(arguments: [
    (
      #" {"email": "a@b.co", "n": [1, 2.5, true, null]} "#,
      Value.record([.init("email", .string("a@b.co")), .init("n", .list([.int(1), .double(2.5), .bool(true), .null]))])
    ),
    (#""\u00e9\ud83d\ude00""#, .string("é😀")),
    ("-12", .int(-12)),
    ("1e3", .double(1000)),
  ])
  func decodes(text: String, value: Value) throws {
    #expect(try JSON.decode(text) == value)
  }

  @Test(arguments: [
    ("{\"a\": 1,}", "line 1: expected a string key"),
    ("[1 2]", "line 1: expected ',' or ']' in array"),
    ("{\n\"a\": tru}", "line 2: unexpected character"),
    ("\"abc", "line 1: unterminated string"),
    ("1 2", "line 1: unexpected text after the value"),
  ])
  func refuses(text: String, message: String) {
    #expect(throws: JSON.ParseError.self) { try JSON.decode(text) }
    do {
      _ = try JSON.decode(text)
    } catch {
      #expect(error.description == message)
    }
  }
}
