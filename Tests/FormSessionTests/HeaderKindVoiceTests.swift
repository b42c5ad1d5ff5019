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
    return Session(form: form, renderer: Renderer(width: 40), voice: AccessibleVoice())
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

  @Test func speakSaysItInstead() throws {
    let s = try session(speak: ClosureHandler { _ in .returned([.string("half of the trip is planned")]) })
    let out = s.send("show")
    #expect(out.contains("half of the trip is planned."))
    #expect(!out.contains("2 of 4 done."))
  }
}
