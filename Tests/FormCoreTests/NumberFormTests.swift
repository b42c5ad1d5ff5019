import Testing

@testable import FormCore

/// A number keeps its form on the way out: a float is written as a float
/// (`2.0`, `-0.0`), an integer as an integer; a number too close to 0 or too
/// far from it to be held is refused in words that say which.
struct NumberFormTests {
  @Test(arguments: [
    (Value.double(2), "2.0"), (.double(-0.0), "-0.0"), (.double(0), "0.0"), (.double(0.5), "0.5"),
    (.double(-3), "-3.0"), (.double(1e15), "1000000000000000.0"), (.double(1e16), "1e+16"),
    (.double(123_456_789_012_345), "123456789012345.0"),
    (.double(1e-7), "1e-07"), (.double(.infinity), "null"), (.int(2), "2"), (.int(0), "0"), (.int(-7), "-7"),
  ])
  func floatsAreWrittenAsFloats(value: Value, json: String) throws {
    #expect(JSON.encode(value) == json)
    // and read back as the same value, sign of zero included
    if value.number?.isFinite == true {
      let back = try JSON.decode(json)
      #expect(back == value)
      if case .double(let d) = value, case .double(let e) = back { #expect(d.sign == e.sign) }
    }
  }

  @Test func aNumberRowKeepsWhatWasTyped() {
    let kind = NumberKind()
    let item = row(kind, title: "Num")
    #expect(kind.parse("2.0", for: item) == .value(.double(2)))
    #expect(kind.parse("2", for: item) == .value(.int(2)))
    guard case .value(.double(let z)) = kind.parse("-0.0", for: item) else {
      Issue.record("-0.0 is no float")
      return
    }
    #expect(z == 0 && z.sign == .minus)
    guard case .value(.double(let a)) = kind.accept(.double(-0.0), for: item) else {
      Issue.record("-0.0 from JSON is no float")
      return
    }
    #expect(a.sign == .minus)
  }

  @Test func aNumberTooCloseToZeroIsRefusedNotMadeZero() {
    let tiny = "0." + String(repeating: "0", count: 398) + "1"
    for kind in [NumberKind() as any ItemKind, FloatKind(min: -1, max: 1)] {
      let item = row(kind, title: "Num")
      guard case .refused(let why) = kind.parse(tiny, for: item) else {
        Issue.record("\(kind.name): 1e-400 was taken")
        return
      }
      #expect(why.hasPrefix("Num is too close to 0 to be held (got 0.0000000000"), "\(why)")
      #expect(why.count < 120, "the whole text is repeated: \(why)")
      // a zero written with many zeros is a zero; the smallest double is held
      #expect(kind.parse("0.000000000000000000000000000000", for: item) != .refused(why))
      #expect(kind.parse("-" + tiny, for: item) != .value(.double(-0.0)))
    }
    let item = row(NumberKind(), title: "Num")
    if case .value(let v) = NumberKind().parse("0." + String(repeating: "0", count: 322) + "5", for: item) {
      #expect(v.number! > 0)
    } else {
      Issue.record("a subnormal was refused")
    }
  }

  @Test func aNumberBeyondTheLimitsSaysWhichLimit() {
    let kind = NumberKind()
    let item = row(kind, title: "N")
    #expect(
      kind.parse("-9223372036854775809", for: item)
        == .refused("N is too small (got -9223372036854775809; the limit is -9223372036854775808)"))
    #expect(
      kind.parse("9223372036854775808", for: item)
        == .refused("N is too large (got 9223372036854775808; the limit is 9223372036854775807)"))
    #expect(kind.parse("-9223372036854775808", for: item) == .value(.int(.min)))
    #expect(kind.parse("9223372036854775807", for: item) == .value(.int(.max)))
  }
}
