import FormCore

/// `--format json` (the default): one JSON object on one line, keys in form order.
struct JSONOutput: OutputFormat {
  var name: String { "json" }
  var summary: String { "one JSON object on one line; the default" }
  func render(_ values: [Value.Field]) -> String {
    // the line end added in place (a large form's values are not copied for it)
    var text = JSON.encode(WholeDocument.value(of: values))
    text += "\n"
    return text
  }
}
