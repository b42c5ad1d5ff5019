import Testing

@testable import FormCore

struct FloatKindTests {
  @Test(
    arguments: [
      ([:], "0.5", "0.5"),
      ([:], "1", "1.0"),  // a slider's value is a float, written as one
      ([:], "0", "0.0"),
      (["step": .double(0.1)], "0.73", "0.7"),
      (["step": .double(0.1)], "0.35", "0.4"),
      (["min": .int(10), "max": .int(20), "step": .int(5)], "13", "15.0"),
      ([:], "1.5", "! Volume must be from 0 to 1 (got 1.5)"),
      ([:], "-0.1", "! Volume must be from 0 to 1 (got -0.1)"),
      ([:], "loud", "! Volume must be a number from 0 to 1 (got 'loud')"),
    ] as [([String: Value], String, String)])
  func parses(options: [String: Value], text: String, result: String) {
    let item = row(configured(FloatKind(), options), title: "Volume")
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test func valuesAreFloats() {
    let item = row(FloatKind(), title: "Volume")
    #expect(item.kind.parse("1", for: item) == .value(.double(1)))
    #expect(item.kind.accept(.int(0), for: item) == .value(.double(0)))
  }

  @Test(
    arguments: [
      ([:], Value.double(0.5), "[#####-----] 0.5"),
      ([:], .int(0), "[----------] 0"),
      ([:], .double(1), "[##########] 1"),
      (["min": .int(0), "max": .int(200)], .int(50), "[###-------] 50"),
      ([:], .null, ""),
    ] as [([String: Value], Value, String)])
  func displaysABar(options: [String: Value], value: Value, shown: String) {
    let item = row(configured(FloatKind(), options), title: "Volume")
    #expect(item.kind.display(value, for: item) == shown)
  }

  @Test(arguments: [
    ("0.25", "0.25"),
    ("\"0.5\"", "0.5"),
    ("null", "null"),
    ("2", "! Volume must be from 0 to 1 (got 2)"),
    ("[]", "! Volume takes a number (got table)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, row(FloatKind(), title: "Volume")) == result)
  }

  @Test func options() {
    var kind = FloatKind()
    #expect(kind.option("min") == .int(0))
    #expect(kind.option("max") == .int(1))
    #expect(kind.option("step") == .null)
    #expect(kind.setOption("step", to: .int(0)) == .invalid("'step' must be a number above 0"))
    #expect(kind.setOption("max", to: .string("x")) == .invalid("'max' must be a number"))
    #expect(kind.setOption("step", to: .double(0.25)) == .applied)
    let item = row(kind, title: "Volume")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "a number from 0 to 1, step 0.25")
    #expect(item.facts.shape == .number(slider: true))
    #expect(item.facts.limits == .init(range: .init(min: 0, max: 1), step: 0.25))
  }
}
