import FormCore

/// Values written as Lua literals (for the REPL, descriptions and the reference).
enum Literal {
  static func lua(_ v: Value) -> String {
    switch v {
    case .null: return "nil"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .double(let d): return Value.formatNumber(d)
    case .string(let s): return quote(s)
    case .list(let l): return "{ " + l.map(lua).joined(separator: ", ") + " }"
    case .record(let f): return "{ " + f.map { "\($0.key) = \(lua($0.value))" }.joined(separator: ", ") + " }"
    }
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default:
        if u.value < 0x20 || u.value == 0x7f { out += "\\\(u.value)" } else { out.unicodeScalars.append(u) }
      }
    }
    return out + "\""
  }
}
