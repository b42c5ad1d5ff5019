/// A URI reference (RFC 3986) split into its parts, as `$id` and `$ref`
/// name schemas: resolved against a base (§5.2), dot segments removed, the
/// scheme and host lowercased so that two spellings of one place compare equal.
struct URI: Equatable, Sendable, CustomStringConvertible {
  var scheme: String?
  /// `//host:port` without the slashes; nil when there is none (`urn:…`, `file:/x`).
  var authority: String?
  var path: String
  var query: String?
  /// After the `#`, still percent-encoded; nil when there is no `#`.
  var fragment: String?

  /// Split `text` at `:`, `//`, `?` and `#` (any text is a reference of some shape).
  init(_ text: String) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let q = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: q)...])
      rest = rest[..<q]
    }
    if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
      rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    {
      scheme = rest[..<colon].lowercased()
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      authority = rest[..<end].lowercased()
      rest = rest[end...]
    }
    path = String(rest)
  }

  init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
    self.scheme = scheme
    self.authority = authority
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  /// The URI as text.
  var description: String {
    var out = ""
    if let scheme { out += scheme + ":" }
    if let authority { out += "//" + authority }
    out += path
    if let query { out += "?" + query }
    if let fragment { out += "#" + fragment }
    return out
  }

  /// An absolute URI: it has a scheme.
  var isAbsolute: Bool { scheme != nil }

  /// The URI without its fragment (`#` and all after it).
  var withoutFragment: URI {
    var u = self
    u.fragment = nil
    return u
  }

  /// `reference` resolved against this URI as its base (RFC 3986 §5.2.2).
  func resolving(_ reference: URI) -> URI {
    if reference.scheme != nil {
      return URI(
        scheme: reference.scheme, authority: reference.authority, path: Self.removingDots(reference.path),
        query: reference.query, fragment: reference.fragment)
    }
    if reference.authority != nil {
      return URI(
        scheme: scheme, authority: reference.authority, path: Self.removingDots(reference.path),
        query: reference.query, fragment: reference.fragment)
    }
    if reference.path.isEmpty {
      return URI(
        scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
        fragment: reference.fragment)
    }
    let merged: String
    if reference.path.hasPrefix("/") {
      merged = reference.path
    } else if authority != nil && path.isEmpty {
      merged = "/" + reference.path
    } else if let slash = path.lastIndex(of: "/") {
      merged = String(path[...slash]) + reference.path
    } else {
      merged = reference.path
    }
    return URI(
      scheme: scheme, authority: authority, path: Self.removingDots(merged), query: reference.query,
      fragment: reference.fragment)
  }

  /// `text` resolved against this URI.
  func resolving(_ text: String) -> URI { resolving(URI(text)) }

  /// RFC 3986 §5.2.4: `/a/b/../c/./d` is `/a/c/d`.
  static func removingDots(_ path: String) -> String {
    guard path.contains(".") else { return path }
    var output: [Substring] = []
    let absolute = path.hasPrefix("/")
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(absolute ? 1 : 0)
    for (i, segment) in segments.enumerated() {
      let last = i == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if !output.isEmpty { output.removeLast() }
        if last { output.append("") }
      default: output.append(segment)
      }
    }
    return (absolute ? "/" : "") + output.joined(separator: "/")
  }

  /// The key a schema resource is registered by: the URI without its
  /// fragment (an empty fragment is none).
  var key: String { withoutFragment.description }

  /// The path of a `file:` URI, percent-decoded.
  var filePath: String? {
    guard scheme == "file", authority == nil || authority == "" || authority == "localhost" else { return nil }
    return path.percentDecoded
  }

  /// The `file:` URI of an absolute path (characters outside a path's own percent-encoded).
  static func file(_ absolutePath: String) -> URI {
    var encoded = ""
    for b in absolutePath.utf8 {
      let c = Character(Unicode.Scalar(b))
      if b < 0x80, c.isLetter || c.isNumber || "/-._~!$&'()*+,;=:@".contains(c) {
        encoded.append(c)
      } else {
        encoded += "%" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
      }
    }
    return URI(scheme: "file", authority: "", path: encoded, query: nil, fragment: nil)
  }
}
