/// HTML made as bytes: every text from a script or a person goes through
/// `text` or `attribute`, which escape it, so an author's `<b>` shows as
/// `<b>` and never becomes markup; only the page's own markup goes in raw.
struct HTML {
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(4096) }

  /// The page's own markup, as it is (never text from a script or a person).
  mutating func raw(_ markup: StaticString) {
    markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Markup this file made (an id, a number): as it is.
  mutating func trusted(_ markup: String) { bytes.append(contentsOf: markup.utf8) }

  /// Text, escaped for an element's content: `&`, `<`, `>`; control
  /// characters but newline and tab left out (a browser would show them as boxes).
  mutating func text(_ text: String) { Self.escape(text, into: &bytes, quotes: false) }

  /// Text, escaped for a quoted attribute's value: `&`, `<`, `>`, `"`, `'`.
  mutating func attribute(_ text: String) { Self.escape(text, into: &bytes, quotes: true) }

  /// ` name="value"` with the value escaped.
  mutating func attribute(_ name: StaticString, _ value: String) {
    raw(" ")
    raw(name)
    raw("=\"")
    attribute(value)
    raw("\"")
  }

  /// Everything made, as a string.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  static func escape(_ text: String, into out: inout [UInt8], quotes: Bool) {
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\"") where quotes: out.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'") where quotes: out.append(contentsOf: "&#39;".utf8)
      case 0x0A, 0x09: out.append(b)
      case 0x0D where !quotes: out.append(b)
      case 0..<0x20, 0x7F: continue
      default: out.append(b)
      }
    }
  }

  /// `text` escaped, as a string (tests, JSON answers).
  static func escaped(_ text: String) -> String {
    var out: [UInt8] = []
    escape(text, into: &out, quotes: true)
    return String(decoding: out, as: UTF8.self)
  }
}
