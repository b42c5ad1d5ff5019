import FormCore
import Foundation
import Testing

@testable import FormSchema

/// The validator alone over the official JSON-Schema-Test-Suite when
/// FORMRUN_JSONSCHEMA_SUITE names its `tests/draft2020-12` folder (the suite
/// is not in the repository; `Scripts/jsonschema-suite` runs it through formrun).
@Suite struct SuiteValidatorTests {
  @Test func suiteCasesDecideAsTheSuiteSays() throws {
    guard let folder = ProcessInfo.processInfo.environment["FORMRUN_JSONSCHEMA_SUITE"] else { return }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    var right = 0
    var wrong: [String] = []
    var refused = 0
    for file in files {
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      guard case .list(let groups) = try JSON.decode(text) else { continue }
      for g in groups {
        let schema: Schema
        do { schema = try Schema.load(g["schema"]!, name: file) } catch {
          print("REFUSED \(file): \(error.kind) \(error.message.prefix(70))")
          refused += g["tests"]?.list?.count ?? 0
          continue
        }
        for t in g["tests"]?.list ?? [] {
          let valid = schema.validate(t["data"]!).isEmpty
          if valid == (t["valid"] == .bool(true)) {
            right += 1
          } else {
            wrong.append("\(file): \(g["description"]!.string!) / \(t["description"]!.string!)")
          }
        }
      }
    }
    print("suite: \(right) right, \(refused) refused at load, \(wrong.count) wrong")
    for w in wrong { print("WRONG " + w) }
    #expect(wrong.isEmpty)
  }
}
