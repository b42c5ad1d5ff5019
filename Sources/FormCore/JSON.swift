import FormEscape

/// JSON text to and from `Value`, without Foundation (it is on the start-up path).
public enum JSON {
  /// Compact JSON, keys in the order the value holds them.
  public static func encode(_ value: Value) -> String {
    // measured, then written in place: appending to a String costs a few
    // hundred instructions a piece (a large form's values are two pieces or
    // more a row), and a buffer copied into the text at the end would hold
    // the whole document twice at the peak
    var size = ByteCount()
    write(value, into: &size)
    // (a byte more than the text: the line end a caller adds goes in place)
    return String(unsafeUninitializedCapacity: size.count + 1) { buffer in
      var out = ByteWriter(buffer)
      write(value, into: &out)
      return out.written
    }
  }

  static func write<Out: ByteSink>(_ value: Value, into out: inout Out) {
    switch value {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .int(let i): out.append(String(i))
    // a float stays a float (`2.0`, `-0.0`): the shortest digits that read
    // back the same, as Lua and the REPL show it; JSON has no inf or nan
    case .double(let d): out.append(d.isFinite ? "\(d)" : "null")
    case .string(let s): quote(s, into: &out)
    case .list(let l):
      out.append(0x5B)
      for (i, v) in l.enumerated() {
        if i > 0 { out.append(0x2C) }
        write(v, into: &out)
      }
      out.append(0x5D)
    case .record(let fields):
      out.append(0x7B)
      for (i, f) in fields.enumerated() {
        if i > 0 { out.append(0x2C) }
        quote(f.key, into: &out)
        out.append(0x3A)
        write(f.value, into: &out)
      }
      out.append(0x7D)
    }
  }

  /// True for the bytes that may start a character `Escaper.json` escapes:
  /// a control, the quote, the backslash, DEL, and the lead bytes of the C1
  /// controls (C2) and of the line separators and bidi controls (E2), which
  /// are then looked at as characters. (A test holds it to the dialect: a
  /// byte test here, as every byte of the values passes it.)
  @inline(__always)
  static func mayEscape(_ b: UInt8) -> Bool {
    b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xC2 || b == 0xE2
  }

  static func quote<Out: ByteSink>(_ s: String, into out: inout Out) {
    out.append(0x22)
    // most strings need no escape: their bytes go in whole
    let plain: Bool? = s.utf8.withContiguousStorageIfAvailable { bytes in
      for b in bytes where mayEscape(b) { return false }
      out.append(bytes)
      return true
    }
    if plain == true {
      out.append(0x22)
      return
    }
    if plain == nil, !s.utf8.contains(where: mayEscape) {
      out.append(s)
      out.append(0x22)
      return
    }
    Escaper.json.write(s, plain: { out.append($0) }, escaped: { out.append($0) })
    out.append(0x22)
  }

