import Testing

@testable import FormCore

struct NumberKindTests {
  static let seats: [String: Value] = ["min": .int(2), "max": .int(500)]

  @Test(
    arguments: [
      ([:], "42", "42"),
      ([:], " 7 ", "7"),
      ([:], "-3.5", "-3.5"),
      ([:], "+.25", "0.25"),
      ([:], "3.0", "3.0"),  // a float, written as one
      (["decimals": .int(0)], "3.0", "3"),
      (["decimals": .int(2)], "1.50", "1.5"),
      (seats, "2", "2"),
      (seats, "500", "500"),
    ] as [([String: Value], String, String)])
  func accepts(options: [String: Value], text: String, json: String) {
    let item = row(configured(NumberKind(), options), title: "Seats")
    #expect(item.kind.parse(text, for: item).summary == json)
  }

  @Test(
    arguments: [
      ("42", [:], Value.int(42)),
      ("3.0", [:], .double(3)),
      ("3.0", ["decimals": .int(0)], .int(3)),
      ("3", ["decimals": .int(2)], .double(3)),
    ] as [(String, [String: Value], Value)])
  func integerOrFloat(text: String, options: [String: Value], value: Value) {
    let item = row(configured(NumberKind(), options), title: "Seats")
    #expect(item.kind.parse(text, for: item) == .value(value))
  }

  @Test(
    arguments: [
      ([:], "abc", "Seats must be a number (got 'abc')"),
      ([:], "", "Seats must be a number (got '')"),
      ([:], "1e3", "Seats must be a number (got '1e3')"),
      ([:], "1,000", "Seats must be a number (got '1,000')"),
      ([:], "1.2.3", "Seats must be a number (got '1.2.3')"),
      ([:], "-", "Seats must be a number (got '-')"),
      (seats, "1", "Seats must be at least 2"),
      (seats, "501", "Seats must be at most 500"),
      (["decimals": .int(0)], "2.5", "Seats must be a whole number (got 2.5)"),
      (["decimals": .int(2)], "1.234", "Seats takes at most 2 decimals (got 1.234)"),
      (["decimals": .int(1)], "1.25", "Seats takes at most 1 decimal (got 1.25)"),
    ] as [([String: Value], String, String)])
  func refuses(options: [String: Value], text: String, reason: String) {
    let item = row(configured(NumberKind(), options), title: "Seats")
    #expect(item.kind.parse(text, for: item) == .refused(reason))
  }

  @Test(
    arguments: [
      (Value.int(4), [:], "4"),
      (.double(2.5), [:], "2.5"),
      (.double(12.5), ["decimals": .int(2)], "12.50"),
      (.double(-0.5), ["decimals": .int(1)], "-0.5"),
      (.null, [:], ""),
    ] as [(Value, [String: Value], String)])
  func displays(value: Value, options: [String: Value], text: String) {
    let item = row(configured(NumberKind(), options), title: "Seats")
    #expect(item.kind.display(value, for: item) == text)
  }

  @Test(arguments: [
    ("4", "4"),
    ("2.5", "2.5"),
    ("\"7\"", "7"),
    ("null", "null"),
    ("1", "! Seats must be at least 2"),
    ("true", "! Seats takes a number (got boolean)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    let item = row(configured(NumberKind(), Self.seats), title: "Seats")
    #expect(try acceptJSON(json, item) == result)
  }

  @Test func options() {
    var kind = NumberKind()
    #expect(kind.setOption("min", to: .string("x")) == .invalid("'min' must be a number"))
    #expect(kind.setOption("decimals", to: .int(-1)) == .invalid("'decimals' must be a whole number from 0 to 15"))
    #expect(kind.setOption("step", to: .int(1)) == .unknown)
    #expect(kind.setOption("min", to: .int(2)) == .applied)
    #expect(kind.setOption("max", to: .double(9.5)) == .applied)
    #expect(kind.option("min") == .int(2))
    #expect(kind.option("max") == .double(9.5))
    #expect(kind.option("decimals") == .null)
    #expect(kind.optionNames == ["min", "max", "decimals"])
  }

  @Test func editorSaysWhatToType() {
    let item = row(configured(NumberKind(), Self.seats), title: "Seats")
    #expect(item.kind.activate(item) == .edit)
    #expect(item.facts.expects == "a number from 2 to 500")
    #expect(item.facts.noun == "number from 2 to 500")
    let price = row(configured(NumberKind(), ["min": .int(0), "decimals": .int(2)]), title: "Price")
    #expect(price.facts.expects == "a number of at least 0, up to 2 decimals")
    #expect(price.facts.limits == .init(range: .init(min: 0), decimals: 2))
  }
}
