import Foundation
import Testing

/// The README stays a five-minute read for users, and every link and
/// picture in the README and Docs/ leads somewhere: relative links name a
/// file of the checkout and, after `#`, one of its headings; quoted screens
/// are what the picture script read off a terminal.
@Suite struct ReadmeAndDocsTests {
  static let root = DocsTests.root

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Markdown files a reader is sent to: README, CONTRIBUTING, Docs/**.
  static func markdownFiles() -> [String] {
    var files = ["README.md", "CONTRIBUTING.md"]
    let docs = root.appendingPathComponent("Docs")
    if let walk = FileManager.default.enumerator(atPath: docs.path) {
      for case let path as String in walk where path.hasSuffix(".md") { files.append("Docs/" + path) }
    }
    return files.sorted()
  }

  @Test func theReadmeIsShortAndForUsers() throws {
    let readme = try Self.text("README.md")
    let words = readme.split(whereSeparator: \.isWhitespace).count
    #expect(words <= 1500, "README.md has \(words) words (at most 1,500: the rest goes to Docs/)")
    let headings = readme.split(separator: "\n").filter { $0.hasPrefix("#") }
      .map { $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased() }
    let contributorSections = [
      "layout", "tests", "fuzzing", "scripts", "speed", "choices worth knowing", "decision log", "contributing",
    ]
    for contributor in contributorSections {
      #expect(
        !headings.contains(contributor),
        "README.md has a contributor section (\(contributor)): it belongs in Docs/design/")
    }
    #expect(readme.contains("](Docs/pictures/"), "README.md shows no picture")
    // the one command a newcomer runs to see every test pass, named as the script is
    let testCommand = try Self.text("Scripts/test")
    #expect(testCommand.hasPrefix("#!"), "Scripts/test is no script")
    #expect(readme.contains("`Scripts/test`"), "README.md names no test command (Scripts/test)")
  }

  /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_`
  /// dropped, spaces as `-`.
  static func anchor(_ heading: String) -> String {
    var out = ""
    for ch in heading.lowercased() {
      if ch == " " {
        out.append("-")
      } else if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" {
        out.append(ch)
      }
    }
    return out
  }

  static func anchors(of text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var out = Set<String>()
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let base = anchor(title)
      let n = seen[base, default: 0]
      seen[base] = n + 1
      out.insert(n == 0 ? base : "\(base)-\(n)")
    }
    return out
  }

  /// A relative path with its `.` and `..` resolved (`Docs/design/../guide` is `Docs/guide`).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// Every `](target)` outside code blocks and code spans.
  static func links(in text: String) -> [String] {
    var out: [String] = []
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      if inCode { continue }
      let plain = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
      for match in plain.matches(of: #/\]\(([^)\s]+)\)/#) { out.append(String(match.1)) }
    }
    return out
  }

  @Test func pathsAreNormalized() {
    #expect(Self.normalized("Docs/design/../guide/README.md") == "Docs/guide/README.md")
    #expect(Self.normalized("Docs/design/../../README.md") == "README.md")
    #expect(Self.normalized("./Docs/./reference.md") == "Docs/reference.md")
    #expect(Self.anchor("In a browser: `formrun serve`") == "in-a-browser-formrun-serve")
    #expect(Self.anchor("Editor support (lua-language-server)") == "editor-support-lua-language-server")
  }

  @Test(arguments: markdownFiles())
  func everyLinkLeadsSomewhere(file: String) throws {
    let text = try Self.text(file)
    let folder = (file as NSString).deletingLastPathComponent
    let guideThere = FileManager.default.fileExists(
      atPath: Self.root.appendingPathComponent("Docs/guide/README.md").path)
    for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
      let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      let target = path.isEmpty ? file : Self.normalized(folder + "/" + path)
      // the guide is written on a branch of its own: its links are checked once it is here
      if target.hasPrefix("Docs/guide"), !guideThere { continue }
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: Self.root.appendingPathComponent(target).path, isDirectory: &isFolder)
      #expect(exists, "\(file): the link \(link) leads to no file (\(target))")
      guard exists, parts.count == 2, target.hasSuffix(".md") else { continue }
      let anchors = Self.anchors(of: try Self.text(target))
      #expect(anchors.contains(String(parts[1])), "\(file): the link \(link) names no heading of \(target)")
    }
  }

  /// A block after `<!-- quoted from Docs/pictures/NAME.txt … -->` is that
  /// file: what `Scripts/pictures` read off a terminal, not typed by hand.
  @Test(arguments: markdownFiles())
  func quotedScreensAreThePictureScripts(file: String) throws {
    let text = try Self.text(file)
    for match in text.matches(of: #/<!-- quoted from (Docs/pictures/[a-z0-9-]+\.txt)[^>]*-->\n```\n((?s).*?)```\n/#) {
      let quoted = try Self.text(String(match.1))
      #expect(
        String(match.2) == quoted, "\(file) quotes \(match.1) otherwise than it is: Scripts/pictures, then copy it")
    }
  }
}
