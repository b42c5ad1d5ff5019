import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// An answer lands where it was meant or not at all: a one-letter command
/// word that begins a row, a cancel that would drop changed values, and an
/// editor's answer its checks refuse.
struct AnswerPlacementTests {
  /// Rows Item, Quantity, Summary, Email (a validated one) and Level.
  func shop() throws -> Form {
    let form = Form(title: "Shop")
    let s = form.addSection()
    try s.append(Item(kind: TextKind(), title: "Item", name: "item"))
    try s.append(Item(kind: NumberKind(), title: "Quantity", name: "quantity"))
    try s.append(Item(kind: TextKind(), title: "Summary", name: "summary"))
    let email = Item(kind: TextKind(), title: "Email", name: "email")
    email.validators = [try Validators.make("email", in: form)]
    try s.append(email)
    let code = Item(kind: TextKind(), title: "Level", name: "level")
    code.validators = [try Validators.make("pattern(^%u%u$)", in: form)]
    try s.append(code)
    return form
  }

  func session(_ form: Form, asks: Bool) -> Session {
    let session = Session(
      form: form, host: TestHost(), renderer: Renderer(width: 40), voice: StandardVoice(quiet: true))
    session.asks = asks
    _ = session.start()
    return session
  }

  // MARK: a one-letter command word that begins a row

  @Test(arguments: [
    ("q", "cancel", "quantity"), ("s", "submit", "summary"), ("e", "errors", "email"), ("l", "show", "level"),
  ])
  func atATerminalALetterThatBeginsARowIsAskedAbout(letter: String, command: String, row: String) throws {
    let form = try shop()
    let s = session(form, asks: true)
    let item = try #require(form.find(row))
    #expect(s.read(letter) == .refused(.commandOrRow(letter, command: command, rows: [item], rest: "")))
    let said = s.send(letter)
    #expect(said.count == 1)
    #expect(said[0].contains("the command \(command)") && said[0].contains("(\(item.title))"))
    #expect(said[0].contains("or \(row) (or \(item.row!)) for the row"))
    #expect(s.state == .running)
    #expect(s.editing == nil)
    // the full word is the command, the row's name is the row
    #expect(s.read(row) != .refused(.commandOrRow(letter, command: command, rows: [item], rest: "")))
  }

