import Foundation
import Testing

/// `formrun test` end to end, on test files written to a temporary folder.
struct TestCommandTests {
  static let form = """
    form.title = "T"
    local s = form:section{ header = "S" }
    s:text{ name = "a", title = "A", validators = { "presence" } }
    counter = (counter or 0) + 1
    s:add("opened " .. counter)
    """

  func folder(_ files: [String: String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return dir.path
  }

  @Test func countsPassesAndFailuresAndExitsNonZero() throws {
    let failing = """
      describe("f", function()
        it("one", function() assert.equals(1, 1) end)
        it("two", function() local s = formrun.open("f.lua"); s:send("a x"); assert.equals("x", s:value("a")) end)
        it("three", function() assert.equals("expected", "actual") end)
      end)
      """
    let dir = try folder(["f.lua": Self.form, "f_test.lua": failing])
    let r = try CLI.run(["test", dir])
    #expect(r.status != 0)
    #expect(r.stdout.hasSuffix("2 passed, 1 failed\n"))
    #expect(
      r.stdout.contains(
        "  FAIL f three\n       \(dir)/f_test.lua:4: expected: \"expected\"\n       actual:   \"actual\""))
    let passing = failing.split(separator: "\n").filter { !$0.contains("three") }.joined(separator: "\n")
    try passing.write(toFile: dir + "/f_test.lua", atomically: true, encoding: .utf8)
    let ok = try CLI.run(["test", dir])
    #expect(ok.status == 0)
    #expect(ok.stdout.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func snapshotsAreRecordedComparedAndUpdated() throws {
    let test = """
      it("screen", function()
        local s = formrun.open("f.lua", { width = 40 })
        s:send(os.getenv("FORMRUN_T_LINE") or "a one")
        assert.snapshot(s:screen(), "screen")
      end)
      """
    let dir = try folder(["f.lua": Self.form, "s_test.lua": test])
    let first = try CLI.run(["test", dir])
    #expect(first.status == 0)
    #expect(first.stdout.contains("recorded snapshot \(dir)/__snapshots__/screen.txt"))
    let recorded = try String(contentsOfFile: dir + "/__snapshots__/screen.txt", encoding: .utf8)
    #expect(recorded.contains("A  one"))

    let changed = try CLI.run(["test", dir], env: ["FORMRUN_T_LINE": "a two"])
    #expect(changed.status != 0)
    #expect(changed.stdout.contains("--update-snapshots re-records it"))
    #expect(changed.stdout.contains("- │ 1  A  one"))
    #expect(changed.stdout.contains("+ │ 1  A  two"))

    let updated = try CLI.run(["test", dir, "--update-snapshots"], env: ["FORMRUN_T_LINE": "a two"])
    #expect(updated.status == 0)
    #expect(updated.stdout.contains("updated snapshot"))
    #expect(try String(contentsOfFile: dir + "/__snapshots__/screen.txt", encoding: .utf8).contains("A  two"))
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
      it("no leak into the test", function() assert.equals(nil, counter) end)
      """
    let dir = try folder(["f.lua": Self.form, "i_test.lua": test])
    let r = try CLI.run(["test", dir])
    #expect(r.stdout.hasSuffix("3 passed, 0 failed\n"), "\(r.stdout)")
  }

  @Test func anErrorInATestFileIsAFailureNotACrash() throws {
    let dir = try folder([
      "a_test.lua": "it('fine', function() end)\nlocal x = nil\nx.y = 1\n",
      "b_test.lua": "it('errs', function() error('boom') end)\nit('after', function() end)",
      "c_test.lua": "it('opens a broken form', function() formrun.open('missing.lua') end)",
    ])
    let r = try CLI.run(["test", dir])
    #expect(r.status != 0)
    #expect(r.stdout.contains("FAIL \(dir)/a_test.lua (the file stopped with an error)"))
    #expect(r.stdout.contains("a_test.lua:3: attempt to index a nil value (local 'x')"))
    #expect(r.stdout.contains("b_test.lua:1: boom"))
    #expect(r.stdout.contains("cannot find 'missing.lua'"))
    #expect(r.stdout.hasSuffix("2 passed, 3 failed\n"))
  }

  @Test func missingPathsAreUsageErrors() throws {
    let r = try CLI.run(["test", "no/such/folder"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("no such file or folder: no/such/folder"))
  }
}
