import Testing

@testable import FormServe

struct FormFieldsTests {
  @Test(arguments: [
    ("a=1&b=x+y%21", [("a", "1"), ("b", "x y!")]),
    ("", []),
    ("a", [("a", "")]),
    ("a=&=b", [("a", ""), ("", "b")]),
    ("r3=%E2%9C%93&r3=2", [("r3", "✓"), ("r3", "2")]),
    ("bad=%zz%4", [("bad", "%zz%4")]),
    ("&&a=1&", [("a", "1")]),
  ])
  func decodes(_ body: String, _ expected: [(String, String)]) {
    let fields = FormFields(urlEncoded: Array(body.utf8))
    #expect(fields.pairs.map(\.0) == expected.map(\.0))
    #expect(fields.pairs.map(\.1) == expected.map(\.1))
  }
}
