import FormCore

// The codecs class-table properties are made of: the same `OptionCodec`s as
// kind options (FormCore's KindOptions.swift), so a property is one line and
// its messages read like every other property's: `bad value for 'title' of
// the form (string expected, got boolean)`.

extension OptionCodec where T == String? {
  /// A string; nil clears it; a number is taken as its text (as Lua's `..` does).
  static var text: Self {
    Self(
      type: "string?",
      decode: { v, _ throws(OptionError) in
        switch v {
        case .null: return nil
        case .string(let s):
          if let why = Limits.tooLong(s) { throw OptionError(why) }
          return s
        case .int, .double: return Value.formatNumber(v.number ?? 0)
        default: throw .mismatch(expected: "string", got: v.luaType)
        }
      }, encode: { $0.map(Value.string) ?? .null })
  }
}

extension OptionCodec where T == String {
  /// A string that is never absent: nil sets "" (a row's title).
  static var title: Self {
    let text = OptionCodec<String?>.text
    return Self(
      type: "string", decode: { v, key throws(OptionError) in try text.decode(v, key) ?? "" }, encode: { .string($0) })
  }
}

extension OptionCodec where T == Bool {
  /// `true` or `false`, in lauxlib's words when it is neither.
  static var flag: Self {
    Self(
      type: "boolean",
      decode: { v, _ throws(OptionError) in
        guard case .bool(let b) = v else { throw .mismatch(expected: "boolean", got: v.luaType) }
        return b
      }, encode: { .bool($0) })
  }
}

extension OptionCodec where T: RawRepresentable & CaseIterable, T.RawValue == String {
  /// One of the enumeration's names, as `luaL_checkoption` reads one; nil sets `empty`.
  static func choice(empty: T) -> Self {
    let names = T.allCases.map(\.rawValue)
    return Self(
      type: names.map { "\"\($0)\"" }.joined(separator: "|"),
      decode: { v, _ throws(OptionError) in
        if v.isNull { return empty }
        guard let s = v.string else { throw .mismatch(expected: "string", got: v.luaType) }
        guard let t = T(rawValue: s) else {
          throw OptionError("invalid option '\(short(s))' (expected \(listing(names)))")
        }
        return t
      }, encode: { .string($0.rawValue) })
  }
}

extension OptionCodec where T == [String: String] {
  /// `{ name = "text", … }` (nil or `{}`: none); `what` words the table and
  /// `value` one of its values in messages.
  static func strings(of what: String, value: String) -> Self {
    Self(
      type: "table<string, string>",
      decode: { v, _ throws(OptionError) in
        if v.isNull || v == .list([]) { return [:] }
        guard case .record(let fields) = v else {
          throw OptionError("a table of \(what) expected (got \(v.luaType))")
        }
        guard fields.count <= Limits.listEntries else {
          throw OptionError("too many entries (\(fields.count); at most \(Limits.listEntries))")
        }
        var out: [String: String] = [:]
        for f in fields {
          guard let text = f.value.string else {
            throw OptionError("the \(value) for '\(short(f.key))' must be a string (got \(f.value.luaType))")
          }
          if let why = Limits.tooLong(text) ?? Limits.tooLong(f.key) {
            throw OptionError("the \(value) for '\(short(f.key))' is \(why)")
          }
          out[f.key] = text
        }
        return out
      }, encode: { table in .record(table.keys.sorted().map { .init($0, .string(table[$0] ?? "")) }) })
  }
}

extension OptionCodec where T == [String] {
  /// A list of strings; one string is a list of one; nil is none.
  static var stringList: Self {
    Self(
      type: "string[]",
      decode: { v, _ throws(OptionError) in
        let items: [Value] = v.isNull ? [] : v.list ?? [v]
        guard items.count <= Limits.listEntries else {
          throw OptionError("too many entries (\(items.count); at most \(Limits.listEntries))")
        }
        var out: [String] = []
        for item in items {
          guard let s = item.string else { throw OptionError("strings expected (got \(item.luaType))") }
          if let why = Limits.tooLong(s) { throw OptionError("'\(short(s))' is \(why)") }
          out.append(s)
        }
        return out
      }, encode: { .list($0.map(Value.string)) })
  }
}

extension Value {
  /// The Lua type a value came from (`nil`, `boolean`, `number`, `string`, `table`).
  var luaType: String {
    switch self {
    case .null: return "nil"
    case .bool: return "boolean"
    case .int, .double: return "number"
    case .string: return "string"
    case .list, .record: return "table"
    }
  }
}

/// `a, b or c`.
func listing(_ words: [String]) -> String {
  guard words.count > 1 else { return words.first ?? "" }
  return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
}
