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
}
