import FormTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal for in-process tests: reads play a script of steps (bytes,
/// pauses longer than any wait, Ctrl-C, a resize, `fg`), and everything
/// written goes to a `VirtualScreen`. With `pty`, it also has a real
/// pseudo-terminal for a library that draws on one itself (libedit): what
/// that library writes is read from the pty and shown on the same screen.
public final class ScriptedTerminal: TerminalDevice {
  /// One step of the script.
  public enum Step: Equatable, Sendable {
    /// bytes arriving together
    case bytes([UInt8])
    /// nothing for longer than any wait (a read with a timeout times out)
    case pause
    case interrupt
    case resize(columns: Int, rows: Int)
    case resume
  }

  /// What is still to be read.
  public var steps: [Step]
  /// What the terminal shows.
  public let screen: VirtualScreen
  /// The modes set, in order.
  public private(set) var modes: [TerminalMode] = []
  /// The bytes put back with `unread`, read before the script.
  var putBack: [UInt8] = []
  var master: Int32 = -1
  var slave: Int32 = -1
  /// Called before each read answers (a test looks at the screen between keys).
  public var onRead: ((ScriptedTerminal) -> Void)?

  /// A terminal of `columns` by `rows` that plays `steps`.
  public init(_ steps: [Step] = [], columns: Int = 80, rows: Int = 24, pty: Bool = false) {
    self.steps = steps
    screen = VirtualScreen(columns: columns, rows: rows)
    if pty { openPty() }
  }

  deinit {
    if master >= 0 { close(master) }
    if slave >= 0 { close(slave) }
  }

  /// Steps for keys, each key's bytes arriving together.
  public static func keys(_ keys: [Key]) -> [Step] { keys.map { .bytes($0.bytes) } }

  /// A step for text typed at once.
  public static func typed(_ text: String) -> Step { .bytes(Array(text.utf8)) }

  /// Linux's pty multiplexer, by its ioctls (posix_openpt and friends are
  /// not in Swift's Glibc module): unlock the far side, learn its number.
  func openPty() {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { return }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else { return }
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    setPtySize()
  }

  func setPtySize() {
    guard slave >= 0 else { return }
    var ws = winsize(ws_row: UInt16(screen.rows), ws_col: UInt16(screen.columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &ws)
  }

  /// What the library drawing on the pty wrote, onto the screen.
  public func drain() {
    guard master >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      screen.feed(Array(chunk[0..<n]))
    }
  }

  /// The next step; a pause times out a read that has a timeout and is
  /// skipped by one that waits; no steps left is the end of input for a
  /// read that waits, and a time-out for one that does not (nothing typed yet).
  public func read(timeout milliseconds: Int?) -> DeviceInput {
    drain()
    onRead?(self)
    if !putBack.isEmpty {
      defer { putBack = [] }
      return .bytes(putBack)
    }
    while let step = steps.first {
      steps.removeFirst()
      switch step {
      case .bytes(let b): return .bytes(b)
      case .pause: if milliseconds != nil { return .timedOut }
      case .interrupt: return .interrupt
      case .resize(let c, let r):
        screen.resize(columns: c, rows: r)
        setPtySize()
        return .resize
      case .resume: return .resume
      }
    }
    return milliseconds == nil ? .end : .timedOut
  }

  /// Read before the rest of the script.
  public func unread(_ bytes: [UInt8]) { putBack = bytes + putBack }

  /// Onto the screen.
  public func write(_ text: String) {
    drain()
    screen.feed(text)
  }

  /// The screen's size.
  public var size: TerminalSize? { TerminalSize(columns: screen.columns, rows: screen.rows) }

  /// What a signal's ending would write now.
  public private(set) var leaveText = ""

  /// Kept in `leaveText`.
  public func setLeaveText(_ text: String) { leaveText = text }

  /// Whether keys are read now (a script's Ctrl-C is its own step either way).
  public private(set) var readsKeys = false

  public func readingKeys(_ on: Bool) { readsKeys = on }

  /// Kept in `modes`.
  public func setMode(_ mode: TerminalMode) {
    modes.append(mode)
    switch mode {
    case .keys(let enter, _): write(enter)
    case .original:
      if case .keys(_, let leave)? = modes.dropLast().last { write(leaveText.isEmpty ? leave : leaveText) }
    }
  }

  /// The pty's far side, when there is one.
  public var descriptors: (input: Int32, output: Int32)? { slave >= 0 ? (slave, slave) : nil }
}
