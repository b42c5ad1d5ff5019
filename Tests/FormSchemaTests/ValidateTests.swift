import FormCore
import Testing

@testable import FormSchema

/// The validator keyword by keyword: a schema, a document, the problems'
/// messages (none: valid).
@Suite struct ValidateTests {
  static func problems(_ schema: String, _ document: String) throws -> [String] {
    let s = try Schema.load(schema, name: "t.json")
    return s.validate(try JSON.decode(document)).map(\.description)
  }

  @Test(arguments: [
    (##"{"type":"integer"}"##, "1.0", [String]()),
    (##"{"type":"integer"}"##, "1.5", ["the document must be a whole number"]),
    (##"{"type":["string","null"]}"##, "null", []),
    (##"{"minimum":2,"maximum":5}"##, "6", ["the document must be at most 5"]),
    (##"{"exclusiveMinimum":2}"##, "2", ["the document must be more than 2"]),
    (##"{"multipleOf":0.01}"##, "19.99", []),
    (##"{"maxLength":2}"##, ##""💩💩""##, []),
    (##"{"pattern":"^a*$"}"##, ##""aaa\n""##, ["the document must match the pattern ^a*$"]),
    (##"{"pattern":"\\p{L}"}"##, ##""é""##, []),
    (##"{"enum":[1,"a",null]}"##, "1.0", []),
    (##"{"const":{"a":[1,2]}}"##, ##"{"a":[1,2.0]}"##, []),
    (
      ##"{"properties":{"a":{"type":"string"}},"required":["b"]}"##, ##"{"a":3}"##,
      ["/a must be a string", "the document needs the property 'b'"]
    ),
    (
      ##"{"additionalProperties":false,"patternProperties":{"^x-":true}}"##, ##"{"x-a":1,"b":2}"##,
      ["the document must not have the property 'b'"]
    ),
    (##"{"prefixItems":[{"type":"integer"}],"items":false}"##, "[1]", []),
    (##"{"prefixItems":[{"type":"integer"}],"items":false}"##, "[1,2]", ["/1 is not allowed here"]),
    (
      ##"{"contains":{"const":1},"minContains":2}"##, "[1,2]",
      ["the document must contain at least 2 items that match #/contains (it has 1)"]
    ),
    (
      ##"{"uniqueItems":true}"##, "[1,{\"a\":1},1.0]",
      ["the document must not repeat an item (items 1 and 3 are the same)"]
    ),
    (
      ##"{"oneOf":[{"type":"integer"},{"minimum":2}]}"##, "3",
      ["the document must match exactly one of the 2 schemas of #/oneOf (it matches 2)"]
    ),
    (##"{"if":{"const":1},"then":false}"##, "1", ["the document is not allowed here"]),
    (##"{"dependentRequired":{"a":["b"]}}"##, ##"{"a":1}"##, ["the document needs the property 'b' when it has 'a'"]),
    (##"{"$defs":{"n":{"type":"integer"}},"items":{"$ref":"#/$defs/n"}}"##, "[1,\"x\"]", ["/1 must be a whole number"]),
    (##"{"format":"date"}"##, ##""2026-02-29""##, ["the document must be a date like 2026-11-30"]),
    (##"{"format":"email"}"##, ##""a@b.co""##, []),
  ])
  func keyword(_ schema: String, _ document: String, _ expected: [String]) throws {
    #expect(try Self.problems(schema, document) == expected)
  }

  @Test func draft07ReadsItemsAsAListAndIgnoresRefSiblings() throws {
    let s =
      ##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"type":"string"}},"##
      + ##""items":[{"$ref":"#/definitions/s","maxLength":1}],"additionalItems":{"type":"integer"}}"##
    #expect(try Self.problems(s, ##"["abc",1]"##) == [])
    #expect(try Self.problems(s, ##"["abc","x"]"##) == ["/1 must be a whole number"])
  }
}

/// Loading: unsupported keywords named with their pointer, lenient loads, malformed schemas.
@Suite struct LoadTests {
  @Test func unsupportedKeywordIsNamedWithItsPointer() {
    #expect(throws: SchemaError.self) {
      try Schema.load(##"{"properties":{"a":{"unevaluatedProperties":false}}}"##, name: "s.json")
    }
    do {
      _ = try Schema.load(##"{"properties":{"a/b":{"frobnicate":1}}}"##, name: "s.json")
    } catch {
      #expect(error.description == "s.json: #/properties/a~1b/frobnicate: unsupported keyword 'frobnicate'")
      #expect(error.kind == .unsupported)
    }
  }

  @Test func lenientLeavesThemOutAndSaysSo() throws {
    let s = try Schema.load(
      ##"{"properties":{"a":{"type":"string","unevaluatedItems":false}}}"##, name: "s.json", lenient: true)
    #expect(
      s.ignored.map(\.description) == [
        "s.json: #/properties/a/unevaluatedItems: unsupported keyword 'unevaluatedItems' (formrun does not evaluate unevaluated items)"
      ])
    #expect(s.root == (try JSON.decode(##"{"properties":{"a":{"type":"string"}}}"##)))
  }

  @Test(arguments: [
    (##"{"minLength":-1}"##, "s.json: #/minLength: 'minLength' must be a whole number of at least 0"),
    (
      ##"{"pattern":"(a"}"##,
      "s.json: #/pattern: 'pattern' is not a regular expression PCRE2 reads: missing closing parenthesis at offset 2"
    ),
    (##"{"$ref":"#/$defs/none"}"##, "s.json: #/$ref: '$ref' #/$defs/none names no place in this schema"),
    (
      ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}}"##,
      "s.json: #/$defs/a/$ref: '$ref' #/$defs/b leads back to itself through $ref alone (it would never end)"
    ),
    (
      ##"{"$ref":"other.json#/x"}"##,
      "s.json: #/$ref: '$ref' other.json#/x names another document: formrun resolves $ref only inside the schema"
    ),
    (
      ##"{"type":"strnig"}"##,
      "s.json: #/type: 'type' must be one of null, boolean, object, array, number, string, integer, or an array of them"
    ),
  ])
  func malformed(_ text: String, _ message: String) {
    do {
      _ = try Schema.load(text, name: "s.json")
      Issue.record("loaded \(text)")
    } catch {
      #expect(error.description == message)
    }
  }
}
