import FormCore

/// One way to write the submitted values on stdout: `--format NAME` picks one
/// of `OutputFormats.all` by its name, `--field NAME` is `FieldOutput`. Pure:
/// values in, text out. A new format is one file here and a line in the
/// registry; `--format`'s choices, `--help` and the docs follow.
protocol OutputFormat: Sendable {
  /// What `--format` calls it (none for `--field`).
  var name: String { get }
  /// What it writes, for `--help` and the docs.
  var summary: String { get }
  /// The text written on stdout for these submitted values (ends with a
  /// newline unless there is nothing to write).
  func render(_ values: [Value.Field]) -> String
}

/// The formats `--format` knows, as busted finds its output handlers: by name.
enum OutputFormats {
  static let all: [any OutputFormat] = [JSONOutput(), ShellOutput(), TSVOutput()]

  /// The default: JSON.
  static let standard: any OutputFormat = JSONOutput()

  static var names: [String] { all.map { $0.name } }

  static func named(_ name: String) -> (any OutputFormat)? { all.first { $0.name == name } }

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

  /// Text that cannot drive the terminal stdout may be: every control
  /// character but newline and tab (C0, DEL, C1), line separator and bidi
  /// control written out as stderr shows them (`\e`, `\x07`, `\u{202E}`).
  /// `--set`, `--answers` and drafts refuse such values; a script's own
  /// values can still hold them. JSON escapes them its own way.
  static func visible(_ text: String) -> String { Cells.sanitizeLines(text).joined(separator: "\n") }
}
