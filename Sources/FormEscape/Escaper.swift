/// One escaper, with a dialect for each reader of formrun's text: JSON,
/// `--format tsv`, the history file, Lua literals, and what stderr shows.
///
/// A dialect is data: the characters it writes as a backslash and a letter
/// (`named`), the ranges of characters it writes as a number (`numbered`),
/// and how it writes a number. Every other character stays as it is.
///
/// This module imports nothing, so both FormCore (JSON, what a message
/// shows) and FormTerminal (the history file), which know nothing of each
/// other, escape with it.
public struct Escaper: Sendable {
  /// How a numbered character is written.
  public enum Number: Sendable {
    /// `\u` and four lowercase hex digits: `\u001b` (JSON).
    case json
    /// `\x` and two uppercase hex digits below U+0100, else `\u{` hex `}`:
    /// `\x07`, `\u{202E}` (as stderr shows a character).
    case shown
    /// `\` and the decimal code, three digits when a digit follows, so that
    /// the digit is not read as part of it: `\1`, `\0012` (Lua's `%q`). A
    /// Lua escape is a byte: a dialect numbers only ASCII in this form.
    case decimal
  }

  /// Characters written as a short escape (`\n`, `\"`), each with its escape.
  public let named: [(Unicode.Scalar, String)]
  /// Characters written as a number, by ranges of code points.
  public let numbered: [ClosedRange<UInt32>]
  /// How `numbered` characters are written.
  public let number: Number
  /// For each ASCII code: 0 it stays, 1 it is numbered, k + 2 it is `named[k]`.
  let ascii: [UInt8]
  /// For each byte: whether a character this dialect escapes may start
  /// with it in UTF-8 (a text with none is kept whole, unlooked at).
  let mayStart: [Bool]

  public init(named: [(Unicode.Scalar, String)], numbered: [ClosedRange<UInt32>], number: Number) {
    self.named = named
    self.numbered = numbered
    self.number = number
    var ascii = [UInt8](repeating: 0, count: 128)
    for code in 0..<128 where numbered.contains(where: { $0.contains(UInt32(code)) }) { ascii[code] = 1 }
    for (k, (u, _)) in named.enumerated() where u.isASCII { ascii[Int(u.value)] = UInt8(k + 2) }
    self.ascii = ascii
    // UTF-8's first byte grows with the code point: a range's first bytes
    // are those from its first character's to its last's
    var mayStart = [Bool](repeating: false, count: 256)
    for r in numbered + named.map({ $0.0.value...$0.0.value }) {
      for b in Self.firstByte(r.lowerBound)...Self.firstByte(r.upperBound) { mayStart[Int(b)] = true }
    }
    self.mayStart = mayStart
  }

  /// The first byte of `v` in UTF-8.
  static func firstByte(_ v: UInt32) -> UInt8 {
    switch v {
    case ..<0x80: return UInt8(v)
    case ..<0x800: return UInt8(0xC0 | v >> 6)
    case ..<0x10000: return UInt8(0xE0 | v >> 12)
    default: return UInt8(truncatingIfNeeded: 0xF0 | v >> 18)
    }
  }

  /// True when no byte of `text` may start a character this dialect escapes.
  func keepsWhole(_ text: String) -> Bool {
    let table = mayStart
    if let kept = text.utf8.withContiguousStorageIfAvailable({ bytes in !bytes.contains { table[Int($0)] } }) {
      return kept
    }
    return !text.utf8.contains { table[Int($0)] }
  }

  /// The characters that could drive a terminal: C0 controls, DEL and the
  /// C1 controls, the line and paragraph separators, and the bidi controls
  /// (embeddings, overrides and isolates).
  public static let drivesTerminal: [ClosedRange<UInt32>] = [
    0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069,
  ]

  /// JSON strings (RFC 8259), with every character that could drive a
  /// terminal reading the JSON numbered too.
  public static let json = Escaper(
    named: [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t")],
    numbered: drivesTerminal, number: .json)

  /// A text as stderr shows it: nothing in it drives the terminal (a
  /// backslash stays, so this is for reading, not for reading back).
  public static let shown = Escaper(
    named: [("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r"), ("\u{1B}", "\\e")],
    numbered: drivesTerminal, number: .shown)

  /// `--format tsv`'s names and values: as stderr shows them, with the
  /// backslash and NUL written out too, so a line can be read back.
  public static let tsv = Escaper(
    named: [("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r"), ("\0", "\\0"), ("\u{1B}", "\\e")],
    numbered: drivesTerminal, number: .shown)

  /// A line of the history file: one entry a line, a tab after its section.
  public static let history = Escaper(
    named: [("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r")], numbered: [], number: .shown)

  /// A Lua string literal's insides, as `string.format("%q")` writes them
  /// (but a newline as `\n`): Lua reads it back as the same string.
  public static let lua = Escaper(
    named: [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n")], numbered: [0x00...0x1F, 0x7F...0x7F], number: .decimal)

  /// True when `u` is written otherwise than as itself.
  public func escapes(_ u: Unicode.Scalar) -> Bool {
    if u.isASCII { return ascii[Int(u.value)] != 0 }
    return named.contains { $0.0 == u } || numbered.contains { $0.contains(u.value) }
  }

  /// How `u` is written, before `next`; nil when it stays as it is.
  public func replacement(for u: Unicode.Scalar, before next: Unicode.Scalar? = nil) -> String? {
    let v = u.value
    if u.isASCII {
      switch ascii[Int(v)] {
      case 0: return nil
      case 1: break
      case let k: return named[Int(k) - 2].1
      }
    } else if let n = named.first(where: { $0.0 == u }) {
      return n.1
    } else if !numbered.contains(where: { $0.contains(v) }) {
      return nil
    }
    switch number {
    case .json: return "\\u" + Self.padded(String(v, radix: 16), 4)
    case .shown:
      let hex = String(v, radix: 16, uppercase: true)
      return v < 0x100 ? "\\x" + Self.padded(hex, 2) : "\\u{" + hex + "}"
    case .decimal:
      let digitFollows = next.map { (0x30...0x39).contains($0.value) } ?? false
      return "\\" + (digitFollows ? Self.padded(String(v), 3) : String(v))
    }
  }

  /// `text` with every character this dialect escapes written out.
  public func escape(_ text: String) -> String {
    if keepsWhole(text) || !text.unicodeScalars.contains(where: escapes) { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    var scalars = text.unicodeScalars.makeIterator()
    var current = scalars.next()
    while let u = current {
      let next = scalars.next()
      if let e = replacement(for: u, before: next) { out += e } else { out.unicodeScalars.append(u) }
      current = next
    }
    return out
  }

  /// What `escape` wrote, read back; nil when the text holds a backslash
  /// that no named escape starts (or one at its end). Numbered characters
  /// are not read back: the dialect read back (history) numbers none.
  public func unescape(_ text: String) -> String? {
    guard text.utf8.contains(0x5C) else { return text }
    var out = String.UnicodeScalarView()
    var escaped = false
    for u in text.unicodeScalars {
      if escaped {
        guard let n = named.first(where: { $0.1.unicodeScalars.dropFirst().elementsEqual([u]) }) else { return nil }
        out.append(n.0)
        escaped = false
      } else if u == "\\" {
        escaped = true
      } else {
        out.append(u)
      }
    }
    return escaped ? nil : String(out)
  }

  static func padded(_ digits: String, _ count: Int) -> String {
    digits.count >= count ? digits : String(repeating: "0", count: count - digits.count) + digits
  }
}
