/// One escaper, with a dialect for each reader of formrun's text: JSON,
/// `--format tsv`, the history file, Lua literals, and what stderr shows.
///
/// A dialect is data: the characters it writes as a backslash and a letter
/// (`named`), the ranges of characters it writes as a number (`numbered`),
/// and how it writes a number. Every other character stays as it is.
///
/// This module imports nothing, so both FormCore (JSON, what a message
/// shows) and FormTerminal (the history file), which know nothing of each
/// other, escape with it. (A class: each use reads the shared tables, where
/// a struct would copy, retain and release its arrays at every call.)
public final class Escaper: Sendable {
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
  /// The named characters' code points and escapes, apart (no tuple copied to look one up).
  let namedScalars: [UInt32]
  let namedEscapes: [String]
  /// For each byte of UTF-8: 0 nothing to do, 1 an ASCII character this
  /// dialect escapes, 2 the first byte of a longer character it may escape
  /// (only then is the character decoded; a continuation byte is never 2).
  let bytes: [UInt8]
  /// The characters past ASCII it escapes, as sorted bounds: first, last, first, last…
  let wide: [UInt32]

  public init(named: [(Unicode.Scalar, String)], numbered: [ClosedRange<UInt32>], number: Number) {
    self.named = named
    self.numbered = numbered
    self.number = number
    var ascii = [UInt8](repeating: 0, count: 128)
    for code in 0..<128 where numbered.contains(where: { $0.contains(UInt32(code)) }) { ascii[code] = 1 }
    for (k, (u, _)) in named.enumerated() where u.isASCII { ascii[Int(u.value)] = UInt8(k + 2) }
    self.ascii = ascii
    namedScalars = named.map(\.0.value)
    namedEscapes = named.map(\.1)
    var bytes = ascii.map { $0 == 0 ? UInt8(0) : 1 } + [UInt8](repeating: 0, count: 128)
    // UTF-8's first byte grows with the code point: the longer characters
    // of a range start with the bytes from its first one's to its last one's
    for r in numbered + namedScalars.map({ $0...$0 }) where r.upperBound >= 0x80 {
      for b in Self.firstByte(max(r.lowerBound, 0x80))...Self.firstByte(r.upperBound) { bytes[Int(b)] = 2 }
    }
    self.bytes = bytes
    var wide: [UInt32] = []
    for r in (numbered + namedScalars.map { $0...$0 }).sorted(by: { $0.lowerBound < $1.lowerBound })
    where r.upperBound >= 0x80 {
      let first = max(r.lowerBound, 0x80)
      if let last = wide.last, first <= last &+ 1 {
        wide[wide.count - 1] = max(last, r.upperBound)
      } else {
        wide += [first, r.upperBound]
      }
    }
    self.wide = wide
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

  /// `text` as this dialect writes it, in order: each run of its UTF-8
  /// that stays as it is to `plain`, each escape to `escaped`. One byte
  /// loop: a character is decoded only when its first byte may start an
  /// escaped one (`’` is looked at, `é` is not), and a text holding
  /// nothing to escape is one run.
  public func write(
    _ text: String, plain: (UnsafeBufferPointer<UInt8>) -> Void, escaped: (String) -> Void
  ) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { text in
      bytes.withUnsafeBufferPointer { kinds in
        wide.withUnsafeBufferPointer { wide in
          var run = 0
          var i = 0
          while i < text.count {
            let kind = kinds[Int(text[i])]
            if kind == 0 {
              i += 1
              continue
            }
            let (v, length) = kind == 1 ? (UInt32(text[i]), 1) : Self.decode(text, at: i)
            let digitFollows = i + length < text.count && (0x30...0x39).contains(text[i + length])
            if kind == 1 || Self.holds(wide, v), let e = replacement(v, digitFollows: digitFollows) {
              if run < i { plain(UnsafeBufferPointer(rebasing: text[run..<i])) }
              escaped(e)
              run = i + length
            }
            i += length
          }
          if run < text.count { plain(UnsafeBufferPointer(rebasing: text[run...])) }
        }
      }
    }
    if done != nil { return }
    // a text not stored as contiguous UTF-8 (rare): character by character
    var scalars = text.unicodeScalars.makeIterator()
    var current = scalars.next()
    while let u = current {
      let next = scalars.next()
      if let e = replacement(for: u, before: next) {
        escaped(e)
      } else {
        var one = String(u)
        one.withUTF8 { plain($0) }
      }
      current = next
    }
  }

