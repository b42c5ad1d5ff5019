/// The `format` values formrun checks (as the format-assertion vocabulary
/// does): each gives nil for a good string, else why it is not one.
enum Formats {
  static func check(_ format: String, _ s: String) -> SchemaPhrase? {
    switch format {
    case "email": return email(s) ? nil : .formatEmail
    case "hostname": return hostname(s) ? nil : .formatHostname
    case "ipv4": return ipv4(s) ? nil : .formatIPv4
    case "ipv6": return ipv6(s) ? nil : .formatIPv6
    case "uuid": return uuid(s) ? nil : .formatUUID
    case "uri": return uri(s) ? nil : .formatURI
    case "uri-reference": return uriReference(s) ? nil : .formatURIReference
    case "json-pointer": return jsonPointer(s) ? nil : .formatJSONPointer
    case "relative-json-pointer": return relativeJSONPointer(s) ? nil : .formatRelativeJSONPointer
    case "date": return date(s) ? nil : .formatDate
    case "time": return time(s) ? nil : .formatTime
    case "date-time": return dateTime(s) ? nil : .formatDateTime
    default: return nil
    }
  }

  static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
  static func isHex(_ c: Character) -> Bool { c.isASCII && c.isHexDigit }

  /// `local@domain`: a dot-atom or quoted local part; a host name or `[IP]`.
  static func email(_ s: String) -> Bool {
    guard let at = s.lastIndex(of: "@") else { return false }
    let local = s[..<at]
    let domain = s[s.index(after: at)...]
    guard !local.isEmpty, !domain.isEmpty else { return false }
    if local.hasPrefix("\"") {
      guard local.count >= 2, local.hasSuffix("\"") else { return false }
    } else {
      let atext = Set("!#$%&'*+-/=?^_`{|}~")
      guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
        local.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || atext.contains($0) || $0 == "." })
      else { return false }
    }
    if domain.hasPrefix("[") {
      guard domain.hasSuffix("]") else { return false }
      let inner = domain.dropFirst().dropLast()
      if inner.lowercased().hasPrefix("ipv6:") { return ipv6(String(inner.dropFirst(5))) }
      return ipv4(String(inner))
    }
    return hostname(String(domain))
  }

  /// Labels of letters, digits and inner hyphens, 63 at most each, 253 in all.
  static func hostname(_ s: String) -> Bool {
    guard !s.isEmpty, s.utf8.count <= 253 else { return false }
    for label in s.split(separator: ".", omittingEmptySubsequences: false) {
      guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
        label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
      else { return false }
      // an A-label (xn--) is Punycode of a label IDNA allows (RFC 1123 lets
      // other labels hold "--" anywhere)
      if label.count >= 4, label.lowercased().hasPrefix("xn--") {
        guard IDNA.validALabel(label.dropFirst(4)) else { return false }
      }
    }
    return true
  }

  static func ipv4(_ s: String) -> Bool {
    let parts = s.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return false }
    return parts.allSatisfy { p in
      guard !p.isEmpty, p.count <= 3, p.allSatisfy(isDigit), let n = Int(p), n <= 255 else { return false }
      return p.count == 1 || !p.hasPrefix("0")
    }
  }

  static func ipv6(_ s: String) -> Bool {
    guard !s.isEmpty, s.allSatisfy({ isHex($0) || $0 == ":" || $0 == "." }) else { return false }
    var groups = 0
    var body = Substring(s)
    // a dotted IPv4 tail counts as two groups
    if let lastColon = body.lastIndex(of: ":"), body[body.index(after: lastColon)...].contains(".") {
      guard ipv4(String(body[body.index(after: lastColon)...])) else { return false }
      groups += 2
      body = body[...lastColon]
      if body.hasSuffix(":") && !body.hasSuffix("::") { body = body.dropLast() }
    }
    let halves = body.split(separator: "::", omittingEmptySubsequences: false)
    guard halves.count <= 2 else { return false }
    for half in halves where !half.isEmpty {
      for g in half.split(separator: ":", omittingEmptySubsequences: false) {
        guard (1...4).contains(g.count), g.allSatisfy(isHex) else { return false }
        groups += 1
      }
    }
    return halves.count == 2 ? groups <= 7 : groups == 8
  }

  static func uuid(_ s: String) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return parts.allSatisfy { $0.allSatisfy(isHex) }
  }

  /// `scheme:rest` by RFC 3986: a scheme, then an authority (userinfo, a
  /// host name or `[IP literal]`, a numeric port) when `//` follows, then a
  /// path, query and fragment of the characters a URI may hold.
  static func uri(_ s: String) -> Bool {
    guard let rest = afterScheme(s) else { return false }
    return hierarchical(rest)
  }

  /// A URI, or a relative reference (RFC 3986 §4.1): no scheme, and then no
  /// `:` in the first segment (`./a:b`, not `1:b`).
  static func uriReference(_ s: String) -> Bool {
    if let rest = afterScheme(s) { return hierarchical(rest) }
    guard !s.prefix(while: { !"/?#".contains($0) }).contains(":") else { return false }
    return hierarchical(s[...])
  }

  /// What follows `scheme:` when `s` begins with a scheme.
  static func afterScheme(_ s: String) -> Substring? {
    guard let colon = s.firstIndex(of: ":") else { return nil }
    let scheme = s[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return s[s.index(after: colon)...]
  }

  /// RFC 6901: empty, or `/` tokens in which `~` is `~0` or `~1`.
  static func jsonPointer(_ s: String) -> Bool {
    guard s.isEmpty || s.hasPrefix("/") else { return false }
    let chars = Array(s.unicodeScalars)
    for (i, c) in chars.enumerated() where c == "~" {
      guard i + 1 < chars.count, chars[i + 1] == "0" || chars[i + 1] == "1" else { return false }
    }
    return true
  }

  /// A non-negative integer (no leading zero), then `#` or a JSON pointer.
  static func relativeJSONPointer(_ s: String) -> Bool {
    let digits = s.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
    let rest = String(s.dropFirst(digits.count))
    return rest == "#" || jsonPointer(rest)
  }

  /// The hierarchical part, query and fragment of a URI (after its scheme) or a relative reference.
  static func hierarchical(_ after: Substring) -> Bool {
    var rest = after
    let unreserved = "-._~"
    let subDelims = "!$&'()*+,;="
    func plain(_ text: Substring, _ extra: String) -> Bool {
      let chars = Array(text)
      var i = 0
      while i < chars.count {
        let c = chars[i]
        if c == "%" {
          guard i + 2 < chars.count, isHex(chars[i + 1]), isHex(chars[i + 2]) else { return false }
          i += 3
          continue
        }
        guard c.isASCII,
          c.isLetter || c.isNumber || unreserved.contains(c) || subDelims.contains(c) || extra.contains(c)
        else { return false }
        i += 1
      }
      return true
    }
    if rest.hasPrefix("//") {
      let authority = rest.dropFirst(2).prefix { !"/?#".contains($0) }
      rest = rest.dropFirst(2 + authority.count)
      var hostPort = authority
      if let at = authority.lastIndex(of: "@") {
        guard plain(authority[..<at], ":") else { return false }
        hostPort = authority[authority.index(after: at)...]
      }
      var port: Substring = ""
      if hostPort.hasPrefix("[") {
        guard let close = hostPort.firstIndex(of: "]") else { return false }
        let literal = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
        guard ipv6(String(literal)) || (literal.hasPrefix("v") && plain(literal.dropFirst(), ":")) else { return false }
        let tail = hostPort[hostPort.index(after: close)...]
        guard tail.isEmpty || tail.hasPrefix(":") else { return false }
        port = tail.dropFirst()
      } else {
        if let c = hostPort.lastIndex(of: ":") {
          port = hostPort[hostPort.index(after: c)...]
          hostPort = hostPort[..<c]
        }
        guard plain(hostPort, "") else { return false }
      }
      guard port.allSatisfy(isDigit) else { return false }
    }
    // path, query and fragment: pchar, "/" and "?"; one "#" starts the fragment
    let parts = rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    return parts.allSatisfy { plain($0, ":@/?") } && !(parts.count == 2 && parts[1].contains("#"))
  }

  static func number(_ s: Substring, _ digits: Int) -> Int? {
    guard s.count == digits, s.allSatisfy(isDigit) else { return nil }
    return Int(s)
  }

  /// `YYYY-MM-DD`, a real day.
  static func date(_ s: String) -> Bool {
    let p = Array(s)
    guard p.count == 10, p[4] == "-", p[7] == "-", let y = number(s.prefix(4), 4),
      let m = number(Substring(p[5...6]), 2), let d = number(Substring(p[8...9]), 2), (1...12).contains(m)
    else { return false }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return (1...days).contains(d)
  }

  /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
  static func time(_ s: String) -> Bool {
    let p = Array(s)
    guard p.count >= 9, p[2] == ":", p[5] == ":", let h = number(Substring(p[0...1]), 2),
      let mi = number(Substring(p[3...4]), 2), let se = number(Substring(p[6...7]), 2), h <= 23, mi <= 59, se <= 60
    else { return false }
    var i = 8
    if p[i] == "." {
      i += 1
      let start = i
      while i < p.count, isDigit(p[i]) { i += 1 }
      guard i > start else { return false }
    }
    guard i < p.count else { return false }
    var offset = 0
    if p[i] == "Z" || p[i] == "z" {
      guard i == p.count - 1 else { return false }
    } else {
      guard p[i] == "+" || p[i] == "-", p.count - i == 6, p[i + 3] == ":",
        let oh = number(Substring(p[(i + 1)...(i + 2)]), 2), let om = number(Substring(p[(i + 4)...(i + 5)]), 2),
        oh <= 23, om <= 59
      else { return false }
      offset = (oh * 60 + om) * (p[i] == "+" ? 1 : -1)
    }
    if se == 60 {
      // the leap second is 23:59:60 in UTC
      let utc = ((h * 60 + mi - offset) % 1440 + 1440) % 1440
      return utc == 23 * 60 + 59
    }
    return true
  }

  static func dateTime(_ s: String) -> Bool {
    guard let t = s.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
    return date(String(s[..<t])) && time(String(s[s.index(after: t)...]))
  }
}
