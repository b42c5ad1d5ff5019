/// Decimal numbers as users type them (`42`, `-3.5`, `+.25`), read and written
/// without Foundation. No exponents, separators, `inf` or `nan`.
struct NumberText: Equatable, Sendable {
  var value: Double
  /// true when the text had no decimal point
  var isInteger: Bool
  /// digits after the point, trailing zeros not counted (`2.50` → 1)
  var decimals: Int
  /// the exact value when it is a whole number an Int holds (`12345678901234567`
  /// has no Double of its own), else nil
  var integer: Int?
  /// true when the text is not 0 but too close to it for a Double (`1e-400`
  /// written out): it would read as 0
  var vanishes = false

  /// Read a trimmed number, or nil when it is not one.
  static func read(_ text: String) -> NumberText? {
    let t = text.trimmingSpaces
    var body = Substring(t)
    if body.first == "+" || body.first == "-" { body.removeFirst() }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      parts.contains(where: { !$0.isEmpty }), parts.count <= 2
    else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard let v = Double(t.hasPrefix("+") ? String(t.dropFirst()) : t) else { return nil }
    let significant = fraction.reversed().drop { $0 == "0" }.count
    let whole = parts[0].isEmpty ? "0" : parts[0]
    let exact = significant == 0 ? Int((t.hasPrefix("-") ? "-" : "") + whole) : nil
    let vanishes = v == 0 && body.contains { $0 >= "1" && $0 <= "9" }
    return NumberText(value: v, isInteger: parts.count == 1, decimals: significant, integer: exact, vanishes: vanishes)
  }

  /// Why a text that is no 0 would be read as 0, for `name`'s message; nil
  /// when it is held. A long text is shown by its ends.
  func vanished(_ text: String, for item: Item) -> String? {
    guard vanishes else { return nil }
    let t = text.trimmingSpaces
    let shown =
      t.count <= 40
      ? t : item.say("number.characters", ["text": t.prefix(24) + "…" + t.suffix(8), "count": String(t.count)])
    return item.say("number.too_close", ["got": shown])
  }

  /// `x` in its shortest digits that read back the same, never with an
  /// exponent (`1e-07` → `0.0000001`, `3.0` → `3`), so that `read` takes it.
  static func plain(_ x: Double) -> String {
    guard x.isFinite else { return Value.formatNumber(x) }
    // a whole number an Int holds is written exactly: above 2^53 the shortest
    // digits (134567890126453730) name another integer than the Double's own
    if x == x.rounded(), abs(x) < 0x1p63 { return (x.sign == .minus && x == 0 ? "-" : "") + String(Int(x)) }
    let s = "\(x)"
    guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(s[s.index(after: e)...]) else {
      return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
    var mantissa = s[..<e]
    var sign = ""
    if mantissa.first == "-" {
      sign = "-"
      mantissa.removeFirst()
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
    var point = parts[0].count + exponent
    if point <= 0 {
      digits = String(repeating: "0", count: 1 - point) + digits
      point = 1
    }
    if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
    var fraction = digits.dropFirst(point)
    while fraction.last == "0" { fraction.removeLast() }
    return sign + digits.prefix(point) + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// `x` written with exactly `decimals` digits after the point (`2.5`, 2 → `2.50`).
  static func fixed(_ x: Double, decimals: Int) -> String {
    guard decimals > 0, x.isFinite else { return Value.formatNumber(x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(x) * scale).rounded()
    guard scaled < 9e15 else { return plain(x) }
    let n = Int(scaled)
    let unit = Int(scale)
    let sign = x < 0 && n != 0 ? "-" : ""
    return sign + String(n / unit) + "." + pad(n % unit, decimals)
  }

  /// `x` rounded to `decimals` digits after the point (to drop binary noise: 0.30000000000000004 → 0.3).
  static func round(_ x: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    let r = (x * scale).rounded() / scale
    return r.isFinite ? r : x
  }

  /// ` from 2 to 500`, ` of at least 0`, ` of at most 9`, or nothing: a
  /// number's bounds as a phrase goes on after a noun (`a number from 2 to 500`).
  static func rangeWords(_ low: Double?, _ high: Double?, _ c: Catalogue = .english) -> String {
    switch (low.map(Value.formatNumber), high.map(Value.formatNumber)) {
    case (let l?, let h?): return c.say("number.from_to", ["min": l, "max": h])
    case (let l?, nil): return c.say("number.at_least_words", ["min": l])
    case (nil, let h?): return c.say("number.at_most_words", ["max": h])
    case (nil, nil): return ""
    }
  }

  /// A number value as it is typed back: whole numbers exactly, others in
  /// their shortest digits (`read` takes both); nil for anything else.
  static func typed(_ value: Value) -> String? {
    switch value {
    case .int(let n): return String(n)
    case .double(let x): return plain(x)
    default: return nil
    }
  }

  /// Digits after the point in the shortest writing of `x` (0.25 → 2).
  static func decimals(of x: Double) -> Int {
    let s = Value.formatNumber(x)
    guard let dot = s.firstIndex(of: ".") else { return 0 }
    return s[s.index(after: dot)...].prefix { $0.isNumber }.count
  }
}
