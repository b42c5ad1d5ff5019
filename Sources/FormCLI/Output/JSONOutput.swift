import FormCore

/// `--format json` (the default): one JSON object on one line, keys in form order.
struct JSONOutput: OutputFormat {
  var name: String { "json" }
  var summary: String { "one JSON object on one line; the default" }
  func render(_ values: [Value.Field]) -> String { JSON.encode(.record(values)) + "\n" }
}
