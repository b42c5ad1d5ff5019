import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where each submission goes when serve takes many (no `--once`): a line
/// of a JSON Lines file, a row of a SQLite table, or a line on stdout. A
/// collector says a submission is kept only once it is on the disk (or
/// written to stdout): the page says "sent" after that, so a kill -9 loses
/// no answer the page called sent. Called from any of the server's threads.
protocol Collector: Sendable {
  /// Keep one submission; the message when it could not be kept.
  func keep(_ submission: Submission) -> String?
  /// Close the file (at the end of serve).
  func close()
}

/// One submitted form: its values, an id, the time.
struct Submission {
  /// 128 random bits in hex: names the submission in the page's answer and the file.
  var id: String
  /// When it was accepted, UTC, ISO 8601 to the millisecond (`2026-05-01T12:00:00.123Z`).
  var time: String
  var values: [Value.Field]

  /// `{"id":"…","time":"…","values":{…}}`: one line of a collect file.
  var line: String {
    var text = "{\"id\":" + JSON.encode(.string(id)) + ",\"time\":" + JSON.encode(.string(time)) + ",\"values\":"
    text += JSON.encode(.record(values))
    text += "}\n"
    return text
  }

  /// A submission of `values` now, with a new id.
  static func now(_ values: [Value.Field]) -> Submission {
    Submission(id: Token.random(), time: WallClock.isoNow(), values: values)
  }
}

/// The wall clock as a collect file writes it.
enum WallClock {
  /// Now, UTC, ISO 8601 to the millisecond.
  static func isoNow() -> String {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    var seconds = t.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let ms = Int(t.tv_nsec / 1_000_000)
    let millis = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
  }
}

/// Every submission as one line on stdout (serve without `--collect`).
final class StdoutCollector: Collector, @unchecked Sendable {
  let write: @Sendable (String) -> String?

  /// `write` puts text on stdout and gives the error when it could not.
  init(write: @escaping @Sendable (String) -> String?) { self.write = write }

  private let lock = Lock()

  func keep(_ submission: Submission) -> String? {
    let line = submission.line
    return lock.held { write(line) }
  }

  func close() {}
}

/// A pthread mutex: Synchronization's `Mutex` holds a value, this holds a
/// stretch of code (the Lua state a visitor's requests take turns on).
final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Run `body` holding the lock.
  func held<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
