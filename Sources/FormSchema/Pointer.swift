import FormCore

/// A JSON pointer (RFC 6901) as its tokens: `["properties", "a/b"]` is
/// written `/properties/a~1b`, and `#/properties/a~1b` as a location in a
/// schema. A place in a schema that `$ref`s another file names that file by
/// `document` (0: the schema's own file; `Schema.documents` holds the others).
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
  /// The reference tokens, unescaped.
  public var tokens: [String]
  /// Which of a schema's documents the pointer is into (0: the schema's own
  /// file, and every pointer into a document that is not a schema).
  public var document: Int

  /// The pointer of these tokens.
  public init(_ tokens: [String] = [], document: Int = 0) {
    self.tokens = tokens
    self.document = document
  }

  /// The pointer one token further down.
  public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens + [token], document: document) }

  /// The pointer one token up (the whole document stays itself).
  public var parent: JSONPointer { JSONPointer(Array(tokens.dropLast()), document: document) }

  /// Whether `other` is this pointer or below it.
  public func contains(_ other: JSONPointer) -> Bool {
    other.document == document && other.tokens.count >= tokens.count && other.tokens.starts(with: tokens)
  }

  /// The pointer one index further down.
  public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

  /// `/a/b~1c`; "" for the whole document.
  public var description: String { tokens.map { "/" + Self.escape($0) }.joined() }

  /// `#/a/b`: the pointer as a URI fragment names a place in a schema.
  public var fragment: String { "#" + description }

  static func escape(_ token: String) -> String {
    token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
  }

  /// Read `/a/b~1c` (an empty string is the whole document); nil when it is not a pointer.
  public static func parse(_ text: String) -> JSONPointer? {
    if text.isEmpty { return JSONPointer() }
    guard text.hasPrefix("/") else { return nil }
    var tokens: [String] = []
    for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var out = ""
      var chars = raw.makeIterator()
      while let c = chars.next() {
        guard c == "~" else {
          out.append(c)
          continue
        }
        switch chars.next() {
        case "0": out.append("~")
        case "1": out.append("/")
        default: return nil
        }
      }
      tokens.append(out)
    }
    return JSONPointer(tokens)
  }

  /// The value this pointer names inside `document`, nil when there is none.
  public func resolve(in document: Value) -> Value? {
    var at = document
    for token in tokens {
      switch at {
      case .record(let fields):
        guard let next = fields.first(where: { $0.key == token })?.value else { return nil }
        at = next
      case .list(let items):
        guard let i = Int(token), String(i) == token, items.indices.contains(i) else { return nil }
        at = items[i]
      default: return nil
      }
    }
    return at
  }
}

/// Indexes of large objects' keys by place, made once each: a pointer into
/// a schema of 4,000 definitions finds its step without a search of them.
struct KeyIndexes {
  var byPlace: [JSONPointer: [String: Int]] = [:]

  /// The value `place` names inside `root` (the document `place.document` names).
  mutating func resolve(_ place: JSONPointer, in root: Value) -> Value? {
    var at = root
    for (i, token) in place.tokens.enumerated() {
      switch at {
      case .record(let fields):
        if fields.count > 12 {
          let here = JSONPointer(Array(place.tokens[..<i]), document: place.document)
          guard let k = index(fields, at: here)[token] else { return nil }
          at = fields[k].value
        } else {
          guard let next = fields.first(where: { $0.key == token })?.value else { return nil }
          at = next
        }
      case .list(let items):
        guard let n = Int(token), String(n) == token, items.indices.contains(n) else { return nil }
        at = items[n]
      default: return nil
      }
    }
    return at
  }

  /// The index of an object's keys (the first of a key repeated), made once.
  mutating func index(_ fields: [Value.Field], at place: JSONPointer) -> [String: Int] {
    if let known = byPlace[place] { return known }
    var index: [String: Int] = [:]
    index.reserveCapacity(fields.count)
    for (i, f) in fields.enumerated() where index[f.key] == nil { index[f.key] = i }
    byPlace[place] = index
    return index
  }
}

extension String {
  /// Every occurrence of `target` replaced (Foundation-free).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard contains(target) else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }

  /// Percent-decoding of a URI fragment (`%25` → `%`); nil when malformed.
  var percentDecoded: String? {
    guard contains("%") else { return self }
    var bytes: [UInt8] = []
    var utf8 = Array(self.utf8)[...]
    while let b = utf8.popFirst() {
      guard b == UInt8(ascii: "%") else {
        bytes.append(b)
        continue
      }
      guard utf8.count >= 2, let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
        return nil
      }
      bytes.append(v)
      utf8 = utf8.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