  /// Why a text is not JSON, and on which line.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    /// The line (from 1) where reading stopped.
    public var line: Int
    /// What was expected there, in lowercase words.
    public var message: String
    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
  }

  /// Parse JSON text; objects keep their key order.
  public static func decode(_ text: String) throws(ParseError) -> Value {
    var p = Parser(bytes: Array(text.utf8))
    p.skipSpace()
    let v = try p.value(depth: 0)
    p.skipSpace()
    if p.i < p.bytes.count { throw p.error("unexpected text after the value") }
    return v
  }

  /// An integer written past what a value holds exactly (-2^63 to 2^63-1),
  /// which would come out as another number (`1e+29`): where it is.
  public struct Inexact: Equatable, Sendable {
    /// The JSON pointer's tokens of its place.
    public var pointer: [String]
    /// The integer as written.
    public var literal: String
    /// The line (from 1) it is on.
    public var line: Int

    /// `/a/0/b` (empty for the whole document).
    public var place: String { pointer.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined() }

    /// What is wrong, and what to do.
    public var message: String {
      "the integer \(literal.count > 60 ? literal.prefix(60) + "…" : Substring(literal)) is past what formrun keeps"
        + " exactly (-2^63 to 2^63-1): written as a string, it is kept"
    }
  }

  /// The integers of a JSON text written past what a value holds exactly
  /// (none for text that is not JSON): nothing reads them without changing them.
  public static func inexactIntegers(in text: String) -> [Inexact] {
    // 19 digits in a row, or nothing here can be past 2^63
    var run = 0
    var long = false
    for b in text.utf8 {
      run = b >= 48 && b <= 57 ? run + 1 : 0
      if run >= 19 {
        long = true
        break
      }
    }
    guard long else { return [] }
    var p = Parser(bytes: Array(text.utf8))
    p.path = []
    p.skipSpace()
    guard (try? p.value(depth: 0)) != nil else { return [] }
    return p.inexact
  }

  struct Parser {
    let bytes: [UInt8]
    var i = 0
    /// While looking for inexact integers: the place being read, and those found.
    var path: [String]?
    var inexact: [Inexact] = []

    func error(_ m: String) -> ParseError {
      ParseError(line: 1 + bytes[..<min(i, bytes.count)].lazy.filter { $0 == 10 }.count, message: m)
    }

    mutating func skipSpace() {
      while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
    }

    mutating func literal(_ word: String, _ v: Value) throws(ParseError) -> Value {
      let w = Array(word.utf8)
      guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
        throw error("unexpected character")
      }
      i += w.count
      return v
    }

    mutating func value(depth: Int) throws(ParseError) -> Value {
      guard depth < 200 else { throw error("nested too deeply") }
      guard i < bytes.count else { throw error("unexpected end of input") }
      switch bytes[i] {
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "["):
        i += 1
        var items: [Value] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
          i += 1
          return .list(items)
        }
        while true {
          skipSpace()
          path?.append(String(items.count))
          items.append(try value(depth: depth + 1))
          path?.removeLast()
          skipSpace()
          guard i < bytes.count else { throw error("unexpected end of input in array") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
            continue
          }
          if bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .list(items)
          }
          throw error("expected ',' or ']' in array")
        }
      case UInt8(ascii: "{"):
        i += 1
        var fields: [Value.Field] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .record(fields)
        }
        while true {
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
          let key = try string()
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
          i += 1
          skipSpace()
          path?.append(key)
          fields.append(.init(key, try value(depth: depth + 1)))
          path?.removeLast()
          skipSpace()
          guard i < bytes.count else { throw error("unexpected end of input in object") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
            continue
          }
          if bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .record(fields)
          }
          throw error("expected ',' or '}' in object")
        }
      default: return try number()
      }
    }

    /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func number() throws(ParseError) -> Value {
      let start = i
      func digits() -> Int {
        let from = i
        while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 { i += 1 }
        return i - from
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
      let first = i
      guard digits() > 0 else {
        i = start
        throw error("unexpected character")
      }
      if bytes[first] == UInt8(ascii: "0"), i - first > 1 {
        i = first
        throw error("a number cannot start with 0")
      }
      var isInt = true
      if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        isInt = false
        guard digits() > 0 else { throw error("expected a digit after '.'") }
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
        i += 1
        isInt = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { throw error("expected a digit in the exponent") }
      }
      let text = String(decoding: bytes[start..<i], as: UTF8.self)
      if isInt, let n = Int(text) { return .int(n) }
      if isInt, let path {
        inexact.append(
          Inexact(pointer: path, literal: text, line: 1 + bytes[..<start].lazy.filter { $0 == 10 }.count))
      }
      guard let d = Double(text), d.isFinite else {
        i = start
        throw error("number out of range")
      }
      return .double(d)
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      // four hex digits (UInt32(_:radix:) would also take a sign)
      guard i + 4 <= bytes.count, bytes[i..<i + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
      else { throw error("bad \\u escape") }
      i += 4
      return v
    }

    mutating func string() throws(ParseError) -> String {
      i += 1
      var out: [UInt8] = []
      while i < bytes.count {
        let c = bytes[i]
        i += 1
        if c == UInt8(ascii: "\"") {
          guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
          return s
        }
        if c < 0x20 { throw error("control character in string") }
        if c != UInt8(ascii: "\\") {
          out.append(c)
          continue
        }
        guard i < bytes.count else { break }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): out.append(e)
        case UInt8(ascii: "u"):
          var code = try hex4()
          // a high surrogate takes the low one after it; alone, either is
          // refused (no text holds it, and U+FFFD in its place would change
          // the value without a word)
          if (0xD800..<0xDC00).contains(code), i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          {
            let back = i
            i += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
              i = back
            }
          }
          guard let scalar = Unicode.Scalar(code) else {
            let hex = String(code, radix: 16)
            throw error("a lone surrogate (\\u\(String(repeating: "0", count: 4 - hex.count) + hex)) in a string")
          }
          out.append(contentsOf: Array(String(scalar).utf8))
        default: throw error("bad escape in string")
        }
      }
      throw error("unterminated string")
    }
  }
}

/// Where `JSON.write` puts its bytes: a count (to measure), then the text's buffer.
protocol ByteSink {
  mutating func append(_ byte: UInt8)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
  /// The bytes of `s`.
  @inline(__always)
  mutating func append(_ s: String) {
    if s.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      for b in s.utf8 { append(b) }
    }
  }
}

/// Counts the bytes it is given.
struct ByteCount: ByteSink {
  var count = 0
  mutating func append(_ byte: UInt8) { count += 1 }
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}

/// Writes bytes into a buffer measured for them (by `ByteCount`); stops the
/// program rather than write past its end.
struct ByteWriter: ByteSink {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var written = 0
  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  mutating func append(_ byte: UInt8) {
    precondition(written < buffer.count, "JSON: more bytes than measured")
    buffer[written] = byte
    written += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let from = bytes.baseAddress, let to = buffer.baseAddress else { return }
    precondition(bytes.count <= buffer.count - written, "JSON: more bytes than measured")
    (to + written).update(from: from, count: bytes.count)
    written += bytes.count
  }
}
