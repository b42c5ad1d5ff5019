extension StringProtocol {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  public var trimmingSpaces: String {
    // most text has no space or tab at either end: kept as it is (a
    // String is then not copied through a Substring)
    if let f = first, f != " ", f != "\t", let l = last, l != " ", l != "\t" { return String(self) }
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
