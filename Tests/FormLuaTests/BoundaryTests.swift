import CLua
import Foundation
import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession
@testable import FormTesting

/// Issue 11's crashes at the Lua boundary, each in a child process (an exit
/// test), so one that still crashes fails its own test instead of the run.
/// The hangs are in the CLI tests, which have a timeout.
struct BoundaryTests {
  @Test func deeplyNestedTablesAreRefusedNotACrash() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.deepTables()) }
  }

  @Test func bindingUserdataCannotBeReleasedTwiceOrConfused() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.forgedUserdata()) }
  }

  @Test func binaryChunksAndCLibrariesAreRefused() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.binaryChunks()) }
  }

  @Test func hostFunctionsWorkOnTheCoroutineThatCallsThem() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.coroutines()) }
  }

  @Test func aMemoryBombThatStaysReachableDoesNotAbort() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.memoryBomb()) }
  }

  @Test func aReplPrintingThroughAHostileGlobalTableDoesNotAbort() async {
    await #expect(processExitsWith: .success) { exit(BoundaryCase.hostileGlobals()) }
  }

  /// No Lua error should ever escape a protected call; if a bug lets one,
  /// formrun says so and exits 2 rather than abort().
  @Test func anUnprotectedErrorExitsTwoWithAMessage() async {
    let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
      let rt = LuaRuntime()
      rt.state.push("boom")
      lua_error(rt.state.L)
    }
    let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(said.contains("formrun: internal error: a Lua error escaped its protected call: boom"), "\(said)")
  }

  @Test func scriptsGetTheDefaultLibrarySet() {
    let (_, error) = load(
      """
      local keys = {}
      for k in pairs(debug) do keys[#keys + 1] = k end
      assert(#keys == 1 and keys[1] == "traceback", table.concat(keys, ","))
      assert(require("debug") == debug, "package.loaded.debug is the whole library")
      assert(io.write and os.exit and require and dofile and loadfile and package, "too much was taken")
      assert(getmetatable(form) == false, "the form's metatable shows")
      """)
    #expect(error == nil, "\(error?.message ?? "")")
  }

  @Test func theSandboxAlsoTakesIoOsAndFileLoading() throws {
    let probe = """
      assert(io == nil and require == nil and dofile == nil and loadfile == nil and package == nil)
      local keys = {}
      for k in pairs(os) do keys[#keys + 1] = k end
      table.sort(keys)
      assert(table.concat(keys, ",") == "clock,date,getenv,time", table.concat(keys, ","))
      assert(load("return io")() == nil, "load reaches the host's globals")
      assert(leak == nil, "a global of the test file leaks in")
      """
    let rt = LuaRuntime(sandbox: true)
    #expect(throws: Never.self) { try rt.load(source: probe, name: "t.lua") }
    // a sandboxed form in a fresh environment of an ordinary runtime (formrun.open's option)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString).lua").path
    try probe.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plain = LuaRuntime()
    // what the test file (the runtime's own globals) adds does not leak in either
    #expect(throws: Never.self) { try plain.load(source: "leak = io", name: "test.lua") }
    #expect(throws: Never.self) { _ = try plain.openForm(path: path, sandbox: true) }
    #expect(throws: ScriptError.self) { _ = try plain.openForm(path: path) }
  }

  @Test func finalisersAreRefusedWithTheScriptsLine() {
    let (_, error) = load(
      "local x = 1\nsetmetatable({}, { __gc = function() while true do end end })\ncollectgarbage()")
    #expect(
      error?.summary == "t.lua:2: setmetatable: __gc is not allowed in form scripts (a finaliser cannot be stopped)")
    // nor through the metatable of files, which formrun's own files share
    let (_, files) = load("local f = io.tmpfile()\nassert(getmetatable(f) == false and io.type(f) == 'file')")
    #expect(files == nil, "\(files?.message ?? "")")
  }

  /// Runaway matches stop at the budget, whatever the pattern (one Lua
  /// would refuse past its runaway part, numbers as subjects); a bad
  /// pattern gets Lua's own error, naming the script's line.
  @Test func runawayMatchesStopAtTheBudgetAndBadPatternsGetLuasErrors() {
    let (rt, _) = load("")
    rt.handlerBudget = LuaBudget(instructions: 1_000_000, seconds: 10)
    let runaway = "stdin:1: instruction budget exceeded (in a pattern match"
    for (chunk, message) in [
      ("local r = string.find(('a'):rep(30), ('a*'):rep(26) .. 'c(')", runaway),
      ("local r = ('a'):rep(30):match(('a*'):rep(26) .. 'c%2')", runaway),
      ("local r = string.find(2^62 // 1, ('%d*'):rep(40) .. 'x')", runaway),
      ("for x in (('a'):rep(30)):gmatch(('a*'):rep(26) .. 'c') do end", runaway),
      ("local r = string.gsub(('a'):rep(30), ('a*'):rep(26) .. 'c', '')", runaway),
      ("local r = string.find('ab', 'a(')", "stdin:1: unfinished capture"),
      ("local r = string.find(nil, 'a')", "stdin:1: bad argument #1 to 'find' (string expected, got nil)"),
      ("local r = ('x'):gsub('%w', '%2')", "stdin:1: invalid capture index %2"),
      // the form's resume is formrun's (it gives a spent budget back): Lua's words
      ("coroutine.resume(1)", "stdin:1: bad argument #1 to 'resume' (thread expected, got number)"),
    ] {
      guard case .error(let e) = rt.evaluate(chunk) else {
        Issue.record("\(chunk) ran")
        continue
      }
      #expect(e.hasPrefix(message), "\(e)")
    }
  }
}

