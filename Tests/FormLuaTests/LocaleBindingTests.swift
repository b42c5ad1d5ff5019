import Testing

@testable import FormCore
@testable import FormLua

/// `form.messages` and `form.locale` are checked once, by the form as it
/// takes them: what it refuses is the script's error, never dropped, and
/// the form keeps what it had.
struct LocaleBindingTests {
  @Test(arguments: [
    (
      "form.messages = { presence = 'Bitte', ['submit.canot'] = 'x' }",
      "bad value for 'messages' of the form: no message 'submit.canot' (did you mean 'submit.cannot'?)"
    ),
    (
      "form.messages = { ['number.at_most'] = '{label} ist zu groß' }",
      "bad value for 'messages' of the form: message 'number.at_most' must say {max}"
    ),
    ("form.locale = 'fr'", "bad value for 'locale' of the form: no locale 'fr'; formrun ships de, en"),
    ("form.locale = { language = 'dee' }", "no locale 'dee' (did you mean 'de'?); formrun ships de, en"),
  ])
  func aRefusedValueIsAnErrorAndChangesNothing(source: String, message: String) {
    let (rt, error) = load("form.locale = 'de'; form.messages = { email = 'E-Mail?' }; " + source)
    #expect(error?.summary.contains(message) == true, "\(error?.summary ?? "no error")")
    #expect(rt.form.catalogue.language == "de")
    #expect(rt.form.customMessages == ["email": "E-Mail?"])
  }

  @Test func aLongLocaleNameIsCutInTheMessage() {
    let (_, error) = load("form.locale = ('x'):rep(100000)")
    #expect(error?.summary.contains("more characters") == true, "\(error?.summary.prefix(300) ?? "no error")")
    #expect((error?.summary.count ?? 0) < 400)
  }
}
