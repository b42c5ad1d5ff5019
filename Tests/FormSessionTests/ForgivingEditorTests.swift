import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// Item 6 of the terminal issue: editors that explain what they read, keep
/// the value on an empty line, leave on `:q`, stay open on every refusal and
/// say when a value was changed on the way in.
struct ForgivingEditorTests {
  /// A form with one row of each kind that opens an editor.
  func controls() throws -> Form {
    let form = Form()
    let s = form.addSection()
    try s.append(Item(kind: TextKind(), title: "Name", name: "name"))
    try s.append(Item(kind: LongTextKind(), title: "Notes", name: "notes"))
    try s.append(Item(kind: MaskedKind(format: "(XXX) XXX-XXXX"), title: "Phone", name: "phone"))
    try s.append(Item(kind: NumberKind(), title: "Seats", name: "seats"))
    try s.append(Item(kind: FloatKind(min: 0, max: 1, step: 0.1), title: "Volume", name: "volume"))
    var date = DateKind()
    date.format = try DatePattern.compile("MM/dd/yyyy").get()
    try s.append(Item(kind: date, title: "Birthday", name: "birthday"))
    try s.append(Item(kind: RadioKind(options: ["Free", "Pro"]), title: "Plan", name: "plan"))
    try s.append(
      Item(kind: CreditCardKind(today: { CivilDate(year: 2026, month: 11, day: 30) }), title: "Card", name: "card"))
    return form
  }

  func session(_ form: Form) -> Session { Session(form: form, host: TestHost(), renderer: Renderer(width: 60)) }

  static let editors = ["name", "notes", "phone", "seats", "volume", "birthday", "plan", "card"]

  @Test(arguments: editors)
  func colonQLeavesTheEditorChangingNothing(name: String) throws {
    let form = try controls()
    let s = session(form)
    let item = form.find(name)!
    let before = item.value
    guard case .editorOpened = s.read(name) else {
      Issue.record("\(name) opened no editor")
      return
    }
    #expect(s.read(" :q ") == .editorLeft(item))
    #expect(s.editing == nil)
    #expect(item.value == before)
    #expect(!item.edited)
    #expect(s.send("help").count > 1, "the next line is a command again")
  }

  @Test(arguments: [
    ("phone", "555abc1234"),
    ("seats", "many"),
    ("volume", "2"),
    ("birthday", "tomorrow"),
    ("plan", "Gold"),
    ("card", "4242 4242 4242 4241 12/30 123"),  // fails the Luhn check: refused like the others
    ("card", "4242424242424242 05/26 123"),  // expired
  ])
  func everyRefusalKeepsTheEditorOpen(name: String, bad: String) throws {
    let form = try controls()
    let s = session(form)
    let item = form.find(name)!
    let before = item.value
    _ = s.read(name)
    let out = s.send(bad)
    #expect(out.count == 1 && out[0].hasPrefix("! ") && out[0].hasSuffix("(value unchanged)"), "\(out)")
    #expect(s.editing === item, "the editor of \(name) closed on '\(bad)'")
    #expect(item.value == before)
    #expect(s.read(":q") == .editorLeft(item))
  }

  @Test(arguments: [
    ("volume 0.73", "Volume: 0.73 → 0.7 (step 0.1)", Value.double(0.7)),
    ("volume 0.35", "Volume: 0.35 → 0.4 (step 0.1)", .double(0.4)),
    (
      "phone 555123456789", "Phone: 555123456789 → (555) 123-4567 (the format holds 10 digits; 2 more were cut)",
      .string("5551234567")
    ),
  ])
  func aValueChangedOnTheWayInSaysSo(line: String, note: String, value: Value) throws {
    let form = try controls()
    let s = session(form)
    let out = s.send(line)
    #expect(out.last == note)
    #expect(form.find(String(line.split(separator: " ")[0]))!.value == value)
  }

  @Test(arguments: ["volume 0.7", "phone 5551234567", "phone (555) 123-4567", "seats 3"])
  func aValueTakenAsTypedHasNoNote(line: String) throws {
    let form = try controls()
    guard case .changed = session(form).read(line) else {
      Issue.record("'\(line)' was not a plain change")
      return
    }
  }

