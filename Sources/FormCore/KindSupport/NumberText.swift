/// Decimal numbers as users type them (`42`, `-3.5`, `+.25`), read and written
/// without Foundation. No exponents, separators, `inf` or `nan`.
public struct NumberText: Equatable, Sendable {
  public var value: Double
  /// true when the text had no decimal point
  public var isInteger: Bool
  /// digits after the point, trailing zeros not counted (`2.50` → 1)
  public var decimals: Int

  /// Read a trimmed number, or nil when it is not one.
  public static func read(_ text: String) -> NumberText? {
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
    return NumberText(value: v, isInteger: parts.count == 1, decimals: significant)
  }

  /// `x` written with exactly `decimals` digits after the point (`2.5`, 2 → `2.50`).
  public static func fixed(_ x: Double, decimals: Int) -> String {
    guard decimals > 0, x.isFinite else { return Value.formatNumber(x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(x) * scale).rounded()
    guard scaled < 9e15 else { return Value.formatNumber(x) }
    let n = Int(scaled)
    let unit = Int(scale)
    let sign = x < 0 && n != 0 ? "-" : ""
    return sign + String(n / unit) + "." + pad(n % unit, decimals)
  }

  /// `x` rounded to `decimals` digits after the point (to drop binary noise: 0.30000000000000004 → 0.3).
  public static func round(_ x: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    let r = (x * scale).rounded() / scale
    return r.isFinite ? r : x
  }

  /// Digits after the point in the shortest writing of `x` (0.25 → 2).
  public static func decimals(of x: Double) -> Int {
    let s = Value.formatNumber(x)
    guard let dot = s.firstIndex(of: ".") else { return 0 }
    return s[s.index(after: dot)...].prefix { $0.isNumber }.count
  }
}
