import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// A form whose rows share beginnings: Email, Password, Phone, a title with
/// spaces and no name, a name unlike its title, a hidden row.
func people() throws -> Form {
  let form = Form(title: "People")
  let s = form.addSection("Contact")
  s.tag = "contact"
  try s.append(Item(kind: TextKind(), title: "Email", name: "email"))
  try s.append(Item(kind: TextKind(secure: true), title: "Password", name: "password"))
  try s.append(Item(kind: MaskedKind(format: "(XXX) XXX-XXXX"), title: "Phone", name: "phone"))
  try s.append(Item(kind: TextKind(), title: "Full name", name: "who"))
  let more = form.addSection("More options")
  try more.append(Item(kind: ActionKind(), title: "Terms of service"))
  try more.append(Item(kind: FloatKind(min: 0, max: 1, step: 0.1), title: "Volume", name: "volume"))
  try more.append(Item(kind: RadioKind(options: ["Free", "Pro", "Team"]), title: "Plan", name: "plan"))
  let hidden = Item(kind: TextKind(), title: "Secret", name: "secret")
  hidden.hidden = true
  try more.append(hidden)
  return form
}

struct FindingRowsTests {
  func session(_ form: Form) -> Session { Session(form: form, host: TestHost(), renderer: Renderer(width: 60)) }

  // MARK: item 4, rows found the way people name them

  /// Each line sets one row; `row` is the row expected to hold `value` after it.
  @Test(
    arguments: [
      ("1 a@b.co", "email", "a@b.co"),
      ("email a@b.co", "email", "a@b.co"),
      ("Email a@b.co", "email", "a@b.co"),
      ("EMAIL a@b.co", "email", "a@b.co"),
      ("em a@b.co", "email", "a@b.co"),
      ("e a@b.co", "email", "a@b.co"),  // `e` alone is the errors command; with a value, a beginning
      ("pa hunter22x", "password", "hunter22x"),
      ("who Ada Lovelace", "who", "Ada Lovelace"),
      ("full name Ada Lovelace", "who", "Ada Lovelace"),
      ("FULL NAME Ada", "who", "Ada"),
      ("full Ada", "who", "Ada"),
      ("Plan team", "plan", "Team"),
      ("pl 2", "plan", "Pro"),
    ] as [(String, String, String?)])
  func aRowIsSetByNumberNameOrTitle(line: String, name: String, value: String?) throws {
    let form = try people()
    _ = session(form).send(line)
    #expect(form.find(name)!.value.string == value)
  }

  @Test func aRowOpensByTitleAndByABeginning() throws {
    let form = try people()
    let s = session(form)
    for line in ["Full name", "full", "FULL NAME", "4", "who"] {
      guard case .editorOpened(let item, _) = s.read(line) else {
        Issue.record("'\(line)' did not open an editor")
        continue
      }
      #expect(item === form.find("who"))
      _ = s.read(":q")
    }
    if case .changed = s.read("terms of service") {} else { Issue.record("the action row was not chosen by title") }
  }

