import FormCore
import FormRender

/// What a person may type for a row, in words. The guided walk and the
/// accessible voice's editor say it.
public enum ExpectedInput {
  /// The expected input of a row, kind by kind: the one place that phrases
  /// it (options numbered, switches `y`/`n`, dates with an example).
  public static func lines(for item: Item) -> [String] {
    let kind = item.kind
    let options = (kind.option("options")?.list ?? []).compactMap(\.string).map(Cells.sanitize)
    let numbered = options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
    let most = kind.option("max_length")?.number.map { " (at most \(Value.formatNumber($0)) characters)" } ?? ""
    switch kind.name {
    case "text":
      return [kind.isSecret(item) ? "Type the text; it is not shown\(most)." : "Type the text\(most)."]
    case "longtext":
      return ["Type one line after another\(most); a line with only a full stop (.) ends the text."]
    case "number":
      let whole = kind.option("decimals")?.number == 0 ? "a whole number" : "a number"
      let decimals = kind.option("decimals")?.number.flatMap { $0 > 0 ? Value.formatNumber($0) : nil }
      return ["Type \(whole)\(Spoken.range(item))" + (decimals.map { ", with at most \($0) decimals" } ?? "") + "."]
    case "masked":
      return ["Type the digits" + (kind.option("format")?.string.map { " of " + Cells.sanitize($0) } ?? "") + "."]
    case "float":
      let step = kind.option("step")?.number.map { " in steps of " + Value.formatNumber($0) } ?? ""
      return ["Type a number\(Spoken.range(item))\(step)."]
    case "bool": return ["Type y for on or n for off."]
    case "date":
      let mode = kind.option("mode")?.string ?? "date"
      let iso = ["time": "14:05", "datetime": "2026-11-30T14:05"][mode] ?? "2026-11-30"
      let shown = kind.display(.string(iso), for: item)
      let noun = ["time": "a time", "datetime": "a date and time"][mode] ?? "a date"
      return ["Type \(noun), for example \(iso)" + (shown.isEmpty || shown == iso ? "" : " or \(shown)") + "."]
    case "radio", "segmented":
      return [
        "Options: \(numbered).",
        "Type a number from 1 to \(options.count) or the option's text.",
      ]
    case "multiple":
      return [
        "Options: \(numbered).",
        "Type the numbers or texts of your choices, separated by commas, such as 1, 3.",
      ]
    case "picker":
      let parts = (kind.option("options")?.list ?? []).enumerated().map { part in
        "part \(part.offset + 1): "
          + (part.element.list ?? []).compactMap(\.string).enumerated().map {
            "\($0.offset + 1) \(Cells.sanitize($0.element))"
          }.joined(separator: ", ")
      }
      return [
        "Options: " + parts.joined(separator: "; ") + ".",
        "Type one choice for each part, by number or text, separated by commas.",
      ]
    case "creditcard":
      return [
        "Type the card number, the expiry as month/year and the security code, such as 4242 4242 4242 4242 12/30 123."
      ]
    default: return ["Type the value."]
    }
  }
}
