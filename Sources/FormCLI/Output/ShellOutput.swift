import FormCore

/// `--format sh`: one `name='value'` line per variable.
///
/// - A value is written in single quotes, each `'` inside as `'\''`, so `eval`
///   sets the text exactly (quotes, `$( )`, backquotes, newlines, tabs) and
///   runs nothing. Control characters other than newline and tab are written
///   out as stderr shows them (`\e`, `\x07`, `\u{202E}`: `OutputFormats.visible`),
///   so the lines cannot drive a terminal they are shown on.
/// - A name is made a shell identifier: an ASCII letter, digit or `_` stays,
///   any other ASCII character becomes `_`, a character beyond ASCII its code
///   (`_u540d` for 名), and `_` goes first when it would start with a digit
///   (`first-name` → `first_name`, `2fa` → `_2fa`). A name of no letter or
///   digit is written all as codes (`_` → `_u005f`; the empty one is
///   `_empty`): the shell itself sets `_`. When a name is already used by an
///   earlier line, `_` is appended until it is free.
/// - A list sets `NAME_count` and `NAME_1`, `NAME_2`, …; a table of named
///   fields (a credit card) sets `NAME_KEY` for each key (`card_number`).
/// - `nil` is `''`; booleans are `true`/`false`; numbers as in JSON.
struct ShellOutput: OutputFormat {
  var name: String { "sh" }
  var summary: String { "name='value' lines for eval" }

  func render(_ values: [Value.Field]) -> String { Self.lines(WholeDocument.named(values)).map { $0 + "\n" }.joined() }

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
        out.append(n + "=" + quote(OutputFormats.visible(OutputFormats.plain(value) ?? "")))
      }
    }
    for f in values { emit(identifier(f.key), f.value) }
    return out
  }

  /// `first-name` → `first_name`, `2fa` → `_2fa`, `名` → `_u540d`, `_` → `_u005f`.
  static func identifier(_ name: String) -> String {
    func code(_ u: Unicode.Scalar) -> String {
      let hex = String(u.value, radix: 16)
      return "_u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    func isLetterOrDigit(_ u: Unicode.Scalar) -> Bool {
      u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u))
    }
    if name.isEmpty { return "_empty" }
    // no letter or digit at all: `_`, `__`, `-` would all be made of underscores
    guard name.unicodeScalars.contains(where: { isLetterOrDigit($0) || !$0.isASCII }) else {
      return name.unicodeScalars.map(code).joined()
    }
    var s = ""
    for u in name.unicodeScalars {
      if isLetterOrDigit(u) || u == "_" {
        s.unicodeScalars.append(u)
      } else {
        s += u.isASCII ? "_" : code(u)
      }
    }
    if s.first!.isNumber { s = "_" + s }
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
