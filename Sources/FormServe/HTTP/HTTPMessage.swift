/// One request, as libmicrohttpd parsed it: the method, the path and query,
/// headers and cookies looked up by name, and the body.
struct HTTPRequest {
  /// `GET`, `POST`…
  var method: String
  /// The path, without the query (`/`, `/change`).
  var path: String
  /// The request's body (a form's fields, URL-encoded).
  var body: [UInt8]
  /// Where headers, cookies and query arguments are looked up (nil in tests).
  let connection: OpaquePointer?
  /// Headers, cookies and query arguments given directly (tests).
  var given: [String: String] = [:]

  init(method: String, target: String, connection: OpaquePointer?, body: [UInt8]) {
    self.method = method
    // libmicrohttpd gives the path without the query
    self.path = target
    self.connection = connection
    self.body = body
  }

  /// A header's value (any case of its name).
  func header(_ name: String) -> String? {
    guard let connection else { return given["header:" + name.lowercased()] }
    return HTTPServer.header(connection, name)
  }
  /// A cookie's value.
  func cookie(_ name: String) -> String? {
    guard let connection else { return given["cookie:" + name] }
    return HTTPServer.cookie(connection, name)
  }
  /// A query argument's value, decoded.
  func query(_ name: String) -> String? {
    guard let connection else { return given["query:" + name] }
    return HTTPServer.query(connection, name)
  }

  /// The body's fields, when it is a URL-encoded form.
  var fields: FormFields { FormFields(urlEncoded: body) }
}

/// One response: status, headers, body; `then` runs once it has been sent.
struct HTTPResponse {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]
  /// Runs when the response has gone out (or its connection dropped).
  var then: (@Sendable () -> Void)?

  init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], then: (@Sendable () -> Void)? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.then = then
  }

  /// The value of the header `name` (the first so named, any case).
  func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// A plain-text answer.
  static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + Security.headers,
      body: Array((text + "\n").utf8))
  }

  /// 413: the body is longer than `limit` bytes.
  static func tooLarge(limit: Int) -> HTTPResponse {
    var r = text(413, "formrun: the request's body is too large (at most \(limit) bytes)")
    r.headers.append(("Connection", "close"))
    return r
  }
}

/// The fields of a URL-encoded body (`application/x-www-form-urlencoded`)
/// or query, in order; a name may come more than once (checkboxes).
struct FormFields {
  var pairs: [(String, String)] = []

  init(_ pairs: [(String, String)] = []) { self.pairs = pairs }

  /// Read `a=1&b=x+y%21`: `+` is a space, `%XX` a byte; bytes that are not
  /// UTF-8 are replaced (U+FFFD), never dropped silently into another field.
  init(urlEncoded bytes: [UInt8]) {
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
      if end > start {
        let part = bytes[start..<end]
        if let eq = part.firstIndex(of: UInt8(ascii: "=")) {
          pairs.append((Self.decode(part[part.startIndex..<eq]), Self.decode(part[(eq + 1)..<part.endIndex])))
        } else {
          pairs.append((Self.decode(part), ""))
        }
      }
      start = end + 1
    }
  }

  static func decode(_ part: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(part.count)
    var i = part.startIndex
    while i < part.endIndex {
      let b = part[i]
      if b == UInt8(ascii: "+") {
        out.append(0x20)
      } else if b == UInt8(ascii: "%"), i + 2 < part.endIndex, let h = hex(part[i + 1]), let l = hex(part[i + 2]) {
        out.append(h << 4 | l)
        i += 2
      } else {
        out.append(b)
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The first value of `name`.
  subscript(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

  /// Every value of `name`, in order.
  func all(_ name: String) -> [String] { pairs.filter { $0.0 == name }.map(\.1) }
}
