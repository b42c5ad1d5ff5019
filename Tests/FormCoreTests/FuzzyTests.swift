import Testing

@testable import FormCore

/// The live filter of long choice lists.
struct FuzzyTests {
  static let countries = [
    "Afghanistan", "Albania", "Angola", "Argentina", "Armenia", "Australia", "Austria", "Bangladesh", "Ghana",
  ]

  @Test func theLettersInOrderMatchBestFirst() {
    let found = Fuzzy.filter(Self.countries, by: "agn").map { Self.countries[$0] }
    #expect(Set(found) == ["Afghanistan", "Argentina"])
    #expect(!found.contains("Angola"), "a-n-g: the g comes before the n")
  }

  @Test func aPrefixAndWordStartsComeFirst() {
    let options = ["Bangladesh", "Ghana", "Guinea-Bissau", "New Guinea"]
    #expect(Fuzzy.filter(options, by: "g").first.map { options[$0] } == "Ghana")
    #expect(Fuzzy.filter(options, by: "gui").map { options[$0] }.prefix(2) == ["Guinea-Bissau", "New Guinea"])
    #expect(Fuzzy.filter(["xxa", "a"], by: "a") == [1, 0], "the option that is the letters wins")
  }

  @Test func caseIsIgnoredAndNothingTypedKeepsAll() {
    #expect(Fuzzy.filter(["ÉTÉ", "Ete"], by: "été") == [0])
    #expect(Fuzzy.filter(["b", "a"], by: "") == [0, 1])
    #expect(Fuzzy.score("zz", in: "z") == nil)
  }
}
