import Foundation
import TestSupport
import Testing

@testable import FormCore

/// A German form piped through formrun (`--submit`, line commands, the walk,
/// the accessible voice) says no phrase of the English catalogue: every
/// phrase comes from the German one.
@Suite(.serialized) struct GermanFormTests {
  static let form = """
    form.locale = "de"
    form.title = "Anmeldung"
    local s = form:section("Konto")
    s:text{ name = "nick", title = "Spitzname", required = true, validators = { "length(3, 20)" } }
    s:number{ name = "age", title = "Alter", min = 1, max = 10 }
    s:bool{ name = "news", title = "Newsletter" }
    s:date{ name = "born", title = "Geboren", format = "d MMMM yyyy" }
    s:radio{ name = "plan", title = "Tarif", options = { "Frei", "Profi" } }
    s:multiple{ name = "tags", title = "Themen", options = { "Lua", "Swift", "Rust" } }
    s:longtext{ name = "bio", title = "Ueber mich" }
    s:float{ name = "vol", title = "Lautstaerke", min = 0, max = 10, step = 1 }
    """

  /// The English catalogue's words: each phrase's text between
  /// placeholders, of two words or more (no German phrase holds one).
  static let englishWords: [String] = {
    var out: Set<String> = []
    for key in Catalogue.english.keys {
      let t = Catalogue.english.text(of: key)!
      for text in [t.other] + (t.one.map { [$0] } ?? []) {
        for chunk in text.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "\n" }) {
          let words = chunk.split { !$0.isLetter }.filter { $0.count >= 2 }
          let piece = chunk.trimmingCharacters(in: .whitespaces)
          if words.count >= 2 { out.insert(piece) }
        }
      }
    }
    return out.sorted()
  }()

  /// The English phrases in what formrun said, its own `formrun:` lines too.
  static func english(in said: String) -> [String] { englishWords.filter { said.contains($0) } }

  func run(_ args: [String], _ input: String) throws -> String {
    let path = try Launch.temporaryFile(Self.form)
    let ended = try Launch.run(Launch.formrun, [path] + args, input: input, environment: ["COLUMNS": "80"])
    return ended.stderr + ended.stdout
  }

  @Test func theFingerprintsAreManyAndCatchEnglish() {
    #expect(Self.englishWords.count > 150)
    #expect(Self.english(in: "cannot submit (2 problems):") != [])
    #expect(Self.english(in: "Age must be at most 10") != [])
  }

  @Test func submitSaysNoEnglish() throws {
    let said = try run(["--submit"], "")
    #expect(said.contains("Absenden nicht möglich (1 Problem):"), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  @Test func lineCommandsSayNoEnglish() throws {
    let input =
      [
        "age 99", "age zwei", "news vielleicht", "news ja", "born 30 Februar 2001", "born 3 Mär 2001", "plan 7",
        "plan x", "tags Lua Swift", "vol 3.4", "nick", "", "x", "show 2", "show 9", "show 4", "help", "help names",
        "errors", "delete 1", "do 1", "values", "s", "nick Bob", "bio", "Zeile eins", "Zeile zwei", ".", "s",
      ].joined(separator: "\n") + "\n"
    let said = try run([], input)
    #expect(said.contains("Alter darf höchstens 10 sein"), "\(said)")
    #expect(said.contains("Newsletter   an"), "\(said)")
    #expect(said.contains("3 März 2001"), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  /// How a German fill ends, in formrun's own lines too: input that ends
  /// before a submit, a refused answer or submit in the guided walk through
  /// a pipe, `--timeout`; and the words of a disabled row and a header
  /// kind's notice on the way.
  @Test func theEndLinesSayNoEnglish() throws {
    let ended = try run([], "nick Bob\n")
    #expect(ended.contains("formrun: die Eingabe endete vor dem Absenden"), "\(ended)")
    let refused = try run(["--guided"], "Bob\nzwei\n")
    #expect(refused.contains("formrun: Zeile 2: die Antwort auf Alter wurde abgelehnt"), "\(refused)")

    let declines = try Launch.temporaryFile(
      """
      form.locale = "de"
      form.on_submit = function() return false end
      form:header_kind("lang", { draw = function() local t = {} for i = 1, 300 do t[i] = "z" end return t end })
      local s = form:section{ header_kind = "lang" }
      s:text{ name = "nick", title = "Spitzname" }
      s:text{ name = "fest", title = "Fest", value = "x", enabled = false }
      """)
    let shown = try Launch.run(Launch.formrun, [declines], input: "show\n").stderr
    #expect(shown.contains("gab 300 Zeilen; die ersten 200 werden gezeigt"), "\(shown)")
    // a disabled row's mark (one word: no fingerprint catches it)
    #expect(shown.contains("Fest (deaktiviert)") && !shown.contains("(disabled)"), "\(shown)")
    let submitRefused = try Launch.run(Launch.formrun, [declines, "--guided"], input: "Bob\nj\n").stderr
    #expect(submitRefused.contains("formrun: Zeile 2: das Absenden wurde abgelehnt"), "\(submitRefused)")
    for said in [ended, refused, shown, submitRefused] { #expect(Self.english(in: said) == [], "\(said)") }

    // stdin that stays open and sends nothing: the clock runs out
    let path = try Launch.temporaryFile(Self.form)
    let timedOut = try Launch.run(
      "/bin/sh", ["-c", #"sleep 5 | "$0" "$1" --timeout 1"#, Launch.formrun, path], environment: ["COLUMNS": "80"])
    #expect(timedOut.status == 124, "\(timedOut.stderr)")
    #expect(timedOut.stderr.contains("formrun: Zeit abgelaufen: 1 Sekunde lang keine Eingabe"), "\(timedOut.stderr)")
    #expect(Self.english(in: timedOut.stderr) == [], "\(timedOut.stderr)")
  }

  @Test(arguments: [[String](), ["--accessible"]])
  func theWalkSaysNoEnglish(extra: [String]) throws {
    let input =
      ["Bob", "3", "ja", "3 März 2001", "2", "1, 3", "Hallo", ".", "4", "", "j"].joined(separator: "\n") + "\n"
    let said = try run(["--guided"] + extra, input)
    #expect(said.contains("\"news\":true"), "\(said)")
    #expect(said.contains("\"born\":\"2001-03-03\""), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  @Test func theAccessibleVoiceSaysNoEnglish() throws {
    let input =
      ["show", "age 99", "2", "5", "errors", "help names", "values", "s", "nick Bob", "s"].joined(separator: "\n")
      + "\n"
    let said = try run(["--accessible"], input)
    #expect(said.contains("Fehler: Alter darf höchstens 10 sein."), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  /// Masked, file and card rows: their refusals, hints and spoken values.
  @Test(arguments: [[String](), ["--accessible"]])
  func theOtherKindsSayNoEnglish(extra: [String]) throws {
    let path = try Launch.temporaryFile(
      """
      form.locale = "de"
      local s = form:section("Zahlung")
      s:masked{ name = "tel", title = "Telefon", format = "(XXX) XXX-XXXX" }
      s:file{ name = "datei", title = "Datei", must_exist = true, extensions = { "csv", "txt" } }
      s:file{ name = "ordner", title = "Ordner", dirs_only = true, must_exist = true }
      s:creditcard{ name = "karte", title = "Karte" }
      s:item{ name = "los", title = "Los" }
      """)
    let input =
      [
        "tel 123456789012345", "show 1", "datei x.doc", "datei fehlt.csv", "ordner nirgends", "show 2", "karte 4242",
        "karte 4242 4242 4242 4241 1-20 1", "karte 4242 4242 4242 4241 1/20 1", "show 4", "los jetzt", "show 5", "s",
      ].joined(separator: "\n") + "\n"
    let ended = try Launch.run(Launch.formrun, [path] + extra, input: input, environment: ["COLUMNS": "80"])
    let said = ended.stderr + ended.stdout
    #expect(said.contains("Kartennummer"), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }
}
