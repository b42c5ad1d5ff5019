import FormCore

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
struct ShellOutput: OutputFormat {
  var name: String { "sh" }
  var summary: String { "name='value' lines for eval" }

  func render(_ values: [Value.Field]) -> String { Self.lines(values).map { $0 + "\n" }.joined() }

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
        out.append(n + "=" + quote(OutputFormats.plain(value) ?? ""))
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
