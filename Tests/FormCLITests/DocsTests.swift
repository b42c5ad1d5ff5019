import Foundation
import Testing

@testable import FormCLI
@testable import FormSession
@testable import FormTesting

/// The parts of Docs/ written from the flag and command tables are what the
/// tables write now (`FORMRUN_RECORD=1` writes them), and the tables agree
/// with what other programs read.
@Suite(.serialized) struct DocsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(arguments: Documentation.parts.map(\.name))
  func theGeneratedPartIsCheckedIn(name: String) throws {
    let part = Documentation.parts.first { $0.name == name }!
    let url = Self.root.appendingPathComponent(part.file)
    let text = try String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["FORMRUN_RECORD"] == "1" {
      let spliced = try #require(Documentation.splice(part, into: text), "\(part.file) lacks the markers of '\(name)'")
      try spliced.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let checkedIn = try #require(
      Documentation.checkedIn(part, in: text), "\(part.file) lacks the markers of '\(name)'")
    #expect(
      checkedIn == part.text,
      "\(part.file), part '\(name)', is not what the tables write: FORMRUN_RECORD=1 swift test --filter DocsTests")
  }

  /// `--help` lists every exit code, from the same table as the docs (124 was left out when it was written by hand).
  @Test func helpListsEveryExitCode() {
    let said = Help.exitCodes.joined(separator: " ")
    for code in ExitCode.allCases {
      #expect(said.contains(" \(code.rawValue) \(code.meaning.brief)"), "--help lacks \(code.rawValue)")
    }
    #expect(Help.text.contains("124 no input for --timeout's seconds"))
    #expect(
      said.contains("Each in full: man formrun, EXIT STATUS."), "--help does not say where the codes are said in full")
  }

  @Test func spliceReplacesOnlyBetweenTheMarkers() {
    let part = Documentation.Part(name: "x", file: "a.md", text: "new\nlines")
    let (begin, end) = Documentation.markers(part)
    let text = "before\n\(begin)\nold\n\(end)\nafter\n"
    #expect(Documentation.splice(part, into: text) == "before\n\(begin)\nnew\nlines\n\(end)\nafter\n")
    #expect(Documentation.checkedIn(part, in: text) == "old")
    #expect(Documentation.splice(part, into: "no markers") == nil)
  }

  @Test func roffFromTheDocsMarkdown() {
    #expect(Documentation.roff("see [Drafts](#drafts), `--no-draft`") == #"see Drafts, \fB\-\-no\-draft\fR"#)
    #expect(Documentation.roff("a\n.b") == "a\n\\&.b")
    #expect(Documentation.roff(#"`\t`"#) == #"\fB\et\fR"#)
  }

  /// busted's side of `formrun test` registers the test flags the table documents.
  @Test func theTestFlagsAreThoseBustedIsGiven() throws {
    let bootstrap = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/CBusted/busted.lua"), encoding: .utf8)
    let registered = Set(bootstrap.matches(of: #/core:flag\("(--[a-z][a-z-]*)"/#).map { String($0.1) })
    #expect(Set(Flag.flags(for: .test).map(\.name)) == registered)
  }

  @Test func theManPageNamesEveryFillCommandWord() throws {
    let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/formrun.1"), encoding: .utf8)
    for word in CommandSpec.words(for: .fill) {
      #expect(page.contains("\\fB\(Documentation.escape(word))\\fR"), "Docs/formrun.1 lacks \(word)")
    }
  }
}
