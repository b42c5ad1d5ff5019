import FormCore
import FormEscape

/// `--format tsv`: `name<TAB>value` lines.
///
/// - Names and values are escaped: `\` as `\\`, tab as `\t`, newline as `\n`,
///   carriage return as `\r`, NUL as `\0`, and every other control
///   character, line separator and bidi control as stderr shows it (`\e`,
///   `\x07`, `\u{202E}`), so a line can never drive a terminal; nothing else changes.
/// - A list gives one line per element, each with the item's name (none when
///   empty); a table of named fields gives `NAME.KEY` lines (`card.number`).
/// - `nil` is an empty value; booleans are `true`/`false`; numbers as in JSON.
struct TSVOutput: OutputFormat {
  var name: String { "tsv" }
  var summary: String { "name, tab, value lines" }

  func render(_ values: [Value.Field]) -> String { Self.lines(WholeDocument.named(values)).map { $0 + "\n" }.joined() }

  static func lines(_ values: [Value.Field]) -> [String] {
    var out: [String] = []
    func emit(_ name: String, _ value: Value) {
      switch value {
      case .list(let l): for v in l { emit(name, v) }
      case .record(let fields): for f in fields { emit(name + "." + escape(f.key), f.value) }
      default: out.append(name + "\t" + escape(OutputFormats.plain(value) ?? ""))
      }
    }
    for f in values { emit(escape(f.key), f.value) }
    return out
  }

  static func escape(_ text: String) -> String { Escaper.tsv.escape(text) }
}
