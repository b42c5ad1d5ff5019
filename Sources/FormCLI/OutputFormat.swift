import FormCore
import FormTerminal

/// How the fill command writes the submitted values on stdout: `--format
/// json|sh|tsv`, or `--field NAME` for one value alone. Pure: values in, text out.
enum OutputFormat: String, CaseIterable {
  /// One JSON object on one line (the default).
  case json
  /// `name='value'` lines for POSIX `eval`.
  case sh
  /// `name<TAB>value` lines.
  case tsv

  /// The text written on stdout for these submitted values (ends with a newline
  /// unless there is nothing to write).
  func render(_ values: [Value.Field]) -> String {
    switch self {
    case .json: return JSON.encode(.record(values)) + "\n"
    case .sh: return ShellOutput.lines(values).map { $0 + "\n" }.joined()
    case .tsv: return TSVOutput.lines(values).map { $0 + "\n" }.joined()
    }
  }

  /// `--field NAME`: the value alone, raw. Text, numbers and booleans as they
  /// read (`true`/`false`); nothing for a missing or empty value; a list of
  /// plain values one per line; any other table as JSON. Always ends with a newline.
  static func field(_ name: String, in values: [Value.Field]) -> String {
    guard let v = values.first(where: { $0.key == name })?.value else { return "\n" }
    if let s = plain(v) { return s + "\n" }
    if case .list(let l) = v {
      let texts = l.compactMap(plain)
      if texts.count == l.count { return texts.map { $0 + "\n" }.joined() }
    }
    return JSON.encode(v) + "\n"
  }

  /// A scalar as text: strings as they are, numbers as JSON writes them,
  /// `true`/`false`, "" for none; nil for lists and records.
  static func plain(_ v: Value) -> String? {
    switch v {
    case .null: return ""
    case .bool(let b): return b ? "true" : "false"
    case .int, .double: return JSON.encode(v)
    case .string(let s): return s
    case .list, .record: return nil
    }
  }
}

/// `--format sh`: one `name='value'` line per variable.
///
/// - A value is written in single quotes, each `'` inside as `'\''`, so `eval`
///   sets the text exactly (quotes, `$( )`, backquotes, newlines) and runs nothing.
///   NUL characters are dropped: a shell variable cannot hold them.
/// - A name is made a shell identifier: every character other than an ASCII
///   letter, digit or `_` becomes `_`, and `_` goes first when it would start
///   with a digit (`first-name` → `first_name`, `2fa` → `_2fa`). When a name is
///   already used by an earlier line, `_` is appended until it is free.
/// - A list sets `NAME_count` and `NAME_1`, `NAME_2`, …; a table of named
///   fields (a credit card) sets `NAME_KEY` for each key (`card_number`).
/// - `nil` is `''`; booleans are `true`/`false`; numbers as in JSON.
enum ShellOutput {
  static func lines(_ values: [Value.Field]) -> [String] {
    var used: Set<String> = []
    var out: [String] = []
    func emit(_ name: String, _ value: Value) {
      switch value {
      case .list(let l):
        emit(name + "_count", .int(l.count))
        for (i, v) in l.enumerated() { emit(name + "_\(i + 1)", v) }
      case .record(let fields):
        for f in fields { emit(name + "_" + identifier(f.key), f.value) }
      default:
        var n = name
        while used.contains(n) { n += "_" }
        used.insert(n)
        out.append(n + "=" + quote(OutputFormat.plain(value) ?? ""))
      }
    }
    for f in values { emit(identifier(f.key), f.value) }
    return out
  }

  /// `first-name` → `first_name`, `2fa` → `_2fa`, `` → `_`.
  static func identifier(_ name: String) -> String {
    var s = String(
      name.unicodeScalars.map { u -> Character in
        (u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u))) || u == "_" ? Character(u) : "_"
      })
    if s.isEmpty || s.first!.isNumber { s = "_" + s }
    return s
  }

  /// `'it'\''s'`: POSIX single quotes, in which nothing is special but `'`.
  static func quote(_ text: String) -> String {
    var out = "'"
    for u in text.unicodeScalars where u != "\0" {
      if u == "'" { out += "'\\''" } else { out.unicodeScalars.append(u) }
    }
    return out + "'"
  }
}

/// `--format tsv`: `name<TAB>value` lines.
///
/// - Names and values are escaped: `\` as `\\`, tab as `\t`, newline as `\n`,
///   carriage return as `\r`, NUL as `\0`; nothing else changes.
/// - A list gives one line per element, each with the item's name (none when
///   empty); a table of named fields gives `NAME.KEY` lines (`card.number`).
/// - `nil` is an empty value; booleans are `true`/`false`; numbers as in JSON.
enum TSVOutput {
  static func lines(_ values: [Value.Field]) -> [String] {
    var out: [String] = []
    func emit(_ name: String, _ value: Value) {
      switch value {
      case .list(let l): for v in l { emit(name, v) }
      case .record(let fields): for f in fields { emit(name + "." + escape(f.key), f.value) }
      default: out.append(name + "\t" + escape(OutputFormat.plain(value) ?? ""))
      }
    }
    for f in values { emit(escape(f.key), f.value) }
    return out
  }

  static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { "\\\t\n\r\0".unicodeScalars.contains($0) }) else { return text }
    var out = ""
    for u in text.unicodeScalars {
      switch u {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\0": out += "\\0"
      default: out.unicodeScalars.append(u)
      }
    }
    return out
  }
}

extension FillOptions {
  /// What stdout gets for the submitted values, as `--format`/`--field` ask.
  func output(_ values: [Value.Field]) -> String {
    if let field { return OutputFormat.field(field, in: values) }
    return format.render(values)
  }
}
