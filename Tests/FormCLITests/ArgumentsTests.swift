import Testing

@testable import FormCLI

/// The command line read in the process (the binary's own tests are in CLITests).
struct ArgumentsTests {
  @Test func fillFlagsAreRead() throws {
    guard case .fill(let o) = try Arguments.parse(["f.lua", "--set", "a=1", "--width=40", "--format", "sh", "--quiet"])
    else {
      Issue.record("not a fill")
      return
    }
    #expect(o.path == "f.lua")
    #expect(o.sets.map(\.name) == ["a"] && o.sets.map(\.value) == ["1"])
    #expect(o.width == 40)
    #expect(o.output.name == "sh")
    #expect(o.quiet)
  }

  @Test(arguments: [
    (["f.lua", "--width", "5"], "--width takes a number from 20 to 1000 (got '5')"),
    (["f.lua", "--set", "=x"], "--set takes NAME=VALUE (got '=x')"),
    (["f.lua", "--bogus"], "unknown option '--bogus'"),
    (["a.lua", "b.lua"], "one form at a time (got 'a.lua' and 'b.lua')"),
    (["f.lua", "--resume", "--fresh"], "--resume and --fresh go apart: choose one"),
  ])
  func mistakesAreSaid(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try Arguments.parse(arguments) }
    do {
      _ = try Arguments.parse(arguments)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(arguments: [("1", true), ("true", true), ("", false), ("0", false), ("FALSE", false)])
  func ciIsReadAsCIServicesSetIt(value: String, ci: Bool) {
    #expect(TestCommand.isCI(value) == ci)
    #expect(!TestCommand.isCI(nil))
  }
}
