import FormCore
import Testing

@testable import FormSchema

/// Form → schema: Lua patterns as ECMA-262 where the two match the same
/// strings, and each row's property from its kind and validators.
@Suite struct ExportTests {
  @Test(arguments: [
    ("^%d+$", "^[0-9]+$"),
    ("^[%a_][%w_]*$", "^[A-Za-z_][A-Za-z0-9_]*$"),
    ("%.com$", "\\.com$"),
    ("a-b", "a*?b"),
    ("^[a-z0-9-]+$", "^[a-z0-9\\-]+$"),
    ("é+", nil),
    ("^.$", nil),
    ("[^a]", nil),
    ("%bxy", nil),
    ("(a)", nil),
    ("%A", nil),
  ])
  func luaPatterns(_ lua: String, _ ecma: String?) {
    #expect(LuaToECMA.convert(lua) == ecma)
  }

  /// Each converted pattern matches as the Lua one does, on ASCII and on other text.
  @Test func convertedPatternsMatchAsLuaDoes() throws {
    let cases: [(String, [String: Bool])] = [
      ("^%d+$", ["123": true, "12a": false, "": false, "١٢": false]),
      ("^[%a_][%w_]*$", ["_a1": true, "1a": false, "é": false]),
      ("%.com$", ["a.com": true, "acom": false]),
    ]
    for (lua, texts) in cases {
      let re = try ECMARegex(try #require(LuaToECMA.convert(lua)))
      for (text, matches) in texts { #expect(try re.search(text).get() == matches, "\(lua) on \(text)") }
    }
  }

  static func item(
    _ form: Form, _ section: Section, _ kind: String, _ name: String, _ validators: [String] = [],
    _ options: [(String, Value)] = []
  ) throws -> Item {
    let item = Item(kind: Kinds.builtIn[kind]!, title: name.capitalized, name: name)
    for (k, v) in options { _ = item.setOption(k, to: v) }
    item.validators = try form.validators(validators)
    try section.append(item)
    return item
  }

  /// A secure row's value, or a card's, is no `default` of the schema
  /// written out (a script may fill one from the environment).
  @Test func aSecretIsNoDefault() throws {
    let form = Form()
    let s = Section()
    try form.insertSection(s)
    let pw = try Self.item(form, s, "text", "token", [], [("secure", .bool(true))])
    pw.assign(.string("hunter2XYZ"))
    let card = try Self.item(form, s, "creditcard", "card")
    card.assign(.record([.init("number", .string("4242424242424242")), .init("expiry", .string("12/30"))]))
    let plain = try Self.item(form, s, "text", "nick")
    plain.assign(.string("ada"))
    let written = JSON.encode(SchemaExport.schema(of: form))
    #expect(!written.contains("hunter2XYZ") && !written.contains("4242424242424242"), "\(written)")
    #expect(SchemaExport.schema(of: form)["properties"]?["nick"]?["default"] == .string("ada"))
  }

  @Test func aLuaFormsRowsBecomeProperties() throws {
    let form = Form(title: "Signup")
    let s = Section()
    try form.insertSection(s)
    _ = try Self.item(form, s, "text", "email", ["presence", "email"])
    _ = try Self.item(form, s, "text", "code", ["pattern(^%d+$)", "length(4, 6)"])
    _ = try Self.item(form, s, "text", "nick", ["pattern(^.+$)"])
    _ = try Self.item(form, s, "number", "seats", ["range(2, 500)"], [("decimals", .int(0))])
    _ = try Self.item(form, s, "radio", "plan", [], [("options", .list([.string("Free"), .string("Pro")]))])
    _ = try Self.item(
      form, s, "multiple", "toppings", ["count(1, 2)"], [("options", .list([.string("a"), .string("b")]))])
    _ = try Self.item(form, s, "bool", "news")
    let schema = SchemaExport.schema(of: form)
    #expect(schema["$schema"] == .string(SchemaExport.dialect))
    // count(1, …) refuses nothing chosen: the row is required (as minItems says too)
    #expect(schema["required"] == .list([.string("email"), .string("toppings")]))
    let props = try #require(schema["properties"])
    #expect(props["email"]?["format"] == .string("email"))
    #expect(props["email"]?["type"] == .string("string"))
    #expect(props["code"]?["pattern"] == .string("^[0-9]+$"))
    #expect(props["code"]?["minLength"] == .int(4))
    #expect(props["nick"]?["x-formrun-pattern"] == .string("^.+$"))
    #expect(props["seats"]?["type"] == .list([.string("integer"), .string("null")]))
    #expect(props["seats"]?["maximum"] == .int(500))
    #expect(props["plan"]?["enum"] == .list([.string("Free"), .string("Pro"), .null]))
    #expect(props["toppings"]?["items"]?["enum"] == .list([.string("a"), .string("b")]))
    #expect(props["toppings"]?["maxItems"] == .int(2))
    #expect(props["news"]?["type"] == .list([.string("boolean"), .string("null")]))
    // the schema loads, and its form has the same rows
    let again = Form()
    try SchemaForm.build(try Schema.load(schema, name: "exported"), into: again)
    #expect(again.rows.map(\.name) == form.rows.map(\.name))
    #expect(again.rows.map(\.kind.name) == form.rows.map(\.kind.name))
  }
}
