import Testing

@testable import FormCore

struct ChoicesTests {
  /// What `pick` answered before it read the options in one pass: lowercased
  /// copies compared for equality, then prefix, then containment.
  func reference(_ c: Choices, _ token: String) -> [Int] {
    let lower = token.trimmingSpaces.lowercased()
    let same = c.options.indices.filter { c.options[$0].lowercased() == lower }
    if !same.isEmpty { return same }
    let prefixed = c.options.indices.filter { c.options[$0].lowercased().hasPrefix(lower) }
    if !prefixed.isEmpty { return prefixed }
    return c.options.indices.filter { c.options[$0].lowercased().contains(lower) }
  }

  @Test(arguments: ["team", "TE", "t", "pro", "ÉCL", "écl", "eclair", "air", "z", "ro", "é", "a\tb", "Ü"])
  func anyCaseMatchesAsLowercasedCopiesDo(token: String) {
    let options =
      ["Team", "Tiny", "Pro", "Éclair", "eclairs", "Profile", "Über", "a\tb", "MiXeD caSe"]
      + (1...10).map { "filler \($0)" }
    let c = Choices(options)
    let expected = reference(c, token)
    switch c.pick(token, what: "Plan") {
    case .index(let i): #expect(expected == [i] || c.options[i] == token.trimmingSpaces)
    case .refused(let why):
      if expected.count > 1 {
        #expect(why.contains("could be more than one") || why.contains("containing it"))
      } else {
        #expect(expected.isEmpty, "refused '\(token)' though \(expected) match: \(why)")
      }
    }
  }

  @Test func aLongListIsReadOnceAndFindsItsDuplicates() throws {
    let many = (1...40_000).map { Value.string("Option \($0)") }
    let c = try Choices.read(.list(many)).get()
    #expect(c.index(of: "Option 40000") == 39_999)
    #expect(c.pick("option 12345", what: "Pick") == .index(12_344))
    #expect(Choices.read(.list(many + [.string("Option 7")])) == .failure(.init("'options' has 'Option 7' twice")))
  }

  /// huh's NewOption(key, value): an exact label wins, then an exact value,
  /// then a number, then a label's start; the value is what the row holds.
  @Test func labelsApartFromValues() throws {
    func option(_ label: String, _ value: Value) -> Value {
      .record([.init("label", .string(label)), .init("value", value)])
    }
    let c = try Choices.read(
      .list([option("One", .int(2)), option("Two", .int(1)), .string("3"), option("US", .string("CA"))])
    )
    .get()
    #expect(c.labelled)
    #expect(c.pick("One", what: "N") == .index(0))
    #expect(c.pick("1", what: "N") == .index(1))  // the value 1, not the first option
    #expect(c.pick("3", what: "N") == .index(2))  // a label
    #expect(c.pick("4", what: "N") == .index(3))  // a number
    #expect(c.pick("CA", what: "N") == .index(3))
    #expect(c.pick("tw", what: "N") == .index(1))
    #expect(c.value(at: 0) == .int(2))
    #expect(c.index(ofValue: .int(1)) == 1)
    #expect(c.index(ofValue: .string("US")) == nil)
    #expect(c.label(of: .string("CA")) == "US")
    #expect(c.label(of: .string("gone")) == "gone")
    guard case .refused(let why) = c.pick("zz", what: "N") else {
      Issue.record("zz was taken")
      return
    }
    #expect(why == "N has no option 'zz' (options: One (2), Two (1), 3, US (CA))")
    #expect(
      c.value == .list([option("One", .int(2)), option("Two", .int(1)), .string("3"), option("US", .string("CA"))]))
    #expect(!(try Choices.read(.list([.string("A"), .string("B")])).get()).labelled)
    #expect(
      Choices.read(.list([option("A", .string("x")), option("B", .string("x"))]))
        == .failure(.init("'options' has the value 'x' twice")))
    #expect(
      Choices.read(.list([.string("x"), option("B", .string("x"))]))
        == .failure(.init("'options' has the value 'x' twice")))
  }
}
