import FormCore
import Testing

@testable import FormSchema

/// A schema's form within bounds: one that refers to itself, one that asks
/// for more elements than a form makes.
@Suite struct BoundsTests {
  @Test(arguments: [
    ##"{"type":"object","properties":{"a":{"$ref":"#"},"b":{"type":"string"}}}"##,
    ##"{"type":"object","properties":{"x":{"$ref":""},"b":{"type":"string"}}}"##,
    // loki's shape: a property that $refs the object holding it
    ##"{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"r":{"$ref":"#/definitions/r"}},"##
      + ##""definitions":{"r":{"type":"object","properties":{"w":{"type":"object","properties":{"##
      + ##""client":{"$ref":"#/definitions/r/properties/w"},"b":{"type":"string"}}}}}}}"##,
  ])
  func anObjectReachedAgainIsAJSONRowNotANestingWithoutEnd(_ text: String) throws {
    let form = Form()
    let shape = try SchemaForm.build(try Schema.load(text, name: "r.json"), into: form)
    #expect(form.sections.count < 10)
    #expect(shape.problems(in: shape.document(of: form)).isEmpty)
  }

  @Test func moreElementsThanAFormMakesAreRefusedWithThePointer() throws {
    let schema = try Schema.load(
      ##"{"properties":{"a":{"type":"array","minItems":100000,"items":{"type":"object","properties":{"x":{"type":"string"}}}}}}"##,
      name: "m.json")
    do {
      try SchemaForm.build(schema, into: Form())
      Issue.record("built")
    } catch {
      #expect(error.at?.fragment == "#/properties/a/minItems")
      #expect(error.kind == .bound)
    }
  }

  @Test func aMinItemsNoDocumentHoldsIsRefusedAtLoad() {
    do {
      _ = try Schema.load(##"{"properties":{"a":{"minItems":1e18}}}"##, name: "m.json")
      Issue.record("loaded")
    } catch {
      #expect(
        error.description
          == "m.json: #/properties/a/minItems: 'minItems' 1e+18 asks for more items than any document formrun reads can hold (at most 8388608)"
      )
    }
  }

  @Test func aLargeObjectsKeysAreFoundThroughAnIndex() throws {
    let props = (0..<2000).map { Value.Field("p\($0)", .record([.init("type", .string("integer"))])) }
    let schema = try Schema.load(.record([.init("properties", .record(props))]), name: "p.json")
    #expect(schema.rawValue(JSONPointer(["properties", "p1999", "type"])) == .string("integer"))
    #expect(schema.rawValue(JSONPointer(["properties", "p2000"])) == nil)
    #expect(
      schema.validate(.record([.init("p1500", .string("x"))])).map(\.description) == ["/p1500 must be a whole number."])
  }
}
