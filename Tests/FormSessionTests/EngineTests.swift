import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The engine alone, as a front end other than the line mode drives it:
/// every verb's outcome goes to `observe` once, the open editor keeps a
/// refused answer, header kinds draw at the host's width.
struct EngineTests {
  func form() throws -> (Form, seats: Item, name: Item) {
    let form = Form()
    let section = form.addSection("S")
    let seats = Item(kind: NumberKind(min: 2, max: 9), title: "Seats", name: "seats")
    let name = Item(kind: TextKind(), title: "Name", name: "name")
    try section.append(seats)
    try section.append(name)
    name.validators = [try Validators.make("length(3, 10)", in: form)]
    return (form, seats, name)
  }

  @Test func everyVerbsOutcomeIsObservedOnce() throws {
    let (form, seats, name) = try form()
    let engine = Engine(form: form, host: TestHost())
    var seen: [Outcome] = []
    engine.observe = { seen.append($0) }
    var said: [Outcome] = []
    said.append(engine.perform(.set(.name("seats"), "4")))
    said.append(engine.prefill(name: "name", value: .string("Ada")))
    said.append(engine.perform(.activate(.name("seats"))))
    said.append(engine.enter("99", into: seats))
    said.append(engine.enter("5", into: seats))
    said.append(engine.perform(.activate(.row(2))))
    said.append(engine.leave(name))
    said.append(engine.perform(.show))
    said.append(engine.submit())
    #expect(seen == said)
    #expect(seen.count == 9)
    #expect(engine.submittedValues == [.init("seats", .int(5)), .init("name", .string("Ada"))])
    // an ended run refuses and says nothing more to its observer
    #expect(engine.cancel() == .refused(.ended))
    #expect(engine.perform(.submit) == .refused(.ended))
    #expect(seen.count == 9)
  }

  @Test func theOpenEditorKeepsARefusedAnswer() throws {
    let (form, seats, name) = try form()
    let engine = Engine(form: form, host: TestHost())
    _ = engine.perform(.activate(.row(1)))
    #expect(engine.editing === seats)
    // refused by the kind: the editor stays open, the value stays
    guard case .refused(.badValue) = engine.enter("99", into: seats) else {
      Issue.record("99 was taken")
      return
    }
    #expect(engine.editing === seats && seats.value == .null)
    _ = engine.perform(.activate(.row(2)))
    #expect(engine.editing === name)
    // set but refused by its checks: asked again, the editor stays open
    guard case .reasked(let item, let problems, _) = engine.enter("Al", into: name) else {
      Issue.record("a value its validators refuse closed the editor")
      return
    }
    #expect(item === name && !problems.isEmpty && engine.editing === name)
    #expect(engine.enter("Alan", into: name) == .changed(Form.Changes(structure: false, items: [name])))
    #expect(engine.editing == nil)
    // leaving puts the value back as it was when the editor opened
    _ = engine.perform(.activate(.row(2)))
    _ = engine.enter("Al", into: name)
    #expect(engine.leave(name) == .editorLeft(name))
    #expect(name.value == .string("Alan") && engine.editing == nil)
  }

  @Test func bandsDrawAtTheHostsWidthElseTheLineModesElseTheDefault() throws {
    let form = Form()
    var widths: [Int] = []
    let draw = ClosureHandler { args in
      if case .value(.int(let w)) = args[1] { widths.append(w) }
      return .returned([.string("band")])
    }
    form.registerBandKind(BandKind(name: "w", draw: draw), as: .header)
    let section = form.addSection("S")
    section.setKind("w", of: .header)
    let host = TestHost()
    let engine = Engine(form: form, host: host)
    engine.drawBands()
    #expect(widths == [Engine.bandWidth])
    engine.drawBands(otherwise: { _, _ in 30 })
    host.bandWidth = 50
    engine.drawBands(otherwise: { _, _ in 30 })
    _ = engine.notices()
    #expect(widths == [Engine.bandWidth, 30, 50])
    // the line mode's session draws at its renderer's width when the host leaves it so
    host.bandWidth = nil
    let session = Session(engine: engine, renderer: Renderer(width: 40))
    _ = session.notices()
    #expect(widths.last == Renderer(width: 40).bandWidth(section, .header, in: form))
  }

  @Test func aMisspeltWordIsSuggestedAmongRowsByTheEngineAndCommandsByTheLineMode() throws {
    let (form, _, _) = try form()
    let session = Session(form: form, host: TestHost())
    #expect(session.engine.perform(.set(.name("sumbit"), "x")) == .refused(.unknownWord("sumbit", suggestion: nil)))
    #expect(session.perform(.set(.name("sumbit"), "x")) == .refused(.unknownWord("sumbit", suggestion: "submit")))
    #expect(session.read("seast 3") == .refused(.unknownWord("seast", suggestion: "seats")))
  }
}