/// The bodies of the exit tests: each returns 0, or prints what went wrong
/// and returns 1 (call one directly to see it).
enum BoundaryCase {
  static func failed(_ problems: [String]) -> Int32 {
    for p in problems { FileHandle.standardError.write(Data((p + "\n").utf8)) }
    return problems.isEmpty ? 0 : 1
  }

  static let deep = "local deep = {} local c = deep for i = 1, 200 do c.a = {} c = c.a end\n"

  static func deepTables() -> Int32 {
    var problems: [String] = []
    for statement in [
      "form.style = deep",
      "local s = form:section{} s:text{ name = 'x' } form:set_values{ x = deep }",
      "form:section{}:text{ name = 'x', validators = deep }",
      "form:kind('k', { parse = function(t) return t end }) form:section{}:k{ value = deep }",
      "form:section{}:text{ name = 'x', max_length = deep }",
    ] {
      let (_, error) = load(deep + statement)
      if error?.summary.hasPrefix("t.lua:2: ") != true || error?.summary.contains("nested too deeply") != true {
        problems.append("\(statement): \(error?.summary ?? "no error")")
      }
    }
    // as deep as allowed: read back whole, every level and the leaf
    let (_, fits) = load(
      """
      local deep = {} local c = deep for i = 1, 98 do c.a = {} c = c.a end c.leaf = "x"
      form:kind("k", {})
      local item = form:section{}:k{ name = "y", value = deep }
      local d, v = 0, item.value
      while v.a do d, v = d + 1, v.a end
      assert(d == 98 and v.leaf == "x", d)
      """)
    if let fits { problems.append("99 levels: \(fits.message)") }
    // a handler's deep result is not a value; it must not crash either
    let (rt, _) = load(deep + "form:on_submit(function() return deep end)")
    _ = rt.form.submit()
    return failed(problems)
  }

  /// The registry's metatable of items and the whole debug library, as no
  /// script can get them, to forge the calls of issue 11's cases 2 and 3.
  static func forgedUserdata() -> Int32 {
    let (rt, _) = load("")
    lua_getfield(rt.state.L, formrun_registryindex(), ItemBinding.table.metatable)
    lua_setglobal(rt.state.L, "mt")
    lua_pushcclosure(rt.state.L, luaopen_debug, 0)
    lua_callk(rt.state.L, 0, 1, 0, nil)
    lua_setglobal(rt.state.L, "rawdebug")
    var problems: [String] = []
    do {
      try rt.load(
        source: """
          assert(debug.setmetatable == nil and debug.getregistry == nil and debug.getupvalue == nil)
          local s = form:section{}
          local item = s:text{ name = "x", value = "a" }
          assert(getmetatable(item) == false, "the item's metatable shows")
          local d = rawdebug or debug
          local f = io.tmpfile()
          d.setmetatable(f, mt)
          assert(f.value == nil, "a file taken for an item")
          pcall(function() f.value = "x" end)
          mt.__gc(item)
          mt.__gc(item)
          mt.__gc(io.stderr)
          mt.__gc(f)
          assert(item.value == nil, "a released item still answers")
          collectgarbage()
          """, name: "t.lua")
    } catch {
      problems.append(error.message)
    }
    return failed(problems)
  }

