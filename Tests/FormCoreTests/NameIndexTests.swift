import Testing

@testable import FormCore

/// The form's name index against a dictionary: random sets, replacements and
/// removals (with names reused after removal) must read back the same.
struct NameIndexTests {
  @Test(arguments: [1, 2, 3])
  func readsBackWhatADictionaryWould(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var index = NameIndex()
    var model: [String: Item] = [:]
    for _ in 0..<20_000 {
      let name = "n\(Int.random(in: 0..<2_000, using: &random))"
      if Bool.random(using: &random) {
        let item = Item(kind: TextKind(), name: name)
        index[name] = item
        model[name] = item
      } else {
        index[name] = nil
        model[name] = nil
      }
      let probe = "n\(Int.random(in: 0..<2_100, using: &random))"
      #expect(index[probe] === model[probe])
    }
    #expect(index.count == model.count)
    #expect(Set(index.keys) == Set(model.keys))
    #expect(index.allSatisfy { model[$0.key] === $0.value })
  }

  /// `claim` (a row going into a form): a free name is taken, the row that
  /// holds it already is given back and keeps it, a row claiming its own
  /// name changes nothing; against a dictionary, with removals between.
  @Test(arguments: [4, 5])
  func claimTakesOnlyAFreeName(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var index = NameIndex()
    var model: [String: Item] = [:]
    for _ in 0..<20_000 {
      let name = "n\(Int.random(in: 0..<1_500, using: &random))"
      if Int.random(in: 0..<4, using: &random) == 0 {
        index[name] = nil
        model[name] = nil
        continue
      }
      // the row holding the name claims it again, or another row does
      let again = model[name] != nil && Bool.random(using: &random)
      let item = again ? model[name]! : Item(kind: TextKind(), name: name)
      let other = index.claim(name, for: item)
      if let held = model[name], held !== item {
        #expect(other === held)
      } else {
        #expect(other == nil)
        model[name] = item
      }
      #expect(index[name] === model[name])
    }
    #expect(index.count == model.count)
    #expect(index.allSatisfy { model[$0.key] === $0.value })
  }
}
