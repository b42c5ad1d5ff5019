import Testing

@testable import FormCore
@testable import FormRender

/// The drawn columns come from counts a section keeps edit by edit; after a
/// long run of seeded random changes the drawing must equal that of the same
/// form built afresh (whose counts never saw a removal).
struct IncrementalLayoutTests {
  /// SplitMix64: a fixed sequence per seed.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let titles = ["A", "Name", "Street address", "名前", "", "A rather long title for a row", "Zip"]

  func makeItem(_ n: Int, _ form: Form) throws -> Item {
    if n % 5 == 0 {
      let action = Item(kind: ActionKind(), title: Self.titles[n % Self.titles.count])
      action.detail = n % 2 == 0 ? "details" : nil
      return action
    }
    let item = Item(kind: TextKind(), title: Self.titles[n % Self.titles.count], name: "f\(n)")
    item.validators = [try Validators.make("presence", in: form)]
    return item
  }

  /// The same sections and rows, made anew and added in order.
  func rebuilt(_ form: Form) throws -> Form {
    let copy = Form(title: form.title)
    copy.submitAttempted = form.submitAttempted
    for s in form.sections {
      let c = copy.addSection(s.header)
      for item in s.items {
        let i = Item(kind: item.kind, title: item.title, name: item.name)
        i.detail = item.detail
        i.accessory = item.accessory
        i.enabled = item.enabled
        i.hidden = item.hidden
        i.validators = item.validators
        i.edited = item.edited
        try c.append(i)
        i.assign(item.value)
      }
      c.hidden = s.hidden
    }
    return copy
  }

  @Test(arguments: [11 as UInt64, 12])
  func drawingAfterRandomChangesEqualsAFreshDrawing(seed: UInt64) throws {
    let form = Form(title: "Churn")
    var next = 0
    for s in 0..<3 {
      let section = form.addSection("Part \(s)")
      for _ in 0..<300 {
        try section.append(try makeItem(next, form))
        next += 1
      }
    }
    var rng = Seeded(state: seed)
    let renderer = Renderer(width: 70)
    for step in 0..<1_500 {
      let section = form.sections.randomElement(using: &rng)!
      guard !section.items.isEmpty else { continue }
      var i = Int.random(in: 0..<section.items.count, using: &rng)
      if Bool.random(using: &rng) {
        // the row whose title sets the column, so that its width must fall back
        i =
          section.items.indices.filter { !section.items[$0].hidden }
          .max { (section.items[$0].alignedTitleWidth ?? -1) < (section.items[$1].alignedTitleWidth ?? -1) } ?? i
      }
      let item = section.items[i]
      switch Int.random(in: 0..<10, using: &rng) {
      case 0, 1:
        if item.kind.hasValue {
          form.setValue(item, .string(["", "x", "a value"].randomElement(using: &rng)!), origin: .user)
        } else {
          item.detail = [nil, "", "more"].randomElement(using: &rng)!
        }
      case 2, 3: item.title = Self.titles.randomElement(using: &rng)! + (Bool.random(using: &rng) ? "" : " and more")
      case 4: item.enabled.toggle()
      case 5: item.accessory = Accessory.allCases.randomElement(using: &rng)!
      case 6, 7: item.hidden.toggle()
      case 8: section.remove(at: i)
      default:
        try section.insert(try makeItem(next, form), at: i)
        next += 1
      }
      guard step % 100 == 99 else { continue }
      // a message names its row by the title it had when checked: check again
      // so that both forms carry the same messages
      form.validateAll()
      let fresh = try rebuilt(form)
      let same = renderer.render(form) == renderer.render(fresh)
      #expect(same, "seed \(seed), after step \(step): the drawing differs from a fresh one")
      let shown = form.rows
      let probe = shown.isEmpty ? [] : [shown[shown.count / 2]]
      let freshProbe = probe.isEmpty ? [] : [fresh.rows[shown.count / 2]]
      #expect(renderer.renderRows(probe, in: form) == renderer.renderRows(freshProbe, in: fresh))
    }
  }
}
