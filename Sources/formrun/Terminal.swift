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

  static func write(_ s: String, to fd: Int32) {
    var s = s
    s.withUTF8 { buf in
      var off = 0
      while off < buf.count {
        let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 {
          if errno == EINTR { continue }
          return
        }
        off += n
      }
    }
  }

  /// Lines to stderr, the UI stream.
  static func ui(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    write(lines.joined(separator: "\n") + "\n", to: 2)
  }

  static func out(_ s: String) { write(s, to: 1) }

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
      _exit(130)
    }
  }
}
