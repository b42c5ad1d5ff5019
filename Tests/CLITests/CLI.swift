import Foundation

/// Runs the built `formrun` binary with piped input, as a shell script would.
enum CLI {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The folder of the built products (the test bundle's folder), as
  /// swift-argument-parser's test helpers find it: the binary under test is
  /// the one built with these tests, whatever the configuration or build path.
  static let productsDirectory: URL = {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      fatalError("no .xctest bundle is loaded")
    #else
      return Bundle.main.bundleURL
    #endif
  }()
  static let binary = productsDirectory.appendingPathComponent("formrun").path

  /// A write to a pipe whose reader has ended fails with EPIPE instead of
  /// ending the test process by SIGPIPE.
  static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ args: [String], input: String = "", env: [String: String] = [:]) throws -> Result {
    try launch(binary, args, input: input, environment: env).result
  }

  /// How a launched program ended.
  struct Launched {
    var status: Int32
    /// Ended by a signal (`status` is its number).
    var signalled: Bool
    /// Still running after the timeout, so killed.
    var timedOut: Bool
    var stdout: String
    var stderr: String
    /// As a shell reports it: a signal as 128 + its number.
    var result: Result { Result(status: signalled ? 128 + status : status, stdout: stdout, stderr: stderr) }
  }

  /// Run `executable` in the package root with `input` on stdin; the
  /// environment is this process's without NO_COLOR, with `environment`'s
  /// changes (nil removes a variable). Killed after `timeout` seconds.
  /// `closedStdout`: its stdout is a pipe nobody reads.
  static func launch(
    _ executable: String, _ args: [String], input: String = "", environment changes: [String: String?] = [:],
    timeout: Double = 60, closedStdout: Bool = false
  ) throws -> Launched {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    for (k, v) in changes { environment[k] = v }
    p.environment = environment
    let inPipe = Pipe()
    let outPipe = Pipe()
    let errPipe = Pipe()
    p.standardInput = inPipe
    p.standardOutput = outPipe
    p.standardError = errPipe
    // the first write to a pipe nobody reads fails with EPIPE (or SIGPIPE)
    if closedStdout { try outPipe.fileHandleForReading.close() }
    _ = ignoreBrokenPipes
    let done = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in done.signal() }
    try p.run()
    // formrun may end before it reads all its input (a refused draft, `:q`):
    // the write then fails with EPIPE, which is no error of the test
    try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? inPipe.fileHandleForWriting.close()
    // read both pipes while it runs, so a large output cannot block the child
    nonisolated(unsafe) var errData = Data()
    nonisolated(unsafe) var outData = Data()
    let readers = DispatchGroup()
    DispatchQueue.global().async(group: readers) { errData = errPipe.fileHandleForReading.readDataToEndOfFile() }
    if !closedStdout {
      DispatchQueue.global().async(group: readers) { outData = outPipe.fileHandleForReading.readDataToEndOfFile() }
    }
    var timedOut = false
    if done.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      kill(p.processIdentifier, SIGKILL)
      done.wait()
    }
    readers.wait()
    return Launched(
      status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A form script in a fresh temporary folder; returns its path.
  static func script(_ source: String, name: String = "form.lua") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent(name)
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}
