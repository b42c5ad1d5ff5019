import Testing

@testable import FormCLI
@testable import FormLua

/// One-liners (`-e CHUNK`, `-`), `formrun new NAME` and `--completions SHELL`
/// as the command line reads them, and the form sources they make.
struct OneLinerTests {
  func parse(_ args: [String]) throws -> Invocation { try Arguments.parse(args) }

  func message(_ args: [String]) -> String? {
    do {
      _ = try Arguments.parse(args)
      return nil
    } catch {
      return error.message
    }
  }

  func fill(_ args: [String]) throws -> Options {
    guard case .fill(let o) = try parse(args) else { throw UsageError(message: "not a fill: \(args)") }
    return o
  }

  @Test func chunksAreKeptInOrderAndTheFileMayBeLeftOut() throws {
    let o = try fill(["-e", "a = 1", "--set", "x=1", "-eb = 2", "-e", "form:text{ name = 'x' }"])
    #expect(o.chunks == ["a = 1", "b = 2", "form:text{ name = 'x' }"])
    #expect(o.path == nil)
    let withFile = try fill(["-e", "a = 1", "f.lua", "-e", "b = 2"])
    #expect(withFile.chunks == ["a = 1", "b = 2"] && withFile.path == "f.lua")
    guard case .repl(let repl) = try parse(["repl", "-e", "form:text{}"]) else {
      Issue.record("not a repl")
      return
    }
    #expect(repl.chunks == ["form:text{}"])
  }

  @Test func aDashIsTheScriptOnStdin() throws {
    let o = try fill(["-", "--set", "a=1"])
    #expect(o.path == "-")
    #expect(o.noDraft, "a form from stdin keeps no default draft")
    #expect(try fill(["-e", "x = 1"]).noDraft, "nor one from -e")
    #expect(try !fill(["f.lua"]).noDraft)
  }

  @Test(arguments: [
    (["-e"], "-e needs a value"),
    (["--set", "a=1"], "no form given"),
    (["-", "--draft", "d.json"], "--draft needs a form file: a form from -e or - keeps no draft"),
    (["-e", "x = 1", "--resume"], "--resume needs a form file: a form from -e or - keeps no draft"),
    (["-e", "x = 1", "f.lua", "--fresh"], "--fresh needs a form file: a form from -e or - keeps no draft"),
    (["repl", "-"], "repl reads its lines from stdin: give the form as a file or with -e"),
    (["new"], "new needs a NAME: formrun new NAME"),
    (["new", "a", "b"], "new takes one NAME (got 'a' and 'b')"),
    (
      ["new", "../x"],
      "new takes a NAME for NAME.lua in this folder: no '/', no spaces, not starting with '-' or '.' (got '../x')"
    ),
    (
      ["new", "my form"],
      "new takes a NAME for NAME.lua in this folder: no '/', no spaces, not starting with '-' or '.' (got 'my form')"
    ),
    (
      ["new", "-x"],
      "new takes a NAME for NAME.lua in this folder: no '/', no spaces, not starting with '-' or '.' (got '-x')"
    ),
    (["--completions"], "--completions needs a value"),
    (["--completions", "tcsh"], "--completions takes bash, zsh or fish (got 'tcsh')"),
    (["--completions", "bash", "zsh"], "--completions stands alone (got 'zsh' after it)"),
    (["--version=1"], "--version takes no value"),
    (["f.lua", "--completions", "bash"], "--completions goes first: formrun --completions"),
  ])
  func mistakesAreSaid(arguments: [String], message expected: String) {
    #expect(message(arguments) == expected)
  }

  @Test func newTakesOneName() throws {
    for (given, name) in [("signup", "signup"), ("signup.lua", "signup"), ("sign-up_2", "sign-up_2")] {
      guard case .new(let got) = try parse(["new", given]) else {
        Issue.record("new \(given)")
        continue
      }
      #expect(got == name)
    }
    guard case .help = try parse(["new", "--help"]) else {
      Issue.record("new --help")
      return
    }
  }

  @Test func completionsNameAShell() throws {
    for shell in Shell.allCases {
      for args in [["--completions", shell.rawValue], ["--completions=" + shell.rawValue]] {
        guard case .completions(let got) = try parse(args) else {
          Issue.record("\(args)")
          continue
        }
        #expect(got == shell)
      }
    }
  }

  // MARK: sources

  @Test func chunksRunInOrderThenTheFile() throws {
    let runtime = LuaRuntime()
    let source = ChunksSource(
      chunks: ["n = 2", "form:text{ name = 'a', value = tostring(n) }"],
      then: StdinScriptSource(text: "#!/usr/bin/env formrun\nform:text{ name = 'b', value = tostring(n + 1) }"))
    #expect(source.load(into: runtime) == nil)
    #expect(runtime.form.find("a")?.value == .string("2"))
    #expect(runtime.form.find("b")?.value == .string("3"))
  }

  @Test func messagesNameTheCommandLineAndStdin() {
    let chunk = ChunksSource(chunks: ["x = 1", "form:text{"], then: nil).load(into: LuaRuntime())
    #expect(chunk?.hasPrefix("(command line):1:") == true, "\(chunk ?? "no message")")
    // the shebang line is dropped but counted: the error is on line 3
    let stdin = StdinScriptSource(text: "#!/usr/bin/env formrun\n\nerror('no')").load(into: LuaRuntime())
    #expect(stdin?.hasPrefix("stdin:3: no") == true, "\(stdin ?? "no message")")
  }

  @Test func aShebangLineIsLeftOutButCounted() {
    #expect(StdinScriptSource.withoutShebang("#!x\nform = 1") == "\nform = 1")
    #expect(StdinScriptSource.withoutShebang("form = 1\n#x") == "form = 1\n#x")
    #expect(StdinScriptSource.withoutShebang("#only") == "")
  }

  // MARK: new

  @Test func newNamesItsFiles() {
    let paths = NewCommand.Paths(name: "signup")
    #expect(paths.all == ["signup.lua", "spec/signup_spec.lua", "spec/__snapshots__/signup.txt"])
    #expect(NewCommand.title("sign-up_form") == "Sign up form")
    #expect(NewCommand.luaString("a\"b\\") == "\"a\\\"b\\\\\"")
  }

  @Test func theStarterFormLoadsAndItsSpecOpensIt() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: NewCommand.form(name: "x"), name: "x.lua")
    #expect(runtime.form.title == "X")
    #expect(Set(runtime.form.names) == ["name", "email", "plan", "newsletter"])
    let spec = NewCommand.spec(name: "x")
    #expect(spec.contains("formrun.open(\"x.lua\""))
    #expect(spec.contains("assert.snapshot(s:screen(), \"x\")"))
  }
}