  @Test func aLetterWithWordsAfterItIsAskedAboutWithThem() throws {
    let form = try shop()
    let s = session(form, asks: true)
    let said = s.send("l Boston")
    #expect(
      said == [
        "'l' is the command show Boston and the beginning of row 5 (Level): type show Boston for the command, or level Boston (or 5 Boston) for the row"
      ])
  }

  @Test func aLetterThatBeginsSeveralRowsNamesThem() throws {
    let form = try shop()
    try form.sections[0].append(Item(kind: TextKind(), title: "Street", name: "street"))
    let s = session(form, asks: true)
    let said = s.send("s")
    #expect(
      said == [
        "'s' is the command submit and the beginning of row 3 (Summary), row 6 (Street): type submit for the command, or more of the row's name (or its number)"
      ])
    #expect(s.state == .running)
  }

  @Test func aLetterThatBeginsNoRowIsTheCommand() throws {
    let form = Form()
    try form.addSection().append(Item(kind: TextKind(), title: "Name", name: "name"))
    let s = session(form, asks: true)
    #expect(s.read("v") == .values(form.values))
    #expect(s.read("q") == .cancelled)
  }

  @Test(arguments: ["q", "s", "e", "l", "v"])
  func throughAPipeExactCommandWordsWin(letter: String) throws {
    let form = try shop()
    try form.sections[0].append(Item(kind: TextKind(), title: "Vat", name: "vat"))
    let s = session(form, asks: false)
    guard case .refused(.commandOrRow) = s.read(letter) else { return }
    Issue.record("'\(letter)' through a pipe was asked about, not carried out")
  }

  // MARK: a cancel with changed values

  @Test func atATerminalACancelWithChangedValuesAsksFirst() throws {
    let fresh = session(try shop(), asks: true)
    #expect(fresh.read("cancel") == .cancelled, "nothing changed: nothing to ask")
    let typed = session(try shop(), asks: true)
    _ = typed.send("item Tea")
    _ = typed.send("quantity 3")
    #expect(typed.read("quit") == .asked(.discard(changed: 2)))
    #expect(typed.prompt == "Discard them and cancel? [y/N] ")
    #expect(typed.send("n") == ["(not cancelled)"])
    #expect(typed.state == .running)
    #expect(typed.form.find("quantity")?.value == .int(3))
    #expect(typed.read("cancel") == .asked(.discard(changed: 2)))
    #expect(typed.read("") == .kept(.discard(changed: 2)), "anything but yes keeps the form")
    _ = typed.read("cancel")
    #expect(typed.read("y") == .cancelled)
    #expect(typed.state == .cancelled)
  }

  @Test func throughAPipeACancelCancels() throws {
    let s = session(try shop(), asks: false)
    _ = s.send("item Tea")
    #expect(s.read("cancel") == .cancelled)
  }

  // MARK: an editor's answer that its checks refuse

  @Test(arguments: [("level", "ca", "CA"), ("email", "ada@example", "ada@example.com")])
  func aValidatorsRefusalKeepsTheEditorOpen(row: String, bad: String, good: String) throws {
    let form = try shop()
    let s = session(form, asks: false)
    let item = try #require(form.find(row))
    _ = s.send(row)
    #expect(s.editing === item)
    guard case .reasked(item, let problems, _) = s.read(bad) else {
      Issue.record("a value its validator refuses closed the editor")
      return
    }
    #expect(!problems.isEmpty)
    #expect(s.editing === item, "the editor stays open")
    #expect(s.refusedText == bad)
    // the next line is the correction, not a command
    _ = s.send(good)
    #expect(item.value == .string(good))
    #expect(s.editing == nil)
  }

  @Test func bothRefusalsAreSaidAndAskAgain() throws {
    let form = try shop()
    let s = session(form, asks: false)
    _ = s.send("level")
    #expect(s.send("ca") == ["! Level is not in the expected format. (type it again, or :q to leave it as it was)"])
    #expect(s.prompt == "Level: ")
    // :q takes the refused answer back
    #expect(s.read(":q") == .editorLeft(try #require(form.find("level"))))
    #expect(form.find("level")?.value == .null)
    _ = s.send("quantity")
    #expect(s.send("lots").first?.hasPrefix("! ") == true)
    #expect(s.editing === form.find("quantity"))
    #expect(s.refusedText == "lots")
    _ = s.send("4")
    #expect(form.find("quantity")?.value == .int(4))
  }

  // MARK: secrets

  func account() throws -> Form {
    let form = Form()
    let s = form.addSection()
    try s.append(Item(kind: TextKind(), title: "User", name: "user"))
    try s.append(Item(kind: TextKind(secure: true), title: "Password", name: "password"))
    return form
  }

  @Test func atATerminalASecretIsNotSetFromALineThatShowsIt() throws {
    let form = try account()
    let s = session(form, asks: true)
    for line in ["password hunter22x", "2 hunter22x", "pass hunter22x"] {
      let said = s.send(line)
      #expect(
        said == [
          "row 2 (Password) is secret, so its value is not set from a line that shows it: type password alone, then the value (it is not shown as you type)"
        ], "\(line)")
      #expect(!said.joined().contains("hunter22x"))
    }
    #expect(form.find("password")?.value == .null)
    // its editor takes it
    _ = s.send("password")
    #expect(s.editingSecret)
    _ = s.send("hunter22x")
    #expect(form.find("password")?.value == .string("hunter22x"))
    // through a pipe the line is no one's screen: taken
    let piped = session(try account(), asks: false)
    _ = piped.send("password hunter22x")
    #expect(piped.form.find("password")?.value == .string("hunter22x"))
  }

  @Test func aSecretShowsAMaskOfFixedWidth() throws {
    let form = try account()
    let s = session(form, asks: false)
    _ = s.send("password hunter22x")
    let short = Renderer(width: 40).render(form).first { $0.contains("Password") }
    _ = s.send("password a-much-longer-secret-of-thirty")
    let long = Renderer(width: 40).render(form).first { $0.contains("Password") }
    #expect(short == long)
    #expect(short?.contains("••••••••") == true)
  }
}

/// `values` never shows or says a secret; the submitted values keep it.
struct SecretValuesTests {
  /// Nests every value under `"account"`, as a schema's form nests its rows.
  final class Nested: DocumentShape {
    func document(of form: Form) -> [Value.Field] { [.init("account", .record(form.values))] }
    func problems(in document: [Value.Field]) -> [String] { [] }
    func assignments(from document: Value, in form: Form) -> Result<[Value.Field], DocumentError> { .success([]) }
    func changed(_ item: Item, in form: Form) {}
    func typed(_ text: String, for item: Item) -> String? { nil }
  }

  func account(nested: Bool = false) throws -> Form {
    let form = Form()
    let s = form.addSection()
    try s.append(Item(kind: TextKind(), title: "User", name: "user"))
    try s.append(Item(kind: TextKind(secure: true), title: "Password", name: "pw"))
    try s.append(Item(kind: TextKind(secure: true), title: "PIN", name: "pin"))
    if nested { form.documentShape = Nested() }
    return form
  }

  @Test(arguments: [false, true])
  func valuesShowASecretAsSecretInEveryVoice(nested: Bool) throws {
    for voice in [StandardVoice(quiet: true), AccessibleVoice()] as [any Voice] {
      let form = try account(nested: nested)
      let s = Session(form: form, host: TestHost(), renderer: Renderer(width: 40), voice: voice)
      _ = s.start()
      _ = s.send("user ada")
      _ = s.send("pw secret99")
      let said = s.send("values").joined(separator: "\n")
      #expect(!said.contains("secret99"), "\(said)")
      // the accessible voice says a secret row's own words, the others `(secret)`
      let masked = voice is AccessibleVoice && !nested ? "filled in, not read out" : "(secret)"
      #expect(said.contains(masked) && said.contains("ada"), "\(said)")
      // an empty secret is no secret: it stays empty
      #expect(said.ranges(of: masked).count == 1, "\(said)")
      guard case .submitted(let values) = s.perform(.submit) else {
        Issue.record("not submitted")
        continue
      }
      let pw = nested ? values.first?.value["pw"] : values.first { $0.key == "pw" }?.value
      #expect(pw == .string("secret99"), "the submitted values keep the secret")
    }
  }
}
