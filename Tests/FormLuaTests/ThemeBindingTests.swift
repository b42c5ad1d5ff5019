import Testing

@testable import FormCore
@testable import FormLua

/// `form.theme` from Lua: a name or a table of roles, checked at the line
/// that sets it (with a did-you-mean), read back as it was given.
struct ThemeBindingTests {
  @Test func aNameOrATableOfRolesOverOne() throws {
    let (rt, error) = load(
      """
      form.theme = "light"
      assert(form.theme == "light")
      form.theme = { base = "high-contrast", value = { color = "bright_green", bold = true }, hint = { italic = true } }
      local t = form.theme
      assert(t.base == "high-contrast" and t.value.color == "bright_green" and t.value.bold == true)
      assert(t.hint.italic == true and t.error == nil)
      """)
    #expect(error == nil, "\(error?.message ?? "")")
    let theme = try #require(rt.form.theme)
    #expect(theme.name == "high-contrast")
    #expect(theme.codes(.value) == "1;92")
    #expect(theme.codes(.hint) == "3")
    #expect(theme.codes(.error) == Theme.highContrast.codes(.error))
    try rt.load(source: "form.theme = { error = { underline = true } }\nform.theme = nil", name: "n.lua")
    #expect(rt.form.theme == nil)
    try rt.load(source: "form.theme = { error = { underline = true } }", name: "o.lua")
    #expect(rt.form.theme?.name == "default" && rt.form.theme?.codes(.error) == "4")
  }

  @Test(arguments: [
    (
      "form.theme = 'hi-contrast'",
      "t.lua:3: bad value for 'theme' of the form: unknown theme 'hi-contrast' (did you mean 'high-contrast'?)"
    ),
    (
      "form.theme = { eror = { bold = true } }",
      "t.lua:3: bad value for 'theme' of the form: unknown theme role 'eror' (did you mean 'error'?)"
    ),
    (
      "form.theme = { error = { colour = 'red' } }",
      "t.lua:3: bad value for 'theme' of the form: error: unknown style field 'colour' (did you mean 'color'?)"
    ),
    (
      "form.theme = { error = { color = 'pink' } }",
      "t.lua:3: bad value for 'theme' of the form: error: unknown color 'pink'"
    ),
    (
      "form.theme = { value = { align = 'right' } }",
      "t.lua:3: bad value for 'theme' of the form: value: unknown style field 'align'"
    ),
    (
      "form.theme = { base = 'mono' }",
      "t.lua:3: bad value for 'theme' of the form: bad base: unknown theme 'mono' (did you mean 'monochrome'?)"
    ),
    (
      "form.theme = true",
      "t.lua:3: bad value for 'theme' of the form: a theme's name or a table of roles expected (got boolean)"
    ),
  ])
  func aBadThemeIsAnErrorAtItsLine(statement: String, message: String) {
    let (_, error) = load("local s = form:section{}\ns:text{ name = 'a' }\n" + statement)
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
  }

  @Test func aRowStyleTakesTheNewFields() throws {
    let (rt, error) = load(
      "form:section{}:text{ name = 'a', style = { italic = true, underline = true, reverse = true } }\nassert(form:find('a').style.italic)"
    )
    #expect(error == nil, "\(error?.message ?? "")")
    #expect(rt.form.find("a")?.style == RowStyle(italic: true, underline: true, reverse: true))
  }
}
