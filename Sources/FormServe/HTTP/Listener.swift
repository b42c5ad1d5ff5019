#if canImport(Glibc)
  import Glibc
#endif

/// The socket serve listens on, bound by formrun from `--listen HOST:PORT`
/// (libmicrohttpd is handed it): a busy port or an unknown host is said
/// before anything else starts, and `:0`'s free port is known at once.
struct Listener {
  /// The listening socket.
  let fd: Int32
  /// The host as a URL writes it (`127.0.0.1`, `[::1]`, `0.0.0.0`).
  let host: String
  /// The port bound (a free one for `:0`).
  let port: Int
  /// True when only this machine can connect (127.0.0.0/8, ::1).
  let loopback: Bool

  /// `http://HOST:PORT`
  var address: String { "http://\(host):\(port)" }

  /// Why a `--listen` value was refused or could not be bound.
  struct Failure: Error, Equatable {
    var message: String
  }

  /// The default: this machine only, port 8080.
  static let standard = "127.0.0.1:8080"

  /// `HOST:PORT` split: `:8080` and `8080` are the loopback address's,
  /// `[::1]:8080` an IPv6 address's.
  static func parse(_ text: String) throws(Failure) -> (host: String, port: Int) {
    var host = ""
    var port = text
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else {
        throw Failure(message: "--listen takes HOST:PORT (got '\(text)': no ']' after the IPv6 address)")
      }
      host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      guard rest.hasPrefix(":") else { throw Failure(message: "--listen takes HOST:PORT (got '\(text)')") }
      port = String(rest.dropFirst())
    } else if let colon = text.lastIndex(of: ":") {
      host = String(text[..<colon])
      port = String(text[text.index(after: colon)...])
      if host.contains(":") {
        throw Failure(message: "--listen takes HOST:PORT; write an IPv6 address in brackets, as [::1]:8080")
      }
    }
    guard let n = Int(port), (0...65535).contains(n) else {
      throw Failure(message: "--listen takes HOST:PORT with a port from 0 to 65535 (got '\(text)')")
    }
    return (host.isEmpty ? "127.0.0.1" : host, n)
  }

  /// Bind and listen on `text` (`HOST:PORT`).
  static func bind(_ text: String) throws(Failure) -> Listener {
    let (host, port) = try parse(text)
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    let rc = getaddrinfo(host, String(port), &hints, &found)
    guard rc == 0, let first = found else {
      throw Failure(
        message: "--listen \(text): the host '\(host)' was not found (\(String(cString: gai_strerror(rc))))")
    }
    defer { freeaddrinfo(found) }
    var lastError: Int32 = 0
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let a = entry {
      entry = a.pointee.ai_next
      let fd = socket(a.pointee.ai_family, a.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard fd >= 0 else {
        lastError = errno
        continue
      }
      var on: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      if a.pointee.ai_family == AF_INET6 {
        setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
      }
      guard Glibc.bind(fd, a.pointee.ai_addr, a.pointee.ai_addrlen) == 0, listen(fd, 1024) == 0 else {
        lastError = errno
        close(fd)
        continue
      }
      var bound = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let (shown, isLoopback, boundPort) = withUnsafeMutablePointer(to: &bound) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s in
          getsockname(fd, s, &length)
          return describe(s)
        }
      }
      return Listener(fd: fd, host: shown, port: boundPort, loopback: isLoopback)
    }
    throw Failure(message: "--listen \(text): cannot listen there (\(String(cString: strerror(lastError))))")
  }

  /// A NUL-ended C string in `buffer`.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A bound address as a URL writes its host, whether it is loopback, its port.
  static func describe(_ s: UnsafeMutablePointer<sockaddr>) -> (String, Bool, Int) {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    if s.pointee.sa_family == sa_family_t(AF_INET6) {
      return s.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
        var address = a.pointee.sin6_addr
        inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
        let text = Listener.text(buffer)
        // ::1, or an IPv4 loopback address mapped into IPv6
        let loopback = text == "::1" || text.hasPrefix("::ffff:127.")
        return ("[\(text)]", loopback, Int(UInt16(bigEndian: a.pointee.sin6_port)))
      }
    }
    return s.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
      var address = a.pointee.sin_addr
      inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
      let loopback = UInt32(bigEndian: a.pointee.sin_addr.s_addr) >> 24 == 127
      return (Listener.text(buffer), loopback, Int(UInt16(bigEndian: a.pointee.sin_port)))
    }
  }
}
