import FormCore

/// A row as a command names it: by number or by item name.
public enum Target: Equatable, Sendable {
  case row(Int)
  case name(String)
}

/// One parsed line of the line-command language (see Docs/reference.md, *Line commands*).
public enum Command: Equatable, Sendable {
  case activate(Target)
  case set(Target, String)
  case clear(Target)
  case submit, cancel, show, errors, values, help
  case nothing

  static let words: [String: Command] = [
    "submit": .submit, "s": .submit, "cancel": .cancel, "q": .cancel,
    "show": .show, "l": .show, "errors": .errors, "e": .errors,
    "values": .values, "v": .values, "help": .help, "?": .help,
  ]

  /// Every command word, for suggestions and completion.
  public static var commandWords: [String] { Array(words.keys) + ["clear"] }

  /// Read a line. Command words win over item names of the same spelling
  /// (such an item is still reachable by its row number).
  public static func parse(_ line: String) -> Command {
    let text = line.trimmingSpaces
    if text.isEmpty { return .nothing }
    if let c = words[text] { return c }
    let head: Substring
    let rest: String
    if let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) {
      head = text[..<space]
      rest = text[space...].trimmingSpaces
    } else {
      head = Substring(text)
      rest = ""
    }
    let target: (Substring) -> Target = { word in
      if let n = Int(word) { return .row(n) }
      return .name(String(word))
    }
    if head == "clear", !rest.isEmpty, !rest.contains(" ") { return .clear(target(Substring(rest))) }
    if rest.isEmpty { return .activate(target(head)) }
    return .set(target(head), rest)
  }
}
