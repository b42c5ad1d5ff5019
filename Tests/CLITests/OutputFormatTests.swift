import Foundation
import Testing

/// `--format sh|tsv` and `--field NAME` through the binary: `eval` in a real
/// shell, exit codes, an unknown field (the formats themselves are tested in
/// the process: FormCLITests, OutputTests).
struct OutputFormatTests {
  static let form = """
    local s = form:section("A")
    s:text{ name = "name", title = "Name" }
    s:text{ name = "first-name", title = "First" }
    s:text{ name = "first_name", title = "Other" }
    s:number{ name = "2fa", title = "Code" }
    s:multiple{ name = "toppings", title = "Toppings", options = { "Cheese", "Extra ham", "it's" } }
    s:bool{ name = "ok", title = "OK" }
    s:creditcard{ name = "card", title = "Card" }
    s:longtext{ name = "notes", title = "Notes" }
    """

  /// Runs `script` with /bin/sh in a fresh folder holding the form as f.lua; `$FORMRUN` is the binary.
  static func shell(_ script: String) throws -> (status: Int32, stdout: String, dir: URL) {
    let dir = URL(fileURLWithPath: try CLI.script(form, name: "f.lua")).deletingLastPathComponent()
    let r = try CLI.launch(
      "/bin/sh", ["-c", script], environment: ["FORMRUN": CLI.binary], directory: dir, discardStderr: true)
    return (r.status, r.stdout, dir)
  }

