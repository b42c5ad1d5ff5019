import FormCore
import Foundation
import Testing

@testable import FormSchema

/// The validator alone over the official JSON-Schema-Test-Suite, every
/// draft, when FORMRUN_JSONSCHEMA_SUITE names a checkout's root folder (the
/// suite is not in the repository; `Scripts/jsonschema-suite` runs it
/// through formrun, remote documents too). The suite's remotes are read
/// here as its `remotes` folder holds them.
@Suite struct SuiteValidatorTests {
  static let drafts: [(String, Draft)] = [
    ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft07), ("draft2019-09", .draft2019),
    ("draft2020-12", .draft2020),
  ]

  @Test func suiteCasesDecideAsTheSuiteSays() throws {
    guard let root = ProcessInfo.processInfo.environment["FORMRUN_JSONSCHEMA_SUITE"] else { return }
    var wrong: [String] = []
    for (folder, draft) in Self.drafts {
      let dir = root + "/tests/" + folder
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
      var right = 0
      var refused = 0
      for file in names.filter({ $0.hasSuffix(".json") }).sorted() {
        let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
        guard case .list(let groups) = try JSON.decode(text) else { continue }
        for g in groups {
          var schema = g["schema"]!
          if case .record(let fields) = schema, !fields.contains(where: { $0.key == "$schema" }) {
            schema = .record([.init("$schema", .string(draft.uri))] + fields)
          }
          let files = SuiteFiles(root: root, schema: schema)
          let loaded: Schema
          do { loaded = try Schema.load(path: "/case.json", searchPath: [root + "/remotes"], files: files) } catch {
            refused += g["tests"]?.list?.count ?? 0
            continue
          }
          for t in g["tests"]?.list ?? [] {
            // formrun asserts the formats it knows: the suite's optional format tests decide those
            if file == "format.json", t["description"]?.string?.contains("only an annotation") == true { continue }
            if loaded.validate(t["data"]!).isEmpty == (t["valid"] == .bool(true)) {
              right += 1
            } else {
              wrong.append("\(folder)/\(file): \(g["description"]!.string!) / \(t["description"]!.string!)")
            }
          }
        }
      }
      print("\(folder): \(right) right, \(refused) refused at load")
    }
    for w in wrong { print("WRONG " + w) }
    #expect(wrong.isEmpty)
  }
}

/// The case's schema at /case.json, the suite's files as they are.
struct SuiteFiles: SchemaFiles {
  let root: String
  let schema: Value
  func read(_ path: String) -> [UInt8]? {
    if path == "/case.json" { return Array(JSON.encode(schema).utf8) }
    return FileManager.default.contents(atPath: path).map { Array($0) }
  }
  func jsonFiles(in folder: String) -> [String] { [] }
  func absolute(_ path: String) -> String { path }
}
