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
    (##"{"type":"integer"}"##, "1.5", ["the document must be a whole number."]),
    (##"{"type":["string","null"]}"##, "null", []),
    (##"{"type":["string","null"]}"##, "1", ["the document must be one of the types string, null."]),
    (##"{"minimum":2,"maximum":5}"##, "6", ["the document must be at most 5."]),
    (##"{"minimum":2,"maximum":5}"##, "5", []),
    (##"{"exclusiveMinimum":2}"##, "2", ["the document must be more than 2."]),
    (##"{"exclusiveMaximum":2}"##, "2", ["the document must be less than 2."]),
    (##"{"multipleOf":0.01}"##, "19.99", []),
    (##"{"multipleOf":5}"##, "7", ["the document must be a multiple of 5."]),
    (##"{"maxLength":2}"##, ##""💩💩""##, []),
    (##"{"maxLength":1}"##, ##""ab""##, ["the document must be at most 1 character long."]),
    (##"{"minLength":3}"##, ##""ab""##, ["the document must be at least 3 characters long."]),
    (##"{"pattern":"^a*$"}"##, ##""aaa\n""##, ["the document must match the pattern ^a*$."]),
    (##"{"pattern":"\\p{L}"}"##, ##""é""##, []),
    (##"{"enum":[1,"a",null]}"##, "1.0", []),
    (##"{"enum":[1,"a"]}"##, "2", [##"the document must be one of 1, "a"."##]),
    (##"{"const":{"a":[1,2]}}"##, ##"{"a":[1,2.0]}"##, []),
    (
      ##"{"properties":{"a":{"type":"string"}},"required":["b"]}"##, ##"{"a":3}"##,
      ["/a must be a string.", "the document needs the property 'b'."]
    ),
    (
      ##"{"additionalProperties":false,"patternProperties":{"^x-":true}}"##, ##"{"x-a":1,"b":2}"##,
      ["the document must not have the property 'b'."]
    ),
    (##"{"prefixItems":[{"type":"integer"}],"items":false}"##, "[1]", []),
    (##"{"prefixItems":[{"type":"integer"}],"items":false}"##, "[1,2]", ["/1 is not allowed here."]),
    (
      ##"{"contains":{"const":1},"minContains":2}"##, "[1,2]",
      ["the document must contain at least 2 items that match #/contains (it has 1)."]
    ),
    (
      ##"{"contains":{"const":1},"maxContains":1}"##, "[1,1]",
      [
        "the document must contain at most 1 item that matches #/contains (it has 2)."
      ]
    ),
    (##"{"contains":{"const":1},"minContains":0}"##, "[]", []),
    (
      ##"{"uniqueItems":true}"##, "[1,{\"a\":1},1.0]",
      ["the document must not repeat an item (items 1 and 3 are the same)."]
    ),
    (
      ##"{"uniqueItems":true}"##, "[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1.0}]",
      [
        "the document must not repeat an item (items 1 and 2 are the same)."
      ]
    ),
    (##"{"uniqueItems":true}"##, "[[1],[\"1\"],{\"a\":1},{\"a\":true}]", []),
    (
      ##"{"oneOf":[{"type":"integer"},{"minimum":2}]}"##, "3",
      ["the document must match exactly one of the 2 schemas of #/oneOf (it matches 2)."]
    ),
    (
      ##"{"anyOf":[{"type":"integer"},{"minimum":2}]}"##, "1.5",
      [
        "the document must match at least one of the 2 schemas of #/anyOf."
      ]
    ),
    (##"{"not":{"type":"string"}}"##, ##""x""##, ["the document must not match the schema #/not."]),
    (##"{"if":{"const":1},"then":false}"##, "1", ["the document is not allowed here."]),
    (##"{"if":{"const":1},"else":{"type":"string"}}"##, "2", ["the document must be a string."]),
    (##"{"dependentRequired":{"a":["b"]}}"##, ##"{"a":1}"##, ["the document needs the property 'b' when it has 'a'."]),
    (##"{"dependentSchemas":{"a":{"required":["c"]}}}"##, ##"{"a":1}"##, ["the document needs the property 'c'."]),
    (
      ##"{"propertyNames":{"maxLength":2}}"##, ##"{"abc":1}"##,
      [
        "the document has a property name that does not fit #/propertyNames: 'abc'."
      ]
    ),
    (##"{"minProperties":2}"##, ##"{"a":1}"##, ["the document must have at least 2 properties."]),
    (##"{"maxItems":1}"##, "[1,2]", ["the document must have at most 1 item."]),
    (
      ##"{"$defs":{"n":{"type":"integer"}},"items":{"$ref":"#/$defs/n"}}"##, "[1,\"x\"]", ["/1 must be a whole number."]
    ),
    (##"{"format":"date"}"##, ##""2026-02-29""##, ["the document must be a date like 2026-11-30."]),
    (##"{"format":"email"}"##, ##""a@b.co""##, []),
    (##"{"format":"no-such-format"}"##, ##""anything""##, []),
    (##"{"format":"uri-reference"}"##, ##""../a/b.json#c""##, []),
    (
      ##"{"format":"uri-reference"}"##, ##""not a uri""##,
      [
        "the document must be a URI or a relative reference, like ../a/b.json#c."
      ]
    ),
    (
      ##"{"format":"uri-reference"}"##, ##""1:b""##,
      [
        "the document must be a URI or a relative reference, like ../a/b.json#c."
      ]
    ),
    (##"{"format":"json-pointer"}"##, ##""/a~1b/0""##, []),
    (##"{"format":"json-pointer"}"##, ##""/a~2""##, ["the document must be a JSON pointer, like /a/0/b."]),
    (##"{"format":"relative-json-pointer"}"##, ##""0#""##, []),
    (
      ##"{"format":"relative-json-pointer"}"##, ##""01/a""##,
      [
        "the document must be a relative JSON pointer, like 1/a or 0#."
      ]
    ),
    (##"{"frobnicate":{"type":"integer"}}"##, ##""not checked""##, []),
    // unevaluatedProperties sees what in-place subschemas evaluated, only theirs
    (
      ##"{"allOf":[{"properties":{"a":true}}],"unevaluatedProperties":false}"##, ##"{"a":1,"b":2}"##,
      ["the document must not have the property 'b' (no part of the schema takes it)."]
    ),
    (
      ##"{"anyOf":[{"properties":{"a":true},"required":["a"]},{"properties":{"b":true},"required":["b"]}],"unevaluatedProperties":false}"##,
      ##"{"a":1,"b":2}"##, []
    ),
    (
      ##"{"properties":{"x":{"properties":{"a":true}}},"unevaluatedProperties":false}"##,
      ##"{"x":{"a":1},"a":1}"##, ["the document must not have the property 'a' (no part of the schema takes it)."]
    ),
    (##"{"prefixItems":[true],"unevaluatedItems":false}"##, "[1,2]", ["/1 is not allowed here."]),
    (##"{"contains":{"const":2},"unevaluatedItems":false}"##, "[2,2]", []),
  ])
  func keyword(_ schema: String, _ document: String, _ expected: [String]) throws {
    #expect(try Self.problems(schema, document) == expected)
  }

  @Test func draft07ReadsItemsAsAListAndIgnoresRefSiblings() throws {
    let s =
      ##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"type":"string"}},"##
      + ##""items":[{"$ref":"#/definitions/s","maxLength":1}],"additionalItems":{"type":"integer"}}"##
    #expect(try Self.problems(s, ##"["abc",1]"##) == [])
    #expect(try Self.problems(s, ##"["abc","x"]"##) == ["/1 must be a whole number."])
  }

  @Test func aRefsSiblingsApplyFrom201909() throws {
    let s = ##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}"##
    #expect(try Self.problems(s, ##""ab""##) == ["the document must be at most 1 character long."])
  }

  @Test func draft04ReadsIdAndBooleanExclusiveBounds() throws {
    let s =
      ##"{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"a":{"id":"#top","maximum":5,"##
      + ##""exclusiveMaximum":true}},"properties":{"n":{"$ref":"#top"},"i":{"type":"integer"}}}"##
    #expect(try Self.problems(s, ##"{"n":5}"##) == ["/n must be less than 5."])
    #expect(try Self.problems(s, ##"{"n":4.5}"##) == [])
    // draft-04: 1.0 is a number, not an integer
    #expect(try Self.problems(s, ##"{"i":1.0}"##) == ["/i must be a whole number."])
    // draft-04 knows no `const`: an annotation there
    let c = ##"{"$schema":"http://json-schema.org/draft-04/schema#","const":1}"##
    #expect(try Self.problems(c, "2") == [])
  }

  @Test func draft06KnowsNoIfThenElse() throws {
    let s = ##"{"$schema":"http://json-schema.org/draft-06/schema#","if":true,"then":false}"##
    #expect(try Self.problems(s, "1") == [])
    #expect(
      try Self.problems(s.replacingAll("draft-06", with: "draft-07"), "1") == ["the document is not allowed here."])
  }

  @Test func recursiveRefFollowsTheDynamicScope() throws {
    // 2019-09: a tree whose nodes an extension narrows to integers
    let tree =
      ##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"http://x.test/tree","$recursiveAnchor":true,"##
      + ##""type":"object","properties":{"data":true,"children":{"type":"array","items":{"$recursiveRef":"#"}}}}"##
    let strict =
      ##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"http://x.test/strict","$recursiveAnchor":true,"##
      + ##""$ref":"tree","unevaluatedProperties":false,"$defs":{"t":"##
      + tree + "}}"
    #expect(try Self.problems(strict, ##"{"children":[{"daat":1}]}"##).count == 1)
    #expect(try Self.problems(tree, ##"{"children":[{"daat":1}]}"##).isEmpty)
  }

  @Test func dynamicRefFindsTheOutermostAnchor() throws {
    let s =
      ##"{"$id":"http://x.test/root","$ref":"list","$defs":{"foo":{"$dynamicAnchor":"item","type":"string"},"##
      + ##""list":{"$id":"list","type":"array","items":{"$dynamicRef":"#item"},"##
      + ##""$defs":{"any":{"$dynamicAnchor":"item"}}}}}"##
    #expect(try Self.problems(s, ##"["a","b"]"##).isEmpty)
    #expect(try Self.problems(s, ##"["a",1]"##) == ["/1 must be a string."])
  }

  @Test func aSchemaThatRefersToItselfEndsWithAMessage() throws {
    // an applicator that comes back to the same place for the same value
    let s = ##"{"anyOf":[{"$ref":"#"},{"type":"string"}]}"##
    #expect(try Self.problems(s, "1").count == 1)
    // a linked list: one level of the document a level of the schema
    let list =
      ##"{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"},"v":{"type":"integer"}}}},"$ref":"#/$defs/n"}"##
    #expect(
      try Self.problems(list, ##"{"v":1,"next":{"v":2,"next":{"v":"x"}}}"##) == ["/next/next/v must be a whole number."]
    )
  }

  @Test func uniqueItemsHashesItems() throws {
    // 8,000 arrays of one item each, the last a repeat of the first: linear, not pairwise
    let s = try Schema.load(##"{"uniqueItems":true}"##, name: "t.json")
    var items = (0..<8000).map { Value.list([.int($0)]) }
    #expect(s.validate(.list(items)).isEmpty)
    items.append(.list([.double(0)]))
    #expect(
      s.validate(.list(items)).map(\.description) == [
        "the document must not repeat an item (items 1 and 8001 are the same)."
      ])
  }

  @Test func aCatastrophicPatternStopsTheDocumentsChecks() throws {
    let s = try Schema.load(##"{"items":{"pattern":"^(a|aa)+$"}}"##, name: "t.json")
    let bad = Value.string(String(repeating: "a", count: 40) + "!")
    let problems = s.validate(.list(Array(repeating: bad, count: 200)))
    // the first element gives up, and nothing after it is tried
    #expect(
      problems.map(\.description) == [
        "/0 could not be checked against the pattern ^(a|aa)+$ (it backtracks too far); the document's checks stop here."
      ])
  }

  @Test func aBudgetSpentStopsEveryCheckInIt() throws {
    let s = try Schema.load(##"{"items":{"type":"integer"}}"##, name: "t.json")
    let problems = s.checking(within: 0) { s.validate(.list(Array(repeating: .int(1), count: 1000))) }
    #expect(problems.map(\.phrase) == [.tooLong])
  }

  @Test func messagesAreInTheFormsLanguage() throws {
    let s = try Schema.load(##"{"properties":{"n":{"multipleOf":5}},"required":["m"]}"##, name: "t.json")
    let problems = s.validate(try JSON.decode(##"{"n":7}"##))
    #expect(
      problems.map { $0.sentence(in: .german) } == [
        "/n muss ein Vielfaches von 5 sein.", "das Dokument braucht die Eigenschaft 'm'.",
      ])
  }

  @Test func everyPhraseIsInEveryCatalogue() {
    for language in Catalogue.shipped.keys.sorted() {
      let catalogue = Catalogue.shipped[language]!
      for phrase in SchemaPhrase.allCases {
        #expect(catalogue.keys.contains(phrase.rawValue), "'\(language)' has no '\(phrase.rawValue)'")
      }
    }
  }
}
