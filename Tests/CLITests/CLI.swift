import Foundation
import TestSupport

/// Runs the built `formrun` binary with piped input, as a shell script would
/// (through `Launch`, which every process-starting test uses).
enum CLI {
  static let root = Launch.root
  static let binary = Launch.formrun

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ args: [String], input: String = "", env: [String: String] = [:]) throws -> Result {
    try launch(binary, args, input: input, environment: env).result
  }

  static func launch(
    _ executable: String, _ args: [String], input: String = "", environment: [String: String?] = [:],
    directory: URL? = nil, timeout: Double = 60, closedStdout: Bool = false, discardStderr: Bool = false
  ) throws -> Launch.Ended {
    try Launch.run(
      executable, args, input: input, environment: environment, directory: directory, timeout: timeout,
      closedStdout: closedStdout, discardStderr: discardStderr)
  }

  /// A form script in a fresh temporary folder; returns its path.
  static func script(_ source: String, name: String = "form.lua") throws -> String {
    try Launch.temporaryFile(source, name: name)
  }
}

extension Launch.Ended {
  /// As a shell reports it: a signal as 128 + its number.
  var result: CLI.Result { CLI.Result(status: shellStatus, stdout: stdout, stderr: stderr) }
}
