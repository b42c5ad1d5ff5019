/// A value held by an item: what Lua sees and what JSON carries.
public enum Value: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([Value])
  /// A record keeps its keys in the order they were given (JSON output is stable).
  case record([Field])

  /// One key and its value in a record.
  public struct Field: Equatable, Sendable {
    /// The record key.
    public var key: String
    /// The value under the key.
    public var value: Value
    /// A field from its key and value.
    public init(_ key: String, _ value: Value) {
      self.key = key
      self.value = value
    }
  }

  /// True for `.null` only.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// True for null, an empty string or list, or a string of only spaces —
  /// what `presence` refuses.
  public var isBlank: Bool {
    switch self {
    case .null: return true
    case .string(let s): return s.allSatisfy { $0.isWhitespace }
    case .list(let l): return l.isEmpty
    case .record(let r): return r.allSatisfy { $0.value.isBlank }
    default: return false
    }
  }

  /// The string of a `.string`, nil for any other case.
  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// An `.int` or `.double` as a Double, nil for any other case.
  public var number: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .double(let d): return d
    default: return nil
    }
  }

  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The elements of a `.list`, nil for any other case.
  public var list: [Value]? {
    if case .list(let l) = self { return l }
    return nil
  }

  /// The value under `key` in a `.record`, nil when absent or not a record.
  public subscript(key: String) -> Value? {
    if case .record(let fields) = self { return fields.first { $0.key == key }?.value }
    return nil
  }

  /// The name of the value's type in Lua's words, for messages.
  public var typeName: String {
    switch self {
    case .null: return "nil"
    case .bool: return "boolean"
    case .int, .double: return "number"
    case .string: return "string"
    case .list, .record: return "table"
    }
  }
}

extension Value {
  /// The value as plain words, unsanitised: text as it is, `yes`/`no`,
  /// numbers in their shortest form, lists joined by commas (`none` when
  /// empty), a record's fields as `key value`.
  public var words: String {
    switch self {
    case .null: return "empty"
    case .bool(let b): return b ? "yes" : "no"
    case .int, .double: return Value.formatNumber(number!)
    case .string(let s): return s
    case .list(let l): return l.isEmpty ? "none" : l.map(\.words).joined(separator: ", ")
    case .record(let f): return f.map { $0.key + " " + $0.value.words }.joined(separator: ", ")
    }
  }

  /// A number in the shortest form that reads back the same: `3`, `2.5`.
  public static func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d < 0 ? "-inf" : "inf" }
    // whole numbers a Double holds exactly (to 2^53) without a point, as typed;
    // beyond, Swift's shortest form (`1e+16`)
    if d == d.rounded(), abs(d) <= 0x1p53 { return String(Int(d)) }
    return "\(d)"
  }
}
