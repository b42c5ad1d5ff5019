import Foundation
import Testing

/// A paged form (huh's groups) from the command line: piped answers to
/// `--guided` fill the same rows, in the same order, as on a form without
/// pages; `--set`, `--answers`, `--submit` and the line commands know no
/// pages; a resumed draft's walk goes back to its page.
struct PagesCLITests {
  static let form = "Tests/forms/huh_groups.lua"

  @Test func pipedAnswersFillTheSameRowsAsWithoutPages() throws {
    let answers = "Ada\n555\n2\n\nring twice\ny\n"
    let paged = try CLI.run([Self.form, "--guided"], input: answers)
    #expect(paged.status == 0, "\(paged.stderr)")
    #expect(paged.stderr.contains("Page 1 of 3: Who."), "\(paged.stderr)")
    #expect(paged.stderr.contains("Page 2 of 3: Pizza."))
    #expect(paged.stderr.contains("Page 3 of 3: Notes."))
    let source = try String(contentsOfFile: Self.form, encoding: .utf8)
    let plain = try CLI.script(source.replacingOccurrences(of: "page = true", with: "page = false"))
    let unpaged = try CLI.run([plain, "--guided"], input: answers)
    #expect(unpaged.status == 0, "\(unpaged.stderr)")
    #expect(!unpaged.stderr.contains("Page 1"))
    #expect(paged.stdout == unpaged.stdout)
    #expect(paged.stdout.contains(#""note":"ring twice""#), "\(paged.stdout)")
  }

  @Test func throughAPipeARefusedNextStopsTheWalk() throws {
    let r = try CLI.run([Self.form, "--guided"], input: "\n555\n2\n\n\ny\n")
    #expect(r.status == 3)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("Page 1 of 3: Who is not finished: Name can't be blank."), "\(r.stderr)")
    #expect(r.stderr.contains("the guided fill stops; nothing was submitted"))
  }

  @Test func setAnswersSubmitAndCommandsKnowNoPages() throws {
    let set = try CLI.run([Self.form, "--set", "name=Ada", "--set", "size=Large", "--submit"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.contains(#""size":"Large""#))
    let answers = try CLI.script(#"{"name": "Ada", "size": "Small", "note": "hi"}"#, name: "a.json")
    let a = try CLI.run([Self.form, "--answers", answers, "--submit"])
    #expect(a.status == 0, "\(a.stderr)")
    let commands = try CLI.run([Self.form], input: "note hi\nname Bo\nsize 1\nshow\ns\n")
    #expect(commands.status == 0, "\(commands.stderr)")
    #expect(commands.stdout.contains(#""name":"Bo""#))
  }

  @Test func aResumedDraftGoesBackToItsPage() throws {
    let draft = try CLI.script("", name: "draft.json")
    try FileManager.default.removeItem(atPath: draft)
    _ = try CLI.run([Self.form, "--guided", "--draft", draft], input: "Ada\n555\n")
    let r = try CLI.run([Self.form, "--guided", "--draft", draft, "--resume"], input: "1\n\n\ny\n")
    #expect(r.status == 0, "\(r.stderr)")
    let said = r.stderr.components(separatedBy: "Guided fill").last ?? ""
    // the first page said is the one of the first row still empty (Size)
    let first = said.split(separator: "\n").first { $0.hasPrefix("Page ") }
    #expect(first == "Page 2 of 3: Pizza.", "\(said)")
    #expect(r.stdout.contains(#""size":"Small""#), "\(r.stdout)")
  }
}