  @Test func anEditorSaysWhatItReadsAndTheValueNow() throws {
    let form = try controls()
    let s = session(form)
    _ = s.send("birthday 2001-02-03")
    let out = s.send("birthday")
    #expect(
      out == [
        "Birthday (a date, e.g. 11/30/2026 or 2026-11-30; 11/30/2026 reads month first, 30.11.2026 day first):",
        "now: 02/03/2001",
        "(an empty line keeps the value; :q leaves it unchanged)",
      ])
    #expect(s.prompt == "Birthday: ")
    #expect(s.send("") == ["(unchanged)"])
    #expect(form.find("birthday")!.value == .string("2001-02-03"))
    // a multi-line value is shown whole
    _ = s.send("notes")
    _ = s.send("first")
    _ = s.send("second")
    _ = s.send(".")
    #expect(s.send("notes").contains("     second"))
  }

  @Test func aSecretValueIsNeverShownInTheEditor() throws {
    let form = Form()
    try form.addSection().append(Item(kind: TextKind(secure: true), title: "Password", name: "password"))
    let s = session(form)
    _ = s.send("password hunter22x")
    let out = s.send("password")
    #expect(!out.joined().contains("hunter22x") && !out.contains { $0.hasPrefix("now:") })
    #expect(s.prompt == "Password: ")
  }

  @Test func quietSaysMessagesButNeverDrawsTheForm() throws {
    let form = try controls()
    let s = Session(form: form, host: TestHost(), renderer: Renderer(width: 60), voice: StandardVoice(quiet: true))
    #expect(s.start() == [])
    #expect(s.send("name Ada") == [])
    #expect(s.send("seats many") == ["! Seats must be a number (got 'many') (value unchanged)"])
    #expect(s.send("volume 0.73") == ["Volume: 0.73 → 0.7 (step 0.1)"])
    #expect(s.send("show") == s.screen(), "show still draws the form")
    let loud = Session(form: try controls(), host: TestHost(), renderer: Renderer(width: 60))
    #expect(loud.send("name Ada") == loud.screen())
  }

  @Test func aFormTallerThanTheTerminalStartsWithItsBeginning() throws {
    let form = Form(title: "Long form")
    let s = form.addSection("Fields")
    for i in 1...38 { try s.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 60))
    session.terminalRows = 30
    let first = session.start()
    #expect(first.count <= 30 - 3, "\(first.count) lines leave no room for the greeting and the prompt")
    #expect(first[0] == "Long form")
    let last = first.last!
    #expect(last.hasPrefix("… ") && last.contains("show prints the whole form"), "\(last)")
    // the rows the next command shows are the ones cut
    guard let from = last.firstMatch(of: #/show (\d+)-38/#).map({ Int($0.1)! }) else {
      Issue.record("no `show N-38` in '\(last)'")
      return
    }
    #expect(first.contains { $0.contains("Field \(from - 1) ") } && !first.contains { $0.contains("Field \(from) ") })
    // in colour the same rows are found
    let coloured = Session(form: form, host: TestHost(), renderer: Renderer(width: 60, theme: .ansi))
    coloured.terminalRows = 30
    #expect(coloured.start().last!.contains("show \(from)-38"))
    // without a terminal, or when it fits, the whole form
    session.terminalRows = nil
    #expect(session.start() == session.screen())
    session.terminalRows = 60
    #expect(session.start() == session.screen())
  }

  /// The rows on the first screen are those the renderer placed there, not
  /// lines that look like rows (a header's second line starting `15  `).
  @Test func theFirstScreenCountsRowsAsDrawnNotAsTheyLook() throws {
    let form = Form(title: "Steps")
    let a = form.addSection("First")
    for i in 1...2 { try a.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    let b = form.addSection("More\n15  of them follow")
    for i in 3...20 { try b.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 60))
    session.terminalRows = 14
    let first = session.start()
    #expect(first.contains { $0.contains("15  of them") }, "\(first)")
    #expect(first.last?.contains("; show 3-20 the rows below") == true, "\(first)")
  }
}
