import Testing

@testable import FormCore

/// Themes as a model: built-in ones by name, roles as styles, how much is
/// drawn where, and which choice wins.
struct ThemeTests {
  @Test func fourAreBuiltInTheDefaultFirst() {
    #expect(Theme.names == ["default", "high-contrast", "monochrome", "light"])
    #expect(Theme.named("light") == Theme.light)
    #expect(Theme.named("Light") == nil)
    #expect(Theme.builtIn.first == .standard)
  }

  /// The default theme is the look formrun always had, code for code.
  @Test(arguments: [
    (Theme.Role.title, "1"), (.header, "1"), (.border, "2"), (.number, "2"), (.value, "36"), (.placeholder, "2"),
    (.hint, "2"), (.error, "31"), (.focus, "7"),
  ])
  func theDefaultIsTheLookOfOld(role: Theme.Role, codes: String) {
    #expect(Theme.ansi.codes(role) == codes)
    #expect(Theme.plain.codes(role) == nil, "no colour: nothing")
    #expect(Theme.emphasisOnly.codes(role) == nil, "roles draw nothing without colour in the line mode")
  }

  @Test func monochromeHasNoColourAndEveryRoleStillShows() {
    for role in Theme.Role.allCases where role != .label {
      let style = Theme.monochrome.style(role)
      #expect(style.color == nil, "\(role)")
      #expect(Theme.monochrome.codes(role) != nil, "\(role) adds nothing")
    }
    #expect(Theme.highContrast.codes(.error) == "1;91")
    #expect(!Theme.Role.allCases.contains { Theme.highContrast.style($0).dim }, "nothing dim in high contrast")
    let lightColours = Theme.Role.allCases.compactMap { Theme.light.style($0).color }
    #expect(!lightColours.contains { [.cyan, .yellow, .white, .brightWhite, .brightYellow].contains($0) })
  }

  @Test func withoutColourAFrontEndMayKeepTheEmphasis() {
    #expect(Theme.highContrast.codes(.error, color: false) == "1")
    #expect(Theme.highContrast.codes(.error, color: true) == "1;91")
    #expect(Theme.standard.codes(.value, color: false) == nil)
    #expect(Theme.standard.codes(.focus, color: false) == "7")
  }

  @Test func aRoleChangedIsKeptApartFromItsBase() {
    var t = Theme.light
    t.set(.error, RowStyle(color: .magenta, italic: true))
    #expect(t.codes(.error) == "3;35")
    #expect(t.changes(from: .light).map(\.role) == [.error])
    #expect(t != .light && t.name == "light")
    #expect(t.drawn(.plain).codes(.error) == nil)
    #expect(t.drawn(.plain).drawn(.color) == t)
  }

  /// `--theme` (this run), then `FORMRUN_THEME` (the person's usual), then the form's, then the default.
  @Test(
    arguments: [
      ("light", "monochrome", "high-contrast", "light", nil),
      (nil, "monochrome", "high-contrast", "monochrome", nil),
      (nil, "", "high-contrast", "high-contrast", nil),
      (nil, nil, nil, "default", nil),
      (
        nil, "ligth", "high-contrast", "high-contrast",
        "FORMRUN_THEME: unknown theme 'ligth' (did you mean 'light'?); the themes are default, high-contrast, monochrome and light; it is passed over"
      ),
      (
        "mono", nil, nil, "default",
        "--theme: unknown theme 'mono' (did you mean 'monochrome'?); the themes are default, high-contrast, monochrome and light"
      ),
    ] as [(String?, String?, String?, String, String?)])
  func thePersonsChoiceWinsOverTheAuthors(
    flag: String?, environment: String?, form: String?, name: String, problem: String?
  ) {
    let chosen = Theme.chosen(flag: flag, environment: environment, form: form.flatMap(Theme.named))
    #expect(chosen.theme.name == name)
    #expect(chosen.problem == problem)
  }

  @Test func anUnknownNameSaysTheLikelyOne() {
    #expect(Theme.unknown("high").hasPrefix("unknown theme 'high' (did you mean 'high-contrast'?)"))
    #expect(
      Theme.unknown("dracula") == "unknown theme 'dracula'; the themes are default, high-contrast, monochrome and light"
    )
  }

  @Test func aRowStyleWritesItsNewFields() {
    #expect(RowStyle(bold: true, italic: true, underline: true, reverse: true).codes(color: false) == "1;3;4;7")
    #expect(RowStyle(italic: true).isPlain == false)
  }
}

extension ThemeTests {
  @Test func theNamesAreTheBuiltInThemesNames() {
    #expect(Theme.names == Theme.builtIn.map(\.name))
    for theme in Theme.builtIn { #expect(Theme.named(theme.name) == theme) }
  }
}
