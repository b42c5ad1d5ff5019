import Foundation
import Testing

/// The command-line contract holds whatever the script, the flags or the
/// streams do: exit codes from the reference's table (ExitCode), values never lost quietly,
/// nothing raw reaching the terminal, no hang.
struct ContractTests {
  /// Runs `command` with bash in the package root; `$FORMRUN` is the binary
  /// under test. A run still going after a minute is stopped (and fails).
  static func shell(_ command: String, input: String = "") throws -> CLI.Result {
    try launch("/bin/bash", ["-c", command], input: input)
  }

  static func launch(
    _ executable: String, _ args: [String], input: String = "", closedStdout: Bool = false
  ) throws -> CLI.Result {
    try CLI.launch(
      executable, args, input: input, environment: ["FORMRUN": CLI.binary, "SWIFT_BACKTRACE": nil],
      closedStdout: closedStdout
    ).result
  }

  static let filled = ["Examples/signup.lua", "--set", "email=a@b.co", "--set", "password=hunter22x", "--submit"]

  // MARK: 13: an answers file that never ends

  @Test func answersFromADeviceAreRefusedNotReadForEver() throws {
    let r = try Self.launch(CLI.binary, ["Examples/signup.lua", "--answers", "/dev/zero", "--submit"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("cannot read answers file '/dev/zero': not a regular file or a pipe"), "\(r.stderr)")
    // a pipe is still an answers file (`--answers <(jq …)`)
    let piped = try CLI.run(
      ["Examples/signup.lua", "--answers", "/dev/stdin", "--submit"],
      input: #"{"email": "a@b.co", "password": "hunter22x"}"#)
    #expect(piped.status == 0, "\(piped.stderr)")
  }

  // MARK: 14: Ctrl-\ and the crash handler at a terminal

  @Test func ctrlBackslashIsAnInterruption() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "a", title = "A" }
      io.popen("kill -QUIT $PPID"):close()
      """)
    let r = try CLI.run([path])
    #expect(r.status == 130)
    #expect(r.stderr.hasSuffix("quit\n"))
  }

  @Test func aCrashAtATerminalDoesNotWaitForAKey() throws {
    // script(1) gives formrun a terminal; SIGSEGV stands for any crash
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "a", title = "A" }
      io.popen("kill -SEGV $PPID"):close()
      """)
    let r = try Self.shell("script -qec \"$FORMRUN '\(path)'\" /dev/null")
    #expect(r.stdout.contains("Program crashed"), "\(r.stdout)")
    #expect(!r.stdout.contains("Press space to interact"))
    // the crash ends formrun (a signal sent by kill does not fault again)
    #expect(!r.stdout.contains("type a row number"), "\(r.stdout)")
    #expect(r.status == 128 + SIGSEGV, "script(1) passes on how formrun ended")
  }

  // MARK: 16: the values must arrive, or the exit code says they did not

  @Test func valuesThatCannotBeWrittenExit4() throws {
    let quoted = Self.filled.map { "'\($0)'" }.joined(separator: " ")
    let full = try Self.shell("\"$FORMRUN\" \(quoted) > /dev/full")
    #expect(full.status == 4)
    #expect(full.stderr.contains("formrun: the values could not be written to stdout: No space left on device"))
    let closed = try Self.shell("\"$FORMRUN\" \(quoted) >&-")
    #expect(closed.status == 4)
    #expect(closed.stderr.contains("formrun: the values could not be written to stdout: stdout is closed"))
  }

  @Test func replValuesThatCannotBeWrittenExit4() throws {
    let r = try Self.shell(
      "\"$FORMRUN\" repl Examples/signup.lua > /dev/full", input: ":email a@b.co\n:password hunter22x\n:submit\n")
    #expect(r.status == 4)
    #expect(r.stderr.hasSuffix("formrun: the values could not be written to stdout: No space left on device\n"))
  }

  @Test func helpThatCannotBeWrittenExits4() throws {
    let r = try Self.shell("\"$FORMRUN\" --version > /dev/full")
    #expect(r.status == 4)
    #expect(r.stderr == "formrun: stdout could not be written: No space left on device\n")
  }

  @Test func aClosedPipeIsAnErrorNotASignal() throws {
    let r = try Self.launch(CLI.binary, Self.filled, closedStdout: true)
    #expect(r.status == 4)
    #expect(r.stderr.contains("the values could not be written to stdout: Broken pipe"))
  }

  // MARK: 17: print output is never dropped

  @Test func printsReachStderrWithSubmitAndBeforeALoadError() throws {
    let path = try CLI.script(
      """
      print("at load")
      local s = form:section{}
      s:text{ name = "a", title = "A", on_change = function() print("in on_change") end }
      form:on_submit(function() print("in on_submit") end)
      """)
    let r = try CLI.run([path, "--set", "a=x", "--submit"])
    #expect(r.status == 0)
    #expect(r.stdout == "{\"a\":\"x\"}\n")
    #expect(r.stderr == "at load\nin on_change\nin on_submit\n")
    let failing = try CLI.script("print(\"before\")\nerror(\"boom\")\n")
    let f = try CLI.run([failing])
    #expect(f.status == 2)
    #expect(f.stderr.hasPrefix("before\nformrun: "), "\(f.stderr)")
  }

  // MARK: fds 0-2 closed at the start: held on /dev/null before the script runs

  @Test func aClosedStdinOrStderrIsNotTakenByTheScriptsFiles() throws {
    // the script's first file would get fd 0 (read as commands) or fd 2 (the UI written into it)
    let dir = (try CLI.script("", name: "x") as NSString).deletingLastPathComponent
    try "name injected-by-file\ns\n".write(toFile: dir + "/cmds.txt", atomically: true, encoding: .utf8)
    let reads = try CLI.script(
      """
      DATA = io.open("\(dir)/cmds.txt", "r")
      form:section("A"):text{ name = "name", title = "Name" }
      """)
    let noStdin = try Self.shell("\"$FORMRUN\" '\(reads)' 0<&- 2>/dev/null; echo \"rc=$?\"")
    #expect(noStdin.stdout == "rc=3\n", "\(noStdin.stdout)")
    let writes = try CLI.script(
      """
      LOG = io.open("\(dir)/log.txt", "w"); LOG:write("log line\\n"); LOG:flush()
      form:section("A"):text{ name = "name", title = "Name", value = "v" }
      """)
    let noStderr = try Self.shell("echo s | \"$FORMRUN\" '\(writes)' 2>&-; echo \"rc=$?\"")
    #expect(noStderr.stdout == "{\"name\":\"v\"}\nrc=0\n", "\(noStderr.stdout)")
    #expect(try String(contentsOfFile: dir + "/log.txt", encoding: .utf8) == "log line\n")
    // all three closed: nothing read, nothing written into the script's files
    let none = try Self.shell("\"$FORMRUN\" '\(writes)' 0<&- >&- 2>&-; echo \"rc=$?\" >&2", input: "")
    #expect(none.stderr == "rc=3\n", "\(none.stderr)")
    #expect(try String(contentsOfFile: dir + "/log.txt", encoding: .utf8) == "log line\n")
  }

  // MARK: what a running handler printed is on stderr before a kill

  @Test func printsOfARunningHandlerReachStderrBeforeAKill() throws {
    let path = try CLI.script(
      """
      form:section("A"):item{ name = "go", title = "Go", on_select = function()
        print("step 1 done")
        io.stderr:write("stderr step 1\\n")
        while true do end
      end }
      """)
    let dir = (path as NSString).deletingLastPathComponent
    // killed while the handler runs, once its second line is out
    let r = try Self.shell(
      """
      mkfifo '\(dir)/in'
      "$FORMRUN" '\(path)' < '\(dir)/in' 2> '\(dir)/err' > /dev/null &
      formrun=$!
      exec 3> '\(dir)/in'
      printf 'go\\n' >&3
      until grep -q 'stderr step 1' '\(dir)/err' 2>/dev/null; do sleep 0.05; done
      kill -TERM $formrun; wait $formrun; exec 3>&-; grep step '\(dir)/err'
      """)
    #expect(r.stdout == "step 1 done\nstderr step 1\n", "\(r.stdout)")
  }

  // MARK: 18: os.exit cannot go around the contract

  @Test func osExitInAHandlerLosesNothingAndKeepsTheCodes() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:text{ name = "a", title = "A" }
      form:on_submit(function() os.exit(0) end)
      """)
    let r = try CLI.run([path, "--set", "a=x", "--submit"])
    #expect(r.status == 3)
    #expect(r.stderr.contains("os.exit is not available in formrun"))
    #expect(r.stderr.contains("the submit was refused: on_submit failed"))
    let atLoad = try CLI.run([try CLI.script("os.exit(5)\n")])
    #expect(atLoad.status == 2)
    #expect(atLoad.stderr.contains("form.lua:1: os.exit is not available in formrun"), "\(atLoad.stderr)")
  }

  // MARK: 19: nothing raw reaches the terminal

  static func raw(_ s: String) -> Bool {
    s.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7f...0x9f).contains($0.value)
        || (0x202A...0x202E).contains($0.value)
    }
  }

  @Test func flagsAndAnswerKeysAreShownEscaped() throws {
    let set = try CLI.run(["Examples/signup.lua", "--set", "\u{1B}[2J=x"])
    #expect(set.status == 2)
    #expect(!Self.raw(set.stderr))
    #expect(set.stderr.contains("--set \\e[2J: the form has no item named '\\e[2J'"))
    let option = try CLI.run(["--\u{1B}[2J", "Examples/signup.lua"])
    #expect(option.status == 2)
    #expect(!Self.raw(option.stderr))
    let answers = try CLI.script("{\"\\u001b[2J\": 1}", name: "a.json")
    let a = try CLI.run(["Examples/signup.lua", "--answers", answers])
    #expect(a.status == 2)
    #expect(!Self.raw(a.stderr))
    #expect(a.stderr.contains("no item named '\\e[2J'"))
  }

  @Test func valuesListingEscapesC1AndBidiControls() throws {
    // typed lines, --set and --answers refuse control characters, so the value comes from the script
    let path = try CLI.script(#"form:section{}:text{ name = "email", value = "a\194\155b\226\128\174c" }"#)
    let r = try CLI.run([path], input: "values\nq\n")
    #expect(r.status == 1)
    #expect(!Self.raw(r.stderr))
    #expect(r.stderr.contains(#""email":"a\u009bb\u202ec""#))
    // a bidi control is no control character: answers may hold one, and it is shown escaped
    let answers = try CLI.script(#"{"email": "a\u202ec"}"#, name: "bidi.json")
    let bidi = try CLI.run(["Examples/signup.lua", "--answers", answers], input: "values\nq\n")
    #expect(bidi.status == 1)
    #expect(!Self.raw(bidi.stderr))
    #expect(bidi.stderr.contains(#""email":"a\u202ec""#))
  }

  @Test func scriptWritesToTheTerminalAreEscaped() throws {
    let path = try CLI.script(
      """
      io.write("w\\27]52;c;x\\7\\n")
      io.stderr:write("e\\27[2J", 1, "\\n")
      io.stdout:write("o\\27[2J\\n")
      assert(io.type(io.stderr) == "file" and io.output() == io.stderr)
      local s = form:section{}
      s:text{ name = "a", title = "A" }
      """)
    let r = try CLI.run([path], input: "q\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(!Self.raw(r.stderr))
    #expect(r.stderr.hasPrefix("w\\e]52;c;x\\x07\ne\\e[2J1\no\\e[2J\n"), "\(r.stderr)")
  }

  @Test func testOutputIsEscaped() throws {
    let path = try CLI.script(
      """
      describe("x\\27[2J", function()
        it("y\\27]0;t\\7", function()
          print("p\\27[31m")
          assert.equals("a", "b\\27[1m")
        end)
      end)
      """, name: "evil_test.lua")
    let r = try CLI.run(["test", path])
    #expect(r.status == 1)
    // busted's report escapes what came from the test; the spec's own print
    // is lua.c's (trusted code writes what it writes)
    #expect(!Self.raw(r.stdout.replacing("p\u{1B}[31m", with: "") + r.stderr))
    #expect(r.stdout.contains("\nx\\e[2J y\\e]0;t\\x07\n"), "\(r.stdout)")
    #expect(r.stdout.contains("(string) 'b\\e[1m'"))
    #expect(r.stdout.contains("p\u{1B}[31m"))
  }

  @Test func aScriptsOwnFilesAreWrittenAsTheyAre() throws {
    let out = try CLI.script("", name: "out.txt")
    let path = try CLI.script(
      """
      local f = assert(io.open("\(out)", "w"))
      f:write("raw\\27[1m")
      f:close()
      io.output("\(out)")
      io.write("+\\7")
      io.close()
      local s = form:section{}
      """)
    let r = try CLI.run([path], input: "q\n")
    #expect(r.status == 1, "\(r.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "+\u{7}")
  }
}

extension ContractTests {
  // MARK: 13: a test folder with links back up

  @Test func linksBackUpRunEachTestOnce() throws {
    let file = try CLI.script(
      """
      describe("once", function() it("runs", function() assert.is_true(true) end) end)
      """, name: "a_test.lua")
    // folder/tests/a_test.lua, with links back to folder and to tests itself
    let folder = (file as NSString).deletingLastPathComponent
    let dir = folder + "/tests"
    let fm = FileManager.default
    try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    try fm.moveItem(atPath: file, toPath: dir + "/a_test.lua")
    try fm.createSymbolicLink(atPath: dir + "/up", withDestinationPath: "..")
    try fm.createSymbolicLink(atPath: dir + "/again", withDestinationPath: ".")
    try fm.createSymbolicLink(atPath: dir + "/sub/top", withDestinationPath: "..")
    let r = try Self.launch(CLI.binary, ["test", dir])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.hasSuffix("1 passed, 0 failed\n"), "\(r.stderr)")
  }
}
