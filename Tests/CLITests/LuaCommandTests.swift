import Foundation
import Testing

/// `formrun lua`: lua.c's command line on formrun's own Lua 5.4, the
/// interpreter `formrun test` names in `arg`; each case as lua5.4 gives it.
struct LuaCommandTests {
  static func script(_ source: String) throws -> String { try CLI.script(source, name: "s.lua") }

  @Test func aScriptGetsItsArgumentsAndArgAsLuaGivesThem() throws {
    let path = try Self.script("print(select('#', ...), ...)\nprint(arg[-1], arg[0] == ..., arg[1], arg[2], arg[3])")
    let r = try CLI.run(["lua", path, "a", "b"])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "2\ta\tb")
    #expect(lines.last == "lua\tfalse\ta\tb\tnil")
    let options = try CLI.run(["lua", "-e", "x = 1", path])
    // the interpreter and its options before the script: arg[-1] is the -e chunk
    #expect(options.stdout.hasPrefix("0\nx = 1\t"), "\(options.stdout)")
  }

  @Test(
    arguments: [
      (["-e", "print(1 + 1)"], "", "2\n", 0),
      (["-e", "io.write(arg[0])"], "", "lua", 0),
      (["-e", "os.exit(3)"], "", "", 3),
      (["-e", "n=1;os.exit(n-1)"], "", "", 0),
      (["-"], "print('stdin', ...)", "stdin\n", 0),
      (["-", "x"], "print(...)", "x\n", 0),
      ([], "print('piped')", "piped\n", 0),
      (["-l", "string", "-e", "io.write(type(string))"], "", "table", 0),
      (["-v"], "", "Lua 5.4", 0),
    ] as [([String], String, String, Int32)])
  func optionsRunAsLuaRunsThem(args: [String], input: String, out: String, status: Int32) throws {
    let r = try CLI.run(["lua"] + args, input: input)
    #expect(r.status == status, "\(r.stderr)")
    #expect(r.stdout.hasPrefix(out), "\(r.stdout)")
  }

  @Test func anErrorIsReportedWithLuasTracebackAndExitsOne() throws {
    let path = try Self.script("local function f() error('boom') end\nf()")
    let r = try CLI.run(["lua", path])
    #expect(r.status == 1)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix("s.lua:1: boom") == true, "\(r.stderr)")
    #expect(lines.first?.hasPrefix("formrun lua: ") == true)
    // the script's frames, then lua.c's last line: none of formrun's own
    #expect(lines.last == "\t[C]: in ?", "\(r.stderr)")
    #expect(lines.contains { $0.hasSuffix("s.lua:2: in main chunk") })
    #expect(!r.stderr.contains("formrun lua:2") && !r.stderr.contains("xpcall"), "\(r.stderr)")
    let object = try CLI.run(["lua", "-e", "error(setmetatable({}, { __tostring = function() return 'told' end }))"])
    #expect(object.status == 1)
    #expect(object.stderr == "formrun lua: told\n")
  }

  @Test func aBadOptionPrintsLuasUsage() throws {
    let r = try CLI.run(["lua", "-x"])
    #expect(r.status == 1)
    #expect(r.stderr.hasPrefix("formrun lua: unrecognized option '-x'\nusage: formrun lua [options] [script [args]]"))
    let missing = try CLI.run(["lua", "-e"])
    #expect(missing.stderr.hasPrefix("formrun lua: '-e' needs argument"))
  }

  @Test func luaInitRunsFirstUnlessMinusE() throws {
    let r = try CLI.run(["lua", "-e", "print(INIT)"], env: ["LUA_INIT": "INIT = 'set'"])
    #expect(r.stdout == "set\n")
    let ignored = try CLI.run(["lua", "-E", "-e", "print(INIT)"], env: ["LUA_INIT": "INIT = 'set'"])
    #expect(ignored.stdout == "nil\n")
  }
}
