import Testing

@testable import FormCore
@testable import FormLua

/// A string a script gives the form (a name, a title, a value, an option, a
/// message) that is not UTF-8 is refused naming its first bad byte, as
/// `--set`, answers files and drafts refuse it; never read as U+FFFD.
struct NotUTF8Tests {
  @Test(arguments: [
    (
      "form:text{ name = '\\xff\\xfe', value = 'v' }",
      "bad value for 'name' of a text row: '\\xFF\\xFE' is not valid UTF-8 (byte 0xFF at offset 0)"
    ),
    (
      "form:text{ name = 't', title = 'T\\xc0\\xaf' }",
      "bad value for 'title' of text row 't': 'T\\xC0\\xAF' is not valid UTF-8 (byte 0xC0 at offset 1)"
    ),
    (
      "form:text{ name = 't', value = 'ok\\xff' }",
      "bad value for 'value' of text row 't': 'ok\\xFF' is not valid UTF-8 (byte 0xFF at offset 2)"
    ),
    (
      "form:text{ name = 't' }.value = 'caf\\xe9'",
      "bad value for 'value' of text row 't': 'caf\\xE9' is not valid UTF-8 (byte 0xE9 at offset 3)"
    ),
    ("form:section('S\\xff')", "bad argument #1 to 'section' ('S\\xFF' is not valid UTF-8 (byte 0xFF at offset 1))"),
    (
      "form:radio{ name = 'r', options = { 'a', 'b\\xff' } }",
      "bad value for 'options' of radio row 'r': 'b\\xFF' is not valid UTF-8"
    ),
    ("form.title = 'A\\xff'", "bad value for 'title' of the form: 'A\\xFF' is not valid UTF-8"),
    ("form.messages = { presence = 'x\\xff' }", "bad value for 'messages' of the form: 'x\\xFF' is not valid UTF-8"),
    (
      "form:text{ name = 't', validators = { 'pattern(\\xff)' } }",
      "bad value for 'validators' of text row 't': 'pattern(\\xFF)' is not valid UTF-8"
    ),
    (
      "form:text{ name = 't' }; form:set_values{ t = '\\xff' }",
      "bad argument #1 to 'set_values' ('\\xFF' is not valid UTF-8"
    ),
  ])
  func aStringThatIsNotUTF8IsRefusedNamingTheByte(source: String, message: String) {
    let (rt, error) = load(source)
    #expect(error?.summary.contains(message) == true, "\(error?.summary.prefix(300) ?? "no error")")
    #expect(!rt.form.rows.contains { ($0.name ?? "").contains("\u{FFFD}") || $0.title.contains("\u{FFFD}") })
  }

  @Test func validUTF8AndLuaEscapesOfItAreTaken() throws {
    let (rt, error) = load("form:text{ name = 'caf\\xc3\\xa9', title = '日本', value = '\\u{1F600}' }")
    #expect(error == nil, "\(error?.summary ?? "")")
    let item = try #require(rt.form.find("café"))
    #expect(item.value == .string("😀"))
  }

  @Test func aChunkGivenAsBytesReachesLuaAsItIs() {
    let rt = LuaRuntime()
    #expect(throws: ScriptError.self) {
      try rt.load(bytes: Array("form:text{ name = '".utf8) + [0xFF] + Array("' }".utf8), name: "stdin")
    }
    do { try rt.load(bytes: Array("form:text{ name = '".utf8) + [0xFF] + Array("' }".utf8), name: "stdin") } catch {
      #expect(error.summary.hasPrefix("stdin:1: bad value for 'name' of a text row: '\\xFF' is not valid UTF-8"))
    }
  }
}
