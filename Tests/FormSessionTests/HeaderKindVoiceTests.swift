import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// What the accessible voice says of header and footer kinds: `speak`'s
/// words, else the drawn lines that hold words; the plain header first.
struct HeaderKindVoiceTests {
  func session(speak: Handler?) throws -> Session {
    let form = Form()
    let draw = ClosureHandler { _ in .returned([.list([.string("2 of 4 done"), .string("[##..]"), .string("──")])]) }
    form.registerBandKind(BandKind(name: "bar", draw: draw, speak: speak), as: .header)
    form.registerBandKind(
      BandKind(name: "sum", draw: ClosureHandler { _ in .returned([.string("Total: 12")]) }), as: .footer)
    let section = form.addSection("Trip")
    section.setKind("bar", of: .header)
    section.setKind("sum", of: .footer)
    try section.append(Item(kind: TextKind(), title: "Where", name: "where"))
    return Session(form: form, host: TestHost(), renderer: Renderer(width: 40), voice: AccessibleVoice())
  }

  @Test func theDrawnLinesThatHoldWordsAreRead() throws {
    let s = try session(speak: nil)
    let out = s.send("show")
    #expect(
      Array(out.prefix(5)) == [
        "Form, 1 row.", "Section: Trip.", "2 of 4 done.", "Row 1 of 1, Where, text, empty.", "Note: Total: 12.",
      ])
    #expect(s.send("show Trip").prefix(2) == ["Section: Trip.", "2 of 4 done."])
  }

  @Test func aHeaderDrawnAgainIsSaidAfterTheRow() throws {
    let form = Form()
    var done = 0
    form.registerBandKind(
      BandKind(name: "bar", draw: ClosureHandler { _ in .returned([.string("\(done) of 2 packed")]) }), as: .header)
    let section = form.addSection("Bag")
    section.setKind("bar", of: .header)
    let tent = Item(kind: BoolKind(), title: "Tent", name: "tent")
    tent.onChange = ClosureHandler { _ in
      done += 1
      section.setData(nil, of: .header)
      return .returned([])
    }
    try section.append(tent)
    try section.append(Item(kind: TextKind(), title: "Note", name: "note"))
    let s = Session(form: form, host: TestHost(), renderer: Renderer(width: 40), voice: AccessibleVoice())
    _ = s.start()
    #expect(s.send("tent on") == ["Row 1 of 2, Tent, switch, on.", "Section: Bag.", "1 of 2 packed."])
    // a change that draws nothing new says only the row
    #expect(s.send("note hi") == ["Row 2 of 2, Note, text, hi."])
  }

  @Test func speakSaysItInstead() throws {
    let s = try session(speak: ClosureHandler { _ in .returned([.string("half of the trip is planned")]) })
    let out = s.send("show")
    #expect(out.contains("half of the trip is planned."))
    #expect(!out.contains("2 of 4 done."))
  }
}
