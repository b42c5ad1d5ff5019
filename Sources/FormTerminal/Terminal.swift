#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The process's streams: UI to stderr, values to stdout, lines from stdin;
/// and the terminal's modes, which are always given back as they were found.
public enum Terminal {
  /// The exit status of a run ended by Ctrl-C or Ctrl-\\ (128 + SIGINT).
  public static let interruptedStatus: Int32 = 130

  /// Asked from the SIGINT handler (so only plain loads and stores): true
  /// when running code (a handler, a REPL chunk) will stop, and the process
  /// goes on; false to end it. The front end sets it before `takeCharge`.
  nonisolated(unsafe) public static var stopsRunningCode: (@convention(c) () -> Bool)?

  /// Whether stdin is a terminal.
  public static var stdinIsTTY: Bool { isatty(0) == 1 }
  /// Whether stdout (the values' stream) is a terminal.
  public static var stdoutIsTTY: Bool { isatty(1) == 1 }
  /// Whether stderr (the UI stream) is a terminal.
  public static var stderrIsTTY: Bool { isatty(2) == 1 }

  /// An environment variable, nil when unset.
  public static func env(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    return String(cString: p)
  }

  /// Columns and rows of the terminal on stderr, when it is one.
  public static var size: (columns: Int, rows: Int)? {
    var ws = winsize()
    guard ioctl(uiDescriptor, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 else { return nil }
    return (Int(ws.ws_col), Int(ws.ws_row))
  }

  /// Write all of `s`; the error when it could not be (nil when it was).
  @discardableResult
  public static func write(_ s: String, to fd: Int32) -> String? {
    if fd == 1 && stdoutWasClosed { return "stdout is closed" }
    return FileDescriptor.writeAll(fd, s).map(FileDescriptor.reason)
  }

  /// Swift's crash handler reads `SWIFT_BACKTRACE` once, as the runtime
  /// loads (before `main`; a `setenv` here comes too late). Its default at a
  /// terminal is interactive: after a crash it holds the terminal 30 s
  /// waiting for a key. So when the variable is unset and a terminal is
  /// attached, formrun runs itself again with `interactive=no` (the
  /// backtrace is still written, to stderr). A setting the user made is kept.
  public static func settleBacktracer() {
    guard getenv("SWIFT_BACKTRACE") == nil, isatty(0) == 1 || isatty(1) == 1 || isatty(2) == 1 else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // no /proc: go on with the runtime's defaults
  }

  /// True when formrun started with no stdout (`>&-`).
  public nonisolated(unsafe) static var stdoutWasClosed = false

  /// Before anything else: a write to a closed pipe is an error to report,
  /// not a SIGPIPE that ends formrun silently; and a closed stdout is held
  /// by /dev/null so no file the script opens takes its place (writing the
  /// values then fails with a message).
  public static func prepareStreams() {
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-\ is an interruption too (the crash handler would take it for a
    // crash); a parent may have started us with it blocked
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGQUIT)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    _ = shared  // made before any handler can need it
    signal(SIGQUIT) { _ in
      Terminal.restore()
      Terminal.writeModeText(Terminal.shared.pointee.quitText, to: 2)
      _exit(Terminal.interruptedStatus)
    }
    holdStandardStreams()
  }

  /// fds 0, 1 and 2 that formrun was started without (`0<&-`, `>&-`,
  /// `2>&-`) are opened on /dev/null, so that no file a script opens takes
  /// one of their numbers: stdin then ends at once (input ended), and what
  /// is written to the others goes nowhere (a closed stdout is remembered:
  /// writing the values to it fails with a message).
  static func holdStandardStreams() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      if fd == 1 { stdoutWasClosed = true }
      let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }

  /// Lines to stderr, the UI stream.
  public static func ui(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    var writer = UIWriter()
    writer.add(lines)
    writer.flush()
  }

  /// Lines for stderr gathered as bytes and written in pieces of about 64
  /// KiB: a first screen of a large form is never copied whole, and a line
  /// costs no String append (which also looks for a character joining
  /// across the seam: some 300 instructions a line).
  public struct UIWriter {
    private var piece: [UInt8] = []

    /// A writer with nothing gathered.
    public init() {}

