import Testing

@testable import FormCore
@testable import FormRender

/// The row model the renderer draws from, and the places of rows in a drawing.
struct RowViewTests {
  func form() throws -> (Form, Item, Item) {
    let form = Form(title: "T")
    let s = form.addSection("Account")
    let email = Item(kind: TextKind(), title: "Email", name: "email")
    email.placeholder = "you@example.com"
    email.description = "We write\u{7} once."
    email.validators = [try Validators.make("presence", in: form), try Validators.make("email", in: form)]
    try s.append(email)
    let go = Item(kind: ActionKind(), title: "Go")
    try s.append(go)
    return (form, email, go)
  }

  @Test func aRowViewHoldsWhatEachColumnShows() throws {
    let (form, email, go) = try form()
    var view = RowView(email)
    #expect(view.number == 1)
    #expect(view.marks == .required)
    #expect(view.markedTitle == "Email *")
    #expect(view.value == "(you@example.com)" && view.isPlaceholder)
    #expect(view.description == "We write\\x07 once.")
    #expect(!view.spansRow)
    #expect(RowView(go).spansRow && RowView(go).value.isEmpty)
    // errors show once the row was edited
    form.setValue(email, .string("nope"), origin: .script)
    #expect(RowView(email).errors.isEmpty)
    form.setValue(email, .string("still nope"), origin: .user)
    view = RowView(email)
    #expect(view.errors == ["Email is not a valid email."])
    #expect(view.value == "still nope" && !view.isPlaceholder)
    email.enabled = false
    #expect(RowView(email).markedTitle == "Email * (disabled)")
    email.hidden = true
    #expect(RowView(email).number == nil)
  }

  @Test func theTitleColumnFitsTheMarksTheRendererWrites() throws {
    let (form, email, _) = try form()
    email.assign(.string("a@b.co"))
    email.enabled = false
    let lines = Renderer(width: 60).render(form)
    // the column is exactly as wide as the marked title: not cut, two spaces before the value
    #expect(lines.contains { $0.contains("1  Email * (disabled)  a@b.co") }, "\(lines)")
    #expect(TitleMarks([.required, .disabled]).width(.english) == Cells.width(" * (disabled)"))
    #expect(TitleMarks([]).suffix(.english).isEmpty)
    #expect(TitleMarks([.disabled]).suffix(Catalogue.shipped["de"]!) == " (deaktiviert)")
  }

  @Test func renderRowsDrawsEachRowsView() throws {
    let (form, email, go) = try form()
    let lines = Renderer(width: 60).renderRows([email, go], in: form)
    #expect(lines[0].hasPrefix("  1  Email *") && lines[0].hasSuffix("(you@example.com)"))
    #expect(lines[1].contains("We write\\x07 once."))
    #expect(lines[2] == "  2  Go")
  }

  @Test func aDrawingPlacesEachShownRow() throws {
    let (form, _, _) = try form()
    let more = form.addSection("More\nsecond header line")
    for i in 3...5 { try more.append(Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")) }
    form.find("f4")!.hidden = true
    for theme in [Theme.plain, .ansi] {
      let renderer = Renderer(width: 50, theme: theme)
      let drawing = renderer.drawing(form)
      #expect(drawing.lines == renderer.render(form))
      // numbers count the hidden row (4): the others keep theirs
      #expect(drawing.rows.map(\.view.number) == [1, 2, 3, 5])
      for placed in drawing.rows {
        let line = drawing.lines[placed.line]
        #expect(line.contains(placed.view.title), "\(placed.view.title) is not on line \(placed.line): \(line)")
      }
    }
  }
}
