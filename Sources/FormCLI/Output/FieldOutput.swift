import FormCore

/// `--field NAME`: the value alone. Text, numbers and booleans as they
/// read (`true`/`false`); nothing for a missing or empty value; a list of
/// plain values one per line; any other table as JSON. Always ends with a
/// newline. Control characters other than newline and tab are written out
/// (`OutputFormats.visible`), so a value can never drive the terminal.
struct FieldOutput: OutputFormat {
  /// The item whose value is written.
  var field: String
  var name: String { "" }
  var summary: String { "only the value of NAME, raw" }

  func render(_ values: [Value.Field]) -> String {
    let named = WholeDocument.named(values)
    guard let v = named.first(where: { $0.key == field })?.value ?? nested(WholeDocument.value(of: values)) else {
      return "\n"
    }
    if let s = OutputFormats.plain(v) { return OutputFormats.visible(s) + "\n" }
    if case .list(let l) = v {
      let texts = l.compactMap(OutputFormats.plain)
      if texts.count == l.count { return texts.map { OutputFormats.visible($0) + "\n" }.joined() }
    }
    return JSON.encode(v) + "\n"
  }

  /// A schema form's row by its path (`spec.replicas`, `containers.1.image`, elements from 1) in the nested document.
  func nested(_ document: Value) -> Value? {
    var at = document
    for key in field.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
      if case .list(let l) = at, let i = Int(key), i >= 1, i <= l.count {
        at = l[i - 1]
      } else if let next = at[key] {
        at = next
      } else {
        return nil
      }
    }
    return at
  }
}
