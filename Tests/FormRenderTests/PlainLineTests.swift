import Testing

@testable import FormCore
@testable import FormRender

/// A row drawn as one line of plain text (most rows of a large form) is
/// written by `Box.plainLine` in one buffer; every other row, and every row
/// of a drawing that records where rows start, the general way
/// (`rowLines`, `line`). The two must draw the same line.
struct PlainLineTests {
  /// Rows of every sort a section holds: titles and values at, under and over
  /// their column's width, marks, empty values, placeholders, descriptions,
  /// errors, wide and control characters, rows that hold no value, and row
  /// numbers of several digits.
  static func form(rows: Int = 12) throws -> Form {
    let form = Form(title: "Plain lines")
    let s = form.addSection("Lines")
    func text(_ title: String, _ value: String, required: Bool = false) throws -> Item {
      let item = Item(kind: TextKind(), title: title)
      if required { item.validators = [try Validators.make("presence", in: form)] }
      try s.append(item)
      item.assign(.string(value))
      return item
    }
    _ = try text("Name", "Ada")
    _ = try text("Email", "", required: true)
    _ = try text("A title exactly as wide as the column x", "v")
    _ = try text("A title a little wider than the column is", "v")
    _ = try text("Short", String(repeating: "v", count: 30))
    _ = try text("Short", String(repeating: "w", count: 40))
    _ = try text("Short", String(repeating: "x", count: 80))
    _ = try text("Wide", "日本語")
    _ = try text("Tab\there", "value")
    _ = try text("Café", "crème")
    let disabled = try text("Off", "frozen", required: true)
    disabled.enabled = false
    let placeholder = try text("Hint", "")
    placeholder.placeholder = "type here"
    let described = try text("Described", "x")
    described.description = "Help under the row."
    let wrong = try text("Wrong", "", required: true)
    wrong.edited = true
    form.validate(wrong)
    let secret = Item(kind: TextKind(secure: true), title: "Secret")
    try s.append(secret)
    secret.assign(.string("hunter22"))
    let flag = Item(kind: BoolKind(), title: "Flag")
    try s.append(flag)
    flag.assign(.bool(true))
    try s.append(Item(kind: ActionKind(), title: "Go"))
    let detail = Item(kind: ActionKind(), title: "More")
    detail.detail = "details"
    try s.append(detail)
    let more = form.addSection("Numbers")
    for i in 0..<rows {
      let item = Item(kind: TextKind(), title: "Field \(i)", name: "f\(i)")
      try more.append(item)
      item.assign(.string("value \(i)"))
    }
    return form
  }

  @Test(arguments: [20, 40, 48, 72, 100])
  func drawsWhatTheGeneralWayDraws(width: Int) throws {
    for border in Style.Border.allCases {
      for wrap in [true, false] {
        let form = try Self.form()
        form.style.border = border
        form.style.wrap = wrap
        let r = Renderer(width: width)
        // `drawing` records where rows start: it draws every row the general way
        #expect(r.render(form) == r.drawing(form).lines, "width \(width), \(border), wrap \(wrap)")
      }
    }
  }

  @Test func rowNumbersOfMoreDigitsThanTheFirst() throws {
    let form = try Self.form(rows: 120)
    let r = Renderer(width: 72)
    #expect(r.render(form) == r.drawing(form).lines)
  }

  @Test func anotherRowStaysTheGeneralWays() throws {
    let form = try Self.form()
    let r = Renderer(width: 72)
    let items = form.sections.flatMap(\.items)
    func plain(_ title: String) -> String? {
      let item = items.first { $0.title == title }!
      return Box(renderer: r, section: item.section!, layout: Layout(form: form)).plainLine(item)
    }
    // the common row is written in one go (else the comparison above compares the general way with itself)
    #expect(plain("Name") != nil)
    #expect(plain("Field 3") != nil)
    #expect(plain("Email") != nil)
    #expect(plain("Off") != nil)
    #expect(plain("Flag") != nil)
    // and none that needs more than that
    for title in ["Hint", "Described", "Wrong", "Wide", "Tab\there", "Café", "Go", "Secret"] {
      #expect(plain(title) == nil, "\(title)")
    }
    #expect(plain("A title a little wider than the column is") == nil)
    // a coloured theme or a row's own style: the general way
    let colour = Renderer(width: 72, theme: .ansi)
    let name = items.first { $0.title == "Name" }!
    #expect(Box(renderer: colour, section: name.section!, layout: Layout(form: form)).plainLine(name) == nil)
    name.style = RowStyle(align: .right)
    #expect(plain("Name") == nil)
    #expect(r.render(form) == r.drawing(form).lines)
  }
}
