extension String {
  /// Without leading and trailing spaces and tabs (Foundation-free). (The
  /// StringProtocol one, called from another module, runs unspecialised.)
  public var trimmingSpaces: String { trimmed(self) }
}

extension Substring {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  public var trimmingSpaces: String { trimmed(self) }
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
