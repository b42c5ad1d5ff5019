import Foundation
import Testing

/// `formrun repl` end to end: the built binary, fed lines through a pipe.
@Suite struct ReplTests {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
        stderr.hasSuffix("\n") ? 1 : 0)
    }
    /// The last line of the UI stream: the value of the last chunk.
    var last: String? { lines.last }
  }

  /// Run `formrun repl [form]` with `input` on stdin (not a terminal).
  func repl(_ input: String, form: String? = "Examples/signup.lua", flags: [String] = []) throws -> Run {
    try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build first: swift build")
    let r = try CLI.launch(
      CLI.binary, ["repl"] + (form.map { [$0] } ?? []) + flags, input: input,
      environment: ["FORMRUN_TIME_BUDGET": "1"])
    return Run(status: r.status, stdout: r.stdout, stderr: r.stderr)
  }

  @Test(arguments: [
    ("1+1", "2"),
    ("form.title", "\"Create account\""),
    ("=2*3", "6"),
    ("1, \"a\", nil", "1\t\"a\"\tnil"),
    ("{ 1, 2, x = \"a\", { 3 } }", "{ 1, 2, {...}, x = \"a\" }"),
    ("form:find(\"email\")", "<text 'email' = nil>"),
    ("form.sections[1]", "<section \"Account\" (3 items)>"),
  ])
  func expressionValuesArePrinted(line: String, printed: String) throws {
    let r = try repl(line + "\n")
    #expect(r.last == printed)
    #expect(r.status == 0)
    #expect(r.stdout.isEmpty)
  }

  @Test func chunksContinueOverLines() throws {
    let r = try repl("function twice(x)\n  return 2 * x\nend\ntwice(21)\n{ 1,\n  2 }\n")
    #expect(r.lines.suffix(2) == ["42", "{ 1, 2 }"])
    #expect(!r.stderr.contains("stdin:"))  // no error on the way
  }

  @Test func anErrorIsShownAndTheReplGoesOn() throws {
    let r = try repl("error('boom')\n1+2\n")
    #expect(r.lines.contains("stdin:1: boom"))
    #expect(r.lines.contains("stack traceback:"))
    #expect(r.last == "3")
    #expect(r.status == 0)
  }

  @Test func aRunawayLoopIsStopped() throws {
    let r = try repl("while true do end\n'after'\n")
    #expect(r.stderr.contains("time budget exceeded (1 s"))
    #expect(r.last == "\"after\"")
  }

  @Test func commandsChangeTheFormLuaSees() throws {
    let r = try repl(":email a@b.co\nform:find(\"email\").value\n")
    #expect(r.last == "\"a@b.co\"")
    // the command showed the form again
    #expect(r.lines.filter { $0 == "Create account" }.count == 2)
    #expect(r.lines.contains { $0.contains("Email") && $0.contains("a@b.co") })
  }

  @Test func aChunkThatChangesTheFormShowsItAgain() throws {
    let changed = try repl("form.title = \"Brand new\"\n")
    #expect(changed.lines.contains("Brand new"))
    let unchanged = try repl("1+1\n")
    #expect(unchanged.lines.filter { $0 == "Create account" }.count == 1)
  }

  @Test func printGoesToTheUIStream() throws {
    let r = try repl("print('hi', 1)\n")
    #expect(r.last == "hi\t1")
    #expect(r.stdout.isEmpty)
  }

  @Test func submitPrintsTheValuesOnStdoutAndEnds() throws {
    let r = try repl(":email a@b.co\n:password secret123\n:submit\n1+1\n")
    #expect(r.status == 0)
    let values = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect(values?["email"] as? String == "a@b.co")
    #expect(values?["password"] as? String == "secret123")
    #expect(values?["newsletter"] as? Bool == true)
    #expect(!r.lines.contains("2"))  // the REPL ended at the submit
  }

  /// The flags that apply to the REPL are read through the same table as
  /// filling's: the width, the output format, prefilled values.
  @Test func theReplTakesTheFlagsThatApplyToIt() throws {
    let r = try repl(
      ":password secret123\n:submit\n", flags: ["--width", "50", "--format", "sh", "--set", "email=a@b.co"])
    #expect(r.status == 0)
    #expect(r.stdout == "email='a@b.co'\npassword='secret123'\nnewsletter='true'\n")
    let frame = try #require(r.lines.first { $0.hasPrefix("╭") })
    #expect(frame.count == 50)
    let refused = try repl("", flags: ["--guided"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--guided is not for repl"))
  }

  @Test func aRefusedSubmitGoesOn() throws {
    let r = try repl(":submit\n1+1\n")
    #expect(r.stderr.contains("cannot submit"))
    #expect(r.last == "2")
    #expect(r.stdout.isEmpty)
  }

  @Test func cancelEndsWithExitOne() throws {
    let r = try repl(":q\n1+1\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(!r.lines.contains("2"))
  }

  @Test func endOfInputEndsWithExitZeroAndSaysWhatWasLeft() throws {
    let r = try repl("function f(x)\n")
    #expect(r.status == 0)
    #expect(r.last?.contains("unfinished Lua chunk") == true)
  }

  @Test func pipedInputPrintsNoPrompts() throws {
    let r = try repl("x = 1\nfunction f()\nend\n")
    #expect(!r.lines.contains { $0.hasPrefix("> ") || $0.hasPrefix(">>") })
  }

  @Test func withoutAFormTheFormIsEmpty() throws {
    let r = try repl("#form.sections\n", form: nil)
    #expect(r.last == "0")
    #expect(r.status == 0)
  }

  @Test func aFormThatFailsToLoadIsAScriptError() throws {
    let r = try repl("1+1\n", form: "Examples/no-such-form.lua")
    #expect(r.status == 2)
    #expect(r.stderr.contains("no-such-form.lua"))
  }
}

extension ReplTests {
  /// A header kind's data set from the prompt draws the header again before the form is shown.
  @Test func aHeaderKindDrawsAgainWhenAChunkSetsItsData() throws {
    let r = try repl(
      "form.sections[1].header_data = { done = 3, total = 3 }\n", form: "Tests/forms/holo_header_kinds.lua",
      flags: ["--width", "40"])
    #expect(r.lines.contains("│ 0 of 3 packed                        │"))
    #expect(r.lines.contains("│ 3 of 3 packed                        │"), "\(r.stderr)")
    #expect(r.lines.contains { $0.contains("holo_header_kinds.lua:31: no model") })
  }
}

extension ReplTests {
  /// `formrun.confirm` at the REPL asks at its terminal (through a pipe the
  /// next line answers), from a `:` command's handler and from a Lua chunk;
  /// while the form loads no one is asked.
  @Test func aHandlersQuestionIsAskedAndTheNextLineAnswersIt() throws {
    let form = try CLI.script(
      """
      local s = form:section("A")
      local t = s:text{ name = "t", title = "T" }
      s:item{ name = "go", title = "Go", on_select = function() t.value = tostring(formrun.confirm("Really?")) end }
      print("at load:", formrun.confirm("Asked at load?"))
      """)
    let r = try repl(":go\ny\nform:find('t').value\nformrun.confirm('Sure?')\nno\n", form: form)
    #expect(r.lines.contains("at load:\tfalse"), "\(r.stderr)")
    #expect(!r.stderr.contains("Asked at load?"))
    #expect(r.lines.contains("Really? [y/N]"), "\(r.stderr)")
    #expect(r.lines.contains("\"true\""), "\(r.stderr)")
    #expect(r.lines.contains("Sure? [y/N]"))
    #expect(r.last == "false")
    #expect(r.status == 0)
  }
}
