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
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.currentDirectoryURL = root
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    for (k, v) in env { environment[k] = v }
    p.environment = environment
    let inPipe = Pipe()
    let outPipe = Pipe()
    let errPipe = Pipe()
    p.standardInput = inPipe
    p.standardOutput = outPipe
    p.standardError = errPipe
    _ = ignoreBrokenPipes
    try p.run()
    // formrun may end before it reads all its input (a refused draft, `:q`):
    // the write then fails with EPIPE, which is no error of the test
    try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? inPipe.fileHandleForWriting.close()
    // read both pipes fully before waiting, so a large output cannot block the child
    nonisolated(unsafe) var errData = Data()
    let errReader = Thread { errData = errPipe.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    while !errReader.isFinished { usleep(1000) }
    return Result(
      status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
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