    /// Each line and its line end; written once a piece is full.
    public mutating func add(_ lines: [String]) {
      if piece.isEmpty { piece.reserveCapacity(1 << 16) }
      for line in lines {
        piece.append(contentsOf: line.utf8)
        piece.append(0x0A)
        if piece.count >= 1 << 16 { flush() }
      }
    }

    /// What is gathered, written.
    public mutating func flush() {
      guard !piece.isEmpty else { return }
      _ = piece.withUnsafeBufferPointer { FileDescriptor.writeAll(2, $0) }
      piece.removeAll(keepingCapacity: true)
    }
  }

  /// Text to stdout; the error when it could not be written.
  @discardableResult
  public static func out(_ s: String) -> String? { write(s, to: 1) }

  // MARK: reading

  /// What a read gave.
  public enum Read: Equatable {
    case line([UInt8])
    /// end of input
    case end
    /// Ctrl-C while reading, when `interruptCancelsLine` is on
    case cancelled
  }

  /// Bytes read from stdin and not taken yet. Every read of stdin goes
  /// through here (the line editor's too), so none is lost between them.
  nonisolated(unsafe) private static var buffer: [UInt8] = []
  nonisolated(unsafe) private static var taken = 0

  /// The bytes read from stdin and not taken yet, taken out.
  static func takeBuffered() -> [UInt8] {
    guard taken < buffer.count else { return [] }
    let rest = Array(buffer[taken...])
    buffer = []
    taken = 0
    return rest
  }

  /// Put bytes back in front of those not taken yet (a key reader read
  /// ahead of the line it was asked for).
  static func unread(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    buffer = bytes + buffer[taken...]
    taken = 0
  }

  enum ByteRead {
    case byte, end, interrupted
  }

  private static func fill() -> ByteRead {
    var chunk = [UInt8](repeating: 0, count: 16384)
    let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
    if n > 0 {
      buffer = Array(chunk[0..<n])
      taken = 0
      return .byte
    }
    if n < 0 && errno == EINTR { return .interrupted }
    return .end
  }

  /// One line of raw bytes from stdin without its newline (nor a CR before
  /// it). `prompt` is shown again when the process is continued after a stop.
  public static func readLine(prompt: String? = nil) -> Read {
    var line: [UInt8] = []
    while true {
      if taken < buffer.count {
        // the common case, a pipe: take up to the newline in one step
        let rest = buffer[taken...]
        if let nl = rest.firstIndex(of: 10) {
          line += buffer[taken..<nl]
          taken = nl + 1
          if line.last == 13 { line.removeLast() }
          return .line(line)
        }
        line += rest
        taken = buffer.count
      }
      // continued after a stop that came before the wait began: the prompt again
      if let prompt, shared.pointee.resumed != 0 {
        shared.pointee.resumed = 0
        write(prompt, to: 2)
      }
      switch fill() {
      case .byte: continue
      case .interrupted:
        if takeInterrupt() { return .cancelled }
        if let prompt, shared.pointee.resumed != 0 {
          shared.pointee.resumed = 0
          write(prompt, to: 2)
        }
      case .end: return line.isEmpty ? .end : .line(line)
      }
    }
  }

