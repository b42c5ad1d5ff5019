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
  /// `do N TITLE`: run the row's action so titled; `do N` lists its actions
  case run(Target, String?)
  /// `delete N`
  case delete(Target)
  /// `move N M`: row N takes row M's place
  case move(Target, to: Int)
  /// `insert N` (before row N, in its section) or `insert` (at the end of the one section that takes it)
  case insert(Target?)
  /// `detail N`: the row's detail button (`accessory = "detail"`)
  case accessory(Target)

  static let words: [String: Command] = [
    "submit": .submit, "s": .submit, "cancel": .cancel, "q": .cancel,
    "show": .show, "l": .show, "errors": .errors, "e": .errors,
    "values": .values, "v": .values, "help": .help, "?": .help, "insert": .insert(nil),
  ]

  /// Every command word, for suggestions and completion.
  public static var commandWords: [String] { Array(words.keys) + ["clear"] + rowWords.filter { words[$0] == nil } }

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
    if let c = rowCommand(String(head), rest, target) { return c }
    if rest.isEmpty { return .activate(target(head)) }
    return .set(target(head), rest)
  }
}