  @Test(arguments: [
    ("p x", ["password", "phone", "plan"]),
    ("P", ["password", "phone", "plan"]),
    ("f x", ["who"]),  // Full name is the only row beginning with f: no ambiguity
  ])
  func aBeginningOfSeveralRowsNamesThem(line: String, names: [String]) throws {
    let form = try people()
    let outcome = session(form).read(line)
    if names.count == 1 {
      if case .refused = outcome { Issue.record("'\(line)' was refused") }
      return
    }
    let candidates = names.map { form.find($0)! }
    let word = String(line.split(separator: " ")[0])
    #expect(outcome == .refused(.ambiguous(word, candidates: candidates)))
    #expect(
      session(form).send(line) == [
        "'\(word)' could be row 2 (Password), row 3 (Phone), row 7 (Plan): type more of it or the number"
      ])
  }

  /// `--set` and answers files find rows as a typed line does.
  @Test(arguments: ["who", "Full name", "FULL NAME", "full"])
  func prefillFindsRowsByNameOrTitle(name: String) throws {
    let form = try people()
    let s = session(form)
    guard case .changed = s.prefill(name: name, value: .string("Ada")) else {
      Issue.record("'\(name)' was not prefilled")
      return
    }
    #expect(form.find("who")!.value == .string("Ada"))
    #expect(
      s.prefill(name: "p", value: .string("x"))
        == .refused(.ambiguous("p", candidates: ["password", "phone", "plan"].map { form.find($0)! })))
  }

  @Test func hiddenRowsAreNotFoundByTitleOrBeginning() throws {
    let form = try people()
    let s = session(form)
    #expect(s.read("secret x") == .refused(.hidden(name: "secret")))
    #expect(s.read("Secret x") == .refused(.hidden(name: "secret")))
    guard case .refused(.unknownWord("secr", _)) = s.read("secr x") else {
      Issue.record("a beginning of a hidden row's title found it")
      return
    }
    #expect(s.read("e") == .errors([]))
  }

  @Test func commandWordsStillWinAndTheParserTakesWholeTitles() {
    #expect(Command.parse("show") == .show)
    #expect(Command.parse("show 20") == .showPart("20"))
    #expect(Command.parse("l 3-7") == .showPart("3-7"))
    #expect(Command.parse("help names") == .names)
    #expect(Command.parse("? NAMES") == .names)
    #expect(Command.parse("terms of service", titles: ["Terms of service"]) == .activate(.name("terms of service")))
    #expect(Command.parse("terms of service x", titles: ["Terms of service"]) == .set(.name("terms of service"), "x"))
    #expect(Command.parse("clear full name", titles: ["Full name"]) == .clear(.name("full name")))
    // the longest whole title wins
    #expect(Command.parse("a b c d", titles: ["A b", "A b c"]) == .set(.name("a b c"), "d"))
    #expect(Command.parse("terms of service x") == .set(.name("terms"), "of service x"))
  }

  // MARK: show N, show A-B, show SECTION, help names

  @Test func showNPrintsOneRowInFull() throws {
    let form = try people()
    let plan = form.find("plan")!
    plan.detail = "billed monthly"
    plan.placeholder = "choose one"
    plan.description = "You can change it later."
    plan.validators = [try Validators.make("presence", in: form)]
    form.validate(plan)
    let who = form.find("who")!
    let s = session(form)
    _ = s.send("who " + String(repeating: "long ", count: 30) + "end")
    #expect(
      s.send("show 7") == [
        "row 7 (Plan)",
        "  name         plan",
        "  kind         radio",
        "  value        (empty)",
        "  type         a number from 1 to 3 or an option, e.g. 1 for Free",
        "  detail       billed monthly",
        "  description  You can change it later.",
        "  placeholder  choose one",
        "  options      1 Free, 2 Pro, 3 Team",
        "  required     yes",
        "  errors       Plan can't be blank.",
      ])
    // the whole value, not cut as the form's row is
    #expect(s.send("show who").contains("  value        " + who.value.string!))
    #expect(s.send("show Full name") == s.send("show 4"))
    // a secret stays one
    _ = s.send("password hunter22x")
    let shown = s.send("show password")
    #expect(shown.contains("  value        (secret, not shown)"))
    #expect(!shown.joined().contains("hunter22x"))
  }

  @Test func showNOnABigFormIsARowNotASuggestion() throws {
    let form = Form()
    let s = form.addSection()
    for i in 1...25 { try s.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    let session = session(form)
    #expect(session.read("show 20") == .rowShown(form.rows[19]))
    #expect(session.send("show 20").first == "row 20 (Field 20)")
    #expect(session.send("show 26") == ["there is no row 26 (rows are 1 to 25)"])
  }

  @Test(arguments: [
    ("show 2-3", ["password", "phone"]),
    ("show 1-1", ["email"]),
    ("l 6-7", ["volume", "plan"]),
  ])
  func showABPrintsThoseRows(line: String, names: [String]) throws {
    let form = try people()
    let s = session(form)
    #expect(s.read(line) == .rowsShown(names.map { form.find($0)! }))
    #expect(s.send(line) == s.renderer.renderRows(names.map { form.find($0)! }, in: form))
  }

  @Test(arguments: ["show Contact", "show contact", "show CONTACT", "show cont"])
  func showSectionByHeaderOrTag(line: String) throws {
    let form = try people()
    let s = session(form)
    #expect(s.read(line) == .sectionShown(form.sections[0]))
    let out = s.send(line)
    #expect(out.first!.contains("Contact") && out.contains { $0.contains("Full name") })
    #expect(!out.contains { $0.contains("Volume") })
  }

  @Test(arguments: [
    ("show 3-9", "there are no rows 3-9 (rows are 1 to 8)"),
    ("show 5-2", "there are no rows 5-2 (rows are 1 to 8)"),
    ("show 0", "there is no row 0 (rows are 1 to 8)"),
    ("show 8", "row 8 is hidden now"),
    ("8 x", "row 8 is hidden now"),
    ("show zzz", "no row or section is called 'zzz'; show N, show A-B or show SECTION (help names lists the rows)"),
  ])
  func showRefusals(line: String, message: String) throws {
    #expect(session(try people()).send(line) == [message])
  }

  @Test func helpNamesListsEachRowsName() throws {
    let out = session(try people()).send("help names")
    #expect(
      out == [
        "rows (type the number, the name or the title; a unique beginning is enough):",
        "  1  email     Email",
        "  2  password  Password",
        "  3  phone     Phone",
        "  4  who       Full name",
        "  5  -         Terms of service",
        "  6  volume    Volume",
        "  7  plan      Plan",
      ])
  }

  @Test func helpAndTheGreetingSayHowRowsAreNamed() throws {
    let s = session(try people())
    let help = s.send("?").joined(separator: "\n")
    for words in ["NAME, TITLE", "unique beginning", "show N", "show A-B", "help names", ":q"] {
      #expect(help.contains(words), "help lacks \(words)")
    }
    let greeting = s.greeting().joined(separator: " ")
    #expect(greeting.contains("name or title") && greeting.contains("a name alone opens the row"))
  }
}
