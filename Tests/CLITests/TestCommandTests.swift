import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `formrun test` end to end: busted's runner in formrun's Lua state, on the
/// project's forms, a failing fixture, and test files written to a
/// temporary folder.
struct TestCommandTests {
  static let form = """
    form.title = "T"
    local s = form:section{ header = "S" }
    s:text{ name = "a", title = "A", validators = { "presence" } }
    counter = (counter or 0) + 1
    s:add("opened " .. counter)
    """

  static let threeTests = """
    describe("f", function()
      it("one #fast", function() assert.equals(1, 1) end)
      it("two", function() local s = formrun.open("f.lua"); s:send("a x"); assert.equals("x", s:value("a")) end)
      it("three", function() assert.equals("expected", "actual") end)
    end)
    """

  /// Not under CI unless a test says so (CI sets CI=true for the whole run).
  static let local_ = ["CI": ""]

  func folder(_ files: [String: String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-test-\(UUID().uuidString)")
    for (name, text) in files {
      let file = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return dir.path
  }

  @Test func theProjectsFormsRunThroughBustedWithEverySnapshotPresent() throws {
    // under CI a missing snapshot fails, so this also checks they are all committed
    let r = try CLI.run(["test"], env: ["CI": "true"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stdout.contains(" successes / 0 failures / 0 errors / 1 pending"))
    // the closing line goes to stderr: stdout is busted's report as busted writes it
    let closing = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(closing.hasSuffix(" passed, 0 failed"))
    #expect((Int(closing.split(separator: " ")[0]) ?? 0) >= 30, "\(closing)")
    // busted_spec.lua (the _spec naming) ran beside the _test files
    #expect(r.stdout.contains("Tests/forms/busted_spec.lua @"))
  }

  @Test func theFailingTwinShowsBustedsFailureOutput() throws {
    let r = try CLI.run(["test", "Tests/CLITests/fixtures/busted_failing_spec.lua"], env: Self.local_)
    #expect(r.status == 1)
    #expect(r.stdout.contains("0 successes / 5 failures / 0 errors / 1 pending"))
    #expect(r.stdout.contains("Failure -> Tests/CLITests/fixtures/busted_failing_spec.lua @ 13"))
    #expect(r.stdout.contains("Function was never called with matching arguments."))
    #expect(r.stdout.contains("(values list) ((string) 'a@b.co', (boolean) true)"))
    #expect(r.stdout.contains("busted_failing_spec.lua:25: Expected objects to be the same."))
    #expect(r.stdout.contains("Expected no error, but caught:"))
    #expect(r.stdout.contains("Expected a different error."))
    #expect(r.stdout.contains("- │ 1  Email *                                     │\n+ │ 1  Email *    a@b.co"))
    #expect(r.stderr.hasSuffix("0 passed, 5 failed\n"))
  }

  @Test func countsPassesAndFailuresAndExitsNonZero() throws {
    let dir = try folder(["f.lua": Self.form, "f_test.lua": Self.threeTests])
    let r = try CLI.run(["test", dir])
    #expect(r.status == 1)
    #expect(r.stderr.hasSuffix("2 passed, 1 failed\n"))
    // busted names the file as Lua's short_src does (a long path is cut at the front)
    #expect(r.stdout.contains("f_test.lua:4: Expected objects to be equal."))
    let passing = Self.threeTests.split(separator: "\n").filter { !$0.contains("three") }.joined(separator: "\n")
    try passing.write(toFile: dir + "/f_test.lua", atomically: true, encoding: .utf8)
    let ok = try CLI.run(["test", dir])
    #expect(ok.status == 0)
    #expect(ok.stderr.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func argIsAsLuaGivesItSoTheInterpreterRunsAgain() throws {
    let dir = try folder([
      "arg_spec.lua": """
      it("names the interpreter before 0", function()
        assert.equals("lua", arg[-1])
        assert.equals("formrun test", arg[0])
        assert.is_nil(arg[-3])
        -- Penlight's own spec: pl.app.lua() runs the interpreter again
        assert.is_truthy(os.execute(require("pl.app").lua() .. ' -e "n=1;os.exit(n-1)"'))
        assert.is_falsy(os.execute(require("pl.app").lua() .. ' -e "os.exit(3)"'))
      end)
      """
    ])
    let r = try CLI.run(["test", dir])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
  }

  @Test func noFrameOfFormrunsIsUnderATest() throws {
    let dir = try folder([
      "frames_spec.lua": """
      it("walks the stack", function()
        local sources = {}
        for level = 1, 40 do
          local info = debug.getinfo(level, "S")
          if not info then break end
          sources[#sources + 1] = info.source
        end
        local all = table.concat(sources, " ")
        -- (the folder's name holds "formrun": the chunk names are looked for)
        assert.is_nil(all:find("formrun test", 1, true), all)
        assert.is_nil(debug.traceback():find("formrun test", 1, true), debug.traceback())
      end)
      -- an error level past the test's own frames names busted's, as under lua5.4 busted
      it("raises at level 4", function() error("m", 4) end)
      """
    ])
    let r = try CLI.run(["test", "-o", "TAP", dir])
    #expect(r.stderr.hasSuffix("1 passed, 1 failed\n"), "\(r.stdout)\(r.stderr)")
    #expect(r.stdout.contains("ok 1 - walks the stack"), "\(r.stdout)")
    #expect(r.stdout.contains(#/Failure message: \S*busted/init.lua:\d+: m/#), "\(r.stdout)")
  }

  @Test func theTestPatternTakesNoHelperOfASpecProject() throws {
    let dir = try folder([
      "spec/a_spec.lua": #"it("a", function() end)"#,
      "spec/b_test.lua": #"it("b", function() end)"#,
      // a helper busted's own spec/ has (cl_test_module.lua): not a test file
      "spec/cl_test_module.lua": #"error("a helper was loaded as a test file")"#,
    ])
    let r = try CLI.launch(CLI.binary, ["test"], directory: URL(fileURLWithPath: dir)).result
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stderr.hasSuffix("2 passed, 0 failed\n"), "\(r.stderr)")
  }

  /// And the other way: a project of `_test` files takes no `_spec` helper
  /// (busted's unanchored `_spec` only where a file's name ends in `_spec`).
  @Test func theSpecPatternTakesNoHelperOfATestProject() throws {
    let dir = try folder([
      "tests/orders_test.lua": #"it("orders", function() end)"#,
      "tests/sub/refunds_test.lua": #"it("refunds", function() end)"#,
      "tests/db_spec_fixtures.lua": #"error("a helper was loaded as a test file")"#,
      "tests/cl_spec_module.lua": #"error("a helper was loaded as a test file")"#,
    ])
    let r = try CLI.launch(CLI.binary, ["test", "tests"], directory: URL(fileURLWithPath: dir)).result
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stderr.hasSuffix("2 passed, 0 failed\n"), "\(r.stderr)")
    // a project of _spec files keeps busted's _spec: a name with _spec inside is a test file, as under busted
    let specs = try folder([
      "spec/a_spec.lua": #"it("a", function() end)"#,
      "spec/b_spec_more.lua": #"it("b", function() end)"#,
    ])
    let s = try CLI.launch(CLI.binary, ["test"], directory: URL(fileURLWithPath: specs)).result
    #expect(s.stderr.hasSuffix("2 passed, 0 failed\n"), "\(s.stdout)\(s.stderr)")
  }

  @Test func filterAndTagsRunOnlyMatchingTests() throws {
    let dir = try folder(["f.lua": Self.form, "f_spec.lua": Self.threeTests])
    let filtered = try CLI.run(["test", "--filter=two", dir])
    #expect(filtered.status == 0)
    #expect(filtered.stderr.hasSuffix("1 passed, 0 failed\n"))
    let tagged = try CLI.run(["test", "--tags=fast", dir])
    #expect(tagged.stderr.hasSuffix("1 passed, 0 failed\n"))
    let out = try CLI.run(["test", "--filter-out=three", dir])
    #expect(out.stderr.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func tapPrintsAPlanAndKeepsTheClosingLineOffStdout() throws {
    let dir = try folder(["f.lua": Self.form, "f_test.lua": Self.threeTests])
    let r = try CLI.run(["test", "-o", "TAP", dir])
    #expect(r.status == 1)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("1..3"))
    #expect(lines.contains("ok 1 - f one #fast"))
    #expect(lines.contains("not ok 3 - f three"))
    #expect(!r.stdout.contains("passed,"))
    #expect(r.stderr.hasSuffix("2 passed, 1 failed\n"))
  }

  @Test func junitOutputIsReadByAnXMLParser() throws {
    let dir = try folder(["f.lua": Self.form, "f_test.lua": Self.threeTests])
    let r = try CLI.run(["test", "-o", "junit", dir])
    #expect(r.status == 1)
    let reader = JUnitReader()
    let parser = XMLParser(data: Data(r.stdout.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in \(r.stdout)")
    #expect(reader.testcases == ["f one #fast", "f two", "f three"])
    #expect(reader.failures == 1)
    #expect(reader.suiteAttributes["tests"] == "3")
    #expect(reader.suiteAttributes["failures"] == "1")
  }

  final class JUnitReader: NSObject, XMLParserDelegate {
    var testcases: [String] = []
    var failures = 0
    var suiteAttributes: [String: String] = [:]
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      switch name {
      case "testsuite": suiteAttributes = attributes
      case "testcase": testcases.append(attributes["name"] ?? "?")
      case "failure": failures += 1
      default: break
      }
    }
  }

  @Test func jsonOutputIsOneDocument() throws {
    let dir = try folder(["f.lua": Self.form, "f_test.lua": Self.threeTests])
    let r = try CLI.run(["test", "-o", "json", dir])
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect((json?["successes"] as? [Any])?.count == 2)
    #expect((json?["failures"] as? [Any])?.count == 1)
  }

  @Test func snapshotsAreRecordedComparedUpdatedAndRequiredUnderCI() throws {
    let test = """
      it("screen", function()
        local s = formrun.open("f.lua", { width = 40 })
        s:send(os.getenv("FORMRUN_T_LINE") or "a one")
        assert.snapshot(s:screen(), "screen")
      end)
      """
    let dir = try folder(["f.lua": Self.form, "s_test.lua": test])
    let snapshot = dir + "/__snapshots__/screen.txt"

    for ci in [["CI": "true"], ["CI": "", "FORMRUN_T_FLAG": "1"]] {
      let args = ci["FORMRUN_T_FLAG"] == nil ? ["test", dir] : ["test", "--ci", dir]
      let missing = try CLI.run(args, env: ci)
      #expect(missing.status == 1, "\(ci)")
      #expect(missing.stdout.contains("snapshot 'screen' is missing: \(snapshot) (under CI or --ci"))
      #expect(!FileManager.default.fileExists(atPath: snapshot))
    }

    let first = try CLI.run(["test", dir], env: Self.local_)
    #expect(first.status == 0)
    #expect(first.stderr.contains("recorded snapshot \(snapshot)"))
    #expect(try String(contentsOfFile: snapshot, encoding: .utf8).contains("A *  one"))

    let again = try CLI.run(["test", dir], env: ["CI": "true"])
    #expect(again.status == 0)
    #expect(!again.stderr.contains("snapshot"))

    let changed = try CLI.run(["test", dir], env: ["FORMRUN_T_LINE": "a two", "CI": ""])
    #expect(changed.status == 1)
    #expect(changed.stdout.contains("--update-snapshots re-records it"))
    #expect(changed.stdout.contains("- │ 1  A *  one"))
    #expect(changed.stdout.contains("+ │ 1  A *  two"))

    let updated = try CLI.run(["test", dir, "--update-snapshots"], env: ["FORMRUN_T_LINE": "a two", "CI": ""])
    #expect(updated.status == 0)
    #expect(updated.stderr.contains("updated snapshot \(snapshot)"))
    #expect(try String(contentsOfFile: snapshot, encoding: .utf8).contains("A *  two"))
  }

  /// A snapshot file an editor saved without its final newline, or with
  /// `\r\n`, is the same text; other invisible differences show.
  @Test func snapshotFilesReadAsTheTextTheyHold() throws {
    let dir = try folder([
      "__snapshots__/bare.txt": "abc",
      "__snapshots__/crlf.txt": "abc\r\n",
      "__snapshots__/inner.txt": "a\r\nb\n",
      "e_spec.lua": """
      it("bare", function() assert.snapshot("abc", "bare") end)
      it("crlf", function() assert.snapshot("abc", "crlf") end)
      it("inner", function() assert.snapshot("a\\nb", "inner") end)
      """,
    ])
    let r = try CLI.run(["test", dir])
    #expect(r.stderr.hasSuffix("2 passed, 1 failed\n"), "\(r.stdout)")
    #expect(r.stdout.contains("- a\\r\n+ a\n  b"), "\(r.stdout)")
  }

  /// Snapshots are read and written only inside `__snapshots__`, never
  /// through a symbolic link (one committed into a repository could point
  /// anywhere), with or without --update-snapshots.
  @Test func snapshotsAreNeverReadOrWrittenThroughALink() throws {
    let fm = FileManager.default
    let outside = try folder(["victim.txt": "VICTIM\n"])
    let dir = try folder([
      "y_spec.lua": """
      it("records", function() assert.snapshot("ATTACKER", "dangling") end)
      it("updates", function() assert.snapshot("ATTACKER", "victim") end)
      """
    ])
    try fm.createDirectory(atPath: dir + "/__snapshots__", withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: dir + "/__snapshots__/dangling.txt", withDestinationPath: outside + "/created.txt")
    try fm.createSymbolicLink(atPath: dir + "/__snapshots__/victim.txt", withDestinationPath: outside + "/victim.txt")
    for args in [["test", dir], ["test", dir, "--update-snapshots"]] {
      let r = try CLI.run(args, env: Self.local_)
      #expect(r.status == 1, "\(r.stdout)")
      #expect(
        r.stdout.contains("is a symbolic link: formrun test reads and writes snapshots only inside"), "\(r.stdout)")
      #expect(!fm.fileExists(atPath: outside + "/created.txt"))
      #expect(try String(contentsOfFile: outside + "/victim.txt", encoding: .utf8) == "VICTIM\n")
    }
    // nor a __snapshots__ folder that is a link
    let linked = try folder(["z_spec.lua": "it('records', function() assert.snapshot('X', 'z') end)"])
    try fm.createSymbolicLink(atPath: linked + "/__snapshots__", withDestinationPath: outside)
    let r = try CLI.run(["test", linked], env: Self.local_)
    #expect(r.status == 1)
    #expect(!fm.fileExists(atPath: outside + "/z.txt"))
  }

  /// A form's control characters reach no report raw: JUnit stays XML.
  @Test func junitStaysXMLWhateverTheFormHolds() throws {
    let dir = try folder([
      "hostile.lua": "form:section('A'):text{ name = 't', title = 'T', value = '\\27]52;c;UFdORUQ=\\7\\27[2J' }",
      "h_spec.lua": """
      it("c", function() assert.equal("expected", formrun.open("hostile.lua", { sandbox = true }):value("t")) end)
      it("e", function() error(formrun.open("hostile.lua"):value("t")) end)
      """,
    ])
    let r = try CLI.run(["test", "-o", "junit", dir])
    #expect(r.status == 1)
    let parser = XMLParser(data: Data(r.stdout.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in \(r.stdout)")
    #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(r.stdout)")
    #expect(r.stdout.contains("\\e]52;c;UFdORUQ=\\x07\\e[2J"), "\(r.stdout)")
  }

  /// Runs that test nothing fail, bad numbers are usage errors, and a report
  /// that cannot be written is exit 4 (reliability findings 18 and 20).
  @Test func runsThatTestNothingOrCannotReportFail() throws {
    let dir = try folder(["f.lua": Self.form, "f_test.lua": Self.threeTests])
    let none = try CLI.run(["test", dir, "--loaders", "moonscript"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("no test was run"), "\(none.stderr)")
    for (flag, message) in [
      ("--repeat=-1", "argument to --repeat must be a whole number of at least 1"),
      ("--repeat=1e400", "argument to --repeat must be a whole number of at least 1"),
      ("--seed=99999999999999999999", "argument to --seed must be a whole number"),
      ("--lua=lua5.4", "--lua is not supported"),
    ] {
      let r = try CLI.run(["test", dir, flag])
      #expect(r.status == 2, "\(flag)")
      #expect(r.stderr.contains("formrun test: error: " + message), "\(flag): \(r.stderr)")
    }
    let empty = try folder(["README": "no specs here"])
    let nothing = try CLI.run(["test", "-C", empty])
    #expect(nothing.status == 1)
    #expect(nothing.stdout.contains("(looked in Tests/forms; there is no spec/ folder)"), "\(nothing.stdout)")
    if FileManager.default.fileExists(atPath: "/dev/full") {
      let full = try CLI.launch("/bin/sh", ["-c", "exec \"$0\" test \"$1\" -o junit > /dev/full", CLI.binary, dir])
      #expect(full.status == 4, "\(full.stderr)")
      #expect(full.stderr.contains("the test report could not be written"))
    }
  }

  /// With no ROOT, busted's habit: spec/ when there is one.
  @Test func withNoRootASpecFolderRuns() throws {
    let dir = try folder([
      "spec/f.lua": Self.form, "spec/one_spec.lua": "it('runs', function() end)",
      "Tests/forms/other_spec.lua": "it('is not picked', function() end)",
    ])
    let r = try CLI.run(["test", "-C", dir])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stderr.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test func aNegatedSnapshotPassesOnDifferentText() throws {
    let dir = try folder([
      "f.lua": Self.form,
      "__snapshots__/empty.txt": "not the screen\n",
      "n_spec.lua": """
      it("differs", function() assert.is_not.snapshot(formrun.open("f.lua"):screen(), "empty") end)
      it("matches", function() assert.is_not.snapshot("not the screen", "empty") end)
      it("says why", function() assert.snapshot("other", "empty", "the empty form changed") end)
      """,
    ])
    let r = try CLI.run(["test", dir])
    #expect(r.stderr.hasSuffix("1 passed, 2 failed\n"))
    #expect(r.stdout.contains("the text matches snapshot 'empty'"))
    #expect(r.stdout.contains("n_spec.lua:3: the empty form changed\nsnapshot 'empty' differs from"))
  }

  @Test func aFormsWritesGoToStderrAndTheSpecsToStdout() throws {
    let dir = try folder([
      "w.lua": """
      io.write("form load io.write\\n"); io.stdout:write("form load io.stdout\\n")
      form:section{}:item{ name = "go", title = "Go", on_select = function() io.write("form handler io.write\\n") end }
      """,
      "w_spec.lua": """
      it("writes", function()
        formrun.open("w.lua"):send("go")
        io.write("spec io.write\\n"); print("spec print")
      end)
      """,
    ])
    let r = try CLI.run(["test", "-o", "TAP", dir])
    #expect(r.status == 0)
    for line in ["form load io.write", "form load io.stdout", "form handler io.write"] {
      #expect(r.stderr.contains(line), "\(line)")
      #expect(!r.stdout.contains(line), "\(line)")
    }
    #expect(r.stdout.contains("spec io.write\nspec print\nok 1 - writes"), "\(r.stdout)")
  }

  @Test func headlessScreenIsTheCLIScreen() throws {
    let test = """
      it("writes its screen", function()
        local s = formrun.open("f.lua", { width = 50 })
        s:send("a hello")
        local f = io.open(os.getenv("FORMRUN_T_OUT"), "w"); f:write(s:screen()); f:close()
      end)
      """
    let dir = try folder(["f.lua": Self.form, "h_test.lua": test])
    let out = dir + "/screen.out"
    _ = try CLI.run(["test", dir], env: ["FORMRUN_T_OUT": out])
    let headless = try String(contentsOfFile: out, encoding: .utf8)
    let cli = try CLI.run([dir + "/f.lua", "--width", "50", "--color", "never"], input: "a hello\nshow\nq\n")
    // the CLI's last full screen before "cancelled"
    let screens = cli.stderr.components(separatedBy: "T\n\n")
    #expect(("T\n\n" + screens.last!).hasPrefix(headless))
  }

  @Test func sessionsAreIsolated() throws {
    let test = """
      it("first", function() assert.matches("opened 1", formrun.open("f.lua"):screen()) end)
      it("second", function() assert.matches("opened 1", formrun.open("f.lua"):screen()) end)
      it("no leak into the test", function() assert.is_nil(counter) end)
      """
    let dir = try folder(["f.lua": Self.form, "i_test.lua": test])
    let r = try CLI.run(["test", dir])
    #expect(r.stderr.hasSuffix("3 passed, 0 failed\n"), "\(r.stdout)")
  }

  @Test func aRunawayHandlerIsStoppedButTheTestsRunOn() throws {
    let dir = try folder([
      "loop.lua": "form:section{}:item{ name = 'spin', title = 'Spin', on_select = function() while true do end end }",
      "l_test.lua": """
      it("stops the handler", function()
        local s = formrun.open("loop.lua")
        assert.matches("time budget exceeded", s:send("spin"))
      end)
      it("runs on", function() assert.matches("Spin", formrun.open("loop.lua"):screen()) end)
      """,
    ])
    let r = try CLI.run(["test", dir], env: ["FORMRUN_TIME_BUDGET": "1"])
    // the handler is stopped and said so; the test that hit the budget fails, the next runs on
    #expect(r.stdout.contains("ran out of its budget during this test"), "\(r.stdout)")
    #expect(r.stderr.hasSuffix("1 passed, 1 failed\n"), "\(r.stdout)")
  }

  @Test func anErrorInATestFileIsAnErrorNotACrash() throws {
    let dir = try folder([
      "a_test.lua": "it('fine', function() end)\nlocal x = nil\nx.y = 1\n",
      "b_test.lua": "it('errs', function() error('boom') end)\nit('after', function() end)",
      "c_test.lua": "it('opens a broken form', function() formrun.open('missing.lua') end)",
    ])
    let r = try CLI.run(["test", dir])
    #expect(r.status == 1)
    #expect(r.stdout.contains("a_test.lua:3: attempt to index a nil value (local 'x')"))
    #expect(r.stdout.contains("b_test.lua:1: boom"))
    #expect(r.stdout.contains("cannot find 'missing.lua'"))
    #expect(r.stderr.hasSuffix("1 passed, 3 failed\n"), "\(r.stdout)")
  }

  @Test func aBustedFileSetsTheRootsAndPattern() throws {
    let dir = try folder([
      ".busted": "return { default = { ROOT = { 'checks' }, pattern = '_check' } }",
      "checks/f.lua": Self.form,
      "checks/one_check.lua": "it('runs', function() assert.truthy(formrun.open('f.lua')) end)",
      "checks/two_spec.lua": "it('is not picked', function() end)",
    ])
    let r = try CLI.run(["test", "-C", dir])
    #expect(r.stderr.hasSuffix("1 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
  }

  @Test func missingPathsAreBustedErrors() throws {
    let r = try CLI.run(["test", "no/such/folder"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("Cannot find file or directory: no/such/folder"))
  }

  @Test func helpListsBustedsOptionsAndFormruns() throws {
    let r = try CLI.run(["test", "--help"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("Usage: formrun test [OPTIONS]"))
    // the defaults shown are the ones formrun uses
    #expect(
      r.stdout.contains("(optional, default:\n                              spec/ when it exists, else Tests/forms)"),
      "\(r.stdout)")
    #expect(
      r.stdout.contains(
        "pattern (default: _test at the end of a\n                              name, and _spec where a name ends in\n                              _spec)"
      ),
      "\(r.stdout)")
    #expect(r.stdout.contains("busted's documentation applies to everything"))
    for option in ["--filter=PATTERN", "-o, --output=LIBRARY", "--update-snapshots", "--ci"] {
      #expect(r.stdout.contains(option), "\(option)")
    }
    let bad = try CLI.run(["test", "--no-such-flag"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("unknown/bad flag: --no-such-flag"))
  }

  @Test func aMissingBustedNamesThePackage() throws {
    // a Lua path without busted on it, as on a machine without lua-busted
    let r = try CLI.run(["test"], env: ["LUA_PATH_5_4": "./?.lua"])
    #expect(r.status == 2)
    #expect(
      r.stderr.contains("busted is not installed; formrun test runs on busted: install the Debian package lua-busted"))
    #expect(!r.stderr.contains("traceback"))
    // and a C module path without LuaFileSystem, lua-term and lua-system
    let c = try CLI.run(["test"], env: ["LUA_CPATH_5_4": "./?.so"])
    #expect(c.status == 2)
    #expect(c.stderr.contains("busted could not be loaded ("), "\(c.stderr)")
    #expect(c.stderr.contains("install the Debian package lua-busted"))
    #expect(!c.stderr.contains("traceback"))
  }
}
