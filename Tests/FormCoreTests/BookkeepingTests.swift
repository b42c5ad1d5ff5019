import Testing

@testable import FormCore

/// A seeded generator (SplitMix64), so a failing sequence can be replayed.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What a section's counts are when recomputed by walking every item.
struct Recount: Equatable {
  var invalid = 0
  var shown = 0
  var accessories = 0
  var widest = 0
  var errors: [String] = []

  init(_ section: Section) {
    for item in section.items where !item.hidden {
      shown += 1
      if !item.errors.isEmpty {
        invalid += 1
        errors.append(item.errors[0])
      }
      if item.accessory != .none { accessories += 1 }
      widest = max(widest, item.alignedTitleWidth ?? 0)
    }
    if section.hidden { errors = [] }
  }

  /// The same figures as the section keeps them, edit by edit.
  init(kept section: Section) {
    invalid = section.invalidCount
    shown = section.shownCount
    accessories = section.accessoryCount
    widest = section.widestTitle
    errors = section.errors
  }
}

/// Random edits, hides and removals on a large form; the kept counts must equal a fresh count.
enum Churn {
  static let titles = ["A", "Name", "Street address", "Very long title for a row", "名前", "x", ""]

  static func makeForm(rows: Int, validators: [any Validator]) throws -> Form {
    let form = Form()
    for s in 0..<2 {
      let section = form.addSection("Section \(s)")
      for i in 0..<rows / 2 { try section.append(item(i + s * rows, validators: validators)) }
    }
    return form
  }

  static func item(_ n: Int, validators: [any Validator]) -> Item {
    if n % 7 == 0 {
      // a row with no value: it aligns a title only while its detail shows
      let action = Item(kind: ActionKind(), title: titles[n % titles.count])
      action.detail = n % 2 == 0 ? "more" : nil
      return action
    }
    let item = Item(kind: TextKind(), title: titles[n % titles.count], name: "f\(n)")
    item.validators = validators
    return item
  }

  /// One random change; returns a short description for failure messages.
  static func step(_ form: Form, _ rng: inout SeededRandom, validators: [any Validator], next: inout Int) -> String {
    let section = form.sections[Int.random(in: 0..<form.sections.count, using: &rng)]
    guard !section.items.isEmpty else {
      try! section.append(Churn.item(next, validators: validators))
      next += 1
      return "append to empty"
    }
    var i = Int.random(in: 0..<section.items.count, using: &rng)
    // one step in four acts on a row with the widest title, so that the widest
    // width often loses its last row and must fall back to the next
    if Int.random(in: 0..<4, using: &rng) == 0 {
      let widest = section.items.indices.filter { !section.items[$0].hidden }
        .max { (section.items[$0].alignedTitleWidth ?? -1) < (section.items[$1].alignedTitleWidth ?? -1) }
      i = widest ?? i
    }
    let item = section.items[i]
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<35:
      let text = ["", "ab", "a valid value", " "].randomElement(using: &rng)!
      if item.kind.hasValue { form.setValue(item, .string(text), origin: .user) } else { item.detail = text }
      return "set row \(i) to '\(text)'"
    case 35..<50:
      // mostly short titles, a few long ones: the widest is often held by one row
      let long = Int.random(in: 0..<20, using: &rng) == 0
      item.title =
        long ? String(repeating: "w", count: Int.random(in: 26...60, using: &rng)) : titles.randomElement(using: &rng)!
      return "retitle row \(i)"
    case 50..<58:
      item.enabled.toggle()
      return "toggle enabled of row \(i)"
    case 58..<66:
      item.accessory = Accessory.allCases.randomElement(using: &rng)!
      return "accessory of row \(i)"
    case 66..<80:
      item.hidden.toggle()
      return "toggle hidden of row \(i)"
    case 80..<88:
      section.remove(at: i)
      return "remove row \(i)"
    case 88..<96:
      try! section.insert(Churn.item(next, validators: validators), at: i)
      next += 1
      return "insert at \(i)"
    default:
      section.hidden.toggle()
      return "toggle hidden of a section"
    }
  }
}

struct BookkeepingTests {
  @Test(arguments: [1 as UInt64, 2, 3])
  func keptCountsEqualAFreshCountAfterRandomChurn(seed: UInt64) throws {
    let validators: [any Validator] = [PresenceCheck()]
    let form = try Churn.makeForm(rows: 1_000, validators: validators)
    var rng = SeededRandom(seed: seed)
    var next = 10_000
    for n in 0..<3_000 {
      let what = Churn.step(form, &rng, validators: validators, next: &next)
      // checking every step would be quadratic; every 50th and the last suffice to catch drift
      guard n % 50 == 0 || n == 2_999 else { continue }
      for section in form.sections {
        var kept = Recount(kept: section)
        var fresh = Recount(section)
        // the messages are compared apart so that a failure prints only the counts
        let sameErrors = kept.errors == fresh.errors
        #expect(sameErrors, "seed \(seed), step \(n): \(what): the section's errors differ")
        (kept.errors, fresh.errors) = ([], [])
        #expect(kept == fresh, "seed \(seed), step \(n): \(what)")
      }
      let shown = form.sections.filter { !$0.hidden }
      #expect(form.invalidCount == shown.reduce(0) { $0 + Recount($1).invalid }, "step \(n): \(what)")
      #expect(form.shownRowCount == form.rows.count, "step \(n): \(what)")
      let sameErrors = form.errors == form.sections.flatMap { Recount($0).errors }
      #expect(sameErrors, "seed \(seed), step \(n): \(what): the form's errors differ")
    }
  }

  @Test func anItemMovedToAnotherSectionLeavesTheCountsOfTheFirst() throws {
    let form = Form()
    let a = form.addSection("A")
    let b = form.addSection("B")
    let item = Item(kind: TextKind(), title: "A long enough title", name: "x")
    item.validators = [PresenceCheck()]
    try a.append(item)
    try a.append(Item(kind: TextKind(), title: "Short"))
    try b.insert(item, at: 0)
    #expect(a.items.count == 1 && b.items.first === item)
    #expect(Recount(kept: a) == Recount(a))
    #expect(Recount(kept: b) == Recount(b))
    #expect(form.invalidCount == 1 && form.shownRowCount == 2 && form.find("x") === item)
  }

  @Test func theWidestTitleFallsBackWhenItsLastRowGoes() throws {
    let form = Form()
    let s = form.addSection()
    let wide = Item(kind: TextKind(), title: "A much wider title")
    let twin = Item(kind: TextKind(), title: "Another wide title")
    try s.append(Item(kind: TextKind(), title: "Short"))
    try s.append(wide)
    try s.append(twin)
    #expect(s.widestTitle == 18)
    wide.hidden = true
    #expect(s.widestTitle == 18)  // the twin still has that width
    twin.title = "Mid title"
    #expect(s.widestTitle == 9)
    s.remove(twin)
    #expect(s.widestTitle == 5)
    wide.hidden = false
    wide.enabled = false
    #expect(s.widestTitle == 18 + 11)  // " (disabled)"
  }
}

/// `presence` without a form (the validators a test builds by hand).
struct PresenceCheck: Validator {
  var source: String { "presence" }
  func check(_ value: Value, item: Item) -> [String] { value.isBlank ? ["\(item.label) can't be blank."] : [] }
}
