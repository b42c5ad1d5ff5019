import Testing

@testable import FormCore

/// `facts.expects`: what an editor reads, with an example, for every kind;
/// and `adjustment`, the note when a value is changed on the way in.
struct ExpectedInputTests {
  @Test(
    arguments: [
      ("text", [:], "one line of text"),
      ("text", ["secure": .bool(true)], "text, not shown as you type"),
      ("text", ["secure": .bool(true), "max_length": .int(8)], "text, not shown as you type, at most 8 characters"),
      ("longtext", ["max_length": .int(10)], "lines of text, at most 10 characters"),
      ("bool", [:], "y or n"),
      ("number", ["min": .int(1), "max": .int(9)], "a number from 1 to 9"),
      ("float", ["step": .double(0.25)], "a number from 0 to 1, step 0.25"),
      ("masked", ["format": .string("XX-XX")], "4 digits for XX-XX, e.g. 1234"),
      ("masked", [:], "digits, e.g. 12345"),
      // dates: an example in the row's own format, not its pattern
      // and the order figures are read in: 12/03/1990 and 12.03.1990 are not one day
      ("date", [:], "a date, e.g. Nov 30, 2026 or 2026-11-30; 11/30/2026 reads month first, 30.11.2026 day first"),
      (
        "date", ["format": .string("dd.MM.yyyy")],
        "a date, e.g. 30.11.2026 or 2026-11-30; figures read day first (30/11/2026)"
      ),
      (
        "date", ["format": .string("yyyy-MM-dd")],
        "a date, e.g. 2026-11-30; 11/30/2026 reads month first, 30.11.2026 day first"
      ),
      ("date", ["mode": .string("time"), "format": .string("hh:mm a")], "a time, e.g. 02:05 PM or 14:05"),
      (
        "date", ["mode": .string("datetime"), "format": .string("EEE MMM d, yyyy HH:mm")],
        "a date and time, e.g. Mon Nov 30, 2026 14:05 or 2026-11-30T14:05"
      ),
      (
        "radio", ["options": .list([.string("Red"), .string("Blue")])],
        "a number from 1 to 2 or an option, e.g. 1 for Red"
      ),
      ("segmented", [:], "no options to choose from"),
      (
        "multiple", ["options": .list([.string("A"), .string("B"), .string("C")])],
        "numbers or options separated by commas, e.g. 1, 2"
      ),
      ("creditcard", [:], "NUMBER MM/YY CVV, e.g. 4242 4242 4242 4242 12/28 123"),
    ] as [(String, [String: Value], String)])
  func eachKindSaysWhatItReads(kind: String, options: [String: Value], expected: String) {
    var k = Kinds.builtIn[kind]!
    for (key, value) in options.sorted(by: { $0.key < $1.key }) { #expect(k.setOption(key, to: value) == .applied) }
    let item = Item(kind: k, title: "Row")
    #expect(k.facts(for: item).expects == expected)
  }

  @Test(
    arguments: [
      ("0.73", "0.73 → 0.7 (step 0.1)"),
      ("0.35", "0.35 → 0.4 (step 0.1)"),
      ("0.7", nil),
      ("1", nil),
    ] as [(String, String?)])
  func aSnappedFloatSaysSo(typed: String, note: String?) {
    let item = row(FloatKind(step: 0.1), title: "Volume")
    guard case .value(let v) = item.kind.parse(typed, for: item) else {
      Issue.record("\(typed) refused")
      return
    }
    #expect(item.kind.adjustment(of: typed, to: v, for: item) == note)
  }

  @Test(
    arguments: [
      ("5551234567", nil),
      ("(555) 123-4567", nil),
      ("555 123 4567 89", "555123456789 → (555) 123-4567 (the format holds 10 digits; 2 more were cut)"),
      ("55512345678", "55512345678 → (555) 123-4567 (the format holds 10 digits; 1 more was cut)"),
    ] as [(String, String?)])
  func aCutMaskSaysSo(typed: String, note: String?) {
    let item = row(MaskedKind(format: "(XXX) XXX-XXXX"), title: "Phone")
    guard case .value(let v) = item.kind.parse(typed, for: item) else {
      Issue.record("\(typed) refused")
      return
    }
    #expect(item.kind.adjustment(of: typed, to: v, for: item) == note)
  }

  @Test(arguments: ["555abc1234", "555-123-456x", "phone"])
  func aMaskedRowRefusesLettersInsteadOfDroppingThem(typed: String) {
    let item = row(MaskedKind(format: "(XXX) XXX-XXXX"), title: "Phone")
    guard case .refused(let why) = item.kind.parse(typed, for: item) else {
      Issue.record("'\(typed)' was read")
      return
    }
    #expect(why.contains("not letters"))
  }
}
