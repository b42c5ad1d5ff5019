import FormCore
import FormSession
import FormTerminal

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs a `Screen` on a terminal: keys mode on (bracketed paste too), the
/// first frame drawn, then each key handled and the frame's changed lines
/// rewritten, until the screen ends; the final form is left once in the
/// scrollback and the terminal given back as it was. A resize draws again
/// at the new size; `fg` after Ctrl-Z draws anew below what the shell wrote.
public final class ScreenRunner {
  /// The screen run.
  public let screen: Screen
  let device: any TerminalDevice
  /// The keys read.
  public let keys: KeyReader
  var writer = FrameWriter()
  /// Milliseconds a verb runs before the spinner shows; nil: never.
  public var spinnerDelay: Int? = 150
  /// Bytes written for each frame and the time it took, when set (`Scripts/bench`).
  public var measure: ((_ bytes: Int, _ nanoseconds: UInt64) -> Void)?
  /// What handlers write to the terminal themselves (stderr, a process's
  /// output) is caught while they run and kept with what they printed (the
  /// status line, the log, the scrollback after the end), never drawn over
  /// the frame. On for the process's own terminal.
  public var catchesOutput = false

  /// What the keys mode turns on (bracketed paste) and off again (and the cursor shown, colours reset).
  static let enter = "\u{1B}[?2004h"
  static let leave = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h"

  /// A runner of `screen` on `device`.
  public init(screen: Screen, device: any TerminalDevice, escapeWait: Int? = nil) {
    self.screen = screen
    self.device = device
    keys = KeyReader(device: device, escapeWait: escapeWait)
    // the screen mode's host asks through this runner: questions, the spinner, $EDITOR
    (screen.session.host as? ScreenHost)?.runner = self
  }

  /// Run until the screen ends; how it ended.
  public func run() -> Screen.Ending {
    start()
    while screen.ending == nil {
      if let event = keys.next() { step(event) }
    }
    return finish()
  }

  /// Keys mode on, the first frame drawn.
  public func start() {
    if let size = device.size { screen.size = size }
    device.setMode(.keys(enter: Self.enter, leave: Self.leave))
    device.readingKeys(true)
    draw(since: nil)
  }

  /// One key or event handled and the frame brought up to date.
  public func step(_ event: KeyReader.Event) {
    let start = measure == nil ? 0 : Self.now()
    switch event {
    case .key(let key): screen.handle(key)
    case .interrupt: screen.interrupt()
    case .end: screen.inputEnded()
    case .resize:
      if let size = device.size { screen.size = size }
      write(writer.redraw(screen.frame()))
      return
    case .resume:
      writer.restart()
    }
    draw(since: start)
  }

  /// The final form left in the scrollback, the terminal given back; how the screen ended.
  public func finish() -> Screen.Ending {
    device.readingKeys(false)
    keys.giveBack()
    device.write(writer.finish(screen.frame()))
    device.setLeaveText(Self.leave)
    device.setMode(.original)
    return screen.ending ?? .inputEnded
  }

  /// The bytes the last frame wrote.
  public private(set) var lastWrite = ""

  /// The frame brought up to date; measured from `start` (a key's arrival) when measuring.
  func draw(since start: UInt64?) {
    let text = writer.update(to: screen.frame())
    lastWrite = text
    write(text)
    if let measure, let start { measure(text.utf8.count, Self.now() - start) }
  }

  func write(_ text: String) {
    if !text.isEmpty { device.write(text) }
    device.setLeaveText(Self.leave + writer.leaveText)
  }

  static func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  // MARK: busy

  /// The spinner turning while a verb runs (a question stops it).
  var spinner: Spinner?

  /// Run `work` (a verb whose handlers may take time); past `spinnerDelay`
  /// a spinner with `title` turns on the status line until it returns.
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome {
    device.readingKeys(false)
    defer { device.readingKeys(true) }
    // (a question stops the spinner: `spinner` is nil then)
    let outer = spinner
    spinner = spinnerDelay.flatMap { Spinner(runner: self, title: title, delay: $0) }
    defer {
      spinner?.stop()
      spinner = outer
    }
    guard catchesOutput else { return work() }
    let (outcome, caught) = Terminal.catchingOutput(work)
    report(caught)
    return outcome
  }

