import Foundation
import Testing

@testable import FormCore
@testable import FormLua

/// Random programs over the whole API (APIPrograms.swift): none may end the
/// process, and each leaves the form's counts right. `Scripts/fuzz
/// apiprograms` runs the same generator from libFuzzer's inputs.
struct APIProgramTests {
  /// Programs per batch: 40 (320 in all), or FORMRUN_API_PROGRAMS / 8 to run more.
  static let perBatch = (Int(ProcessInfo.processInfo.environment["FORMRUN_API_PROGRAMS"] ?? "") ?? 320) / 8

  /// Programs from fixed seeds, so a failure is the same program each run.
  @Test(arguments: 0..<8)
  func randomProgramsEndCleanly(batch: Int) {
    for n in 0..<Self.perBatch {
      let seed = UInt64(batch * Self.perBatch + n)
      let (program, problems) = runAPIProgram(SeededChoices(seed: seed))
      #expect(problems.isEmpty, "seed \(seed): \(problems)\n\(program)")
    }
  }
}
