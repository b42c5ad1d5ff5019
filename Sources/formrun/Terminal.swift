#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The process's streams: UI to stderr, values to stdout, lines from stdin.
enum Terminal {
  static var stdinIsTTY: Bool { isatty(0) == 1 }
  static var stderrIsTTY: Bool { isatty(2) == 1 }

  static func env(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    return String(cString: p)
  }

  /// Columns and rows of the terminal on stderr, when it is one.
  static var size: (columns: Int, rows: Int)? {
    var ws = winsize()
    guard ioctl(2, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 else { return nil }
    return (Int(ws.ws_col), Int(ws.ws_row))
  }

  /// Write all of `s`; the error when it could not be (nil when it was).
  @discardableResult
  static func write(_ s: String, to fd: Int32) -> String? {
    if fd == 1 && stdoutWasClosed { return "stdout is closed" }
    var s = s
    return s.withUTF8 { buf -> String? in
      var off = 0
      while off < buf.count {
        let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        off += n
      }
      return nil
    }
  }

  /// Swift's crash handler reads `SWIFT_BACKTRACE` once, as the runtime
  /// loads (before `main`; a `setenv` here comes too late). Its default at a
  /// terminal is interactive: after a crash it holds the terminal 30 s
  /// waiting for a key. So when the variable is unset and a terminal is
  /// attached, formrun runs itself again with `interactive=no` (the
  /// backtrace is still written, to stderr). A setting the user made is kept.
  static func settleBacktracer() {
    guard getenv("SWIFT_BACKTRACE") == nil, isatty(0) == 1 || isatty(1) == 1 || isatty(2) == 1 else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // no /proc: go on with the runtime's defaults
  }

  /// True when formrun started with no stdout (`>&-`).
  nonisolated(unsafe) static var stdoutWasClosed = false

  /// Before anything else: a write to a closed pipe is an error to report,
  /// not a SIGPIPE that ends formrun silently; and a closed stdout is held
  /// by /dev/null so no file the script opens takes its place (writing the
  /// values then fails with a message).
  static func prepareStreams() {
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-\ is an interruption too (the crash handler would take it for a
    // crash); a parent may have started us with it blocked
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGQUIT)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    signal(SIGQUIT) { _ in
      let msg = "\nquit\n"
      _ = msg.withCString { Glibc.write(2, $0, strlen($0)) }
      _exit(ExitCode.interrupted.rawValue)
    }
    if fcntl(1, F_GETFD) == -1 && errno == EBADF {
      stdoutWasClosed = true
      let fd = open("/dev/null", O_WRONLY)
      if fd >= 0 && fd != 1 {
        dup2(fd, 1)
        close(fd)
      }
    }
  }

  /// Lines to stderr, the UI stream.
  static func ui(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    write(lines.joined(separator: "\n") + "\n", to: 2)
  }

  /// Text to stdout; the error when it could not be written.
  @discardableResult
  static func out(_ s: String) -> String? { write(s, to: 1) }

  /// One line of raw bytes from stdin without its newline; nil at end of input.
  static func readLineBytes() -> [UInt8]? {
    var line: UnsafeMutablePointer<CChar>?
    var cap = 0
    defer { free(line) }
    let n = getline(&line, &cap, stdin)
    guard n >= 0, let line else { return nil }
    var bytes = Array(UnsafeRawBufferPointer(start: line, count: n).bindMemory(to: UInt8.self))
    if bytes.last == 10 { bytes.removeLast() }
    if bytes.last == 13 { bytes.removeLast() }
    return bytes
  }

  /// A line read with the terminal's echo off (a password), then a newline shown.
  static func readSecretLineBytes() -> [UInt8]? {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return readLineBytes() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(0, TCSAFLUSH, &quiet)
    defer {
      tcsetattr(0, TCSAFLUSH, &saved)
      write("\n", to: 2)
    }
    return readLineBytes()
  }

  /// Ctrl-C ends with 130 (the shell's code for SIGINT) after a newline.
  static func exitOnInterrupt() {
    // a parent may have started us with SIGINT blocked; Ctrl-C must work
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    signal(SIGINT) { _ in
      let msg = "\ninterrupted\n"
      _ = msg.withCString { Glibc.write(2, $0, strlen($0)) }
      _exit(ExitCode.interrupted.rawValue)
    }
  }
}
