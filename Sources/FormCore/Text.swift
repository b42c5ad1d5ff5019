extension String {
  /// Without leading and trailing spaces and tabs (Foundation-free). (The
  /// StringProtocol one, called from another module, runs unspecialised.)
  public var trimmingSpaces: String {
    var s = self
    return s.withUTF8 { trimmedASCII($0, whole: self) } ?? trimmed(self)
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  public var trimmingSpaces: String {
    var s = self
    return s.withUTF8 { trimmedASCII($0, whole: nil) } ?? trimmed(self)
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  public var trimmingSpaces: String { trimmed(self) }
}

@inline(__always)
private func trimmed(_ text: some StringProtocol) -> String {
  // most text has no space or tab at either end: kept as it is (a String
  // is then not copied through a Substring)
  if let f = text.first, f != " ", f != "\t", let l = text.last, l != " ", l != "\t" { return String(text) }
  var s = Substring(text)
  while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
  while let l = s.last, l == " " || l == "\t" { s.removeLast() }
  return String(s)
}

/// ASCII text without its spaces and tabs at either end, read byte by byte
/// (a byte is a character in ASCII text, so this is what the characters'
/// way gives); `whole` when nothing is cut; nil when the text is not ASCII.
@inline(__always)
private func trimmedASCII(_ bytes: UnsafeBufferPointer<UInt8>, whole: String?) -> String? {
  for b in bytes where b >= 0x80 { return nil }
  var lo = 0
  var hi = bytes.count
  while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
  while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
  if lo == 0, hi == bytes.count, let whole { return whole }
  return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
}
