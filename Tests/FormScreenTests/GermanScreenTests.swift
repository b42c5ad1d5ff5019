import FormCore
import FormLua
import FormSession
import Foundation
import Testing

@testable import FormScreen

/// The screen mode of a German form says no phrase of the English catalogue.
struct GermanScreenTests {
  static let form = """
    form.locale = "de"
    local s = form:section("Konto")
    s:text{ name = "nick", title = "Spitzname", required = true }
    s:number{ name = "age", title = "Alter", max = 10 }
    s:bool{ name = "news", title = "Newsletter" }
    s:radio{ name = "plan", title = "Tarif", options = { "Frei", "Profi", "Team" } }
    s:multiple{ name = "tags", title = "Themen", options = { "Lua", "Swift" }, validators = { "count(1, 1)" } }
    s:date{ name = "born", title = "Geboren", min = "2000-01-01" }
    """

  /// Each English phrase's text between placeholders, of two words or more.
  static let englishWords: [String] = {
    var out: Set<String> = []
    for key in Catalogue.english.keys {
      let t = Catalogue.english.text(of: key)!
      for text in [t.other] + (t.one.map { [$0] } ?? []) {
        for chunk in text.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "\n" }) {
          if chunk.split(whereSeparator: { !$0.isLetter }).filter({ $0.count >= 2 }).count >= 2 {
            out.insert(chunk.trimmingSpaces)
          }
        }
      }
    }
    return out.sorted()
  }()

  @Test func theScreenSaysNoEnglish() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.form, name: "form.lua")
    let d = ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()), width: 100, height: 30)
    var seen: [String] = []
    func look() { seen += d.text }
    look()
    try d.press(["ctrl-s"])
    look()
    try d.press(["down", "enter", "9", "9", "enter"])
    look()
    try d.press(["esc", "down", "space", "down", "enter"])
    look()
    try d.press(["esc", "down", "enter"])
    look()
    try d.press(["space", "down", "space"])
    look()
    try d.press(["esc", "down", "enter"])
    look()
    try d.press(["esc", "?"])
    look()
    try d.press(["x", "up", "up", "up", "up", "up", "enter", "a", "enter", "ctrl-c"])
    look()
    #expect(seen.contains { $0.contains("Pflichtfeld") || $0.contains("Absenden") }, "\(seen)")
    #expect(seen.contains { $0.contains("verwerfen? [j/N]") }, "\(seen)")
    try d.press(["j"])
    #expect(d.ending == "interrupted")
    let all = seen.joined(separator: "\n")
    let english = Self.englishWords.filter { all.contains($0) }
    #expect(english == [], "\(all)")
  }

  /// A paged German form: its page headings, Next, Back and the summary.
  @Test func aPagedFormSaysNoEnglish() throws {
    let runtime = LuaRuntime()
    try runtime.load(
      source: """
        form.locale = "de"
        form.pages = true
        form:section("Konto"):text{ name = "nick", title = "Spitzname", required = true }
        form:section("Mehr"):text{ name = "city", title = "Stadt" }
        """, name: "form.lua")
    let d = ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()), width: 100, height: 30)
    var seen: [String] = []
    func look() { seen += d.text }
    look()
    try d.press(["ctrl-s"])  // refused: the page is not finished
    look()
    try d.press(["enter", "A", "d", "a", "enter", "ctrl-s"])
    look()
    try d.press(["alt-left"])
    look()
    try d.press(["alt-left"])  // the first page: there is none before it
    look()
    try d.press(["ctrl-s", "ctrl-s"])
    look()
    let all = seen.joined(separator: "\n")
    #expect(all.contains("Seite 2 von 2: Mehr"), "\(all)")
    #expect(all.contains("Übersicht"), "\(all)")
    let english = Self.englishWords.filter { all.contains($0) }
    #expect(english == [], "\(all)")
  }
}

/// What the help line says a key does comes from the catalogue by a key
/// written in a table, never made from the English word.
struct KeyWordTests {
  @Test func everyWordAKeyDoesHasItsCatalogueKey() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/FormScreen")
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    // the (key, does) pairs of the help line: `("Enter", "accept")`
    let pair = try Regex(#"\("[^"]+", "([^"]+)"\)"#)
    var words: Set<String> = []
    for file in files {
      for match in try String(contentsOf: file, encoding: .utf8).matches(of: pair) {
        words.insert(String(match.output[1].substring!))
      }
    }
    #expect(words.count > 20)
    for word in words.sorted() where word.contains(where: \.isLetter) && !word.contains(".") {
      #expect(Screen.doesKeys[word] != nil, "the help line's '\(word)' has no catalogue key in doesKeys")
    }
    for (word, key) in Screen.doesKeys {
      for (language, catalogue) in Catalogue.shipped {
        #expect(catalogue.text(of: key) != nil, "'\(word)': \(key) is missing from '\(language)'")
      }
    }
  }
}
