import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The HTTP server: libmicrohttpd (opened when serve starts), listening on a
/// socket formrun bound (`Listener`), answering every request through one
/// handler. It parses nothing of HTTP itself.
///
/// Threads: libmicrohttpd's own pool, each thread polling its connections
/// with epoll (`MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL` with
/// `MHD_OPTION_THREAD_POOL_SIZE`). Not a thread per connection: a thousand
/// visitors would be a thousand threads, each with its own Lua budget timer
/// (CLuaBoundary arms one per thread and keeps it), and hostile traffic
/// would make threads at the rate it connects. Not one thread: a handler
/// that runs long (a `formrun.confirm`, a slow command; its budget is 5
/// seconds) would hold every other visitor. A pool of a few threads a core
/// keeps a slow handler to the connections of its thread.
final class HTTPServer: @unchecked Sendable {
  /// How the daemon runs and what it bounds.
  struct Settings {
    /// Threads in the pool.
    var threads = HTTPServer.defaultThreads
    /// Seconds a connection may stay idle before it is closed (a client that
    /// sends its request slowly, or not at all, is cut off).
    var idleTimeout = 15
    /// Seconds a request's body may take to arrive.
    var uploadTimeout = 30
    /// Connections open at once; more are refused at once.
    var connectionLimit = 4_096
    /// Bytes of a connection's buffer for the request line and headers (a
    /// request whose headers do not fit is answered 431 by libmicrohttpd).
    var connectionMemory = 32 * 1024
    /// Bytes of a request's body; a longer one is answered 413 at once.
    var bodyLimit = 2 * 1024 * 1024
  }

