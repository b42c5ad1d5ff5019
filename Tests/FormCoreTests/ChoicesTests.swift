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
}