  static func binaryChunks() -> Int32 {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-\(UUID().uuidString).luac").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (_, error) = load(
      """
      assert(string.dump == nil and ("").dump == nil, "string.dump")
      assert(package.loadlib == nil, "package.loadlib")
      assert(#package.searchers == 2, "C searchers")
      local f, e = load("\\27Lua\\84\\0", "x", "b")
      assert(f == nil and e:find("binary chunk"), e)
      local file = io.open("\(path)", "wb")
      file:write("\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10")
      file:close()
      f, e = loadfile("\(path)", "b")
      assert(f == nil and e:find("binary chunk"), e)
      local ok, e2 = pcall(dofile, "\(path)")
      assert(not ok and e2:find("binary chunk"), e2)
      assert(load("return 1 + 1")() == 2, "text chunks still load")
      """)
    return failed(error.map { [$0.message] } ?? [])
  }

  static func coroutines() -> Int32 {
    let host = TestHost()
    let (rt, error) = load(
      """
      local s = form:section{}
      coroutine.wrap(function() print("hi") end)()
      local item = s:text{ name = "x", value = "v" }
      local made, refused = 0, 0
      coroutine.wrap(function()
        for i = 1, 2000 do
          if pcall(s.text, s, {}) then made = made + 1 end
          if not pcall(s.text, s, { name = {} }) then refused = refused + 1 end
          coroutine.wrap(function() assert(item.value == "v" and form:find("x") == item) end)()
        end
      end)()
      print(made, refused)
      """, configure: { $0.form.attach(host) })
    var problems: [String] = []
    if let error { problems.append(error.message) }
    if host.printed != ["hi", "2000\t2000"] { problems.append("printed \(host.printed)") }
    if rt.form.sections.first?.items.count != 2001 { problems.append("\(rt.form.rows.count) rows") }
    return failed(problems)
  }

  static func memoryBomb() -> Int32 {
    let rt = LuaRuntime(memoryLimit: 4 << 20)
    var problems: [String] = []
    do {
      try rt.load(
        source: """
          local s = form:section{}
          s:item{ title = "bomb", on_select = function()
            big = {} local t = big
            -- fill to the last bytes, keeping it all reachable
            for _ = 1, 3 do pcall(function() while true do local n = {} t.next = n t = n end end) end
            error("still here")
          end }
          -- its old value is pushed as the handler's argument, from Swift
          s:text{ name = "x", value = ("long "):rep(1000), on_change = function(item, old) return #old end }
          """, name: "t.lua")
    } catch {
      return failed([error.message])
    }
    let session = Session(form: rt.form, host: TestHost())
    _ = session.start()
    for line in ["1", "x hello", "1", "x again"] {
      let out = session.send(line).joined(separator: "\n")
      if line == "1" && !out.contains("still here") && !out.contains("memory limit exceeded") {
        problems.append("\(line): \(out)")
      }
    }
    if case .values = rt.evaluate("big = nil collectgarbage() return 1") {} else { problems.append("no recovery") }
    if rt.evaluate("return form:find('x').value") != .values(["\"again\""]) { problems.append("value lost") }
    return failed(problems)
  }

  static func hostileGlobals() -> Int32 {
    let (rt, _) = load("")
    var problems: [String] = []
    if case .error(let e) = rt.evaluate("tostring = nil; setmetatable(_G, {__index = function() error('x') end})") {
      problems.append(e)
    }
    guard case .values(let shown) = rt.evaluate("print"), shown.count == 1,
      shown[0].hasPrefix("builtin") || shown[0].hasPrefix("function")
    else {
      return failed(problems + ["printing a function: \(rt.evaluate("print"))"])
    }
    return failed(problems)
  }
}

