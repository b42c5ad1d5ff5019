import Testing

@testable import FormCore
@testable import FormSession

/// A row's own style is never what tells: the voice says the same with or without it.
struct RowStyleVoiceTests {
  @Test func theAccessibleVoiceIgnoresARowsStyle() throws {
    let form = Form()
    let s = form.addSection("S")
    let a = Item(kind: TextKind(), title: "Alert", name: "a")
    a.assign(.string("on fire"))
    try s.append(a)
    let plain = Spoken.row(a, in: form)
    a.style = RowStyle(color: .red, bold: true, dim: true, align: .right)
    #expect(a.style != nil)
    #expect(Spoken.row(a, in: form) == plain)
    #expect(!Spoken.row(a, in: form).joined().contains("red"))
  }
}
