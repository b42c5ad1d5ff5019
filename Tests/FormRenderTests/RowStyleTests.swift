import TestSupport
import Testing

@testable import FormCore
@testable import FormRender

/// A row's own style: an addition to what the row says, drawn only where a terminal shows it.
struct RowStyleTests {
  static func form(_ style: RowStyle?) throws -> (Form, Item) {
    let form = Form()
    let s = form.addSection("S")
    let a = Item(kind: TextKind(), title: "Alert", name: "a")
    a.assign(.string("on fire"))
    a.style = style
    try s.append(a)
    let b = Item(kind: TextKind(), title: "Plain", name: "b")
    b.assign(.string("calm"))
    try s.append(b)
    return (form, a)
  }

  @Test func colourBoldAndDimAtAColourTerminal() throws {
    let (form, _) = try Self.form(RowStyle(color: .red, bold: true))
    let lines = Renderer(width: 40, theme: .ansi).render(form)
    let row = try #require(lines.first { $0.contains("Alert") })
    #expect(row.contains("\u{1B}[1;31mAlert\u{1B}[0m"), "\(row.debugDescription)")
    #expect(row.contains("\u{1B}[1;31mon fire\u{1B}[0m"), "\(row.debugDescription)")
    // another row keeps the form's own look (a cyan value)
    let plain = try #require(lines.first { $0.contains("Plain") })
    #expect(plain.contains("\u{1B}[36mcalm\u{1B}[0m"))
    // bold alone keeps the value's own colour
    let (bold, _) = try Self.form(RowStyle(bold: true, dim: true))
    let boldRow = try #require(Renderer(width: 40, theme: .ansi).render(bold).first { $0.contains("Alert") })
    #expect(boldRow.contains("\u{1B}[1;2;36mon fire\u{1B}[0m"), "\(boldRow.debugDescription)")
  }

  @Test func withoutColourBoldAndDimStayAtATerminalAndNothingInAPipe() throws {
    let (form, _) = try Self.form(RowStyle(color: .red, bold: true, dim: true))
    // NO_COLOR at a terminal: no colour anywhere, the row's bold and dim kept
    let text = Renderer(width: 40, theme: .emphasisOnly).render(form).joined(separator: "\n")
    #expect(text.contains("\u{1B}[1;2mAlert\u{1B}[0m"), "\(text.debugDescription)")
    #expect(!text.contains("31m") && !text.contains("36m"), "\(text.debugDescription)")
    // a section's color = "never" drops the colour, not the emphasis
    form.sections[0].style = Style(color: .never)
    let never = Renderer(width: 40, theme: .ansi).render(form).joined(separator: "\n")
    #expect(never.contains("\u{1B}[1;2mAlert\u{1B}[0m") && !never.contains("31m"), "\(never.debugDescription)")
    // a pipe: the text alone, the same as an unstyled row's
    let piped = Renderer(width: 40).render(form)
    let (unstyled, _) = try Self.form(nil)
    #expect(!piped.joined().contains("\u{1B}"))
    #expect(piped == Renderer(width: 40).render(unstyled))
  }

  @Test func alignRightAndCenterPlaceTheValueInItsColumn() throws {
    let (form, a) = try Self.form(RowStyle(align: .right))
    let row = try #require(Renderer(width: 40).render(form).first { $0.contains("Alert") })
    #expect(row.hasSuffix("on fire │"), "\(row)")
    a.style = RowStyle(align: .center)
    let centred = try #require(Renderer(width: 40).render(form).first { $0.contains("Alert") })
    let lead = centred.split(separator: "Alert")[1].prefix { $0 == " " }.count
    #expect(lead > 4 && !centred.hasSuffix("on fire │"), "\(centred)")
    #expect(Cells.width(centred) == 40)
    // a wrapped value aligns on every line
    a.assign(.string("a value that is far too long for the column it sits in"))
    a.style = RowStyle(align: .right)
    let lines = Renderer(width: 40).render(form).filter { $0.hasPrefix("│") }
    #expect(lines.prefix(3).allSatisfy { !$0.hasSuffix("  │") }, "\(lines)")
  }
}

/// The framed form in a theme: each part in its role's style, a row's own style over it.
struct ThemedRenderTests {
  static func form() throws -> Form {
    let form = Form()
    form.title = "Trip"
    let s = form.addSection("Where")
    let city = Item(kind: TextKind(), title: "City", name: "city")
    city.assign(.string("Oslo"))
    try s.append(city)
    let note = Item(kind: TextKind(), title: "Note", name: "note")
    note.placeholder = "optional"
    try s.append(note)
    let fixed = Item(kind: TextKind(), title: "Fixed", name: "fixed")
    fixed.assign(.string("yes"))
    fixed.enabled = false
    try s.append(fixed)
    let own = Item(kind: TextKind(), title: "Own", name: "own")
    own.assign(.string("mine"))
    own.style = RowStyle(color: .green)
    try s.append(own)
    let bold = Item(kind: TextKind(), title: "Bold", name: "bold")
    bold.assign(.string("loud"))
    bold.style = RowStyle(bold: true)
    try s.append(bold)
    return form
  }

  @Test func eachPartInItsRolesStyleAndARowsOwnOnTop() throws {
    let theme = Theme.highContrast.drawn(.color)
    let text = Renderer(width: 50, theme: theme).render(try Self.form()).joined(separator: "\n")
    #expect(text.contains("\u{1B}[1;97mTrip\u{1B}[0m"), "title: \(text.debugDescription)")
    #expect(text.contains("\u{1B}[1;93m Where \u{1B}[0m"), "header")
    #expect(text.contains("\u{1B}[97mCity\u{1B}[0m"), "label")
    #expect(text.contains("\u{1B}[1;96mOslo\u{1B}[0m"), "value")
    #expect(text.contains("\u{1B}[3;37m(optional)\u{1B}[0m"), "placeholder")
    #expect(text.contains("\u{1B}[3;37mFixed (disabled)\u{1B}[0m"), "disabled title")
    #expect(text.contains("\u{1B}[3;37myes\u{1B}[0m"), "disabled value")
    #expect(text.contains("\u{1B}[32mmine\u{1B}[0m"), "a row's colour in place of the role's")
    #expect(text.contains("\u{1B}[1;1;96mloud\u{1B}[0m"), "a row's bold over the role's style")
    #expect(!text.contains("\u{1B}[2m"), "nothing dim in high contrast")
  }

  @Test func noThemeWithoutColourAndTheTextIsTheSame() throws {
    let form = try Self.form()
    for theme in Theme.builtIn {
      let plain = Renderer(width: 50, theme: theme.drawn(.plain)).render(form)
      #expect(plain == Renderer(width: 50).render(form), "\(theme.name)")
      let coloured = Renderer(width: 50, theme: theme.drawn(.color)).render(form)
      #expect(coloured.map(Self.stripped) == plain, "\(theme.name): colour is only ever an addition")
      let emphasis = Renderer(width: 50, theme: theme.drawn(.emphasis)).render(form).joined()
      #expect(!emphasis.contains("97m") && !emphasis.contains("36m"), "\(theme.name): no colour without colour")
    }
  }

  static func stripped(_ s: String) -> String { s.replacing(#/\x{1B}\[[0-9;]*m/#, with: "") }
}
