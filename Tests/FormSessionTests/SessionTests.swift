import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

func signup() throws -> Form {
  let form = Form(title: "Sign up")
  let s = form.addSection("Account")
  let email = Item(kind: TextKind(), title: "Email", name: "email")
  email.validators = [try Validators.make("presence", in: form), try Validators.make("email", in: form)]
  try s.append(email)
  try s.append(Item(kind: BoolKind(), title: "Newsletter", name: "newsletter"))
  let go = Item(kind: ActionKind(), title: "Terms")
  try s.append(go)
  return form
}

struct SessionTests {
  @Test func setByNameAndNumberThenSubmit() throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    _ = session.start()
    _ = session.send("email a@b.co")
    _ = session.send("2")
    #expect(session.send("s") == ["submitted"])
    #expect(session.submittedValues == [.init("email", .string("a@b.co")), .init("newsletter", .bool(true))])
    #expect(session.send("show") == ["the form has ended; no more commands are read"])
  }

  @Test func refusedSubmitListsErrorsAndGoesOn() throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    _ = session.send("email nope")
    let out = session.send("submit")
    #expect(out.suffix(2) == ["cannot submit (1 problem):", "  row 1: Email is not a valid email."])
    #expect(session.state == .running)
    #expect(session.send("errors") == ["row 1: Email is not a valid email."])
  }

  @Test(arguments: [
    ("9", "there is no row 9 (rows are 1 to 3)"),
    ("0 x", "there is no row 0 (rows are 1 to 3)"),
    ("emial x", "unknown command or item 'emial' (did you mean 'email'?); type ? for help"),
    ("frobnicate", "unknown command or item 'frobnicate'; type ? for help"),
    // an invisible character is written out, so the word does not read as the one suggested
    ("em\u{FEFF}ail x", "unknown command or item 'em\\u{FEFF}ail' (did you mean 'email'?); type ? for help"),
    // a long word is cut, saying how much was left off
    (
      String(repeating: "z", count: 1000),
      "unknown command or item '\(String(repeating: "z", count: 80))… (920 more characters)'; type ? for help"
    ),
    ("newsletter maybe", "! Newsletter is on or off (got 'maybe'; type on, off, yes, no or toggle) (value unchanged)"),
    ("3 value", "! Terms takes no value; send just its row number to choose it (value unchanged)"),
    ("clear 3", "row 3 (Terms) holds no value"),
  ])
  func mistakesGetOneLine(line: String, message: String) throws {
    let session = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40))
    #expect(session.send(line) == [message])
  }

  @Test func editorReadsTheNextLineAndKeepsValueOnEmptyLine() throws {
    let form = try signup()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    let opened = session.send("1")
    #expect(
      opened.suffix(2) == ["Email (one line of text):", "(an empty line keeps the value; :q leaves it unchanged)"])
    #expect(session.prompt == "Email: ")
    _ = session.send("a@b.co")
    #expect(form.find("email")!.value == .string("a@b.co"))
    #expect(session.editing == nil)
    _ = session.send("1")
    #expect(session.send("") == ["(unchanged)"])
    #expect(form.find("email")!.value == .string("a@b.co"))
  }

  @Test func aRefusedValueKeepsTheOldOne() throws {
    let form = try signup()
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    _ = session.send("newsletter on")
    #expect(session.send("newsletter perhaps").count == 1)
    #expect(form.find("newsletter")!.value == .bool(true))
  }

  @Test func bigFormsShowOnlyWhatChanged() throws {
    let form = Form()
    let s = form.addSection()
    for i in 1...100 { try s.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40), height: 20)
    _ = session.start()
    #expect(session.send("f50 hello") == ["   50  Field 50   hello"])
    let small = Session(form: try signup(), host: TestHost(), renderer: Renderer(width: 40), height: 20)
    // a small form is drawn whole again
    #expect(small.send("newsletter on") == small.screen())
  }

  @Test func handlerOutputComesFirst() throws {
    let form = try signup()
    form.find("newsletter")!.onChange = ClosureHandler { _ in
      form.report("newsletter changed")
      return .returned([])
    }
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))
    let out = session.send("2")
    #expect(out.first == "newsletter changed")
    #expect(out.contains { $0.contains("Newsletter  on") })
  }

  @Test func cancelEnds() throws {
    let session = Session(form: try signup(), host: TestHost())
    #expect(session.send("q") == ["cancelled"])
    #expect(session.state == .cancelled)
  }
}

struct EditorTests {
  @Test func aRefusedValueKeepsTheEditorOpenAndAnAcceptedOneClosesIt() throws {
    let form = Form()
    try form.addSection().append(Item(kind: BoolKind(), title: "Switch", name: "b"))
    let text = Item(kind: TextKind(maxLength: 2), title: "Code", name: "c")
    try form.sections[0].append(text)
    let session = Session(form: form, host: TestHost())
    _ = session.send("c")
    #expect(session.send("toolong").first?.hasPrefix("! Code takes at most 2 characters") == true)
    #expect(session.editing === text)
    _ = session.send("ok")
    #expect(session.editing == nil)
    #expect(text.value == .string("ok"))
  }
}
