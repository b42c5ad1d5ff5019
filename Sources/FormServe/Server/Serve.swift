import CSystem
import FormCore
import FormLua
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How `formrun serve` runs (its flags).
public struct ServeSettings: Sendable {
  /// `--listen HOST:PORT`
  public var listen = Listener.standard
  /// `--token TOKEN`, or a random one; nil with `--no-token`.
  public var token: String? = Token.random()
  /// `--once`: the first submission ends serve, its values on stdout.
  public var once = false
  /// `--collect FILE`: where submissions go (nil: stdout, one line each).
  public var collect: String?
  /// `--max-sessions N`
  public var maxSessions = 1_000
  /// `--expire SECONDS`: a session idle this long ends.
  public var expire = 1_800
  /// `--theme NAME` and `FORMRUN_THEME`: the page's theme over the form's own.
  public var theme: String?
  public var themeEnvironment: String?
  /// `FORMRUN_STATS`: the time the server spent on each change and open,
  /// said in one line at the end (for Scripts/bench).
  public var stats = false

  public init() {}
}

/// How serve ended (FormCLI maps it to an exit code).
public enum ServeEnd: Equatable, Sendable {
  /// SIGINT or SIGTERM without `--once`: stopped after the requests in flight
  case stopped
  /// `--once`: the values were written
  case submitted
  /// `--once`: the values could not be written to stdout
  case notWritten
  /// `--once`: cancelled in the page
  case cancelled
  /// `--once`: Ctrl-C or SIGTERM before a submission
  case interrupted
  /// serve could not start (the message says why)
  case failed(String)
}

/// Why a visitor's form could not be made (the message names file and line).
public struct ServeFailure: Error, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// `formrun serve`: the form in a browser, one Lua state and engine per visitor.
public enum FormServe {
  /// A collect file's kind by its name: SQLite for `.sqlite`, `.sqlite3`,
  /// `.db`; JSON Lines otherwise.
  static func collector(_ path: String) throws(CollectError) -> any Collector {
    let lower = path.lowercased()
    if [".sqlite", ".sqlite3", ".db"].contains(where: { lower.hasSuffix($0) }) {
      return try SQLiteCollector(path: path)
    }
    return try JSONLinesCollector(path: path)
  }

