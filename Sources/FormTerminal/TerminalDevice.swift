#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What a read from a terminal gave.
public enum DeviceInput: Equatable, Sendable {
  /// bytes as typed (or pasted)
  case bytes([UInt8])
  /// nothing came within the wait
  case timedOut
  /// end of input (the terminal went away, or the test script ran out)
  case end
  /// Ctrl-C while keys were read (when the front end takes Ctrl-C as a key)
  case interrupt
  /// the terminal changed size
  case resize
  /// the process was stopped (Ctrl-Z) and continued (`fg`): the screen is to be drawn again
  case resume
}

/// Columns and rows of a terminal.
public struct TerminalSize: Equatable, Sendable {
  /// Width in cells.
  public var columns: Int
  /// Height in lines.
  public var rows: Int
  /// A size of `columns` by `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// How the terminal is set.
public enum TerminalMode: Equatable, Sendable {
  /// as formrun found it
  case original
  /// one key at a time, no echo, no flow control (Ctrl-S and Ctrl-Q are
  /// keys), Ctrl-C, Ctrl-Z and Ctrl-\ still signals. `enter` is written
  /// when the mode starts and again after `fg`; `leave` when it ends, on
  /// every path (a signal, a crash, Ctrl-Z), so a mode the text turned on
  /// (bracketed paste, a hidden cursor) is turned off again.
  case keys(enter: String, leave: String)
}

/// A terminal a front end reads keys from and draws on: the process's own
/// (`SystemTerminal`), or in tests one that plays bytes from a script and
/// keeps what is written. The key reader, the line editor and the screen
/// mode only reach the terminal through this, so they are tested in-process.
public protocol TerminalDevice: AnyObject {
  /// The next bytes typed, waiting at most `milliseconds` (nil: until
  /// something comes). A signal that came meanwhile is its own answer.
  func read(timeout milliseconds: Int?) -> DeviceInput
  /// Bytes read and not used, put back in front of what is read next.
  func unread(_ bytes: [UInt8])
  /// Write text as it is, escape sequences and all.
  func write(_ text: String)
  /// The size now, when known.
  var size: TerminalSize? { get }
  /// Set the terminal's modes.
  func setMode(_ mode: TerminalMode)
  /// The terminal's own descriptors (input, output) for a library that
  /// draws on it and sets its modes itself (libedit); nil when there is no terminal.
  var descriptors: (input: Int32, output: Int32)? { get }
  /// Change what is written when the keys mode ends on a path the front end
  /// does not see (a signal, a crash, Ctrl-Z): a screen keeps there the way
  /// from its cursor to below its drawing.
  func setLeaveText(_ text: String)
  /// Keys are read (true: Ctrl-C is a key), or code runs that Ctrl-C stops
  /// (false: a handler, while the screen mode waits for it).
  func readingKeys(_ on: Bool)
}

/// The process's terminal: keys from stdin, drawing on stderr, the size of
/// stderr's terminal, signals from `Terminal`'s handlers (`takeCharge`).
public final class SystemTerminal: TerminalDevice {
  /// The process's terminal (there is one).
  public init() {}

  /// Bytes from stdin (what `Terminal.readLine` left first); Ctrl-C (when
  /// it cancels the read), a resize and `fg` answer a wait as they come.
  public func read(timeout milliseconds: Int?) -> DeviceInput {
    let buffered = Terminal.takeBuffered()
    if !buffered.isEmpty { return .bytes(buffered) }
    // a wait for the next key is a wait for input: `--timeout`'s clock runs
    // (short waits, as for the rest of an escape sequence, are not)
    if milliseconds == nil { Terminal.awaitingInput(true) }
    defer { if milliseconds == nil { Terminal.awaitingInput(false) } }
    let s = Terminal.shared
    while true {
      if Terminal.takeInterrupt() { return .interrupt }
      if s.pointee.resized != 0 {
        s.pointee.resized = 0
        return .resize
      }
      if s.pointee.resumed != 0 {
        s.pointee.resumed = 0
        return .resume
      }
      var p = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      let ready = poll(&p, 1, milliseconds.map { Int32(clamping: $0) } ?? -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return .end
      }
      if ready == 0 { return .timedOut }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
      if n > 0 { return .bytes(Array(chunk[0..<n])) }
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      return .end
    }
  }

  /// Put bytes back for `Terminal.readLine` and the next `read`.
  public func unread(_ bytes: [UInt8]) { Terminal.unread(bytes) }

  /// Write to stderr (the UI stream; its terminal while a handler's output is caught).
  public func write(_ text: String) { Terminal.write(text, to: Terminal.uiDescriptor) }

  /// The size of stderr's terminal.
  public var size: TerminalSize? { Terminal.size.map { TerminalSize(columns: $0.columns, rows: $0.rows) } }

  /// stdin's modes (stdin, stderr when they are terminals).
  public var descriptors: (input: Int32, output: Int32)? { isatty(0) == 1 && isatty(2) == 1 ? (0, 2) : nil }

  /// Kept for the signal handlers (`Terminal.setLeaveText`).
  public func setLeaveText(_ text: String) { Terminal.setLeaveText(text) }

  /// `Terminal.reading`: the signal handler takes Ctrl-C as a key while keys are read.
  public func readingKeys(_ on: Bool) { Terminal.reading(on) }

  /// Keys mode on stdin's terminal (the modes found at `takeCharge` kept to give back), or those modes again.
  public func setMode(_ mode: TerminalMode) {
    switch mode {
    case .original:
      Terminal.restore()
      Terminal.setModeTexts(enter: "", leave: "")
    case .keys(let enter, let leave):
      let s = Terminal.shared
      guard s.pointee.hasOriginal != 0 else { return }
      Terminal.setModeTexts(enter: enter, leave: leave)
      var raw = s.pointee.original
      Terminal.makeKeysMode(&raw)
      Terminal.modesChanged(true)
      tcsetattr(0, TCSADRAIN, &raw)
      write(enter)
    }
  }
}

extension Terminal {
  /// `t` set for keys one by one: no line editing, no echo, no flow control,
  /// CR not turned into NL; signals (Ctrl-C, Ctrl-Z, Ctrl-\) and output processing kept.
  static func makeKeysMode(_ t: inout termios) {
    t.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    t.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
    withUnsafeMutableBytes(of: &t.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
  }
}
