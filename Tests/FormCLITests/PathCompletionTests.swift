import Foundation
import Testing

@testable import FormCLI
@testable import FormCore

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test func tabFindsTheNameTypedInAFolderOfManyEntries() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-many-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for i in 0..<10_200 { close(open(folder.path + "/\(i).csv", O_CREAT | O_WRONLY, 0o644)) }
    let rules = KindFacts.PathRules(base: nil, foldersOnly: false, extensions: ["csv"])
    // every entry is looked at (they were cut at 10,000, in the folder's order)
    let typed = folder.path + "/1019"
    let offer = FormPrompt.paths(rules, typed: Substring(typed), end: typed.utf8.count)
    #expect(offer.words.count == 11)
    #expect(offer.words.contains(folder.path + "/10199.csv"))
    let all = FormPrompt.paths(rules, typed: Substring(folder.path + "/"), end: folder.path.utf8.count + 1)
    #expect(all.words.count == 10_200)
  }
}
