/// A Lua pattern as the ECMA-262 regular expression that matches exactly the
/// same strings, when there is one. Lua matches bytes and ECMA-262 code
/// points, so only what reads the same either way converts: literal text,
/// `^` and `$` anchors, the ASCII classes `%a %d %l %u %w %x %s %p %c` and
/// sets of them and of ASCII ranges, each with `*`, `+`, `-` or `?`. A `.`, a
/// negated class or set (either matches one byte of a longer character), `%b`,
/// `%f` and captures do not: nil.
enum LuaToECMA {
  static let classes: [Character: String] = [
    "a": "A-Za-z", "d": "0-9", "l": "a-z", "u": "A-Z", "w": "A-Za-z0-9", "x": "0-9A-Fa-f",
    "s": "\\t\\n\\v\\f\\r ", "p": "!-/:-@\\[-`{-~", "c": "\\x00-\\x1f\\x7f",
  ]
  static let special = Set("\\^$.|?*+()[]{}/-")

  static func escape(_ c: Character) -> String { special.contains(c) ? "\\" + String(c) : String(c) }

  static func convert(_ lua: String) -> String? {
    var out = ""
    var chars = Array(lua)[...]
    if chars.first == "^" {
      out += "^"
      chars = chars.dropFirst()
    }
    while let c = chars.popFirst() {
      var atom: String
      switch c {
      case "$" where chars.isEmpty:
        out += "$"
        continue
      case "%":
        guard let e = chars.popFirst() else { return nil }
        if let cls = classes[e] {
          atom = "[" + cls + "]"
        } else if !e.isLetter && !e.isNumber && e.isASCII {
          atom = escape(e)
        } else {
          return nil
        }
      case "[":
        guard chars.first != "^" else { return nil }
        var set = ""
        var closed = false
        var first = true
        while let d = chars.popFirst() {
          if d == "]" && !first {
            closed = true
            break
          }
          first = false
          if d == "%" {
            guard let e = chars.popFirst() else { return nil }
            if let cls = classes[e] {
              set += cls
            } else if !e.isLetter && !e.isNumber && e.isASCII {
              set += "\\" + String(e)
            } else {
              return nil
            }
          } else if chars.count >= 2, chars.first == "-", chars.dropFirst().first != "]" {
            let hi = chars.dropFirst().first!
            guard d.isASCII, hi.isASCII else { return nil }
            chars = chars.dropFirst(2)
            set +=
              (d == "\\" || d == "]" || d == "^" || d == "-" ? "\\" : "") + String(d) + "-"
              + (hi == "\\" || hi == "]" ? "\\" : "") + String(hi)
          } else {
            guard d.isASCII else { return nil }
            set += d == "\\" || d == "]" || d == "[" || d == "^" || d == "-" ? "\\" + String(d) : String(d)
          }
        }
        guard closed else { return nil }
        atom = "[" + set + "]"
      case ".", "(", ")": return nil
      default:
        atom = escape(c)
      }
      if let q = chars.first, "*+-?".contains(q) {
        chars = chars.dropFirst()
        // a quantifier binds to one byte: only a one-byte atom keeps its meaning
        if !atom.hasPrefix("["), !(c.isASCII) { return nil }
        atom += q == "-" ? "*?" : String(q)
      }
      out += atom
    }
    return out
  }
}
