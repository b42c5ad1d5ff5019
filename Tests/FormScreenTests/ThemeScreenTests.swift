import FormCore
import FormSession
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// Themes drawn in the screen (the form's, a built-in one, a table of roles;
/// a row's style on top), and a text row's suggestions shown as it is typed.
struct ThemeScreenTests {
  static let shop = """
    local s = form:section{ header = "Shop" }
    s:text{ name = "item", title = "Item", value = "Lamp" }
    s:text{ name = "note", title = "Note", placeholder = "gift wrap?" }
    s:text{ name = "code", title = "Code", value = "X", style = { color = "green" }, validators = { "length(3, 5)" } }
    """

  /// The frame's lines as written (with their codes), on a screen in colour or not.
  static func lines(_ source: String, color: Bool, theme: Theme? = nil, keys: [Key] = []) -> [String] {
    let h = ScreenHarness(source, columns: 60, rows: 14)
    let screen = Screen(session: h.engine, size: TerminalSize(columns: 60, rows: 14), color: color)
    if let theme { screen.theme = theme }
    for key in keys { screen.handle(key) }
    return screen.frame().lines.map(\.text)
  }

  static func line(_ lines: [String], _ text: String) -> String { lines.first { $0.contains(text) } ?? "" }

  @Test func theFormsThemeIsDrawnAndARowsStyleStaysOnTop() {
    let light = Self.lines("form.theme = 'light'\n" + Self.shop, color: true, keys: [Key(.down)])
    #expect(Self.line(light, "Lamp").contains("\u{1B}[34mLamp"), "light's values are blue: \(light)")
    #expect(Self.line(light, "Shop").contains("\u{1B}[1;34mShop"), "\(light)")
    // the row's own colour over the theme's value colour
    #expect(Self.line(light, "Code").contains("\u{1B}[32mX"), "\(light)")
    // the default look is the old one, code for code
    let plain = Self.lines(Self.shop, color: true, keys: [Key(.down)])
    #expect(Self.line(plain, "Lamp").contains("\u{1B}[36mLamp"))
    #expect(Self.line(plain, "Shop").contains("\u{1B}[1mShop"))
  }

  @Test func aThemeAsATableOfRolesOverABuiltInOneAndItsFocus() {
    let source = """
      form.theme = { base = "high-contrast", value = { color = "magenta" }, placeholder = { underline = true } }
      """ + "\n" + Self.shop
    let lines = Self.lines(source, color: true)
    #expect(Self.line(lines, "Lamp").hasPrefix("\u{1B}[1;7m› "), "high-contrast's focus is bold reverse: \(lines)")
    let note = Self.lines(source, color: true, keys: [Key(.down), Key(.down)])
    #expect(Self.line(note, "Lamp").contains("\u{1B}[35mLamp"), "\(note)")
    // the placeholder: the theme's underline, and italic whatever the theme
    #expect(Self.line(note, "gift wrap?").contains("\u{1B}[4;3mgift wrap?"), "\(note)")
  }

  @Test func withoutColourOnlyTheThemesAttributesRemain() {
    let lines = Self.lines("form.theme = 'monochrome'\n" + Self.shop, color: false, keys: [Key(.down)])
    #expect(Self.line(lines, "Shop").contains("\u{1B}[1;4mShop"), "monochrome's header: \(lines)")
    #expect(Self.line(lines, "Lamp").contains("\u{1B}[1mLamp"), "monochrome's value is bold: \(lines)")
    #expect(!lines.joined().contains("32m") && !lines.joined().contains("36m"), "no colour: \(lines)")
  }

  @Test func theRunsThemeOverTheFormsAsTheFillSetsIt() {
    let lines = Self.lines(
      "form.theme = 'light'\n" + Self.shop, color: true, theme: Theme.named("high-contrast"), keys: [Key(.down)])
    #expect(Self.line(lines, "Lamp").contains("\u{1B}[1;96mLamp"), "\(lines)")
  }

  static let city = """
    local s = form:section{}
    s:text{ name = "city", title = "City", suggestions = { "Berlin", "Bern", "Boston", "Bordeaux", "Brno" } }
    s:text{ name = "street", title = "Street",
            suggestions = function(text) return { text .. " Street", text .. " Avenue" } end }
    s:text{ name = "zip", title = "Zip" }
    """

  @Test func aTextRowsSuggestionsShowAsItIsTypedAndTabOrEnterTakesOne() {
    let h = ScreenHarness(Self.city, columns: 60, rows: 16)
    h.press("enter", "bo")
    #expect(h.frame.contains("    Boston") && h.frame.contains("    Bordeaux"), "\(h.frame)")
    #expect(!h.frame.contains("    Berlin"), "only those holding the letters: \(h.frame)")
    #expect(h.frame.last?.contains("Tab complete") == true)
    h.press("tab")
    #expect(h.frame.contains { $0.hasPrefix("› City") && $0.hasSuffix("Boston") }, "\(h.frame)")
    h.press("tab")
    #expect(h.value("city") == .string("Boston"), "Tab again leaves with it")
    #expect(h.screen.focusItem?.name == "street")
    // a function of the text: asked as it changes; ↓ picks, Enter takes it and goes on
    h.press("Elm")
    #expect(h.frame.contains("    Elm Street") && h.frame.contains("    Elm Avenue"), "\(h.frame)")
    h.press("down", "down", "enter")
    #expect(h.value("street") == .string("Elm Avenue"))
    #expect(h.screen.focusItem?.name == "zip")
    // any text is taken: they are offers only
    h.press("up", "Nowhere Lane", "enter")
    #expect(h.value("street") == .string("Nowhere Lane"))
  }
}
