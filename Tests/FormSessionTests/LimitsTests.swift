import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// Limits are said before they are failed: a text's length, a choice's
/// count, a date's bounds, a number's range and step — in the editor's
/// prompt, in `show N`, in the walk's question and in the accessible voice;
/// a row whose validators refuse an empty value is marked required.
struct LimitsTests {
  func form() throws -> Form {
    let form = Form(title: "Limits")
    let s = form.addSection()
    let password = Item(kind: TextKind(secure: true), title: "Password", name: "password")
    password.validators = [try Validators.make("length(8, 64)", in: form)]
    try s.append(password)
    let topics = Item(kind: MultipleKind(options: ["Lua", "Swift", "Go"]), title: "Topics", name: "topics")
    topics.validators = [try Validators.make("count(1, 2)", in: form)]
    try s.append(topics)
    var day = DateKind()
    #expect(day.setOption("min", to: .string("1900-01-01")) == .applied)
    #expect(day.setOption("max", to: .string("2026-12-31")) == .applied)
    try s.append(Item(kind: day, title: "Birthday", name: "birthday"))
    let score = Item(kind: NumberKind(min: 0, max: 100), title: "Score", name: "score")
    score.validators = [try Validators.make("range(10, 20)", in: form)]
    try s.append(score)
    try s.append(Item(kind: FloatKind(min: 0, max: 1, step: 0.25), title: "Volume", name: "volume"))
    return form
  }

  static let said: [(name: String, limit: String)] = [
    ("password", "8 to 64 characters"), ("topics", "choose 1 to 2"), ("birthday", "from 1900-01-01 to 2026-12-31"),
    ("score", "from 10 to 20"), ("volume", "step 0.25"),
  ]

  @Test(arguments: said)
  func everyVoiceSaysTheLimitBeforeItIsFailed(name: String, limit: String) throws {
    let form = try form()
    let item = try #require(form.find(name))
    let framed = Session(form: form, host: TestHost(), renderer: Renderer(width: 72))
    let opened = framed.send(name)
    #expect(opened.contains { $0.hasPrefix(item.title + " (") && $0.contains(limit) }, "editor: \(opened)")
    _ = framed.send(":q")
    let shown = framed.send("show \(name)")
    #expect(shown.contains { $0.hasPrefix("  type") && $0.contains(limit) }, "show N: \(shown)")
    // the walk (the framed voice's) and the accessible walk
    let walk = Walk(session: framed, from: item)
    #expect(walk.start().contains { $0.contains(limit) }, "walk")
    let accessible = Session(form: form, host: TestHost(), renderer: Renderer(width: 72), voice: AccessibleVoice())
    let brief = Walk(session: accessible, from: item)
    #expect(brief.start().contains { $0.contains(limit) }, "accessible walk: \(brief.start())")
    #expect(accessible.send("show \(name)").joined(separator: " ").contains(limit), "accessible show N")
  }

  @Test func aCountThatRefusesNothingChosenMarksTheRowRequired() throws {
    let form = try form()
    let topics = try #require(form.find("topics"))
    #expect(topics.isRequired)
    #expect(Renderer(width: 60).render(form).contains { $0.contains("Topics *") })
    #expect(Spoken.row(topics, in: form)[0].contains("required"))
    #expect(StandardVoice().full(topics).contains("  required     yes"))
    #expect(try #require(form.find("password")).isRequired == false, "a length is no requirement")
  }

  /// A date row's example is one the row takes: outside its bounds it would teach a refusal.
  @Test(arguments: [
    ("date", "1900-01-01", "2020-12-31", "2020-12-31"), ("date", "2030-06-01", nil, "2030-06-01"),
    ("datetime", nil, "2020-03-01", "2020-03-01T14:05"), ("time", "15:00", "18:00", "15:00"),
    ("date", nil, nil, "2026-11-30"),
  ])
  func aDatesExampleLiesWithinItsBounds(mode: String, min: String?, max: String?, example: String) throws {
    let form = Form()
    var kind = DateKind()
    #expect(kind.setOption("mode", to: .string(mode)) == .applied)
    if let min { #expect(kind.setOption("min", to: .string(min)) == .applied) }
    if let max { #expect(kind.setOption("max", to: .string(max)) == .applied) }
    let item = Item(kind: kind, title: "When", name: "when")
    try form.addSection().append(item)
    let facts = item.facts
    #expect(facts.examples.last == example)
    for typed in facts.examples {
      guard case .value = item.kind.parse(typed, for: item) else {
        Issue.record("the example \(typed) is refused")
        continue
      }
    }
    // the editor shows it, and a refusal lists it first
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 72))
    #expect(session.send("when").contains { $0.contains("e.g. ") && $0.contains(example) })
    #expect(session.send("nonsense").contains { $0.contains("such as \(example)") })
  }

  /// A number's bounds that a `range` narrows are said once, as the narrowed
  /// bounds: `from 0 to 100; from 10 to 20` read the wrong bounds first.
  @Test func aNumbersBoundsNarrowedByItsValidatorsAreSaidOnce() throws {
    let form = try form()
    let score = try #require(form.find("score"))
    #expect(score.facts.expects == "a number from 10 to 20")
    #expect(score.facts.noun == "number from 10 to 20")
    #expect(score.facts.examples == ["10"], "the example is one the validators take")
    let open = Item(kind: NumberKind(), title: "Count", name: "count")
    open.validators = [try Validators.make("range(1, )", in: form)]
    try form.sections[0].append(open)
    #expect(open.facts.expects == "a number of at least 1")
    #expect(StandardVoice().full(open).contains("  type         a number of at least 1"))
  }
}
