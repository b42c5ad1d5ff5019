import Foundation
import Testing

/// Issue 11 end to end: hostile and ordinary scripts that crashed or hung
/// formrun. Each runs the built binary with a timeout, and must end by itself
/// with an exit code from the contract (no signal) and name `file:line`.
struct BoundaryCLITests {
  struct Run {
    var status: Int32
    var signalled: Bool
    var timedOut: Bool
    var stderr: String
    var stdout: String
    /// Ended by itself with `code`.
    func exited(_ code: Int32) -> Bool { !timedOut && !signalled && status == code }
  }

  /// Run formrun; kill it after `timeout` seconds (generous: the debug build
  /// on a busy machine takes some 20 s to measure a runaway pattern to the end
  /// of its 5 million steps; a hang never ends).
  static func run(_ args: [String], input: String, timeout: Double = 180) throws -> Run {
    let r = try CLI.launch(
      CLI.binary, args, input: input,
      // runaways are stopped after a second (the default would be 5)
      environment: ["SWIFT_BACKTRACE": "enable=no", "FORMRUN_TIME_BUDGET": "1"], timeout: timeout)
    return Run(status: r.status, signalled: r.signalled, timedOut: r.timedOut, stderr: r.stderr, stdout: r.stdout)
  }

  /// Load `source` as form.lua, send `input`, return the run and the script's path.
  static func form(_ source: String, input: String = "q\n", extra: [String] = []) throws -> (Run, String) {
    let path = try CLI.script(source)
    return (try run([path] + extra, input: input), path)
  }

  // MARK: crashes

  @Test func deeplyNestedTablesAreALoadError() throws {
    let (r, _) = try Self.form(
      "local t = {} local c = t for i = 1, 200 do c.a = {} c = c.a end\nform.style = t\n")
    #expect(r.exited(2), "\(r)")
    #expect(r.stderr.contains("form.lua:2: ") && r.stderr.contains("table nested too deeply"), "\(r.stderr)")
  }

  @Test(arguments: [
    ("getmetatable(item).__gc(item)", "attempt to index a boolean value"),
    ("debug.setmetatable(io.tmpfile(), getmetatable(item))", "attempt to call a nil value (field 'setmetatable')"),
    ("load(string.dump(function() end), 'x', 'b')()", "attempt to call a nil value (field 'dump')"),
    ("debug.getregistry()", "attempt to call a nil value (field 'getregistry')"),
  ])
  func whatCouldForgeUserdataOrBytecodeIsGone(statement: String, message: String) throws {
    let (r, _) = try Self.form("local item = form:section{}:text{ name = 'x' }\n\(statement)\n")
    #expect(r.exited(2), "\(r)")
    #expect(r.stderr.contains("form.lua:2: \(message)"), "\(r.stderr)")
  }

  @Test func hostFunctionsInCoroutinesUseTheirOwnStack() throws {
    let (r, _) = try Self.form(
      """
      local s = form:section{}
      coroutine.wrap(function() print("hi from a coroutine") end)()
      coroutine.wrap(function()
        for i = 1, 3000 do pcall(s.text, s, {}) pcall(s.text, s, { name = {} }) end
        print("made", #s.items)
      end)()
      """, input: "q\n")
    #expect(r.exited(1), "\(r)")
    #expect(r.stderr.contains("hi from a coroutine"), "\(r.stderr)")
    #expect(r.stderr.contains("made\t3000"), "\(r.stderr)")
  }

  @Test func aReplWithAHostileGlobalTableStillPrintsFunctions() throws {
    let r = try Self.run(
      ["repl"], input: "tostring = nil; setmetatable(_G, {__index = function() error('x') end})\nprint\n")
    #expect(r.exited(0), "\(r)")
    #expect(r.stderr.contains("function: "), "\(r.stderr)")
  }

  // MARK: hangs

  @Test func theHookCannotBeTurnedOff() throws {
    let (r, _) = try Self.form(
      """
      local s = form:section{}
      s:item{ title = "loop", on_select = function() pcall(debug.sethook) while true do end end }
      """, input: "1\nq\n")
    #expect(r.exited(1), "\(r)")
    #expect(r.stderr.contains("form.lua:2: time budget exceeded (1 s; endless loop?)"), "\(r.stderr)")
  }

  @Test(arguments: [
    "local function busy() while true do end end while true do pcall(busy) end",
    "local function loop() while true do end end xpcall(loop, loop)",
    "local function busy() while true do end end while true do coroutine.resume(coroutine.create(busy)) end",
    "local function busy() while true do end end while true do pcall(coroutine.wrap(busy)) end",
  ])
  func aCaughtRunawayIsStillStopped(body: String) throws {
    let (r, _) = try Self.form(
      "local s = form:section{}\ns:item{ title = 'loop', on_select = function() \(body) end }\n", input: "1\nq\n")
    #expect(r.exited(1), "\(r)")
    #expect(r.stderr.contains("form.lua:2: time budget exceeded (1 s; endless loop?)"), "\(r.stderr)")
  }

