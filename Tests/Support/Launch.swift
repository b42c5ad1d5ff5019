import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Programs run as a shell script would run them: piped input, both output
/// streams read while the program runs, a timeout. Every test that starts a
/// process starts it here.
public enum Launch {
  /// The package's root folder (where `Package.swift` is).
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The folder of the built products (the test bundle's folder), as
  /// swift-argument-parser's test helpers find it: the binary under test is
  /// the one built with these tests, whatever the configuration or build path.
  public static let productsDirectory: URL = {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      fatalError("no .xctest bundle is loaded")
    #else
      return Bundle.main.bundleURL
    #endif
  }()

  /// The `formrun` built with these tests (`FORMRUN_BINARY` names another:
  /// an older build, to see a new test fail on it).
  public static let formrun =
    ProcessInfo.processInfo.environment["FORMRUN_BINARY"] ?? productsDirectory.appendingPathComponent("formrun").path

  /// A write to a pipe whose reader has ended fails with EPIPE instead of
  /// ending the test process by SIGPIPE.
  static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// How a launched program ended.
  public struct Ended: Sendable {
    /// The exit status, or the signal's number when `signalled`.
    public var status: Int32
    /// Ended by a signal (`status` is its number).
    public var signalled: Bool
    /// Still running after the timeout, so killed.
    public var timedOut: Bool
    public var stdout: String
    public var stderr: String
    /// The status as a shell reports it: a signal as 128 + its number.
    public var shellStatus: Int32 { signalled ? 128 + status : status }
    /// The UI stream's lines (stderr), without a last empty one.
    public var stderrLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
        stderr.hasSuffix("\n") ? 1 : 0)
    }
  }

  /// Run `executable` in `directory` (the package root unless given) with
  /// `input` on stdin; the environment is this process's without NO_COLOR,
  /// with `environment`'s changes (nil removes a variable). Killed after
  /// `timeout` seconds. `closedStdout`: its stdout is a pipe nobody reads;
  /// `discardStderr`: its stderr goes to /dev/null.
  public static func run(
    _ executable: String, _ args: [String], input: String = "", environment changes: [String: String?] = [:],
    directory: URL? = nil, timeout: Double = 60, closedStdout: Bool = false, discardStderr: Bool = false
  ) throws -> Ended {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.currentDirectoryURL = directory ?? root
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    for (k, v) in changes { environment[k] = v }
    p.environment = environment
    let inPipe = Pipe()
    let outPipe = Pipe()
    let errPipe = Pipe()
    p.standardInput = inPipe
    p.standardOutput = outPipe
    p.standardError = discardStderr ? FileHandle.nullDevice : errPipe
    // the first write to a pipe nobody reads fails with EPIPE (or SIGPIPE)
    if closedStdout { try outPipe.fileHandleForReading.close() }
    _ = ignoreBrokenPipes
    let done = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in done.signal() }
    try p.run()
    // the program may end before it reads all its input (a refused draft, `:q`):
    // the write then fails with EPIPE, which is no error of the test
    try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? inPipe.fileHandleForWriting.close()
    // read both pipes while it runs, so a large output cannot block the child
    nonisolated(unsafe) var errData = Data()
    nonisolated(unsafe) var outData = Data()
    let readers = DispatchGroup()
    if !discardStderr {
      DispatchQueue.global().async(group: readers) { errData = errPipe.fileHandleForReading.readDataToEndOfFile() }
    }
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
    return Ended(
      status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A file holding `source` in a fresh temporary folder; returns its path.
  public static func temporaryFile(_ source: String, name: String = "form.lua") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent(name)
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}
