import FormServe
import Testing

@testable import FormCLI

/// `formrun serve`'s command line, read through the flag table.
struct ServeArgumentsTests {
  /// A value each of serve's free-text flags takes.
  static let samples = ["--listen": ":0", "--token": "abcdefgh12", "--collect": "answers.jsonl"]

  func serve(_ args: [String]) throws -> Options {
    guard case .serve(let o) = try Arguments.parse(["serve"] + args) else {
      throw UsageError(message: "not serve")
    }
    return o
  }

  func message(_ args: [String]) -> String? {
    do {
      _ = try Arguments.parse(["serve"] + args)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func theDefaultsServeThisMachineWithARandomToken() throws {
    let o = try serve(["f.lua"])
    #expect(o.path == "f.lua")
    #expect(o.serve.listen == "127.0.0.1:8080" && !o.serve.once && o.serve.collect == nil)
    #expect(o.serve.maxSessions == 1000 && o.serve.expire == 1800)
    #expect(o.serve.token?.count == 32)
    #expect(try serve(["f.lua"]).serve.token != o.serve.token)
  }

  @Test func theFlagsAreRead() throws {
    let o = try serve([
      "f.json", "--listen", "[::1]:0", "--collect", "a.sqlite", "--token", "secret-token", "--max-sessions", "5",
      "--expire", "60", "--sandbox", "--lenient",
    ])
    #expect(o.serve.listen == "[::1]:0" && o.serve.collect == "a.sqlite" && o.serve.token == "secret-token")
    #expect(o.serve.maxSessions == 5 && o.serve.expire == 60 && o.sandbox && o.lenient)
    #expect(try serve(["f.lua", "--no-token"]).serve.token == nil)
    let once = try serve(["f.lua", "--once", "--field", "email"])
    #expect(once.serve.once && once.field == "email")
  }

  @Test(arguments: [
    ([], "serve needs a form: formrun serve FORM.lua"),
    (["-"], "serve loads the form afresh for each visitor: give it as a file, not -"),
    (["f.lua", "--format", "sh"], "--format and --field go with --once (without it each submission is a JSON line)"),
    (["f.lua", "--token", "token-1234", "--no-token"], "--no-token and --token go apart: choose one"),
    (["f.lua", "--once", "--collect", "a.jsonl"], "--collect and --once go apart: choose one"),
    (["f.lua", "--listen", "host:port"], "--listen takes HOST:PORT with a port from 0 to 65535 (got 'host:port')"),
    (["f.lua", "--token", "short"], "--token takes at least 8 letters, digits, '-', '_', '.' or '~' (got 'short')"),
    (["f.lua", "--max-sessions", "0"], "--max-sessions takes a number from 1 to 1000000 (got '0')"),
    (["f.lua", "--set", "a=1"], "--set is not for serve (formrun --help lists the flags)"),
  ])
  func mistakesAreSaid(_ args: [String], _ expected: String) {
    #expect(message(args) == expected)
  }

  @Test func serveHasItsHelpAndItsUsageLine() throws {
    guard case .help = try Arguments.parse(["serve", "--help"]) else {
      Issue.record("serve --help is not the help")
      return
    }
    #expect(Help.usage.contains("formrun serve FORM.lua|SCHEMA.json [--theme NAME]"))
    #expect(Help.usage.contains("[--listen HOST:PORT] [--once]"))
    #expect(Help.text.contains("Serving a form in a browser"))
  }
}
