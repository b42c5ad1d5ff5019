import FormLua
import FormSession
import Foundation
import TestSupport
import Testing

@testable import FormCLI
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

  /// A German form built from a schema: the schema's checks speak German too
  /// (a row's, a nested value's, the whole document's).
  @Test(arguments: [
    (
      ["--set", "n=7", "--set", "code=abc", "--set", "tags=[\"a\",\"a\"]", "--submit"],
      "n muss ein Vielfaches von 5 sein."
    ),
    (["--submit"], "n ist erforderlich."),
  ])
  func aSchemaFormSaysNoEnglish(args: [String], expected: String) throws {
    let schema = try Launch.temporaryFile(
      ##"{"type":"object","required":["n","code"],"properties":{"n":{"type":"integer","multipleOf":5},"##
        + ##""code":{"type":"string","pattern":"^[A-Z]+$"},"tags":{"type":"array","uniqueItems":true}},"##
        + ##""not":{"required":["forbidden"]}}"##, name: "s1.json")
    let path = try Launch.temporaryFile("form.locale = \"de\"\nform:from_schema(\"\(schema)\")\n")
    let ended = try Launch.run(Launch.formrun, [path] + args, input: "", environment: ["COLUMNS": "80"])
    let said = ended.stderr + ended.stdout
    #expect(said.contains(expected), "\(said)")
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

  /// A script's kind with no hint, one whose parse fails, one shown in
  /// symbols, and a JSON Schema's JSON row: their hints, refusals and
  /// spoken values in German.
  @Test(arguments: [[String](), ["--accessible"]])
  func scriptKindsAndJSONRowsSayNoEnglish(extra: [String]) throws {
    let schema = try Launch.temporaryFile(
      ##"{"type":"object","properties":{"extra":{"type":["object","string"]}}}"##, name: "j.json")
    let path = try Launch.temporaryFile(
      """
      form.locale = "de"
      form:kind("stern", { parse = function(t) return tonumber(t) end, format = function(v) return ("*"):rep(v or 0) end })
      form:kind("kaputt", { parse = function(t) error("nein") end })
      local s = form:section("Arten")
      s:stern{ name = "sterne", title = "Sterne" }
      s:kaputt{ name = "k", title = "Kaputt" }
      form:from_schema("\(schema)")
      """)
    let input = ["show 1", "sterne viele", "sterne 3", "show 1", "k x", "show 3", "s"].joined(separator: "\n") + "\n"
    let ended = try Launch.run(Launch.formrun, [path] + extra, input: input, environment: ["COLUMNS": "80"])
    let said = ended.stderr + ended.stdout
    #expect(said.contains("kein gültiger Wert") && said.contains("JSON-Wert"), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  /// The REPL on a German form: its own help around the form's commands,
  /// and a chunk left unfinished when input ends.
  @Test func theReplSaysNoEnglish() throws {
    let path = try Launch.temporaryFile(Self.form)
    let ended = try Launch.run(
      Launch.formrun, ["repl", path], input: ":help\n= form.locale\nx = \n", environment: ["COLUMNS": "80"])
    let said = ended.stderr
    #expect(ended.status == 0, "\(said)")
    #expect(said.contains("formrun repl: Lua auf einem lebenden Formular"), "\(said)")
    #expect(said.contains("  :BEFEHL      ein Zeilenbefehl auf dem Formular"), "\(said)")
    #expect(said.contains("  :submit beendet die REPL mit den Werten als JSON auf stdout"), "\(said)")
    #expect(said.contains("! die Eingabe endete in einem unfertigen Lua-Stück; es wurde nicht ausgeführt"), "\(said)")
    #expect(Self.english(in: said) == [], "\(said)")
  }

  // MARK: drafts

  /// The German form with a secure row, which a draft never keeps.
  static let draftForm = form + "\ns:text{ name = \"pw\", title = \"Passwort\", secure = true }\n"

  /// A German form's draft lines through a pipe: none to resume, one found
  /// (and the flags that choose), resumed with values that no longer fit and
  /// a secure one, cut short, empty, another form's, no draft at all, a
  /// folder, the form itself, no state folder, a folder that cannot be made.
  @Test func theDraftLinesSayNoEnglish() throws {
    let path = try Launch.temporaryFile(Self.draftForm)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let draft = folder + "/entwurf.json"
    var all: [String] = []
    func run(_ args: [String], _ input: String = "", _ environment: [String: String?] = [:]) throws -> String {
      let ended = try Launch.run(
        Launch.formrun, [path] + args, input: input, environment: environment.merging(["COLUMNS": "80"]) { a, _ in a })
      all.append(ended.stderr)
      return ended.stderr
    }
    let none = try run(["--draft", draft, "--resume"], "nick Bob\nage 3\n")
    #expect(none.contains("formrun: kein Entwurf dieses Formulars zum Fortsetzen ("), "\(none)")
    let found = try run(["--draft", draft])
    #expect(found.contains("formrun: ein Entwurf dieses Formulars ("), "\(found)")
    #expect(found.contains(", 2 Werte) liegt in "), "\(found)")
    #expect(found.contains("formrun: --resume setzt ihn fort, --fresh"), "\(found)")

    // a draft written by hand: one value fits, one no longer does, one is secure
    let header = try #require(
      (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: draft))) as? [String: Any])?[
        "formrun_draft"] as? [String: Any])
    let form = try #require(header["form"] as? String)
    func write(_ text: String) throws { try text.write(toFile: draft, atomically: true, encoding: .utf8) }
    try write(
      #"{"formrun_draft":{"form":"\#(form)","saved":"2026-01-01T00:00:00Z"},"values":{"nick":"Anna","age":99,"pw":"x"}}"#
    )
    let resumed = try run(["--draft", draft, "--resume"])
    #expect(resumed.contains("formrun: Entwurf ("), "\(resumed)")
    #expect(resumed.contains(") fortgesetzt: 1 Wert"), "\(resumed)")
    #expect(resumed.contains("formrun: nicht übernommen: Entwurf age: Alter darf höchstens 10 sein"), "\(resumed)")
    #expect(resumed.contains("formrun: nicht übernommen: Entwurf pw: ein geheimer Wert"), "\(resumed)")
    #expect(resumed.contains("tippe Passwort noch einmal"), "\(resumed)")

    try write(#"{"formrun_draft":{"form":"/anderes.lua","saved":"x"},"values":{}}"#)
    let another = try run(["--draft", draft])
    #expect(another.contains("ein Entwurf eines anderen Formulars (/anderes.lua)"), "\(another)")
    #expect(another.contains("formrun: er bleibt, wie er ist; --fresh entfernt ihn"), "\(another)")
    // a draft that cannot be resumed (--fresh may remove it), and files that are no draft (left alone)
    let unreadable = "formrun: der Entwurf \(draft) kann nicht gelesen werden: "
    let foreign = "formrun: \(draft) ist kein formrun-Entwurf ("
    for (bytes, words) in [
      ([], unreadable + "die Datei ist leer"), (Array(#"{"formrun_draft":"#.utf8), "(abgeschnitten oder kein JSON)"),
      (Array(#"{"formrun_draft":{"form":1},"values":{}}"#.utf8), unreadable + "kein formrun-Entwurf (kein formrun_"),
      (Array(#"{"formrun_draft":""#.utf8) + [0xFF], unreadable + "kein gültiges UTF-8 (Byte 0xFF an Stelle 18), abge"),
      (Array("Notizen".utf8), foreign + "kein JSON: Zeile 1: "),
      ([0xFF], foreign + "kein gültiges UTF-8 (Byte 0xFF an"),
      (Array(#"{"values":{}}"#.utf8), foreign + "die Datei hat keinen formrun_draft-Kopf)"),
    ] {
      try Data(bytes).write(to: URL(fileURLWithPath: draft))
      let said = try run(["--draft", draft])
      #expect(said.contains(words), "\(said)")
      let how =
        words.hasPrefix(foreign) ? "die Datei bleibt, wie sie ist; gib --draft" : "er bleibt, wie er ist; --fresh"
      #expect(said.contains("formrun: " + how), "\(said)")
    }
    let aFolder = try run(["--draft", folder])
    #expect(aFolder.contains("formrun: \(folder) kann nicht gelesen werden: keine gewöhnliche Datei"), "\(aFolder)")

    let itself = try run(["--draft", path])
    #expect(itself.contains("ist das Formular selbst; gib eine andere Datei für den Entwurf an"), "\(itself)")
    let stateless = try run(["--resume"], "", ["HOME": nil, "XDG_STATE_HOME": nil])
    #expect(stateless.contains("formrun: kein Zustandsordner für Entwürfe"), "\(stateless)")
    let underAFile = try run(["--draft", path + "/darunter/entwurf.json"])
    #expect(underAFile.contains("formrun: der Ordner des Entwurfs kann nicht angelegt werden: "), "\(underAFile)")
    for said in all { #expect(Self.english(in: said) == [], "\(said)") }
  }

  /// What a pipe cannot reach: the questions at a terminal (and their
  /// answers), a draft in use by another formrun, a save that fails.
  @Test func theDraftsQuestionsAndFailuresSayNoEnglish() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.draftForm, name: "form.lua")
    let session = Session(form: runtime.form, host: TestHost(), driver: .fill)
    let files = MemoryFiles()
    files.files["d.json"] = Array(
      DraftFile.text(form: "/srv/forms/form.lua", saved: "2026-11-30T22:01:02Z", values: #"{"nick":"Anna"}"#).utf8)
    var lines: [String] = []
    var questions: [String] = []
    func start(_ args: [String]) throws -> DraftStart.Result {
      let starting = DraftStart(
        files: files, stateFolder: "/state", say: { lines += $0 },
        ask: { question, words in
          questions.append(question)
          #expect(words.language == "de")
          return true
        })
      guard case .fill(let o) = try Arguments.parse(["form.lua"] + args) else { throw UsageError(message: "no fill") }
      return starting.start(o, session: session, asks: true)
    }
    _ = try start(["--draft", "d.json"])
    let when = DraftFile.local("2026-11-30T22:01:02Z")
    #expect(questions == ["Den Entwurf (\(when), 1 Wert) fortsetzen? [J/n] "])
    #expect(lines.contains("formrun: Entwurf (\(when)) fortgesetzt: 1 Wert"), "\(lines)")
    files.unlock("d.json")
    files.heldElsewhere["d.json"] = 4242
    _ = try start(["--draft", "d.json"])
    #expect(questions.last == "Schreibgeschützt öffnen (seine Werte übernommen, nichts gespeichert)? [J/n] ")
    #expect(lines.contains { $0.contains("wird von formrun (Prozess 4242) benutzt") }, "\(lines)")
    let asked = questions.count
    _ = try start(["--draft", "d.json", "--fresh"])
    #expect(questions.count == asked)
    #expect(lines.last == "formrun: warte, bis er endet, oder fülle das Formular ohne den Entwurf aus: --no-draft")
    files.heldElsewhere["d.json"] = .some(nil)
    _ = try start(["--draft", "d.json", "--fresh"])
    #expect(lines.contains { $0.contains("wird von einem anderen formrun benutzt") }, "\(lines)")
    files.heldElsewhere["d.json"] = nil
    let draft = Draft(path: "d.json", formPath: "/f.lua", form: session.form, files: files, say: { lines += $0 })
    files.failWrites = "kein Platz"
    draft.follow(session.read("nick Bert"))
    #expect(
      lines.last == "formrun: der Entwurf d.json konnte nicht gespeichert werden: kein Platz; formrun macht weiter")
    for said in lines + questions { #expect(Self.english(in: said) == [], "\(said)") }
    withExtendedLifetime(runtime) {}
  }

  /// The drafts' questions take the form's yes and no words (Enter is yes).
  @Test func theDraftsQuestionsTakeTheFormsWords() {
    let german = Catalogue.german
    #expect(Fill.answer("j", words: german) == true)
    #expect(Fill.answer("Ja", words: german) == true)
    #expect(Fill.answer("", words: german) == true)
    #expect(Fill.answer("nein", words: german) == false)
    #expect(Fill.answer("n", words: german) == false)
    #expect(Fill.answer("y", words: german) == true)  // English's too, as every yes/no question
    #expect(Fill.answer("vielleicht", words: german) == nil)
  }
}
