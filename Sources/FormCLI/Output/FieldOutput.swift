import FormCore

/// `--field NAME`: the value alone, raw. Text, numbers and booleans as they
/// read (`true`/`false`); nothing for a missing or empty value; a list of
/// plain values one per line; any other table as JSON. Always ends with a newline.
struct FieldOutput: OutputFormat {
  /// The item whose value is written.
  var field: String
  var name: String { "" }
  var summary: String { "only the value of NAME, raw" }

  func render(_ values: [Value.Field]) -> String {
    guard let v = values.first(where: { $0.key == field })?.value else { return "\n" }
    if let s = OutputFormats.plain(v) { return s + "\n" }
    if case .list(let l) = v {
      let texts = l.compactMap(OutputFormats.plain)
      if texts.count == l.count { return texts.map { $0 + "\n" }.joined() }
    }
    return JSON.encode(v) + "\n"
  }
}
