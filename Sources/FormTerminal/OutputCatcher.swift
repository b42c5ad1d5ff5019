#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension Terminal {
  /// The descriptor the UI is written to: stderr, or, while `catchingOutput`
  /// runs, stderr's terminal as it was before (the screen's spinner and a
  /// signal's leave text still reach it).
  public static var uiDescriptor: Int32 { shared.pointee.ui }

  /// Run `body` (a form's handlers) with what it writes to stderr, and to
  /// stdout when stdout is the terminal, caught in a pipe instead of drawn
  /// over the screen; its processes' output too. What was caught comes back
  /// with the result (at most `limit` bytes; a count of the rest). Signals
  /// meanwhile give the terminal back as ever: stderr is put back first.
  public static func catchingOutput<T>(limit: Int = 1 << 20, _ body: () -> T) -> (result: T, caught: [UInt8]) {
    var p: [Int32] = [-1, -1]
    guard pipe(&p) == 0 else { return (body(), []) }
    let savedErr = dup(2)
    guard savedErr >= 0, let drain = Drain(fd: p[0], limit: limit) else {
      for fd in p + [savedErr] where fd >= 0 { close(fd) }
      return (body(), [])
    }
    let savedOut = isatty(1) == 1 ? dup(1) : -1
    // what the body starts must not hold the screen's descriptors or the read end
    for fd in [savedErr, savedOut, p[0]] where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    shared.pointee.ui = savedErr
    dup2(p[1], 2)
    if savedOut >= 0 { dup2(p[1], 1) }
    close(p[1])
    let result = body()
    dup2(savedErr, 2)
    if savedOut >= 0 {
      dup2(savedOut, 1)
      close(savedOut)
    }
    shared.pointee.ui = 2
    close(savedErr)
    return (result, drain.finish())
  }

  /// stderr given back to the terminal when a signal comes while output is
  /// caught (async-signal-safe: `dup2` is).
  static func releaseCaughtOutput() {
    let ui = shared.pointee.ui
    if ui != 2 { dup2(ui, 2) }
  }
}

/// A thread that reads a pipe until told to stop, keeping what it read.
final class Drain {
  let fd: Int32
  let limit: Int
  var stop: [Int32] = [-1, -1]
  var thread = pthread_t()
  /// What was read (owned by the thread until `finish` joins it).
  var bytes: [UInt8] = []
  var dropped = 0

  init?(fd: Int32, limit: Int) {
    self.fd = fd
    self.limit = limit
    guard pipe(&stop) == 0 else { return nil }
    let context = Unmanaged.passRetained(self).toOpaque()
    guard
      pthread_create(
        &thread, nil,
        { context in
          let drain = Unmanaged<Drain>.fromOpaque(context!).takeRetainedValue()
          drain.run()
          return nil
        }, context) == 0
    else {
      Unmanaged<Drain>.fromOpaque(context).release()
      close(stop[0])
      close(stop[1])
      return nil
    }
  }

  func run() {
    var chunk = [UInt8](repeating: 0, count: 16384)
    var stopping = false
    while true {
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop[0], events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, stopping ? 1 : 2, stopping ? 0 : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if fds[1].revents != 0 { stopping = true }
      if ready == 0 { return }
      if fds[0].revents != 0 {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        // the end of every writer (or an error): nothing more will come
        if n <= 0 { return }
        let room = max(limit - bytes.count, 0)
        bytes += chunk[0..<min(n, room)]
        dropped += max(n - room, 0)
      }
    }
  }

  /// Stop reading (what is waiting in the pipe still read), and give what was read.
  func finish() -> [UInt8] {
    var b: UInt8 = 1
    _ = write(stop[1], &b, 1)
    pthread_join(thread, nil)
    close(stop[0])
    close(stop[1])
    close(fd)
    if dropped > 0 { bytes += Array("\n(\(dropped) more bytes were not kept)\n".utf8) }
    return bytes
  }
}
