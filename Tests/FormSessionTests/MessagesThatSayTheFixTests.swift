import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// Messages that say the fix: choices typed with spaces, dates in their
/// common forms, ambiguous options with their numbers, a first-screen hint
/// that fits the width, and help that lists only what applies.
struct MessagesThatSayTheFixTests {
  func row(_ kind: any ItemKind, title: String = "Topics", names: DateNames? = nil) throws -> (Form, Item) {
    let form = Form()
    if let names { form.dateNames = names }
    let item = Item(kind: kind, title: title, name: title.lowercased())
    try form.addSection().append(item)
    return (form, item)
  }

  @Test(arguments: [("lua rust", "Lua, Rust"), ("go  shell lua", "Go, Shell, Lua")])
  func choicesTypedWithSpacesSayToUseCommas(text: String, fix: String) throws {
    let (_, item) = try row(MultipleKind(options: ["Lua", "Swift", "Go", "Rust", "Python", "Shell"]))
    guard case .refused(let why) = item.kind.parse(text, for: item) else {
      Issue.record("'\(text)' was taken")
      return
    }
    #expect(why.hasSuffix("separate choices with commas: " + fix), "\(why)")
  }

  static let french = DateNames(
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
      "décembre",
    ], days: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"])

  @Test(
    arguments: [
      ("12/03/1990", nil, nil, "1990-12-03"),  // English: the month first
      ("12/03/1990", "dd/MM/yyyy", nil, "1990-03-12"),  // the row's own order of figures
      ("12/03/1990", nil, "fr", "1990-03-12"),  // another language: the day first
      ("25/12/1990", nil, nil, "1990-12-25"),  // no 25th month: the day first
      ("March 12 1990", nil, nil, "1990-03-12"),
      ("March 12, 1990", nil, nil, "1990-03-12"),
      ("12 March 1990", nil, nil, "1990-03-12"),
      ("12 mar 1990", nil, nil, "1990-03-12"),
      ("12 mars 1990", nil, "fr", "1990-03-12"),
      ("1990-3-12", nil, nil, "1990-03-12"),
    ] as [(String, String?, String?, String)])
  func theCommonFormsOfADayAreRead(text: String, format: String?, language: String?, iso: String) throws {
    var kind = DateKind()
    if let format { #expect(kind.setOption("format", to: .string(format)) == .applied) }
    let (form, item) = try row(kind, title: "Birthday", names: language == nil ? nil : Self.french)
    withExtendedLifetime(form) { #expect(item.kind.parse(text, for: item) == .value(.string(iso))) }
  }

  @Test func aRefusedDateListsTheFormsItReads() throws {
    let (_, item) = try row(DateKind(), title: "Birthday")
    #expect(
      item.kind.parse("the twelfth", for: item)
        == .refused(
          "Birthday must be a date such as 2026-11-30, Nov 30, 2026, 11/30/2026 or November 30 2026 (got 'the twelfth')"
        ))
    let (form, french) = try row(DateKind(), title: "Jour", names: Self.french)
    guard case .refused(let why) = withExtendedLifetime(form, { french.kind.parse("demain", for: french) }) else {
      Issue.record("'demain' was taken")
      return
    }
    #expect(why.contains("30/11/2026 or 30 novembre 2026"), "\(why)")
  }

  @Test func anAmbiguousOptionListsTheCandidatesWithTheirNumbers() throws {
    let (form, _) = try row(RadioKind(options: ["Free", "Plus", "Pro", "Team"]), title: "Plan")
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 60))
    #expect(
      session.send("plan p") == ["! 'p' could be more than one option of Plan: 2 Plus, 3 Pro (value unchanged)"])
  }

  @Test(arguments: [40, 60, 100])
  func theFirstScreensHintFitsTheWidthBetweenWords(width: Int) throws {
    let (form, _) = try row(TextKind(), title: "Name")
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: width))
    let lines = session.greeting()
    #expect(lines.allSatisfy { Cells.width($0) <= width }, "\(lines)")
    let words = lines.joined(separator: " ").split(separator: " ")
    #expect(words.contains("unique") && words.contains("beginning") && words.contains("submit"))
    // no word was cut: every word is one of the hint's
    let hint = StandardVoice().wrapped(lines.joined(separator: " "), width: 10_000)[0]
    #expect(lines.allSatisfy { line in line.split(separator: " ").allSatisfy { hint.contains($0) } })
    #expect(!lines.contains { $0.hasSuffix("-") })
  }

  @Test func helpListsOnlyTheCommandsThatApply() throws {
    let (form, item) = try row(TextKind(), title: "Name")
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 60), driver: .fill)
    let plain = session.send("?").joined(separator: "\n")
    for word in ["do N", "delete N", "move N M", "insert", "detail N"] {
      #expect(!plain.contains("  " + word), "\(word) on a form without it")
    }
    #expect(plain.contains("submit, s"))
    item.rowActions.deletable = true
    item.rowActions.actions = [RowAction(title: "Archive", run: ClosureHandler { _ in .returned([]) })]
    let rows = session.send("?").joined(separator: "\n")
    #expect(rows.contains("  delete N") && rows.contains("  do N ACTION"))
    #expect(!rows.contains("  move N M"))
  }
}

/// A refusal says back what was typed so that it can be read: invisible
/// characters written out, a long line cut; a byte-order mark is dropped.
struct EchoTests {
  func session() throws -> Session {
    let form = Form()
    try form.addSection().append(Item(kind: TextKind(), title: "Item", name: "item"))
    let session = Session(
      form: form, host: TestHost(), renderer: Renderer(width: 40), voice: StandardVoice(quiet: true))
    _ = session.start()
    return session
  }

  @Test func aByteOrderMarkBeginningALineIsDropped() throws {
    let s = try session()
    _ = s.send("\u{FEFF}item tea")
    #expect(s.form.find("item")?.value == .string("tea"))
    let walk = Walk(session: try session())
    _ = walk.start()
    _ = walk.read("\u{FEFF}coffee")
    #expect(walk.session.form.find("item")?.value == .string("coffee"))
  }

  @Test func anInvisibleCharacterIsWrittenOut() throws {
    let said = try session().send("\u{200B}t").joined()
    #expect(said.contains("'\\u{200B}t'"), "\(said)")
  }

  @Test func aLongLineIsCutInTheRefusal() throws {
    let long = String(repeating: "z", count: 100_000)
    let said = try session().send(long).joined()
    #expect(said.count < 200, "\(said.count) characters")
    #expect(said.contains(String(repeating: "z", count: 80) + "… (99920 more characters)"), "\(said)")
  }
}