  @Test func evalOfShOutputSetsTheExactTextAndRunsNothing() throws {
    let r = try Self.shell(
      #"""
      eval "$("$FORMRUN" f.lua --set 'name=x'"'"'$(touch pwned)' --submit --format sh)" || exit 9
      printf '%s' "$name"
      """#)
    #expect(r.status == 0)
    #expect(r.stdout == "x'$(touch pwned)")
    #expect(!FileManager.default.fileExists(atPath: r.dir.appendingPathComponent("pwned").path))
  }

  @Test func evalKeepsBackquotesBackslashesAndNewlines() throws {
    // the value travels through a JSON answers file, so it may hold a newline
    let r = try Self.shell(
      #"""
      printf '{"notes": "a`touch pwned`\\\\b\\n$HOME \\"q\\" '"'"'end'"'"'\\n"}' > a.json
      eval "$("$FORMRUN" f.lua --answers a.json --submit --format sh)" || exit 9
      printf '[%s]' "$notes"
      """#)
    #expect(r.status == 0)
    #expect(r.stdout == "[a`touch pwned`\\b\n$HOME \"q\" 'end'\n]")
    #expect(!FileManager.default.fileExists(atPath: r.dir.appendingPathComponent("pwned").path))
  }

  @Test func fieldPrintsOnlyThatValueRaw() throws {
    let path = try CLI.script(Self.form)
    let r = try CLI.run([path, "--set", "name=it's \"raw\"", "--submit", "--field", "name"])
    #expect(r.status == 0)
    #expect(r.stdout == "it's \"raw\"\n")
    let list = try CLI.run([path, "--set", "toppings=3,2", "--submit", "--field", "toppings"])
    #expect(list.stdout == "Extra ham\nit's\n")
    let unknown = try CLI.run([path, "--submit", "--field", "nmae"])
    #expect(unknown.status == 2)
    #expect(unknown.stdout.isEmpty)
    #expect(unknown.stderr.contains("the form has no item named 'nmae' (did you mean 'name'?)"))
  }

  @Test func exitCodesStayTheSame() throws {
    let bad = try CLI.run(["Examples/signup.lua", "--set", "email=nope", "--submit", "--format", "sh"])
    #expect(bad.status == 3)
    #expect(bad.stdout.isEmpty)
    let cancelled = try CLI.run(["Examples/signup.lua", "--format", "tsv"], input: "q\n")
    #expect(cancelled.status == 1)
    #expect(cancelled.stdout.isEmpty)
    let piped = try CLI.run(
      ["Examples/signup.lua", "--format=sh"], input: "email a@b.co\npassword hunter22x\nsubmit\n")
    #expect(piped.status == 0)
    #expect(piped.stdout == "email='a@b.co'\npassword='hunter22x'\nnewsletter='true'\n")
  }

  // MARK: control characters: refused coming in, escaped going out

  /// `--set`, `--answers` and a draft refuse a value holding a control
  /// character as a typed line does: exit 2, the source and the character
  /// named, nothing on stdout.
  @Test(arguments: [
    ("name=\u{1B}]52;c;SGVsbG8=\u{07}", "--set name: the value holds a control character (ESC at character 1)"),
    ("notes=a\u{9B}2J", "--set notes: the value holds a control character (U+009B at character 2)"),
    ("name=x\ty", "--set name: the value holds a control character (a tab at character 2)"),
    ("Name=\u{7F}", "--set Name: the value holds a control character (DEL at character 1)"),
    ("name=\u{8}x", "--set name: the value holds a control character (Ctrl-H at character 1)"),
  ])
  func setRefusesControlCharacters(set: String, message: String) throws {
    let path = try CLI.script(Self.form)
    for format in ["json", "sh", "tsv"] {
      let r = try CLI.run([path, "--set", set, "--submit", "--format", format])
      #expect(r.status == 2)
      #expect(r.stdout.isEmpty)
      #expect(
        r.stderr.contains("formrun: " + message + "; control characters are never part of a value"), "\(r.stderr)")
    }
    let field = try CLI.run([path, "--set", set, "--submit", "--field", "name"])
    #expect(field.status == 2 && field.stdout.isEmpty)
  }

  @Test func answersAndDraftsRefuseControlCharactersInEveryString() throws {
    let path = try CLI.script(Self.form)
    let dir = (path as NSString).deletingLastPathComponent
    for (json, message) in [
      (
        #"{"name": "\u001b]52;c;SGVsbG8=\u0007"}"#,
        "a.json: name: the value holds a control character (ESC at character 1)"
      ),
      (
        #"{"toppings": ["Cheese", "\u009b2J"]}"#,
        "a.json: toppings: the value holds a control character (U+009B at character 1)"
      ),
      (
        #"{"card": {"number": "4242424242424242", "expiry": "12/30", "cvv": "1\u00072"}}"#,
        "a.json: card: the value holds a control character (Ctrl-G at character 2)"
      ),
    ] {
      try json.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
      let r = try CLI.run([path, "--answers", dir + "/a.json", "--submit", "--format", "tsv"])
      #expect(r.status == 2)
      #expect(r.stdout.isEmpty)
      #expect(r.stderr.contains(message), "\(r.stderr)")
    }
    // a long text keeps its line breaks
    try #"{"notes": "one\ntwo"}"#.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
    let notes = try CLI.run([path, "--answers", dir + "/a.json", "--submit", "--field", "notes"])
    #expect(notes.status == 0)
    #expect(notes.stdout == "one\ntwo\n")
    // a draft edited by hand: that value is not resumed, the rest is
    let draft = dir + "/d.json"
    try """
    {"formrun_draft":{"form":"\(path)","saved":"2026-11-30T22:01:02Z"},
     "values":{"name":"\\u001b[2Jwiped","ok":true}}
    """.write(toFile: draft, atomically: true, encoding: .utf8)
    let resumed = try CLI.run([path, "--draft", draft, "--resume", "--format", "sh"], input: "submit\n")
    #expect(resumed.status == 0)
    #expect(resumed.stdout.contains("name=''\n"), "\(resumed.stdout)")
    #expect(resumed.stdout.contains("ok='true'\n"), "\(resumed.stdout)")
    #expect(
      resumed.stderr.contains(
        "formrun: not resumed: draft name: the value holds a control character (ESC at character 1)"),
      "\(resumed.stderr)")
  }

  /// What a script puts in a value reaches stdout escaped in every text
  /// format (as stderr shows it), and JSON-escaped in JSON.
  @Test func scriptValuesAreEscapedOnStdout() throws {
    let path = try CLI.script(
      #"""
      local s = form:section("A")
      s:text{ name = "t", title = "T", value = "\27]52;c;SGVsbG8=\7 \194\155" .. "2J \226\128\174x" }
      s:multiple{ name = "m", title = "M", options = { "\27[31mred" }, value = { "\27[31mred" } }
      """#)
    let shown = #"\e]52;c;SGVsbG8=\x07 \x9B2J \u{202E}x"#
    let field = try CLI.run([path, "--submit", "--field", "t"])
    #expect(field.status == 0)
    #expect(field.stdout == shown + "\n")
    let sh = try CLI.run([path, "--submit", "--format", "sh"])
    #expect(sh.stdout == "t='\(shown)'\nm_count='1'\nm_1='\\e[31mred'\n")
    let tsv = try CLI.run([path, "--submit", "--format", "tsv"])
    #expect(tsv.stdout == "t\t" + shown + "\nm\t\\e[31mred\n")
    let json = try CLI.run([path, "--submit"])
    #expect(json.stdout == #"{"t":"\u001b]52;c;SGVsbG8=\u0007 \u009b2J \u202ex","m":["\u001b[31mred"]}"# + "\n")
  }

  // MARK: text that is not UTF-8

  /// `sh -c COMMAND` with the form as `$1`, so printf can make bytes that are not UTF-8.
  static func bytes(_ command: String, _ path: String) throws -> CLI.Result {
    try CLI.launch("/bin/sh", ["-c", command, "sh", path], environment: ["FORMRUN": CLI.binary]).result
  }

  @Test func setOfInvalidUTF8IsRefusedNamingTheByte() throws {
    let path = try CLI.script(Self.form)
    let r = try Self.bytes(#""$FORMRUN" "$1" --set "$(printf 'name=ab\377\376')" --submit"#, path)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr.hasPrefix(#"formrun: --set name: the value is not valid UTF-8 (byte 0xFF at offset 2 of 'ab\xFF\xFE')"#),
      "\(r.stderr)")
    // joined to the flag
    let joined = try Self.bytes(#""$FORMRUN" "$1" "$(printf -- '--set=name=\303')" --submit"#, path)
    #expect(joined.status == 2)
    #expect(
      joined.stderr.hasPrefix(#"formrun: --set name: the value is not valid UTF-8 (byte 0xC3 at offset 0 of '\xC3')"#),
      "\(joined.stderr)")
    // any other argument
    let other = try Self.bytes(#""$FORMRUN" "$1" --answers "$(printf 'x\377.json')""#, path)
    #expect(other.status == 2)
    #expect(
      other.stderr.hasPrefix(#"formrun: --answers: 'x\xFF.json' is not valid UTF-8 (byte 0xFF at offset 1)"#),
      "\(other.stderr)")
  }

  @Test func aScriptsStringThatIsNotUTF8IsRefusedNamingTheByte() throws {
    let path = try CLI.script(Self.form)
    // on stdin (read as bytes, as lua.c reads a file) and in a file
    let piped = try Self.bytes(#"printf "form:text{ name = '\377\376', value = 'v' }" | "$FORMRUN" - --submit"#, path)
    #expect(piped.status == 2)
    #expect(piped.stdout.isEmpty, "\(piped.stdout)")
    #expect(
      piped.stderr.hasPrefix(
        #"formrun: stdin:1: bad value for 'name' of a text row: '\xFF\xFE' is not valid UTF-8 (byte 0xFF at offset 0)"#),
      "\(piped.stderr)")
    let file = (path as NSString).deletingLastPathComponent + "/bytes.lua"
    try Data("form:text{ name = 'n', title = 'T".utf8 + [0xC0, 0xAF] + "' }".utf8).write(to: URL(fileURLWithPath: file))
    let r = try CLI.run([file, "--submit"])
    #expect(r.status == 2)
    #expect(r.stderr.contains(#"bad value for 'title' of text row 'n': 'T\xC0\xAF' is not valid UTF-8"#), "\(r.stderr)")
  }

  @Test func answersThatAreNotUTF8AreRefusedNamingTheByte() throws {
    let path = try CLI.script(Self.form)
    let answers = (path as NSString).deletingLastPathComponent + "/a.json"
    try Data(#"{"name": "ab"#.utf8 + [0xC3, 0x28] + #""}"#.utf8).write(to: URL(fileURLWithPath: answers))
    let r = try CLI.run([path, "--answers", answers, "--submit"])
    #expect(r.status == 2)
    #expect(r.stderr.hasSuffix("a.json: not valid UTF-8 (byte 0xC3 at offset 12)\n"), "\(r.stderr)")
  }

  @Test func answersWithALoneSurrogateAreRefused() throws {
    let path = try CLI.script(Self.form)
    let dir = (path as NSString).deletingLastPathComponent
    for json in [#"{"name": "a\ud800"}"#, #"{"name": "\udc00b"}"#, #"{"name": "\ud83dx"}"#] {
      try json.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
      let r = try CLI.run([path, "--answers", dir + "/a.json", "--submit"])
      #expect(r.status == 2)
      #expect(r.stdout.isEmpty)
      #expect(r.stderr.contains("a.json:1: a lone surrogate (\\u"), "\(r.stderr)")
    }
  }
}
