import Foundation
import Testing

/// One-liners (`-e`, `-`), `formrun new`, the completion scripts run through
/// the shells, and what a piped start loads, as the built binary shows them.
/// (At a terminal: Tests/Terminal/test_oneliners.py.)
struct OneLinerCLITests {
  /// Run formrun in a session of its own, with no controlling terminal: a
  /// test run from a terminal must not reach it through /dev/tty.
  static func detached(_ args: [String], input: String = "", directory: URL? = nil) throws -> CLI.Result {
    try CLI.launch("/usr/bin/setsid", ["-w", CLI.binary] + args, input: input, directory: directory).result
  }

  @Test func theReadmesOneLinerFillsAndPrintsTheField() throws {
    let r = try CLI.run(
      ["-e", #"form:text{name="name", title="Your name"}"#, "--field", "name"], input: "name Ada Lovelace\nsubmit\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "Ada Lovelace\n")
    #expect(r.stderr.contains("Your name"))
  }

  @Test func chunksRunInOrderBeforeTheFile() throws {
    let form = try CLI.script("form:text{ name = 'last', value = seen }\n")
    let r = try CLI.run(
      [
        "-e", "seen = 'one'", "-e", "seen = seen .. ' two'", "-e", "form:text{ name = 'first', value = seen }", form,
        "--submit",
      ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == #"{"first":"one two","last":"one two"}"# + "\n")
  }

  @Test func aChunksErrorNamesTheCommandLine() throws {
    let r = try CLI.run(["-e", "form:text{ name = 'a' }", "-e", "error('boom')", "--submit"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("formrun: (command line):1: boom"), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test func aScriptOnStdinIsAnsweredByTheFlags() throws {
    let script = "#!/usr/bin/env formrun\nlocal s = form:section('A')\ns:text{ name = 'who' }\ns:number{ name = 'n' }\n"
    let r = try Self.detached(["-", "--set", "who=it's me", "--set", "n=3"], input: script)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == #"{"who":"it's me","n":3}"# + "\n")
    // the answers file too, and a refused submit is exit 3 as with --submit
    let answers = try CLI.script(#"{"who": "x"}"#, name: "a.json")
    let required = "form:text{ name = 'who' }\nform:text{ name = 'must', required = true }\n"
    let refused = try Self.detached(["-", "--answers", answers], input: required)
    #expect(refused.status == 3, "\(refused.stderr)")
    #expect(refused.stderr.contains("can't be blank"))
  }

  @Test func aScriptOnStdinWithNothingToAnswerItIsRefused() throws {
    let r = try Self.detached(["-"], input: "form:text{ name = 'who' }\n")
    #expect(r.status == 2)
    #expect(
      r.stderr.contains(
        "formrun: the form script came from stdin (-), so the answers must come from --set or --answers, or from a terminal, and there is no terminal (/dev/tty)"
      ), "\(r.stderr)")
    let error = try Self.detached(["-", "--submit"], input: "form:text{ name = 'who' }\n\nerror('no')\n")
    #expect(error.status == 2)
    #expect(error.stderr.contains("formrun: stdin:3: no"), "\(error.stderr)")
  }

  // MARK: formrun new

  static func emptyFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-new-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func newWritesAFormAndASpecThatPasses() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try CLI.launch(CLI.binary, ["new", "signup"], directory: folder).result
    #expect(made.status == 0, "\(made.stderr)")
    for file in ["signup.lua", "spec/signup_spec.lua", "spec/__snapshots__/signup.txt"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "no \(file)")
      #expect(made.stderr.contains("wrote \(file)"))
    }
    let snapshot = try String(
      contentsOf: folder.appendingPathComponent("spec/__snapshots__/signup.txt"), encoding: .utf8)
    #expect(snapshot.contains("Signup") && snapshot.contains("Newsletter"))
    // the snapshot is there, so a CI run (a missing snapshot fails) passes at once; with no
    // ROOT, formrun test looks in spec/
    let tested = try CLI.launch(CLI.binary, ["test", "--ci"], directory: folder).result
    #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
    #expect(tested.stdout.contains("4 successes / 0 failures / 0 errors"))
    let filled = try CLI.launch(CLI.binary, ["signup.lua", "--set", "name=Ada", "--submit"], directory: folder).result
    #expect(filled.status == 0, "\(filled.stderr)")
    #expect(filled.stdout.contains(#""name":"Ada""#))
  }

  @Test func newWritesNothingOverAFile() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec/x_spec.lua")
    try FileManager.default.createDirectory(
      at: spec.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "-- mine\n".write(to: spec, atomically: true, encoding: .utf8)
    let r = try CLI.launch(CLI.binary, ["new", "x"], directory: folder).result
    #expect(r.status == 2)
    #expect(r.stderr.contains("spec/x_spec.lua exists"), "\(r.stderr)")
    #expect(try String(contentsOf: spec, encoding: .utf8) == "-- mine\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.lua").path))
  }

  // MARK: completions and the start

  @Test func theCompletionScriptsCompleteInEachShell() throws {
    // bash always; zsh and fish where installed (Scripts/test-install installs them)
    let check = CLI.root.appendingPathComponent("Tests/Completions/check").path
    let r = try CLI.launch(check, [CLI.binary], timeout: 120).result
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("ok   bash: --format's values"))
    #expect(!r.stderr.contains("FAIL"), "\(r.stderr)")
  }

  @Test func completionsArePrintedOnStdout() throws {
    let r = try CLI.run(["--completions", "bash"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("complete -F _formrun formrun"))
    #expect(r.stderr.isEmpty)
  }

  /// libedit (and libtinfo, libbsd, libmd with it) is opened at the first
  /// terminal prompt only: a piped fill never maps it.
  @Test func aPipedFillLoadsNoLineEditor() throws {
    let form = try CLI.script("form:text{ name = 'a' }\n")
    let r = try CLI.launch(CLI.binary, [form], input: "a 1\nsubmit\n", environment: ["LD_DEBUG": "files"]).result
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("liblua5.4"), "LD_DEBUG said nothing of the libraries loaded")
    #expect(!r.stderr.contains("libedit"), "\(r.stderr.split(separator: "\n").filter { $0.contains("libedit") })")
  }
}