  /// Four threads a core, at least eight: most requests take well under a
  /// millisecond, and a handler that waits holds only its thread's connections.
  static var defaultThreads: Int { max(8, 4 * Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  let settings: Settings
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  private var daemon: OpaquePointer?
  /// Requests begun (their headers read) and not yet done: what a stop waits for.
  private let inFlight = Atomic<Int>(0)

  /// Why the server could not start.
  struct Failure: Error {
    var message: String
  }

  /// Start answering on `listener`'s socket with `handler`.
  init(
    listener: Listener, settings: Settings = Settings(), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(Failure) {
    self.settings = settings
    self.handler = handler
    guard let mhd = MHD.table else {
      throw Failure(message: "libmicrohttpd could not be loaded: install it (Debian: apt install libmicrohttpd12)")
    }
    let s = formrun_mhd_settings(
      listen_fd: listener.fd, threads: UInt32(settings.threads), idle_timeout: UInt32(settings.idleTimeout),
      connection_limit: UInt32(settings.connectionLimit), connection_memory: settings.connectionMemory)
    let me = Unmanaged.passUnretained(self).toOpaque()
    guard let d = formrun_mhd_start(mhd, s, HTTPServer.access, me, HTTPServer.completed, me) else {
      throw Failure(message: "the HTTP server could not start on \(listener.address)")
    }
    daemon = d
  }

  /// Take no more connections (the listening socket closes); those open go on.
  func quiesce() {
    guard let daemon else { return }
    let fd = formrun_mhd_quiesce(MHD.table, daemon)
    if fd >= 0 { close(fd) }
  }

  /// Wait (at most `seconds`) until the requests begun are answered and sent.
  func drain(seconds: Double) {
    let deadline = HTTPServer.now() + seconds
    while inFlight.load(ordering: .acquiring) > 0 && HTTPServer.now() < deadline {
      var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// Stop: every connection closes and the threads end (a request being
  /// answered finishes first: `drain` waits for them to be sent).
  func stop() {
    guard let d = daemon else { return }
    daemon = nil
    formrun_mhd_stop(MHD.table, d)
  }

  deinit { stop() }

  // MARK: libmicrohttpd's callbacks

  static let yes = MHD_Result(rawValue: 1)!
  static let no = MHD_Result(rawValue: 0)!

  /// A request's state between libmicrohttpd's calls: the body as it comes.
  final class Upload {
    var body: [UInt8] = []
    let started = HTTPServer.now()
    /// Runs once the response has been sent (or the connection is gone).
    var then: (@Sendable () -> Void)?
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// libmicrohttpd calls this first when the headers are in (`*state` nil),
  /// then with each piece of the body, then once with none left: the request
  /// is answered then, or at once when its body is too large.
  static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, state in
    guard let cls, let connection, let url, let method, let size, let state else { return HTTPServer.no }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let held = state.pointee else {
      let upload = Upload()
      state.pointee = Unmanaged.passRetained(upload).toOpaque()
      server.inFlight.add(1, ordering: .relaxed)
      // a declared length beyond the limit is refused before any of it is read
      if let length = formrun_mhd_header(MHD.table, connection, "Content-Length").map({ String(cString: $0) }),
        let n = Int(length), n > server.settings.bodyLimit
      {
        return server.send(HTTPResponse.tooLarge(limit: server.settings.bodyLimit), on: connection, upload)
      }
      return HTTPServer.yes
    }
    let upload = Unmanaged<Upload>.fromOpaque(held).takeUnretainedValue()
    if size.pointee > 0 {
      if HTTPServer.now() - upload.started > Double(server.settings.uploadTimeout) { return HTTPServer.no }
      if upload.body.count + size.pointee > server.settings.bodyLimit {
        size.pointee = 0
        return server.send(HTTPResponse.tooLarge(limit: server.settings.bodyLimit), on: connection, upload)
      }
      if let data {
        data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
          upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
        }
      }
      size.pointee = 0
      return HTTPServer.yes
    }
    let request = HTTPRequest(
      method: String(cString: method), target: String(cString: url), connection: connection, body: upload.body)
    upload.body = []
    return server.send(server.handler(request), on: connection, upload)
  }

  /// The request is over (answered, or the connection dropped): its state goes.
  static let completed: MHD_RequestCompletedCallback = { cls, _, state, _ in
    guard let cls, let state, let held = state.pointee else { return }
    state.pointee = nil
    let upload = Unmanaged<Upload>.fromOpaque(held).takeRetainedValue()
    upload.then?()
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .releasing)
  }

  /// Queue `response` on the connection.
  func send(_ response: HTTPResponse, on connection: OpaquePointer, _ upload: Upload) -> MHD_Result {
    upload.then = response.then
    var names: [String] = []
    names.reserveCapacity(response.headers.count * 2)
    for (name, value) in response.headers {
      names.append(name)
      names.append(value)
    }
    return withCStrings(names) { pointers in
      response.body.withUnsafeBytes { body in
        formrun_mhd_respond(
          MHD.table, connection, UInt32(response.status), body.baseAddress, body.count, pointers, response.headers.count
        ) != 0
          ? HTTPServer.yes : HTTPServer.no
      }
    }
  }
}

extension HTTPServer {

  /// A request header's value (any case of its name).
  static func header(_ connection: OpaquePointer, _ name: String) -> String? {
    formrun_mhd_header(MHD.table, connection, name).map { String(cString: $0) }
  }
  /// A request cookie's value.
  static func cookie(_ connection: OpaquePointer, _ name: String) -> String? {
    formrun_mhd_cookie(MHD.table, connection, name).map { String(cString: $0) }
  }
  /// A query argument's value, decoded.
  static func query(_ connection: OpaquePointer, _ name: String) -> String? {
    formrun_mhd_query(MHD.table, connection, name).map { String(cString: $0) }
  }
}

/// libmicrohttpd's functions, found when serve first starts (one table for
/// the process).
enum MHD {
  nonisolated(unsafe) static let table: UnsafePointer<formrun_mhd>? = {
    let p = UnsafeMutablePointer<formrun_mhd>.allocate(capacity: 1)
    p.initialize(to: formrun_mhd())
    return formrun_mhd_load(p) != 0 ? UnsafePointer(p) : nil
  }()
}

/// Run `body` with `strings` as C strings, in order (copies, freed after).
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
  let copies = strings.map { strdup($0) }
  defer { for c in copies { free(c) } }
  let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
