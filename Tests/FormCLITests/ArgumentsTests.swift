import Testing

@testable import FormCLI

/// The command line read in the process through the flag table (the
/// binary's own tests are in CLITests).
struct ArgumentsTests {
  func options(_ args: [String]) throws -> Options {
    switch try Arguments.parse(args) {
    case .fill(let o), .repl(let o): return o
    default: throw UsageError(message: "neither a fill nor a repl")
    }
  }

  func message(_ args: [String]) -> String? {
    do {
      _ = try Arguments.parse(args)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func fillFlagsAreRead() throws {
    let o = try options(["f.lua", "--set", "a=1", "--width=40", "--format", "sh", "--quiet", "--set", "b=x=y"])
    #expect(o.path == "f.lua")
    #expect(o.sets.map(\.name) == ["a", "b"] && o.sets.map(\.value) == ["1", "x=y"])
    #expect(o.width == 40)
    #expect(o.output.name == "sh")
    #expect(o.quiet)
  }

  @Test func theReplTakesTheFlagsThatApplyToIt() throws {
    guard case .repl(let o) = try Arguments.parse(["repl", "f.lua", "--width", "50", "--sandbox", "--field", "x"])
    else {
      Issue.record("not a repl")
      return
    }
    #expect(o.path == "f.lua" && o.width == 50 && o.sandbox && o.field == "x")
    guard case .repl(let empty) = try Arguments.parse(["repl"]) else {
      Issue.record("not a repl")
      return
    }
    #expect(empty.path == nil)
    #expect(message(["repl", "f.lua", "--guided"]) == "--guided is not for repl (formrun --help lists the flags)")
    #expect(message(["repl", "a.lua", "b.lua"]) == "one form at a time (got 'a.lua' and 'b.lua')")
    guard case .help = try Arguments.parse(["repl", "f.lua", "-h"]) else {
      Issue.record("repl -h is not the help")
      return
    }
  }

  @Test func everyFlagOfTheTableIsReadBySomeSubcommand() throws {
    for flag in Flag.table where flag.apply != nil {
      let sub: Subcommand =
        flag.subcommands.contains(.fill)
        ? .fill : flag.subcommands.contains(.repl) ? .repl : flag.subcommands.contains(.serve) ? .serve : .schema
      var args =
        sub == .fill ? ["f.lua"] : sub == .repl ? ["repl"] : sub == .serve ? ["serve", "f.lua"] : ["schema", "s.json"]
      switch flag.value {
      case .none: args.append(flag.name)
      case .text: args += [flag.name, ServeArgumentsTests.samples[flag.name] ?? "a=b"]
      case .number(_, let range): args += [flag.name, String(range.lowerBound)]
      case .choice(_, let words): args += [flag.name, words[0]]
      }
      #expect(throws: Never.self, "\(args)") { _ = try Arguments.parse(args) }
    }
  }

  @Test(arguments: [
    (["f.lua", "--width", "5"], "--width takes a number from 20 to 1000 (got '5')"),
    (["f.lua", "--width", "wide"], "--width takes a number from 20 to 1000 (got 'wide')"),
    (["f.lua", "--color", "pink"], "--color takes auto, always or never (got 'pink')"),
    (["f.lua", "--format", "yaml"], "--format takes json, sh or tsv (got 'yaml')"),
    (["f.lua", "--set", "=x"], "--set takes NAME=VALUE (got '=x')"),
    (["f.lua", "--set", "novalue"], "--set takes NAME=VALUE (got 'novalue')"),
    (["f.lua", "--field"], "--field needs a value"),
    (["f.lua", "--submit=yes"], "--submit takes no value"),
    (["f.lua", "--bogus"], "unknown option '--bogus'"),
    (["f.lua", "--help"], "--help goes first: formrun --help"),
    (["f.lua", "--update-snapshots"], "--update-snapshots is not for filling a form (formrun --help lists the flags)"),
    (["a.lua", "b.lua"], "one form at a time (got 'a.lua' and 'b.lua')"),
    (["--submit"], "no form given"),
    ([], "no form given"),
    (["f.lua", "--resume", "--fresh"], "--resume and --fresh go apart: choose one"),
    (["f.lua", "--format", "sh", "--field", "x"], "--field and --format go apart: choose one"),
    (["f.lua", "--draft", "d.json", "--no-draft"], "--no-draft and --draft go apart: choose one"),
  ])
  func mistakesAreSaid(arguments: [String], message expected: String) {
    #expect(message(arguments) == expected)
  }

  @Test func helpAndVersionStandAlone() throws {
    for spelling in ["-h", "--help", "help"] {
      guard case .help = try Arguments.parse([spelling]) else {
        Issue.record("\(spelling) is not the help")
        continue
      }
    }
    guard case .version = try Arguments.parse(["--version"]) else {
      Issue.record("--version")
      return
    }
    guard case .test(let rest) = try Arguments.parse(["test", "--ci", "-o", "TAP"]) else {
      Issue.record("test")
      return
    }
    #expect(rest == ["--ci", "-o", "TAP"])
  }

  @Test func theUsageAndHelpComeFromTheTables() {
    let usage = Help.usage
    for flag in Flag.flags(for: .fill) { #expect(usage.contains(flag.synopsis), "usage lacks \(flag.name)") }
    #expect(usage.contains("[--format json|sh|tsv | --field NAME]"))
    #expect(usage.contains("[--set NAME=VALUE]..."))
    let help = Help.text
    for flag in Flag.table where !flag.subcommands.isEmpty {
      #expect(help.contains("  " + flag.spelled + " "), "help lacks \(flag.name)")
    }
    #expect(help.contains("submit (s)") && help.contains(", next."))
    #expect(Help.synopsis().allSatisfy { $0.count <= 73 })
  }

  @Test(arguments: [("1", true), ("true", true), ("", false), ("0", false), ("FALSE", false)])
  func ciIsReadAsCIServicesSetIt(value: String, ci: Bool) {
    #expect(TestCommand.isCI(value) == ci)
    #expect(!TestCommand.isCI(nil))
  }
}
