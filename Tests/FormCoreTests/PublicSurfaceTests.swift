import Foundation
import Testing

/// The library targets' public surface is deliberate: every `public` (or
/// `open`) declaration carries a `///` summary directly above it (attribute
/// lines such as `@discardableResult` may sit in between). What no other
/// module uses is `internal`, so this list stays short; tests reach the rest
/// through `@testable import`.
@Suite struct PublicSurfaceTests {
  static let libraries = [
    "FormCore", "FormRender", "FormSession", "FormLua", "FormTesting", "FormTerminal", "FormScreen", "FormCLI",
    "FormSchema",
  ]

  @Test(arguments: libraries)
  func everyPublicDeclarationHasASummary(_ library: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = root.appendingPathComponent("Sources/\(library)")
    let files = try swiftFiles(under: folder)
    #expect(!files.isEmpty, "no Swift files found under Sources/\(library)")
    var offenders: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let relative = String(file.path.dropFirst(root.path.count + 1))
      for (line, declaration) in PublicSurface.undocumented(in: text) {
        offenders.append("\(relative):\(line): \(declaration)")
      }
    }
    if !offenders.isEmpty {
      Issue.record(
        Comment(
          rawValue:
            "public declarations without a /// summary (add one, or make them internal if no other module uses them):\n"
            + offenders.joined(separator: "\n")))
    }
  }

  /// The scanner itself: which lines it reports, so the check above cannot
  /// pass by missing declarations.
  @Test(arguments: [
    ("public func f() {}", [1]),
    ("/// Does f.\npublic func f() {}", []),
    ("// not a doc comment\npublic func f() {}", [2]),
    ("/// Kept.\n@discardableResult\npublic func f() -> Int { 1 }", []),
    ("@discardableResult\npublic func f() -> Int { 1 }", [2]),
    ("/// A.\npublic struct A {\n  public var x: Int\n  var y: Int\n}", [3]),
    ("public internal(set) var x = 1", [1]),
    ("/// X.\npublic private(set) var x = 1", []),
    ("public static let y = 2", [1]),
    ("static public func g() {}", [1]),
    ("open class C {}", [1]),
    ("public final class C {}", [1]),
    ("/// E.\npublic enum E {\n  case a\n  case b\n}", []),
    ("public init(x: Int) {}", [1]),
    ("public subscript(i: Int) -> Int { i }", [1]),
    ("public protocol P {}", [1]),
    ("public extension P {}", [1]),
    ("public typealias T = Int", [1]),
    ("public var isPublic = true", [1]),
    ("let publicity = 1\nvar s = \"public func f\"", []),
    ("// public func f() {}", []),
    ("internal func f() {}\nprivate(set) var z = 0", []),
    ("  /// Indented.\n  public func f() {}", []),
  ])
  func scannerFindsUndocumentedDeclarations(_ source: String, _ lines: [Int]) {
    #expect(PublicSurface.undocumented(in: source).map(\.line) == lines)
  }

  private func swiftFiles(under folder: URL) throws -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }
}

/// A line scanner for Swift declarations: enough of the grammar to tell a
/// declaration's modifiers from its keyword, not a parser.
enum PublicSurface {
  static let modifiers: Set<String> = [
    "public", "open", "package", "internal", "fileprivate", "private", "static", "class", "final", "override",
    "mutating", "nonmutating", "nonisolated", "lazy", "weak", "unowned", "convenience", "required", "dynamic",
    "indirect", "optional", "prefix", "postfix", "infix", "consuming", "borrowing", "isolated", "distributed",
  ]
  static let keywords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "struct", "class", "enum", "protocol", "extension",
    "typealias", "actor", "associatedtype", "case", "macro", "operator", "precedencegroup",
  ]

  /// The declarations written `public` or `open` in `source` with no `///`
  /// line above them (attribute lines skipped): line number (from 1) and the
  /// declaration's text.
  static func undocumented(in source: String) -> [(line: Int, declaration: String)] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var found: [(line: Int, declaration: String)] = []
    for (index, line) in lines.enumerated() where isPublicDeclaration(line) {
      var above = index - 1
      while above >= 0, lines[above].hasPrefix("@") { above -= 1 }
      if above < 0 || !lines[above].hasPrefix("///") {
        found.append(
          (index + 1, line.hasSuffix("{") ? String(line.dropLast()).trimmingCharacters(in: .whitespaces) : line))
      }
    }
    return found
  }

  /// Whether a trimmed line starts a declaration with a `public` or `open` modifier.
  static func isPublicDeclaration(_ line: String) -> Bool {
    var rest = Substring(line)
    // attributes written on the same line: `@discardableResult public func`
    while rest.hasPrefix("@") {
      rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
      if rest.hasPrefix("(") {
        var depth = 0
        rest = rest.drop {
          if $0 == "(" { depth += 1 } else if $0 == ")" { depth -= 1 }
          return depth > 0
        }.dropFirst()
      }
      rest = rest.drop { $0 == " " }
    }
    let tokens = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var isPublic = false
    for (i, token) in tokens.enumerated() {
      let word = String(token.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      let next = i + 1 < tokens.count ? String(tokens[i + 1].prefix { $0.isLetter }) : ""
      if word == "class", keywords.contains(next) {
        continue
      }
      if keywords.contains(word), word == token || !(token.dropFirst(word.count).first?.isLetter ?? false) {
        return isPublic
      }
      if modifiers.contains(token) {
        if token == "public" || token == "open" { isPublic = true }
        continue
      }
      // `private(set)`, `internal(set)`, `unowned(safe)`
      if modifiers.contains(word), token.dropFirst(word.count).hasPrefix("(") { continue }
      return false
    }
    return false
  }
}
