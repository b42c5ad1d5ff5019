import Foundation
import Testing

@testable import FormCLI
@testable import FormCore

/// Tab on a `file` row's path (huh's FilePicker): the folder's entries that
/// begin what is typed, folders with a slash, files only when they may be chosen.
struct PathCompletionTests {
  static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("forms/files").path

  func offers(_ typed: String, _ rules: KindFacts.PathRules) -> [String] {
    FormPrompt.paths(rules, typed: Substring(typed), end: typed.utf8.count).words
  }

  @Test func offersEntriesUnderTheBase() {
    let any = KindFacts.PathRules(base: Self.files, foldersOnly: false, extensions: [])
    #expect(offers("", any) == ["a.csv", "b.txt", "reports/"])
    #expect(offers("re", any) == ["reports/"])
    #expect(offers("reports/", any) == ["reports/q1.CSV"])
    #expect(offers(".", any) == [".hidden.csv"])
    let csv = KindFacts.PathRules(base: Self.files, foldersOnly: false, extensions: ["csv"])
    #expect(offers("", csv) == ["a.csv", "reports/"])
    #expect(offers("reports/q", csv) == ["reports/q1.CSV"])
    let folders = KindFacts.PathRules(base: Self.files, foldersOnly: true, extensions: [])
    #expect(offers("", folders) == ["reports/"])
  }

  @Test func anAbsolutePathIgnoresTheBaseAndTheWordStartsAtThePath() {
    let rules = KindFacts.PathRules(base: "/nowhere", foldersOnly: false, extensions: [])
    let c = FormPrompt.paths(rules, typed: Substring("  " + Self.files + "/a"), end: 40)
    #expect(c.words == [Self.files + "/a.csv"])
    #expect(c.start == 40 - (Self.files + "/a").utf8.count)
    #expect(offers("/no/such/folder/", rules) == [])
  }
}