  /// A line read with the terminal's echo off (a password), then a newline
  /// shown; `prompt` is shown again after Ctrl-Z and `fg`.
  static func readSecretLine(prompt: String) -> Read {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else {
      write(prompt, to: 2)
      return readLine(prompt: prompt)
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    modesChanged(true)
    // flushed: what was typed ahead was shown; it is not taken as the secret
    tcsetattr(0, TCSAFLUSH, &quiet)
    write(prompt, to: 2)  // after the echo is off: what is typed at once is hidden too
    defer {
      tcsetattr(0, TCSADRAIN, &saved)
      modesChanged(false)
      write("\n", to: 2)
    }
    return readLine(prompt: prompt)
  }

  // MARK: signals and the terminal's modes

  /// What the signal handlers share with the rest: plain memory, set up
  /// before any handler is installed.
  struct Shared {
    /// the terminal's modes when formrun started
    var original = termios()
    var hasOriginal: Int32 = 0
    /// nonzero while formrun (or libedit for it) has the terminal in other modes
    var changed: Int32 = 0
    /// the modes in use when Ctrl-Z stopped the process, put back by `fg`
    var stopped = termios()
    /// Ctrl-C cancels the line being read instead of ending formrun
    var cancelsLine: Int32 = 0
    var reading: Int32 = 0
    var interrupted: Int32 = 0
    var resumed: Int32 = 0
    var resized: Int32 = 0
    /// written when the modes are given back (and after `fg`, `enter`): what
    /// turns off (and on again) what a front end turned on with its modes
    var leave = ModeText()
    var enter = ModeText()
    /// the last words when Ctrl-C or Ctrl-\\ ends formrun, in the form's language
    var interruptedText = ModeText(text: "\ninterrupted\n")
    var quitText = ModeText(text: "\nquit\n")
    /// where the UI is written: stderr, or its terminal while a handler's output is caught
    var ui: Int32 = 2
  }

  /// Bytes a signal handler writes: a buffer made once, never reallocated.
  struct ModeText {
    static let capacity = 512
    var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    var count: Int32 = 0

    init() {}
    init(text: String) { Terminal.store(text, in: &self) }
  }

  /// The words Ctrl-C (`interrupted`) and Ctrl-\\ (`quit`) end formrun
  /// with, each on a line of its own (a form's language says them).
  public static func setEndingWords(interrupted: String, quit: String) {
    store("\n" + interrupted + "\n", in: &shared.pointee.interruptedText)
    store("\n" + quit + "\n", in: &shared.pointee.quitText)
  }

  /// Set what is written when the modes are given back (`leave`) and put
  /// back after `fg` (`enter`), each cut to 512 bytes.
  static func setModeTexts(enter: String, leave: String) {
    store(enter, in: &shared.pointee.enter)
    store(leave, in: &shared.pointee.leave)
  }

  /// Change what is written when the modes are given back (a screen keeps
  /// the cursor's way out of its drawing there, so a shell's prompt after a
  /// signal starts below it).
  public static func setLeaveText(_ text: String) { store(text, in: &shared.pointee.leave) }

  static func store(_ text: String, in slot: inout ModeText) {
    slot.count = 0  // a signal meanwhile writes nothing rather than half of it
    var n: Int32 = 0
    for b in text.utf8.prefix(ModeText.capacity) {
      slot.bytes[Int(n)] = b
      n += 1
    }
    slot.count = n
  }

  /// Write a mode text to stderr. Async-signal-safe.
  static func writeModeText(_ slot: ModeText, to fd: Int32? = nil) {
    let n = Int(slot.count)
    if n > 0 { _ = Glibc.write(fd ?? shared.pointee.ui, slot.bytes, n) }
  }

  nonisolated(unsafe) static let shared: UnsafeMutablePointer<Shared> = {
    let p = UnsafeMutablePointer<Shared>.allocate(capacity: 1)
    p.initialize(to: Shared())
    return p
  }()

  /// The fatal signals whose previous handlers run after the terminal is restored.
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT]
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 6)
    p.initialize(repeating: sigaction(), count: 6)
    return p
  }()

  /// Mark the terminal's modes as changed by formrun (or given back).
  static func modesChanged(_ on: Bool) { shared.pointee.changed = on ? 1 : 0 }

  /// Give the terminal back as formrun found it, if formrun changed it.
  /// Async-signal-safe: handlers call it.
  static func restore() {
    let s = shared
    // stderr first, when a handler's output was being caught
    releaseCaughtOutput()
    guard s.pointee.hasOriginal != 0, s.pointee.changed != 0 else { return }
    writeModeText(s.pointee.leave)
    tcsetattr(0, TCSADRAIN, &s.pointee.original)
    s.pointee.changed = 0
  }

  /// True (and forgotten) when Ctrl-C came while a line was being read.
  static func takeInterrupt() -> Bool {
    guard shared.pointee.interrupted != 0 else { return false }
    shared.pointee.interrupted = 0
    return true
  }

  /// While a line (or a key) is read, Ctrl-C cancels it (the REPL) or is
  /// taken as a key (the screen mode) rather than ending formrun.
  public static func reading(_ on: Bool) { shared.pointee.reading = on ? 1 : 0 }

  /// Install the handlers that keep the terminal sane: Ctrl-C (ends with
  /// 130, or cancels the line being read when `interruptCancelsLine`),
  /// SIGTERM, SIGHUP and the other ending signals (end, as those signals do), Ctrl-Z and `fg` (the
  /// terminal's modes given back while stopped, put back after), a resize
  /// (noted for the next drawing), and crashes (modes given back first).
  public static func takeCharge(interruptCancelsLine: Bool = false) {
    let s = shared
    if isatty(0) == 1, tcgetattr(0, &s.pointee.original) == 0 { s.pointee.hasOriginal = 1 }
    s.pointee.cancelsLine = interruptCancelsLine ? 1 : 0
    // a parent may have started us with these blocked; Ctrl-C must work
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&set, sig) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    // no SA_RESTART: a signal ends the wait for a key, so the line editor sees it
    install(SIGINT) { _ in
      let s = Terminal.shared
      if s.pointee.cancelsLine != 0 && s.pointee.reading != 0 {
        s.pointee.interrupted = 1
        return
      }
      // a handler or a REPL chunk running: it stops, the session goes on
      if let stop = Terminal.stopsRunningCode, stop() { return }
      Terminal.restore()
      Terminal.writeModeText(Terminal.shared.pointee.interruptedText, to: 2)
      _exit(Terminal.interruptedStatus)
    }
    // every other signal whose default action ends the process ends it
    // still, with the terminal given back first; one the parent ignored
    // (nohup) or a library handles stays as it is
    for sig in [SIGTERM, SIGHUP] + endingSignals where sig == SIGTERM || sig == SIGHUP || isDefault(sig) {
      install(sig) { sig in
        Terminal.restore()
        signal(sig, SIG_DFL)
        raise(sig)
      }
    }
    install(SIGTSTP) { _ in
      let s = Terminal.shared
      let changed = s.pointee.changed != 0
      if changed {
        tcgetattr(0, &s.pointee.stopped)
        Terminal.restore()
      }
      // stop as the default action would, then carry on from here after `fg`
      signal(SIGTSTP, SIG_DFL)
      var set = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, SIGTSTP)
      raise(SIGTSTP)
      sigprocmask(SIG_UNBLOCK, &set, nil)  // stopped here until `fg`
      Terminal.install(SIGTSTP, Terminal.tstpHandler!)
      if changed {
        tcsetattr(0, TCSADRAIN, &s.pointee.stopped)
        Terminal.writeModeText(s.pointee.enter)
        s.pointee.changed = 1
      }
      s.pointee.resumed = 1
    }
    install(SIGCONT) { _ in Terminal.shared.pointee.resumed = 1 }
    install(SIGWINCH) { _ in Terminal.shared.pointee.resized = 1 }
  }

  /// Crashes give the terminal's modes back first, then the backtracer (or
  /// the default action) takes over; a crash signal sent by `kill` ends the
  /// process too. Installed first thing, so a crash while the script loads
  /// is covered.
  public static func catchCrashes() {
    for (i, sig) in crashSignals.enumerated() {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { sig, info, _ in
        Terminal.restore()
        // the previous handler (or the default action) takes it from here: a
        // fault happens again on return; a signal sent by kill or abort is raised again
        if let i = Terminal.crashSignals.firstIndex(of: sig) {
          sigaction(sig, Terminal.previous + i, nil)
        }
        if sig == SIGABRT || (info?.pointee.si_code ?? 0) <= 0 {
          raise(sig)
          // the backtracer reports and returns, expecting a fault to come
          // again; a signal that was sent does not, so end by it here
          signal(sig, SIG_DFL)
          raise(sig)
        }
      }
      action.sa_flags = Int32(SA_SIGINFO | SA_NODEFER)
      sigemptyset(&action.sa_mask)
      sigaction(sig, &action, previous + i)
    }
  }

  /// The signals other than SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE and the
  /// crashes whose default action ends the process (signal(7)), real-time
  /// ones included.
  static var endingSignals: [Int32] {
    [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSYS, SIGSTKFLT]
      + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  }

  /// Whether `sig` has its default action now (no handler, not ignored).
  static func isDefault(_ sig: Int32) -> Bool {
    var old = sigaction()
    guard sigaction(sig, nil, &old) == 0 else { return false }
    return old.__sigaction_handler.sa_handler == nil && old.sa_flags & Int32(SA_SIGINFO) == 0
  }

  nonisolated(unsafe) private static var tstpHandler: (@convention(c) (Int32) -> Void)?

  private static func install(_ sig: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    if sig == SIGTSTP { tstpHandler = handler }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    sigaction(sig, &action, nil)
  }
}