  /// The character that starts at `i` (a first byte past ASCII) and its length in bytes.
  @inline(__always)
  static func decode(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b = text[i]
    let length = min(b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2, text.count - i)
    var v = UInt32(b) & (b >= 0xF0 ? 0x07 : b >= 0xE0 ? 0x0F : 0x1F)
    for k in 1..<max(length, 1) { v = v << 6 | UInt32(text[i + k] & 0x3F) }
    return (v, length)
  }

  /// Whether `v` lies within one of the sorted bounds (first, last, first, last…).
  @inline(__always)
  static func holds(_ bounds: UnsafeBufferPointer<UInt32>, _ v: UInt32) -> Bool {
    var k = 0
    while k + 1 < bounds.count, v >= bounds[k] {
      if v <= bounds[k + 1] { return true }
      k += 2
    }
    return false
  }

  /// The UTF-8 offset of the first character of `text` this dialect escapes; nil when none.
  func firstEscaped(_ text: String) -> Int? {
    var offset = 0
    var found: Int?
    write(text, plain: { offset += $0.count }, escaped: { _ in if found == nil { found = offset } })
    return found
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
    let v = u.value
    if v < 0x80 { return ascii[Int(v)] != 0 }
    return numbered.contains { $0.contains(v) } || namedScalars.contains(v)
  }

  /// How `u` is written, before `next`; nil when it stays as it is.
  public func replacement(for u: Unicode.Scalar, before next: Unicode.Scalar? = nil) -> String? {
    replacement(u.value, digitFollows: next.map { (0x30...0x39).contains($0.value) } ?? false)
  }

  /// How code point `v` is written (`digitFollows`: a digit comes next); nil when it stays.
  func replacement(_ v: UInt32, digitFollows: Bool) -> String? {
    if v < 0x80 {
      switch ascii[Int(v)] {
      case 0: return nil
      case 1: break
      case let k: return namedEscapes[Int(k) - 2]
      }
    } else if let k = namedScalars.firstIndex(of: v) {
      return namedEscapes[k]
    } else if !numbered.contains(where: { $0.contains(v) }) {
      return nil
    }
    switch number {
    case .json: return "\\u" + Self.padded(String(v, radix: 16), 4)
    case .shown:
      let hex = String(v, radix: 16, uppercase: true)
      return v < 0x100 ? "\\x" + Self.padded(hex, 2) : "\\u{" + hex + "}"
    case .decimal: return "\\" + (digitFollows ? Self.padded(String(v), 3) : String(v))
    }
  }

  /// `text` with every character this dialect escapes written out.
  public func escape(_ text: String) -> String {
    // made at the first escape: a text holding none is kept, not copied
    var out: String?
    var before = 0
    write(
      text,
      plain: { run in
        if out == nil { before = run.count } else { out! += String(decoding: run, as: UTF8.self) }
      },
      escaped: { e in
        if out == nil {
          out = String(decoding: text.utf8.prefix(before), as: UTF8.self)
          out!.reserveCapacity(text.utf8.count + 8)
        }
        out! += e
      })
    return out ?? text
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
        guard let k = namedEscapes.firstIndex(where: { $0.unicodeScalars.dropFirst().elementsEqual([u]) }) else {
          return nil
        }
        out.append(Unicode.Scalar(namedScalars[k])!)
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
