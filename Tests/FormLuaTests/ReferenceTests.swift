import Foundation
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession
@testable import FormTesting

/// Docs/reference.md, the lua-language-server annotations (Docs/lua/formrun.lua)
/// and the man page name everything the code binds: a name added to a binding,
/// a kind, a validator, a command, an environment variable or an exit code
/// without its documentation fails here. (The flag lists and the man page's
/// line commands are written from their tables: FormCLITests, `DocsTests`.)
struct ReferenceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  // MARK: what the code binds

  /// The members of a bound type, as its class table lists them.
  static func members(_ name: String) -> [String] {
    LuaAPI.classes.first { $0.name == name }!.members.map(\.name)
  }
  static let formNames = members("form")
  static let sectionNames = members("section")
  static let itemNames = members("item")
  static let kinds = Kinds.builtIn.keys.sorted()
  static func options(_ kind: String) -> [String] { Kinds.builtIn[kind]!.optionNames }
  static let sessionNames = LuaAPI.members(of: SessionBinding.table).map(\.name)

  /// The environment variables the executable reads (`Terminal.env("NAME")`).
  static func environment() throws -> Set<String> {
    var out: Set<String> = []
    for library in ["Sources/FormCLI", "Sources/FormTerminal"] {
      let folder = root.appendingPathComponent(library)
      for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
        let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for m in source.matches(of: #/env\("([A-Z_]+)"\)/#) { out.insert(String(m.1)) }
      }
    }
    return out
  }

  /// The raw values of Sources/FormCLI/ExitCode.swift.
  static func exitCodes() throws -> Set<String> {
    Set(try read("Sources/FormCLI/ExitCode.swift").matches(of: #/case \w+ = (\d+)/#).map { String($0.1) })
  }

  /// What formrun adds to busted's globals, and the assertions it registers with luassert.
  static let testGlobals: Set<String> = ["describe", "it", "assert", "open"]
  static let assertions = Set(
    ((try? read("Sources/CBusted/busted.lua")) ?? "").matches(of: #/register\("assertion", "([a-z_]+)"/#).map {
      String($0.1)
    })

  // MARK: reading the reference

  /// The names in the first column of the tables under `heading` (up to the
  /// next heading of the same or a higher level): the text in the first
  /// backticks, cut before `(`, `{`, a space or `=`, after its last `.` or `:`
  /// (`form:find(name)` → `find`, `--set NAME=VALUE` → `--set`).
  static func rows(under heading: String, in text: String) -> Set<String>? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
    let level = heading.prefix { $0 == "#" }.count
    var out: Set<String> = []
    for line in lines[(start + 1)...] {
      let hashes = line.prefix { $0 == "#" }.count
      if hashes > 0, hashes <= level, line.dropFirst(hashes).hasPrefix(" ") { break }
      guard line.hasPrefix("| `"), let name = line.dropFirst(3).split(separator: "`").first else { continue }
      var n = name.prefix { !"({ =[".contains($0) }
      if n.count > 1, let dot = n.dropFirst().lastIndex(where: { $0 == "." || $0 == ":" }) {
        n = n[n.index(after: dot)...]
      }
      out.insert(String(n))
    }
    return out
  }

  func expectDocumented(
    _ names: some Sequence<String>, under heading: String, exactly: Bool = false, in text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let documented = Self.rows(under: heading, in: text) else {
      Issue.record("Docs/reference.md has no heading '\(heading)'", sourceLocation: sourceLocation)
      return
    }
    let bound = Set(names)
    let missing = bound.subtracting(documented).sorted()
    #expect(missing.isEmpty, "not in Docs/reference.md under '\(heading)': \(missing)", sourceLocation: sourceLocation)
    if exactly {
      let stale = documented.subtracting(bound).sorted()
      #expect(stale.isEmpty, "documented under '\(heading)' but not bound: \(stale)", sourceLocation: sourceLocation)
    }
  }

  // MARK: the reference

  @Test func formSectionAndItemPropertiesAndMethods() throws {
    let doc = try Self.read("Docs/reference.md")
    expectDocumented(Self.formNames + ["KIND"], under: "## Form", exactly: true, in: doc)
    expectDocumented(Self.sectionNames + ["KIND"], under: "## Section", exactly: true, in: doc)
    expectDocumented(Self.itemNames, under: "## Item", exactly: true, in: doc)
  }

  @Test func everyKindAndItsOptions() throws {
    let doc = try Self.read("Docs/reference.md")
    expectDocumented(Self.kinds, under: "## Kinds", in: doc)
    for kind in Self.kinds {
      let heading = "### `\(kind)`"
      if Self.options(kind).isEmpty {
        #expect(doc.contains(heading + "\n"), "Docs/reference.md has no heading '\(heading)'")
      } else {
        expectDocumented(Self.options(kind), under: heading, exactly: true, in: doc)
      }
    }
  }

  /// The first cells of the first table under `heading`, whole (`show A-B`).
  static func firstTable(under heading: String, in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
    let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
    return table.compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      return line.dropFirst(3).split(separator: "`").first.map(String.init)
    }
  }

  @Test func everyLineCommandOfTheTableIsDocumentedAndNoOther() throws {
    let doc = try Self.read("Docs/reference.md")
    let documented = Self.firstTable(under: "## Line commands", in: doc)
    let table = CommandSpec.table.flatMap(\.documented)
    #expect(Set(table).subtracting(documented).sorted() == [], "not in Docs/reference.md, Line commands")
    #expect(Set(documented).subtracting(table).sorted() == [], "in Docs/reference.md but not a command")
    #expect(documented.count == Set(documented).count, "a command documented twice")
    // each word of the table is one of the documented spellings, or begins one
    for word in CommandSpec.words(for: .fill) {
      #expect(table.contains { $0 == word || $0.hasPrefix(word + " ") }, "'\(word)' has no row")
    }
  }

  @Test func theTableReaderTakesWholeFirstCells() {
    let text = "## Line commands\n\nintro\n\n| a | b |\n|---|---|\n| `show A-B` | x |\n| `s` | y |\n\n| `other` | z |\n"
    #expect(Self.firstTable(under: "## Line commands", in: text) == ["show A-B", "s"])
  }

  @Test func validatorsEnvironmentAndExitCodes() throws {
    let doc = try Self.read("Docs/reference.md")
    expectDocumented(Validators.builtInNames, under: "## Validators", exactly: true, in: doc)
    let environment = try Self.environment()
    #expect(environment.contains("NO_COLOR"))
    expectDocumented(environment, under: "## Environment variables", in: doc)
    let codes = try Self.exitCodes()
    #expect(codes.contains("130"))
    expectDocumented(codes, under: "## Exit codes", exactly: true, in: doc)
  }

  @Test func testAPI() throws {
    let doc = try Self.read("Docs/reference.md")
    #expect(Self.assertions == ["snapshot"])
    expectDocumented(Self.sessionNames + ["open"], under: "## Testing forms", in: doc)
    expectDocumented(Self.testGlobals, under: "### Globals of a test file", in: doc)
    expectDocumented(Self.assertions, under: "### Assertions", in: doc)
  }

  @Test func theRowReaderFindsMissingNames() {
    let text = "## Form\n| `form.title` | x |\n| `form:find(name)` | y |\n## Next\n| `form.valid` | z |\n"
    #expect(Self.rows(under: "## Form", in: text) == ["title", "find"])
    #expect(Self.rows(under: "## Missing", in: text) == nil)
  }

  // MARK: the annotations

  /// For each `---@class NAME`, the `---@field` names and `function X:name(` /
  /// `function X.name(` definitions up to the next class.
  static func annotatedClasses(_ text: String) -> [String: Set<String>] {
    var out: [String: Set<String>] = [:]
    var current: String?
    for line in text.split(separator: "\n") {
      if let m = line.wholeMatch(of: #/---@class ([\w.]+)(?::.*)?/#) {
        current = String(m.1)
        out[current!, default: []] = out[current!, default: []]
      } else if let c = current, let m = line.firstMatch(of: #/^---@field ([a-z_]+)/#) {
        out[c]!.insert(String(m.1))
      } else if let c = current, let m = line.firstMatch(of: #/^function [\w]+[.:]([a-z_]+)\(/#) {
        out[c]!.insert(String(m.1))
      }
    }
    return out
  }

  func expectAnnotated(
    _ names: some Sequence<String>, in className: String, _ classes: [String: Set<String>],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let annotated = classes[className] else {
      Issue.record("Docs/lua/formrun.lua has no class \(className)", sourceLocation: sourceLocation)
      return
    }
    let missing = Set(names).subtracting(annotated).sorted()
    #expect(missing.isEmpty, "not in \(className) of Docs/lua/formrun.lua: \(missing)", sourceLocation: sourceLocation)
  }

  @Test func annotationsNameEveryBoundName() throws {
    let text = try Self.read("Docs/lua/formrun.lua")
    #expect(text.hasPrefix("---@meta"))
    let classes = Self.annotatedClasses(text)
    expectAnnotated(Self.formNames + Self.kinds + ["on_submit", "on_cancel"], in: "formrun.Form", classes)
    expectAnnotated(Self.sectionNames + Self.kinds, in: "formrun.Section", classes)
    expectAnnotated(Self.itemNames, in: "formrun.Item", classes)
    let settable = LuaAPI.classes.first { $0.name == "item" }!.members.filter { $0.kind == .property && !$0.readOnly }
    expectAnnotated(settable.map(\.name), in: "formrun.ItemProps", classes)
    for kind in Self.kinds {
      expectAnnotated(Self.options(kind), in: "formrun.props.\(kind)", classes)
      expectAnnotated(Self.options(kind), in: "formrun.item.\(kind)", classes)
    }
    expectAnnotated(Self.sessionNames, in: "formrun.Session", classes)
    expectAnnotated(["open"], in: "formrun.Testing", classes)
    expectAnnotated(["snapshot"], in: "luassert", classes)
    for name in Validators.builtInNames {
      #expect(text.contains("---| \"\(name)"), "validator '\(name)' is not in formrun.Validator")
    }
  }

  @Test func theAnnotationReaderFindsFieldsAndMethods() {
    let text =
      "---@class formrun.Item\n---@field value any\nlocal Item = {}\nfunction Item:set(p) end\n---@class x: y\n"
    #expect(Self.annotatedClasses(text) == ["formrun.Item": ["value", "set"], "x": []])
  }

  @Test func annotationsAreValidLua() throws {
    let runtime = LuaRuntime()
    #expect(throws: Never.self) {
      try runtime.state.compile(try Self.read("Docs/lua/formrun.lua"), name: "=formrun.lua")
    }
    #expect(throws: (any Error).self) { try runtime.state.compile("function x(", name: "=broken") }
  }

  // MARK: the man page

  @Test func manPageNamesEveryExitCodeAndVariable() throws {
    let page = try Self.read("Docs/formrun.1").replacing("\\-", with: "-")
    func has(_ text: String) -> Bool { page.contains(text) }
    for code in try Self.exitCodes() { #expect(has(".B \(code)\n"), "Docs/formrun.1 lacks exit code \(code)") }
    for name in try Self.environment() { #expect(has(name), "Docs/formrun.1 lacks \(name)") }
    for sub in ["formrun repl", "formrun test"] { #expect(has(sub), "Docs/formrun.1 lacks \(sub)") }
  }
}
