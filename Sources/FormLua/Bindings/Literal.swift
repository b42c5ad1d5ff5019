import FormCore
import FormEscape

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

  /// A string as Lua reads it back: `"\1" .. "2"` is `"\0012"`, as `%q` writes it.
  static func quote(_ s: String) -> String { "\"" + Escaper.lua.escape(s) + "\"" }
}
