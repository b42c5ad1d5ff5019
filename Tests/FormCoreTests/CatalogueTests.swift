import Foundation
import Testing

@testable import FormCore

/// The message catalogue: every shipped language has every key, with the
/// key's placeholders; overrides are checked; plural forms are picked by count.
struct CatalogueTests {
  @Test func alternativesAreSaidInTheCataloguesWords() {
    #expect(Catalogue.english.alternatives([]) == "")
    #expect(Catalogue.english.alternatives([".csv"]) == ".csv")
    #expect(Catalogue.english.alternatives([".csv", ".txt", ".tsv"]) == ".csv, .txt or .tsv")
    #expect(Catalogue.shipped["de"]!.alternatives(["a", "b"]) == "a oder b")
  }

  @Test(arguments: Catalogue.shipped.keys.sorted().filter { $0 != "en" })
  func everyShippedCatalogueHasEveryKeyWithItsPlaceholders(language: String) throws {
    let other = try #require(Catalogue.shipped[language])
    let english = Catalogue.english
    let missing = Set(english.keys).subtracting(other.keys).sorted()
    #expect(missing.isEmpty, "'\(language)' lacks \(missing)")
    let extra = Set(other.keys).subtracting(english.keys).sorted()
    #expect(extra.isEmpty, "'\(language)' has keys English has not: \(extra)")
    for key in english.keys where other.keys.contains(key) {
      #expect(other.placeholders(of: key) == english.placeholders(of: key), "'\(language)' \(key): other placeholders")
      #expect(
        (other.text(of: key)?.one == nil) == (english.text(of: key)?.one == nil),
        "'\(language)' \(key): a form for one in one catalogue only")
    }
  }

  /// Phrases are found by halving the entries and parsed when first said,
  /// so each shipped catalogue's entries must be sorted, unique and parse.
  @Test(arguments: Catalogue.shipped.keys.sorted())
  func eachShippedCatalogueIsSortedAndEveryEntryParses(language: String) throws {
    let shipped = try #require(Catalogue.shipped[language]).shipped
    for (a, b) in zip(shipped.entries, shipped.entries.dropFirst()) {
      #expect(
        Array(a.keyString.utf8).lexicographicallyPrecedes(b.keyString.utf8),
        "'\(language)': '\(b.key)' comes after '\(a.key)' (keep the entries sorted by key)")
    }
    for (i, e) in shipped.entries.enumerated() {
      #expect(shipped.index(of: e.keyString) == i, "'\(language)': '\(e.key)' not found")
      #expect(throws: Never.self) { try Phrase(parsing: e.text.description, one: e.oneString, key: e.keyString) }
    }
    #expect(shipped.index(of: "action") == nil)
    #expect(shipped.index(of: "zzz") == nil)
    #expect(shipped.index(of: "no.such_key") == nil)
    #expect(shipped.index(of: "") == nil)
  }

  @Test func everyKeyIsDocumented() {
    for entry in Catalogue.documented { #expect(!entry.about.isEmpty, "\(entry.key) has no description") }
    #expect(Catalogue.documented.count == Catalogue.english.keys.count)
  }

  /// Every catalogue key the sources name is a key of the English
  /// catalogue (and so of every shipped one): a string literal shaped like a
  /// key (`"walk.summary"`, a prefix the catalogue has) wherever it is, in a
  /// `say(…)` or a table of keys; and no key is made at run time by joining
  /// a prefix to a word, which no test could check.
  @Test func everyKeyTheSourcesNameExists() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/Catalogue/") }
    let prefixes = Set(Catalogue.english.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
    let literal = try Regex(#""([a-z_]+)(\.[a-z_]+)+""#)
    let joined = try Regex(#""([a-z_]+)\."\s*\+"#)
    var named = 0
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: literal) where prefixes.contains(String(match.output[1].substring!)) {
        let key = String(text[match.range].dropFirst().dropLast())
        named += 1
        #expect(
          Catalogue.english.text(of: key) != nil, "\(file.lastPathComponent) names '\(key)', which no catalogue has")
      }
      for match in text.matches(of: joined) where prefixes.contains(String(match.output[1].substring!)) {
        Issue.record("\(file.lastPathComponent) makes a catalogue key at run time: \(text[match.range])")
      }
    }
    #expect(named > 400)
  }

  /// `{label}` is the row's name unless the arguments give one; a placeholder
  /// nothing gives stays as written.
  @Test func theLabelIsFilledUnlessGiven() {
    let c = Catalogue.english
    #expect(c.sayLabelled("action.no_value", label: "Go", [:]).hasPrefix("Go takes no value"))
    #expect(c.sayLabelled("action.no_value", label: "Go", ["label": "Run"]).hasPrefix("Run takes no value"))
    #expect(c.say("action.no_value").hasPrefix("{label} takes no value"))
  }

  @Test func theFormForOneIsPickedByTheCount() {
    #expect(Catalogue.english.say("submit.cannot", ["count": "1"]) == "cannot submit (1 problem):")
    #expect(Catalogue.english.say("submit.cannot", ["count": "3"]) == "cannot submit (3 problems):")
    #expect(Catalogue.german.say("submit.cannot", ["count": "2"]) == "Absenden nicht möglich (2 Probleme):")
  }

  @Test func anOverrideIsCheckedAgainstTheKey() throws {
    var c = Catalogue.english
    try c.override("submit.cannot", "{count} Fehler:", one: "Ein Fehler:")
    #expect(c.say("submit.cannot", ["count": "1"]) == "Ein Fehler:")
    #expect(c.say("submit.cannot", ["count": "4"]) == "4 Fehler:")
    #expect(throws: CatalogueError("no message 'submit.canot' (did you mean 'submit.cannot'?)")) {
      try c.override("submit.canot", "x")
    }
    #expect(throws: CatalogueError("message 'number.at_most' must say {max} (it takes {label}, {max})")) {
      try c.override("number.at_most", "{label} ist zu groß")
    }
    #expect(throws: CatalogueError("message 'number.at_most' has no placeholder {min} (it takes {label}, {max})")) {
      try c.override("number.at_most", "{label} {max} {min}")
    }
    #expect(throws: CatalogueError("message 'number.at_most' has no count, so no form for one")) {
      try c.override("number.at_most", "{label} {max}", one: "x")
    }
    #expect(throws: CatalogueError.self) { try c.override("edit.unchanged", "{ unclosed") }
    // braces doubled are braces
    try c.override("edit.unchanged", "{{unverändert}}")
    #expect(c.say("edit.unchanged") == "{unverändert}")
  }

  @Test func aFormsOverridesHoldAcrossALocaleChange() throws {
    let form = Form()
    try form.setPhraseOverrides(["edit.unchanged": PhraseText("(bleibt)")])
    try form.setLocale("de")
    #expect(form.say("edit.unchanged") == "(bleibt)")
    #expect(form.say("submit.done") == "abgesendet")
    #expect(form.dateNames.months[2] == "März")
    #expect(throws: CatalogueError.self) { try form.setLocale("dd") }
  }

  @Test func germanAnswersToASwitchAndEnglishOnesToo() throws {
    let form = Form()
    try form.setLocale("de")
    let s = Section()
    try form.insertSection(s, at: nil)
    let item = Item(kind: BoolKind())
    try s.append(item)
    for (typed, on) in [("ja", true), ("nein", false), ("an", true), ("aus", false), ("yes", true), ("off", false)] {
      #expect(BoolKind().parse(typed, for: item) == .value(.bool(on)), "\(typed)")
    }
    #expect(item.displayValue == "aus")
  }
}