  /// Serve until a signal (or, with `--once`, the first submission or
  /// cancel). `load` makes a visitor's form in a new runtime (the fill's
  /// budgets, the sandbox) run by the host it is given; `title` is the form's, for the line that says
  /// where serve listens; `say` writes a line on stderr; `out` writes text on
  /// stdout (the error when it could not); `once` writes the values as a
  /// fill does.
  public static func run(
    _ settings: ServeSettings, title: String,
    load: @escaping @Sendable (BrowserHost) -> Result<LuaRuntime, ServeFailure>,
    say: @escaping @Sendable (String) -> Void, out: @escaping @Sendable (String) -> String?,
    once: (@Sendable ([Value.Field]) -> String?)?
  ) -> ServeEnd {
    // a connection is a descriptor: as many as the system lets this process have
    var files = rlimit()
    if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < files.rlim_max {
      files.rlim_cur = files.rlim_max
      setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
    }
    let listener: Listener
    do { listener = try Listener.bind(settings.listen) } catch { return .failed(error.message) }
    if settings.token == nil && !listener.loopback {
      close(listener.fd)
      return .failed(
        "--no-token listens only on this machine (127.0.0.1, ::1): \(listener.host) can be reached from elsewhere,"
          + " so every request needs the token")
    }
    let collector: (any Collector)?
    if settings.once {
      collector = nil
    } else if let path = settings.collect {
      do { collector = try Self.collector(path) } catch {
        close(listener.fd)
        return .failed(error.message)
      }
    } else {
      collector = StdoutCollector(write: out)
    }
    defer { collector?.close() }

    // the signals are taken here, by this thread: every thread the server
    // starts inherits them blocked
    let main = pthread_self()
    var signals = sigset_t()
    sigemptyset(&signals)
    for s in [SIGINT, SIGTERM, SIGUSR1] { sigaddset(&signals, s) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    signal(SIGPIPE, SIG_IGN)

    // before any thread starts: an arena a core (at least two). With glibc's default (up to
    // eight a core) 10,000 sessions opened and expired left 40 MiB over the
    // 12 MiB baseline after malloc_trim; with two arenas on 2 cores, 4 MiB.
    Memory.limitArenas(max(2, HTTPServer.defaultThreads / 4))
    let ended = Mutex<ServeEnd?>(nil)
    let visitors = Visitors(limit: settings.maxSessions, idle: Double(settings.expire))
    let routes = Routes(
      settings: settings, port: listener.port, visitors: visitors, collector: collector, once: once, load: load,
      finish: { end in
        ended.withLock { if $0 == nil { $0 = end } }
        pthread_kill(main, SIGUSR1)
      })
    let server: HTTPServer
    do {
      server = try HTTPServer(listener: listener) { routes.answer($0) }
    } catch {
      close(listener.fd)
      return .failed(error.message)
    }
    let address = listener.address + "/" + (settings.token.map { "?token=" + $0 } ?? "")
    say("formrun: serving \"\(Cells.sanitize(title))\" at \(address)")

    var end: ServeEnd = .stopped
    while true {
      var wait = timespec(tv_sec: 5, tv_nsec: 0)
      let sig = sigtimedwait(&signals, nil, &wait)
      if sig == SIGINT || sig == SIGTERM {
        end = settings.once ? .interrupted : .stopped
        break
      }
      if sig == SIGUSR1, let done = ended.withLock({ $0 }) {
        end = done
        break
      }
      if visitors.sweep(now: HTTPServer.now()) > 0 { Memory.giveBack() }
    }
    // no new connections; the requests begun are answered and sent, then all close
    server.quiesce()
    server.drain(seconds: 10)
    server.stop()
    visitors.removeAll()
    if settings.stats { say(routes.timings.line) }
    return end
  }
}

/// The heap given back to the system after sessions end (glibc keeps freed
/// memory in each thread's arena otherwise).
enum Memory {
  static func giveBack() { formrun_heap_give_back() }
  /// At most `n` malloc arenas for the threads to come (before they start).
  static func limitArenas(_ n: Int) { formrun_heap_arenas(Int32(n)) }
}

extension ServeSettings {
  /// Why `text` is no `--listen` value (`HOST:PORT`); nothing when it is one.
  public static func checkListen(_ text: String) throws(ServeFailure) {
    do { _ = try Listener.parse(text) } catch { throw ServeFailure(error.message) }
  }
}

/// How long the server took over changes and opens (`FORMRUN_STATS`), from
/// the request's arrival to its answer, queueing in libmicrohttpd left out.
final class Timings: Sendable {
  private let changes = Mutex<[Double]>([])
  private let opens = Mutex<[Double]>([])
  let on: Bool

  init(on: Bool) { self.on = on }

  /// Time `body` as a change (or an open).
  func time<T>(open: Bool, _ body: () -> T) -> T {
    guard on else { return body() }
    let start = HTTPServer.now()
    let result = body()
    let spent = HTTPServer.now() - start
    if open { opens.withLock { $0.append(spent) } } else { changes.withLock { $0.append(spent) } }
    return result
  }

  /// `formrun stats: serve changes N p50_ms A p99_ms B opens N p99_ms C`
  var line: String {
    func ms(_ xs: [Double], _ p: Double) -> String {
      guard !xs.isEmpty else { return "-" }
      let sorted = xs.sorted()
      let v = sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000
      return String(Double(Int(v * 1000)) / 1000)
    }
    let c = changes.withLock { $0 }
    let o = opens.withLock { $0 }
    return "formrun stats: serve changes \(c.count) p50_ms \(ms(c, 0.5)) p99_ms \(ms(c, 0.99))"
      + " opens \(o.count) p99_ms \(ms(o, 0.99))"
  }
}
