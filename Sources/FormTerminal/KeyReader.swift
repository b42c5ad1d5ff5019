/// Keys from a terminal: bytes read from a `TerminalDevice` through a
/// `KeyDecoder`, with the short wait that tells a lone Esc from the start of
/// a sequence.
public final class KeyReader {
  /// What came.
  public enum Event: Equatable, Sendable {
    case key(Key)
    /// end of input
    case end
    /// Ctrl-C (when the terminal reports it while keys are read)
    case interrupt
    /// the terminal changed size
    case resize
    /// continued after Ctrl-Z: draw everything again
    case resume
  }

  /// The terminal read.
  public let device: any TerminalDevice
  /// How long an Esc waits for the rest of a sequence, in milliseconds. A
  /// key's bytes come together, so this is only the wait after a lone Esc
  /// (ncurses' ESCDELAY; over a slow link a longer one may be set).
  public var escapeWait: Int
  var decoder = KeyDecoder()
  var ended = false

  /// Keys from `device`; `escapeWait` defaults to `FORMRUN_ESCDELAY` (ms) or 50.
  public init(device: any TerminalDevice, escapeWait: Int? = nil) {
    self.device = device
    self.escapeWait = escapeWait ?? Terminal.env("FORMRUN_ESCDELAY").flatMap { Int($0) }.map { max($0, 0) } ?? 50
  }

  /// The next key or event; nil when `timeout` (milliseconds) passed with nothing.
  public func next(timeout: Int? = nil) -> Event? {
    while true {
      if let key = decoder.next() { return .key(key) }
      if ended {
        if decoder.hasPending, let key = decoder.next(flush: true) { return .key(key) }
        return .end
      }
      let waiting = decoder.waitsForEscape
      switch device.read(timeout: waiting ? escapeWait : timeout) {
      case .bytes(let bytes): decoder.feed(bytes)
      case .timedOut:
        if waiting, let key = decoder.next(flush: true) { return .key(key) }
        if !waiting { return nil }
      case .end: ended = true
      case .interrupt: return .interrupt
      case .resize: return .resize
      case .resume: return .resume
      }
    }
  }

  /// True when bytes were read that are not keys yet (typed ahead of the last key).
  public var hasPending: Bool { decoder.hasPending }

  /// Give the bytes read ahead and not decoded back to the terminal (a
  /// line was finished; what was typed after it is the next reader's).
  public func giveBack() {
    device.unread(decoder.takePending())
  }
}
