import Foundation
import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormRender
@testable import FormSession

/// What the accessible voice costs a listener: the same six-row fill that
/// huh's accessible mode speaks in 132 words (an email with validation, a
/// password of 8 to 64 characters, a choice of 5, a multiple choice of 6
/// limited to 1 to 3, a switch, a date with bounds), filled through the
/// accessible guided walk with the answers of a pipe. The transcript is a
/// golden file (the answers are its `>` lines, which the count leaves out).
struct AccessibleWordsTests {
  static let signup = Fixtures.reviewSignup

  /// huh's accessible mode for the same fill (counted from its source, see Docs/manual.md).
  static let huhWords = 132

  /// The transcript of a walk answered with `answers` (each shown as `> answer`).
  func transcript(_ answers: [String]) throws -> (lines: [String], ending: Walk.Ending?) {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.signup, name: "=signup.lua")
    let session = Session(form: runtime.form, host: TestHost(), renderer: Renderer(width: 72), voice: AccessibleVoice())
    let walk = Walk(session: session)
    // answers from a pipe: the summary asks the submit question itself
    walk.atTerminal = false
    var lines = session.start(walking: true) + walk.start()
    for answer in answers {
      lines.append("> " + answer)
      lines += walk.read(answer)
    }
    return withExtendedLifetime(runtime) { (lines, walk.ending) }
  }

  /// Words a listener hears: what formrun says, not what was typed.
  static func words(_ lines: [String]) -> Int {
    lines.filter { !$0.hasPrefix("> ") }.reduce(0) { $0 + $1.split(whereSeparator: \.isWhitespace).count }
  }

  @Test func theSixRowFillTakesNoMoreWordsThanHuhs() throws {
    let (lines, ending) = try transcript(["ada@example.com", "hunter22x", "4", "1, 4, 6", "y", "1990-03-12", "y"])
    guard case .submitted(let values) = ending else {
      Issue.record("not submitted: \(lines.suffix(4))")
      return
    }
    #expect(values.first { $0.key == "topics" }?.value == .list([.string("Lua"), .string("Rust"), .string("Shell")]))
    let count = Self.words(lines)
    print("accessible six-row fill: \(count) words (huh: \(Self.huhWords))")
    #expect(count <= 140, "\(count) words")
    #expect(count <= Self.huhWords, "\(count) words against huh's \(Self.huhWords)")
    // nothing dropped that huh says: every title, every option, what a switch takes
    let said = lines.filter { !$0.hasPrefix("> ") }.joined(separator: "\n")
    for title in ["Email", "Password", "Plan", "Topics", "Newsletter", "Birthday"] {
      #expect(said.contains(title + ","), "\(title) is not asked")
    }
    for option in ["1 Free", "5 Enterprise", "1 Lua", "6 Shell"] { #expect(said.contains(option)) }
    #expect(said.contains("Type y or n."))
    // each list once, the limits before they are failed, no secret, no JSON
    #expect(said.components(separatedBy: "Enterprise").count == 2, "the options of Plan are read once")
    #expect(said.contains("8 to 64 characters"))
    #expect(said.contains("choose 1 to 3"))
    #expect(said.contains("from 1900-01-01 to 2026-12-31"))
    #expect(!said.contains("hunter22x"))
    #expect(!said.contains("{"))
    #expect(
      said.hasPrefix("Join the club: 6 questions."), "the walk's opening, no command list that does not apply in it")
    #expect(noFramesOrBareSymbols(lines).isEmpty)
    assertSnapshot(lines, named: "accessible-six-row-fill")
  }

  @Test func afterARefusalOnlyWhatChangedIsSaid() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.signup, name: "=signup.lua")
    let session = Session(form: runtime.form, host: TestHost(), renderer: Renderer(width: 72), voice: AccessibleVoice())
    let walk = Walk(session: session)
    _ = walk.start()
    // and what was refused: the line asks again empty (a screen reader hears it), ↑ brings it back
    #expect(
      walk.read("ada@example") == [
        "Error: Email is not a valid email.", "Your answer was: ada@example. The up arrow brings it back.",
      ])
    #expect(walk.refusedText == "ada@example")
    _ = walk.read("ada@example.com")
    _ = walk.read("hunter22x")
    // a plan from part of its text is said back so that it is noticed
    #expect(walk.read("ent").first == "Plan: Enterprise (taken from \"ent\"; :back changes it).")
    #expect(walk.read("lua rust").first?.hasPrefix("Error: ") == true)
    withExtendedLifetime(runtime) {}
  }
}
