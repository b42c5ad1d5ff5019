/// Random tokens: the serve token, session ids, CSRF tokens, submission ids.
enum Token {
  /// 128 random bits as 32 hex digits, from the system's generator (getrandom).
  static func random() -> String {
    var g = SystemRandomNumberGenerator()
    let a = g.next() as UInt64
    let b = g.next() as UInt64
    return hex(a) + hex(b)
  }

  static func hex(_ n: UInt64) -> String {
    let s = String(n, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }

  /// `a == b` in time that does not depend on where they first differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var diff: UInt8 = 0
    for i in x.indices { diff |= x[i] ^ y[i] }
    return diff == 0
  }
}

/// The headers every answer carries: only the shipped script and style may
/// run (Content-Security-Policy), nothing framed, sniffed or cached, no
/// referrer (the token is in the first address).
enum Security {
  static let policy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
    + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

  static let headers: [(String, String)] = [
    ("Content-Security-Policy", policy),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cache-Control", "no-store"),
  ]
}
