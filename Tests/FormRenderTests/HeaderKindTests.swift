import Testing

@testable import FormCore
@testable import FormRender

/// Header and footer kinds as the line mode draws them: lines a script's
/// `draw(section, width)` gave, kept until the data, the kind, the width or
/// a reload asks again.
struct HeaderKindTests {
  /// A draw that records each width it was asked for and returns `lines(width)`.
  final class Drawer {
    var widths: [Int] = []
    var lines: (Int) -> Value
    init(_ lines: @escaping (Int) -> Value) { self.lines = lines }
    var handler: Handler {
      ClosureHandler { [self] args in
        guard case .value(.int(let w)) = args.last else { return .failed("no width") }
        widths.append(w)
        return .returned([lines(w)])
      }
    }
  }

  func form(header: Drawer, footer: Drawer? = nil) throws -> (Form, Section) {
    let form = Form()
    form.registerBandKind(BandKind(name: "bar", draw: header.handler), as: .header)
    if let footer { form.registerBandKind(BandKind(name: "sum", draw: footer.handler), as: .footer) }
    let section = form.addSection("Trip")
    section.setKind("bar", of: .header)
    if footer != nil { section.setKind("sum", of: .footer) }
    try section.append(Item(kind: TextKind(), title: "Where", name: "where"))
    return (form, section)
  }

  @Test func drawnLinesSitInsideTheFrameAtItsWidth() throws {
    let drawer = Drawer { w in .list([.string("3 of 5"), .string(String(repeating: "#", count: w))]) }
    let footer = Drawer { w in .string("total\nwidth \(w)") }
    let (form, _) = try form(header: drawer, footer: footer)
    let r = Renderer(width: 30)
    r.drawBands(form)
    #expect(drawer.widths == [26])
    #expect(footer.widths == [28])
    #expect(
      r.render(form) == [
        "╭─ Trip ─────────────────────╮",
        "│ 3 of 5                     │",
        "│ ########################## │",
        "│ 1  Where                   │",
        "╰────────────────────────────╯",
        "  total",
        "  width 28",
      ])
    // no border: the header's lines take the whole width
    form.style.border = Style.Border.none
    r.drawBands(form)
    #expect(drawer.widths == [26, 30])
    #expect(r.render(form).contains(String(repeating: "#", count: 30)))
  }

  @Test func drawsAgainOnlyWhenAsked() throws {
    var done = 0
    let drawer = Drawer { _ in .string("\(done) done") }
    let (form, section) = try form(header: drawer)
    let r = Renderer(width: 40)
    r.drawBands(form)
    r.drawBands(form)
    #expect(drawer.widths.count == 1)
    done = 2
    // the data changed in place: nothing asks yet
    #expect(r.render(form).contains { $0.contains("0 done") })
    section.setData(nil, of: .header)
    r.drawBands(form)
    #expect(r.render(form).contains { $0.contains("2 done") })
    done = 3
    form.reload()
    r.drawBands(form)
    #expect(r.render(form).contains { $0.contains("3 done") })
    // another width (a resize, --width) draws again
    Renderer(width: 50).drawBands(form)
    #expect(drawer.widths == [36, 36, 36, 46])
    // a hidden section's kind does not draw
    section.hidden = true
    form.reload()
    r.drawBands(form)
    #expect(drawer.widths.count == 4)
  }

  @Test func linesAreMadeSafeAndCutToTheWidth() throws {
    let drawer = Drawer { _ in
      .list([.string("\u{1B}[31mred\u{07}"), .string(String(repeating: "x", count: 60)), .string("a\nb")])
    }
    let (form, _) = try form(header: drawer)
    let r = Renderer(width: 30)
    r.drawBands(form)
    let lines = r.render(form)
    #expect(lines[1] == "│ \\e[31mred\\x07              │")
    #expect(lines[2] == "│ " + String(repeating: "x", count: 25) + "… │")
    #expect(lines[3] == "│ a                          │")
    #expect(lines[4] == "│ b                          │")
    #expect(!lines.joined().contains("\u{1B}"))
  }

  @Test func aFailedDrawShowsThePlainHeaderOrTheKindsName() throws {
    let drawer = Drawer { _ in .int(7) }
    let failing = ClosureHandler { _ in .failed("form.lua:3: no model") }
    let (form, section) = try form(header: drawer)
    let r = Renderer(width: 30)
    r.drawBands(form)
    #expect(form.takeNotices().first?.contains("draw of header kind 'bar': it returned a number") == true)
    #expect(r.render(form).first == "╭─ Trip ─────────────────────╮")
    form.registerBandKind(BandKind(name: "bar", draw: failing), as: .header)
    section.header = nil
    r.drawBands(form)
    #expect(form.takeNotices().first?.hasPrefix("error in draw of header kind 'bar': form.lua:3: no model") == true)
    #expect(r.render(form).first == "╭─ bar ──────────────────────╮")
    // the rows are drawn as ever
    #expect(r.render(form)[1] == "│ 1  Where                   │")
  }

  @Test func aPlainHeaderStaysAsItIs() throws {
    let form = Form()
    let section = form.addSection("One\nTwo")
    section.footer = "Foot"
    try section.append(Item(kind: TextKind(), title: "A"))
    let before = Renderer(width: 30).render(form)
    Renderer(width: 30).drawBands(form)
    #expect(Renderer(width: 30).render(form) == before)
    #expect(before[0] == "╭─ One ──────────────────────╮")
    #expect(before[1] == "│ Two                        │")
  }

  @Test func tooManyLinesAreCutAndSaid() throws {
    let drawer = Drawer { _ in .list((0..<(maxBandLines + 5)).map { .string("line \($0)") }) }
    let (form, section) = try form(header: drawer)
    Renderer(width: 30).drawBands(form)
    #expect(section.drawnLines(.header).count == maxBandLines)
    #expect(
      form.takeNotices() == [
        "draw of header kind 'bar' gave \(maxBandLines + 5) lines; the first \(maxBandLines) are shown"
      ])
  }
}