  /// What a handler wrote to the terminal, a notice a line (in the form's
  /// notices, after what it printed: the screen shows them, made safe).
  func report(_ caught: [UInt8]) {
    guard !caught.isEmpty else { return }
    var text = String(decoding: caught, as: UTF8.self)
    // (CR LF is one character)
    if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      screen.session.form.report(String(line))
    }
  }

  // MARK: a handler's question

  /// `formrun.confirm(question)` while a handler runs: the spinner stops,
  /// the question shows on the status line, and keys are read until one
  /// answers: a letter that begins one of the form's yes words (`y`, `j`
  /// in German) is yes; one of its no words, Enter, Esc or Ctrl-C is no,
  /// as is the end of input. Other keys leave the question asked.
  func confirm(_ question: String) -> Bool {
    spinner?.stop()
    spinner = nil
    screen.asking = question
    device.readingKeys(true)
    defer {
      screen.asking = nil
      device.readingKeys(false)
      draw(since: nil)
    }
    draw(since: nil)
    while true {
      guard let event = keys.next() else { continue }
      switch event {
      case .key(let key):
        if let yes = screen.answers(key) { return yes }
      case .interrupt, .end: return false
      case .resize:
        if let size = device.size { screen.size = size }
        write(writer.redraw(screen.frame()))
      case .resume:
        writer.restart()
        draw(since: nil)
      }
    }
  }

  /// The spinner's frame `n`: the status line it writes.
  func spinnerLine(_ title: String, _ n: Int) -> (row: Int, text: String)? {
    let row = writer.drawn.count - 2
    guard row >= 0 else { return nil }
    let marks = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
    var p = screen.painter()
    p.add(String(marks[n % marks.count]) + " ", .key)
    p.addSafe(title)
    p.add(" is running… (Ctrl-C stops it)", .keyHelp)
    return (row, writer.overwrite(row: row, with: p.line))
  }

  // MARK: $EDITOR

  /// `text` edited in `$VISUAL` (or `$EDITOR`, or vi) on a temporary file
  /// only its owner can read; the screen is given back to the shell while
  /// it runs and drawn again after. Nil when the editor failed or saved nothing.
  func editExternally(_ text: String) -> String? {
    let command = [Terminal.env("VISUAL"), Terminal.env("EDITOR")].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    let folder = Terminal.env("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/formrun-XXXXXX.txt").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else { return nil }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    fchmod(fd, 0o600)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      bytes = bytes.dropFirst(n)
    }
    close(fd)
    device.write(writer.clear())
    device.setLeaveText(Self.leave)
    device.setMode(.original)
    let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    // system() ignores Ctrl-C and Ctrl-\ in formrun while the editor has the terminal
    let status = system(command + " " + quoted)
    device.setMode(.keys(enter: Self.enter, leave: Self.leave))
    writer.restart()
    guard status == 0, let edited = Files.readBytes(path) else { return nil }
    return String(decoding: edited, as: UTF8.self)
  }
}

/// A thread that waits, then turns a spinner on the status line until stopped.
final class Spinner {
  let runner: ScreenRunner
  let title: String
  let delay: Int
  var pipe: [Int32] = [-1, -1]
  var thread = pthread_t()

  init?(runner: ScreenRunner, title: String, delay: Int) {
    self.runner = runner
    self.title = title
    self.delay = delay
    guard Glibc.pipe(&pipe) == 0 else { return nil }
    let context = Unmanaged.passRetained(self).toOpaque()
    guard
      pthread_create(
        &thread, nil,
        { context in
          let spinner = Unmanaged<Spinner>.fromOpaque(context!).takeRetainedValue()
          spinner.spin()
          return nil
        }, context) == 0
    else {
      Unmanaged<Spinner>.fromOpaque(context).release()
      close(pipe[0])
      close(pipe[1])
      return nil
    }
  }

  /// True when `stop` came within `milliseconds`.
  func stopped(within milliseconds: Int) -> Bool {
    var p = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
    while true {
      let r = poll(&p, 1, Int32(milliseconds))
      if r < 0 && errno == EINTR { continue }
      return r != 0
    }
  }

  func spin() {
    guard !stopped(within: delay) else { return }
    var n = 0
    repeat {
      if let (_, text) = runner.spinnerLine(title, n) { runner.device.write(text) }
      n += 1
    } while !stopped(within: 100)
  }

  func stop() {
    var b: UInt8 = 1
    _ = Glibc.write(pipe[1], &b, 1)
    pthread_join(thread, nil)
    close(pipe[0])
    close(pipe[1])
  }
}
