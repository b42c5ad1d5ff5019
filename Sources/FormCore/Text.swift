extension StringProtocol {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  public var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
