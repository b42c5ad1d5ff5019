import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// An editor of a choice with more options than a screen holds lists the
/// first screenful and says how to narrow the rest, in every voice: a
/// 1,000,000-option radio never prints a million lines.
struct LongOptionListTests {
  static func session(_ kind: some ItemKind, voice: any Voice = StandardVoice(), rows: Int? = nil) throws -> (
    Session, Item
  ) {
    let form = Form()
    let item = Item(kind: kind, title: "Pick", name: "x")
    try form.addSection().append(item)
    let session = Session(form: form, host: TestHost(), renderer: Renderer(width: 80, explicit: true), voice: voice)
    session.terminalRows = rows
    return (session, item)
  }

  static let many = (1...200_000).map { "option \($0)" }

  @Test(arguments: [nil, 40] as [Int?])
  func aLongListShowsAScreenfulAndHowToNarrowIt(rows: Int?) throws {
    for kind in [RadioKind(options: Self.many) as any ItemKind, MultipleKind(options: Self.many)] {
      let (session, item) = try Self.session(kind, rows: rows)
      let lines = session.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))
      let page = rows ?? 24
      #expect(lines.count <= page, "\(kind.name): \(lines.count) lines")
      #expect(lines.joined().utf8.count < 20_000, "\(kind.name): \(lines.joined().utf8.count) bytes")
      #expect(lines[1].contains(" 1  option 1"), "\(lines[1])")
      let more = try #require(lines.first { $0.contains("more") }, "\(lines)")
      #expect(more.contains("of 200000 options"), "\(more)")
      #expect(more.contains("type part of one to narrow the list"), "\(more)")
    }
  }

  @Test func theAccessibleVoiceSaysTheFirstOptionsAndHowMany() throws {
    let (session, item) = try Self.session(RadioKind(options: Self.many), voice: AccessibleVoice())
    let lines = session.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))
    #expect(lines.joined().utf8.count < 2_000, "\(lines.joined().utf8.count) bytes")
    let options = try #require(lines.first { $0.hasPrefix("Options: ") })
    #expect(options.hasPrefix("Options: 1 option 1, 2 option 2, "), "\(options)")
    #expect(options.contains("and 199980 more"), "\(options)")
    // a picker's long part too
    let (picker, row) = try Self.session(PickerKind(components: [Self.many, ["a", "b"]]), voice: AccessibleVoice())
    let said = picker.phrase(.editorOpened(row, changes: .init(structure: false, items: [])))
    #expect(said.joined().utf8.count < 2_000)
    let framed = try Self.session(PickerKind(components: [Self.many, ["a", "b"]]))
    let shown = framed.0.phrase(.editorOpened(framed.1, changes: .init(structure: false, items: [])))
    #expect(shown.joined().utf8.count < 4_000, "\(shown.joined().utf8.count) bytes")
  }

  @Test func aShortListIsShownWhole() throws {
    let (session, item) = try Self.session(RadioKind(options: Array(Self.many.prefix(30))))
    let lines = session.phrase(.editorOpened(item, changes: .init(structure: false, items: [])))
    for n in 1...30 { #expect(lines.contains { $0.contains("option \(n)") }) }
    #expect(!lines.contains { $0.contains(" more") })
  }
}