  static let runawayMatch = "time budget exceeded (1 s; in a pattern match: a pattern too complex for its text?)"

  @Test(arguments: [
    ("string.find(2^62 // 1, ('%d*'):rep(40) .. 'x')", runawayMatch),
    ("string.find(('a'):rep(30), ('a*'):rep(26) .. 'c(')", runawayMatch),
    ("pcall(string.gsub, ('a'):rep(30), ('a*'):rep(26) .. 'c', '')", runawayMatch),
    (
      "coroutine.wrap(function() local r = string.find(('a'):rep(30), ('a*'):rep(26) .. 'c') end)()",
      runawayMatch
    ),
  ])
  func runawayPatternsAreStoppedEverywhere(statement: String, message: String) throws {
    let (r, _) = try Self.form(
      "local s = form:section{}\ns:item{ title = 'p', on_select = function() local r = \(statement) end }\n",
      input: "1\nq\n")
    #expect(r.exited(1), "\(r)")
    #expect(r.stderr.contains("form.lua:2: \(message)"), "\(r.stderr)")
  }

  @Test func finalisersCannotHangCollectionOrExit() throws {
    let (r, _) = try Self.form(
      "local x = 1\nsetmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()\n",
      extra: ["--submit"])
    #expect(r.exited(2), "\(r)")
    #expect(r.stderr.contains("form.lua:2: setmetatable: __gc is not allowed"), "\(r.stderr)")
  }

  // MARK: what scripts get

  @Test func theReplTakesTheSandboxToo() throws {
    let plain = try Self.run(["repl"], input: "io ~= nil, debug.sethook\n")
    #expect(plain.exited(0), "\(plain)")
    #expect(plain.stderr.contains("true\tnil"), "\(plain.stderr)")
    let sandboxed = try Self.run(["repl", "--sandbox"], input: "io, require, os.time ~= nil\n")
    #expect(sandboxed.exited(0), "\(sandboxed)")
    #expect(sandboxed.stderr.contains("nil\tnil\ttrue"), "\(sandboxed.stderr)")
  }

  @Test func theSandboxTakesIoAndOs() throws {
    let source = """
      local s = form:section{}
      s:text{ name = "io", value = tostring(io ~= nil) }
      s:text{ name = "exit", value = tostring(os.exit ~= nil) }
      s:text{ name = "time", value = tostring(os.time ~= nil) }
      """
    let (plain, _) = try Self.form(source, extra: ["--submit"])
    #expect(plain.exited(0), "\(plain)")
    #expect(plain.stdout == "{\"io\":\"true\",\"exit\":\"true\",\"time\":\"true\"}\n")
    let (sandboxed, _) = try Self.form(source, extra: ["--sandbox", "--submit"])
    #expect(sandboxed.exited(0), "\(sandboxed)")
    #expect(sandboxed.stdout == "{\"io\":\"false\",\"exit\":\"false\",\"time\":\"true\"}\n")
  }
}

/// `LUA_INIT` as lua.c runs it (issue 25, item 8): the REPL and `formrun test`
/// run it first (`LUA_INIT_5_4` over it, `@FILE` for a file); filling a form
/// does not.
struct LuaInitTests {
  @Test func theReplRunsItFirst() throws {
    let initFile = try CLI.script("print('init file ran') FROM_FILE = 7", name: "init.lua")
    let chunk = try CLI.run(["repl"], input: "= FROM_INIT\n", env: ["LUA_INIT": "FROM_INIT = 42"])
    #expect(chunk.stderr.contains("42"), "\(chunk.stderr)")
    let file = try CLI.run(
      ["repl"], input: "= FROM_FILE\n", env: ["LUA_INIT": "FROM_FILE = 1", "LUA_INIT_5_4": "@" + initFile])
    #expect(file.stderr.contains("init file ran") && file.stderr.contains("7"), "\(file.stderr)")
    let bad = try CLI.run(["repl"], input: "", env: ["LUA_INIT": "error('no')"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("formrun: LUA_INIT:1: no"), "\(bad.stderr)")
  }

  @Test func fillingAFormDoesNot() throws {
    let form = try CLI.script("form:section{}:text{ name = 't', title = 'T', value = tostring(FROM_INIT) }")
    let r = try CLI.run([form, "--submit"], env: ["LUA_INIT": "FROM_INIT = 42", "LUA_INIT_5_4": "error('ran')"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("\"t\":\"nil\""), "\(r.stdout)")
  }

  @Test func formrunTestRunsItBeforeBusted() throws {
    let spec = try CLI.script("it('sees it', function() assert.equal(42, FROM_INIT) end)", name: "init_spec.lua")
    let r = try CLI.run(["test", spec], env: ["LUA_INIT": "FROM_INIT = 42"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
  }
}
