import Testing

@testable import FormCore

/// The option tables of the kinds: numbers from scripts are range-checked
/// before they become `Int`s, and every option reads back what was set.
struct KindOptionTests {
  @Test(
    arguments: [
      (Value.double(1e300), "'max_length' must be a whole number of characters from 0 to 1000000000 (got 1e+300)"),
      (.double(.infinity), "'max_length' must be a whole number of characters from 0 to 1000000000 (got inf)"),
      (
        .double(9.223372036854775808e18),
        "'max_length' must be a whole number of characters from 0 to 1000000000 (got 9.223372036854776e+18)"
      ),
      (.double(.nan), "'max_length' must be a whole number of characters"),
      (.int(-1), "'max_length' must be a whole number of characters from 0 to 1000000000 (got -1)"),
    ])
  func hugeLengthsAreRefused(value: Value, message: String) {
    var text = TextKind()
    #expect(text.setOption("max_length", to: value) == .invalid(message))
    var long = LongTextKind()
    #expect(long.setOption("max_length", to: value) == .invalid(message))
  }

  @Test func sliderEndsStayWithinAFiniteSpan() {
    var kind = FloatKind()
    #expect(
      kind.setOption("max", to: .double(1e308))
        == .invalid(
          "'max' must be a number from \(Value.formatNumber(-1e15)) to \(Value.formatNumber(1e15)) (got 1e+308)"))
    #expect(
      kind.setOption("step", to: .double(1e300))
        == .invalid("'step' must be a number above 0 and at most \(Value.formatNumber(1e15))"))
    // the widest slider allowed still draws
    #expect(kind.setOption("min", to: .double(-1e15)) == .applied)
    #expect(kind.setOption("max", to: .double(1e15)) == .applied)
    let item = row(kind, title: "x", value: .double(1e15))
    #expect(item.displayValue == "[##########] 1000000000000000")
  }

  /// Every option of every built-in kind reads back what a fresh kind holds,
  /// and setting that same value again is accepted.
  @Test(arguments: Kinds.builtIn.keys.sorted())
  func optionsRoundTrip(kind name: String) {
    var kind = Kinds.builtIn[name]!
    #expect(kind.optionNames == kind.optionInfo.map(\.key))
    for info in kind.optionInfo {
      #expect(kind.option(info.key) == info.initial)
      #expect(kind.setOption(info.key, to: info.initial) == .applied, "\(name).\(info.key)")
      #expect(!info.summary.isEmpty && !info.type.isEmpty)
    }
    #expect(kind.setOption("no_such_option", to: .null) == .unknown)
  }
}