/// Issue 11's case 21 under busted: specs run unbudgeted (trusted code), the
/// forms they open keep their budgets, and a runaway the spec swallowed
/// still fails its test.
struct TestRunnerBoundaryTests {
  /// Run busted on `files` (name → text) in a temporary folder; busted's report and the run's report.
  func runBusted(_ files: [String: String]) throws -> (String, TestReport) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
    let runner = TestRunner(
      files: TestFiles(
        read: { try? String(contentsOfFile: $0, encoding: .utf8) }, write: { _, _ in false },
        exists: { FileManager.default.fileExists(atPath: $0) }),
      ci: true)
    runner.configure = {
      $0.loadBudget = LuaBudget(instructions: 20_000_000, seconds: 10)
      $0.handlerBudget = LuaBudget(instructions: 20_000_000, seconds: 10)
    }
    guard let out = tmpfile() else { throw CocoaError(.fileWriteUnknown) }
    defer { fclose(out) }
    let report = runner.run(arguments: [dir, "-o", "TAP"], stdout: out)
    fflush(out)
    rewind(out)
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), out) != nil {
      text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return (text, report)
  }

  @Test func aRunawayTheSpecSwallowedFailsTheTest() throws {
    let (out, report) = try runBusted([
      "loop.lua": "local x = 0\nwhile true do x = x + 1 end\n",
      "spin.lua": """
      form:section{}:item{ name = "spin", title = "Spin", on_select = function()
        while true do pcall(function() while true do end end) end
      end }
      """,
      "a_spec.lua": """
      it("swallows a runaway load", function() pcall(formrun.open, "loop.lua") end)
      it("sees a handler stopped", function()
        assert.matches("instruction budget exceeded", formrun.open("spin.lua"):send("spin"))
      end)
      it("runs on", function() end)
      """,
    ])
    // a test that hit the budget fails, whether its pcall swallowed the error
    // or a session reported a stopped handler; the next test runs on
    #expect(report.passed == 1 && report.failed == 2, "\(out)")
    #expect(out.contains("not ok 1 - swallows a runaway load"), "\(out)")
    #expect(out.contains("not ok 2 - sees a handler stopped"), "\(out)")
    #expect(out.contains("ok 3 - runs on"), "\(out)")
    #expect(out.contains("loop.lua:2: instruction budget exceeded"), "\(out)")
  }

  /// Specs run on the standard library as lua.c gives it (issue 25, item 7):
  /// the real `string`, `print`, `io` files, `debug`, `package.searchers`, the
  /// generational collector; and a searcher a spec adds is used.
  @Test func specsGetLuasOwnLibrary() throws {
    let (out, report) = try runBusted([
      "c_spec.lua": """
      it("is Lua's", function()
        assert.equal(string, require("string"))
        assert.equal(string, getmetatable("").__index)
        assert.equal(coroutine, require("coroutine"))
        assert.is_function(string.dump)
        assert.equal("C", debug.getinfo(print).what)
        assert.equal("C", debug.getinfo(string.find).what)
        assert.equal("userdata", type(io.stderr))
        assert.equal("table", type(getmetatable(io.stdin)))
        assert.equal(debug, package.loaded.debug)
        assert.equal(4, #package.searchers)
        assert.equal("generational", collectgarbage("incremental"))
        collectgarbage("generational")
        function string.shout(s) return s:upper() end
        assert.equal("HI", ("hi"):shout())
        string.shout = nil
      end)
      it("uses a searcher it adds", function()
        table.insert(package.searchers, 2, function(name)
          if name == "virtual.mod" then return function() return { ok = true } end, ":virtual:" end
          return "\\n\\tno virtual module '" .. name .. "'"
        end)
        assert.is_true(require("virtual.mod").ok)
        table.remove(package.searchers, 2)
      end)
      it("matches at Lua's speed and without a guard", function()
        assert.is_nil(string.find(string.rep("a", 4000), ".-b"))
      end)
      """
    ])
    #expect(report.passed == 3 && report.failed == 0, "\(out)")
  }

  /// No form, sandboxed or not, can change what the spec's strings or
  /// another form's do (issue 26, item 2); a form's own string methods are
  /// its own, extensions included (issue 25, item 3).
  @Test func eachFormsStringMethodsAreItsOwn() throws {
    let (out, report) = try runBusted([
      "liar.lua": """
      local mt = getmetatable(""); local lib = {}
      for k, v in pairs(mt.__index) do lib[k] = v end
      lib.find = function() return 1, 1 end; lib.match = function(s) return s end
      lib.format = function() return "forged" end
      mt.__index = lib
      form:section("A"):text{ name = "t", title = "T", value = ("%d"):format(1) }
      """,
      "broken.lua": """
      getmetatable("").__index = function() error("hijacked") end
      form:section("A"):text{ name = "t", title = "T" }
      """,
      "extends.lua": """
      function string.shout(s) return s:upper() end
      form:section("A"):text{ name = "t", title = "T", value = ("hi"):shout(),
        on_change = function(item) form:find("u").value = item.value:shout() end }
      form:section("B"):text{ name = "u", title = "U" }
      """,
      "d_spec.lua": """
      it("cannot be lied to by a sandboxed form", function()
        local s = formrun.open("liar.lua", { sandbox = true })
        assert.equal("forged", s:value("t"))
        assert.is_nil(("abc"):find("x"))
        assert.equal("7", ("%d"):format(7))
        assert.is_false(pcall(assert.matches, "NOT THERE", s:screen()))
      end)
      it("cannot be broken by a form", function()
        formrun.open("broken.lua", { sandbox = true })
        formrun.open("broken.lua")
        assert.equal("ab", ("a"):rep(1) .. "b")
      end)
      it("leaves other forms alone", function()
        formrun.open("liar.lua")
        local s = formrun.open("extends.lua")
        assert.equal("HI", s:value("t"))
        s:send("t yes")
        assert.equal("YES", s:value("u"))
        assert.is_nil(string.shout)
      end)
      """,
    ])
    #expect(report.passed == 3 && report.failed == 0, "\(out)")
  }

  /// A session the spec drops is collected with its form, also when the
  /// form's handlers reference the form (a cycle through Swift that Lua's
  /// collector cannot see: reliability finding 21).
  @Test func droppedSessionsAreCollected() throws {
    let (out, report) = try runBusted([
      "h.lua": """
      local s = form:section("A")
      s:text{ name = "name", title = "Name", on_change = function(item) return form, item end }
      """,
      "m_spec.lua": """
      local function open(n)
        for i = 1, n do formrun.open("h.lua"):send("name Ada") end
        -- a session, then its handlers, then its form: a cycle each
        for i = 1, 4 do collectgarbage() end
        return collectgarbage("count")
      end
      it("keeps no dropped session", function()
        local before = open(100)
        local after = open(1000)
        assert.is_true(after - before < 500, ("%.0f KiB more after 1000 sessions"):format(after - before))
      end)
      it("keeps a session in use working", function()
        local s = formrun.open("h.lua")
        open(50)
        assert.matches("Ada", s:send("name Ada"))
      end)
      """,
    ])
    #expect(report.passed == 2 && report.failed == 0, "\(out)")
  }

  /// A form file is compiled once a run (a test opens it many times), and
  /// again when it changes; its errors still name its lines.
  @Test func formFilesAreCompiledOnceAndAgainWhenChanged() throws {
    let (out, report) = try runBusted([
      "f_spec.lua": """
      local path = debug.getinfo(1, "S").source:sub(2):gsub("f_spec%.lua$", "ed.lua")
      local function write(text)
        local f = assert(io.open(path, "w")) f:write(text) f:close()
      end
      it("sees each version", function()
        write("form:section{}:text{ name = 'v', title = 'V', value = 'one' }")
        assert.equal("one", formrun.open(path):value("v"))
        assert.equal("one", formrun.open(path):value("v"))
        write("form:section{}:text{ name = 'v', title = 'V', value = 'two!' }")
        assert.equal("two!", formrun.open(path):value("v"))
        write("local x = 1\\nerror('at load')")
        for i = 1, 2 do assert.error_matches(function() formrun.open(path) end, "ed.lua:2: at load") end
      end)
      """
    ])
    #expect(report.passed == 1 && report.failed == 0, "\(out)")
  }

  @Test func specsGetTheWholeLibraryAndFormsTheirOwn() throws {
    let (out, report) = try runBusted([
      "probe.lua": """
      form:section{}:text{ name = "debug", value = tostring(debug.getinfo == nil and string.dump == nil) }
      form:section{}:text{ name = "io", value = tostring(io ~= nil and require ~= nil) }
      """,
      "b_spec.lua": """
      it("has the whole library", function()
        assert.is_function(debug.getinfo)
        assert.is_function(debug.sethook)
        assert.is_function(string.dump)
        assert.is_function(require("debug").getupvalue)
        assert.is_function(require("lfs").attributes)
        assert.is_function(load(string.dump(function() return 1 end), "x", "b"))
      end)
      it("opens a restricted form", function()
        local s = formrun.open("probe.lua")
        assert.equal("true", s:value("debug"))
        assert.equal("true", s:value("io"))
      end)
      it("opens a sandboxed form", function()
        local s = formrun.open("probe.lua", { sandbox = true })
        assert.equal("true", s:value("debug"))
        assert.equal("false", s:value("io"))
      end)
      it("refuses a bad sandbox option", function()
        assert.error_matches(function() formrun.open("probe.lua", { sandbox = 1 }) end, "sandbox must be a boolean")
      end)
      """,
    ])
    #expect(report.passed == 4 && report.failed == 0, "\(out)")
  }
}
