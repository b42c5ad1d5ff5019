import TestSupport
import Testing

@testable import FormCore
@testable import FormRender

func sampleForm() throws -> Form {
  let form = Form(title: "Create account")
  let account = form.addSection("Account")
  account.footer = "We never share it."
  let email = Item(kind: TextKind(), title: "Email", name: "email")
  email.placeholder = "you@example.com"
  try account.append(email)
  let password = Item(kind: TextKind(secure: true), title: "Password", name: "password")
  password.assign(.string("hunter22x"))
  try account.append(password)
  let newsletter = Item(kind: BoolKind(), title: "Newsletter", name: "newsletter")
  newsletter.assign(.bool(true))
  try account.append(newsletter)
  let more = form.addSection("More")
  let terms = Item(kind: ActionKind(), title: "Terms of service")
  terms.accessory = .disclosure
  try more.append(terms)
  try more.append(Item(kind: ActionKind(), title: "Just a simple string"))
  return form
}

struct RendererTests {
  @Test(arguments: Style.Border.allCases)
  func bordersArePinned(border: Style.Border) throws {
    let form = try sampleForm()
    form.style.border = border
    assertSnapshot(Renderer(width: 48).render(form), named: "signup-\(border.rawValue)")
  }

  @Test func errorsShowOnceEdited() throws {
    let form = try sampleForm()
    let email = form.find("email")!
    email.validators = [try Validators.make("email", in: form)]
    form.setValue(email, .string("nope"), origin: .script)
    #expect(!Renderer(width: 48).render(form).joined().contains("not a valid email"))
    form.setValue(email, .string("still nope"), origin: .user)
    assertSnapshot(Renderer(width: 48).render(form), named: "signup-error")
  }

  @Test func longValuesWrapAndWideCharactersCountTwo() throws {
    let form = Form()
    let s = form.addSection()
    let a = Item(kind: TextKind(), title: "名前", name: "a")
    let long = "日本語のとても長い名前がここに入ります、さらに続きます"
    a.assign(.string(long))
    try s.append(a)
    let lines = Renderer(width: 40).render(form)
    #expect(lines.allSatisfy { Cells.width($0) == 40 })
    // the value wraps in its column, a wide character never split at a line's end
    let column = lines.dropFirst().dropLast().map { line in
      String(line.dropFirst(2 + 1 + 2 + 2 + 2).dropLast(2)).trimmingCharacters(in: .whitespaces)
    }
    #expect(column.joined() == long, "\(lines)")
    #expect(column.count == 3)
    #expect(!lines.joined().contains("…"))
    assertSnapshot(lines, named: "wide-wrapped")
    // `wrap = false` keeps one line, cut with …
    s.style = Style(wrap: false)
    let cut = Renderer(width: 40).render(form)
    #expect(cut.allSatisfy { Cells.width($0) == 40 })
    #expect(cut.count == 3 && cut[1].contains("…"))
    assertSnapshot(cut, named: "wide")
  }

  /// A piped fill writes the form as it is drawn: the pieces are the
  /// title, each shown section (with the blank line before it) and the
  /// legend, and together they are `render`'s lines.
  @Test func theFormWrittenAsItIsDrawnIsTheFormDrawnWhole() throws {
    let form = try sampleForm()
    form.find("email")!.validators = [try Validators.make("presence", in: form)]
    let hidden = form.addSection("Hidden")
    try hidden.append(Item(kind: TextKind(), title: "Never shown"))
    hidden.hidden = true
    let empty = form.addSection("Empty")
    empty.emptyText = "nothing here"
    for renderer in [Renderer(width: 48), Renderer(width: 30, theme: .ansi)] {
      var pieces: [[String]] = []
      renderer.render(form, writing: { pieces.append($0) })
      #expect(pieces.flatMap { $0 } == renderer.render(form))
      // the title, the three shown sections, the legend
      #expect(pieces.count == 5)
      #expect(pieces[2].first == "")
    }
  }

  @Test func controlCharactersNeverReachTheTerminal() throws {
    let form = Form(title: "T\u{1B}[31mred")
    let s = form.addSection("H\u{7}")
    let a = Item(kind: TextKind(), title: "x\u{9B}y", name: "a")
    a.assign(.string("v\u{1B}]0;pwned\u{7}\u{202E}"))
    try s.append(a)
    let text = Renderer(width: 60).render(form).joined(separator: "\n")
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    #expect(text.contains("T\\e[31mred"))
    #expect(text.contains("v\\e]0;pwned\\x07\\u{202E}"))
  }

  @Test func colourIsOnlyAnAddition() throws {
    let form = try sampleForm()
    let plain = Renderer(width: 48).render(form)
    let coloured = Renderer(width: 48, theme: .ansi).render(form)
    #expect(coloured.joined().contains("\u{1B}["))
    let stripped = coloured.map { $0.replacing(#/\x1B\[[0-9;]*m/#, with: "") }
    #expect(stripped == plain)
  }

  @Test func partialRenderShowsOnlyTheGivenRows() throws {
    let form = try sampleForm()
    let lines = Renderer(width: 48).renderRows([form.find("newsletter")!], in: form)
    #expect(lines == ["  3  Newsletter  on"])
  }
}

struct CellsTests {
  @Test(arguments: [
    ("abc", 3), ("日本", 4), ("é", 1), ("e\u{301}", 1), ("😀", 2), ("👍🏽", 2), ("", 0), ("ｱ", 1), ("Ａ", 2),
  ])
  func widths(text: String, cells: Int) {
    #expect(Cells.width(text) == cells)
  }

  @Test(arguments: [
    ("hello world", 5, "hell…"), ("日本語", 4, "日…"), ("short", 10, "short"), ("abc", 3, "abc"),
  ])
  func truncates(text: String, cells: Int, expected: String) {
    #expect(Cells.truncate(text, to: cells) == expected)
    // fit cuts the same and gives the width it measured
    #expect(Cells.fit(text, to: cells) == (expected, Cells.width(expected)))
  }

  @Test(arguments: [
    ("plain", "plain"), ("a\nb", "a\\nb"), ("\u{1B}[2J", "\\e[2J"), ("\u{0}", "\\x00"), ("\u{85}", "\\x85"),
    ("\u{2066}x", "\\u{2066}x"),
  ])
  func sanitizes(text: String, expected: String) {
    #expect(Cells.sanitize(text) == expected)
  }
}

/// Headers and footers of several lines: each line on its own, never `\n` printed.
struct MultiLineHeaderTests {
  @Test(arguments: [Style.Border.rounded, .none])
  func headersAndFootersKeepTheirLines(border: Style.Border) throws {
    let form = Form()
    let s = form.addSection("Account\nsecond line")
    s.footer = "We never share it.\nNot even with friends."
    try s.append(Item(kind: TextKind(), title: "Email", name: "email"))
    let lines = Renderer(width: 40, defaultBorder: border).render(form)
    #expect(!lines.joined().contains("\\n"))
    let header = lines.firstIndex { $0.contains("Account") }!
    #expect(lines[header + 1].contains("second line"))
    #expect(!lines[header].contains("second line"))
    let footer = lines.firstIndex { $0.contains("We never share it.") }!
    #expect(lines[footer + 1] == "  Not even with friends.")
  }
}
