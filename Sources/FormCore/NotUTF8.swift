/// Bytes that should be UTF-8 text and are not: where they stop being it,
/// and how a message shows them (inlinable: a generic left unspecialized
/// across modules looks its conformances up at run time, 100k instructions
/// for the arguments of every start). Every way text comes in (arguments,
/// answers files, drafts, a script's strings) refuses such bytes naming the
/// first bad one, rather than read it as U+FFFD.
public enum NotUTF8 {
  /// The first byte of `bytes` that does not start (or continue) a valid
  /// UTF-8 sequence: its offset and value; nil when all are UTF-8.
  @inlinable public static func firstInvalid(_ bytes: some Collection<UInt8>) -> (offset: Int, byte: UInt8)? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return (offset, bytes[bytes.index(bytes.startIndex, offsetBy: offset)])
      }
    }
  }

  /// The bytes as text for a message: valid UTF-8 as it reads (control
  /// characters written out), every other byte as `\xHH`; cut after
  /// `limit` characters, saying how many bytes more there were.
  @inlinable public static func shown(_ bytes: some Collection<UInt8>, limit: Int = .max) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    let all = Array(bytes)
    var offset = 0
    var out = ""
    var characters = 0
    while true {
      if characters >= limit, offset < all.count {
        let more = all.count - offset
        return out + "… (\(more) more byte\(more == 1 ? "" : "s"))"
      }
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        out += Cells.sanitize(String(decoding: encoded, as: UTF8.self))
        offset += encoded.count
      case .emptyInput: return out
      case .error(let length):
        for b in all[offset..<offset + length] { out += "\\x" + hex(b) }
        offset += length
      }
      characters += 1
    }
  }

  /// ` (byte 0xFF at offset 12)`: where text stops being UTF-8.
  @inlinable public static func `where`(_ bad: (offset: Int, byte: UInt8)) -> String {
    " (byte 0x\(hex(bad.byte)) at offset \(bad.offset))"
  }

  /// `'a\xFF' is not valid UTF-8 (byte 0xFF at offset 1)`; nil when it is.
  @inlinable public static func problem(_ bytes: some Collection<UInt8>) -> String? {
    guard let bad = firstInvalid(bytes) else { return nil }
    return "'\(shown(bytes, limit: 60))' is not valid UTF-8" + `where`(bad)
  }

  /// Two capital hexadecimal figures.
  @inlinable public static func hex(_ b: UInt8) -> String {
    (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
  }
}
