import FormCore

/// A row as a command names it: by number, or by words the session resolves
/// against the form (a name or a title, in any case, or a unique beginning of one).
public enum Target: Equatable, Sendable {
  /// a row number, from 1
  case row(Int)
  /// words to resolve: a name, a title, or a unique beginning of one
  case name(String)
}

/// One parsed line of the line-command language (see Docs/reference.md, *Line commands*).
public enum Command: Equatable, Sendable {
  /// `N` alone: choose the row (open its editor, toggle it, or run `on_select`)
  case activate(Target)
  /// `N VALUE`: set the row from this text
  case set(Target, String)
  /// `clear N`: empty the row
  case clear(Target)
  case submit, cancel, show, errors, values, help
  /// an empty line
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
  // MARK: finding rows (issue 12)
  /// `show ARG`: one row in full (`show 20`, `show email`), rows A to B
  /// (`show 3-7`) or a section by header or tag (`show Account`)
  case showPart(String)
  /// `help names`: each row's name beside its title
  case names

  static let words: [String: Command] = [
    "submit": .submit, "s": .submit, "cancel": .cancel, "q": .cancel,
    "show": .show, "l": .show, "errors": .errors, "e": .errors,
    "values": .values, "v": .values, "help": .help, "?": .help, "insert": .insert(nil),
  ]

  /// Every command word, for suggestions and completion.
  public static var commandWords: [String] { Array(words.keys) + ["clear"] + rowWords.filter { words[$0] == nil } }

  /// The line that leaves an open editor without changing anything.
  static let editorEscape = ":q"

  /// The commands that take words after the command word, as the reference
  /// and the man page write them (a test checks both name each).
  static let forms = ["show N", "show A-B", "show SECTION", "help names", editorEscape]

  /// Read a line. Command words win over item names of the same spelling
  /// (such an item is still reachable by its row number or title). `titles`
  /// are the form's row titles: a line beginning with a whole title (any
  /// case) followed by a space or its end names that row, so titles with
  /// spaces can be typed as they are shown.
  static func parse(_ line: String, titles: [String] = []) -> Command {
    let text = line.trimmingSpaces
    if text.isEmpty { return .nothing }
    if let c = words[text] { return c }
    let (head, rest) = split(text)
    if head == "show" || head == "l" { return .showPart(rest) }
    if head == "help" || head == "?" { return rest.lowercased() == "names" ? .names : .help }
    if head == "clear", !rest.isEmpty {
      let (target, tail) = leadingTarget(rest, titles: titles)
      if tail.isEmpty { return .clear(target) }
    }
    if let c = rowCommand(head, rest, titles: titles) { return c }
    let (target, value) = leadingTarget(text, titles: titles)
    if value.isEmpty { return .activate(target) }
    return .set(target, value)
  }

  /// The first word and the rest, trimmed.
  static func split(_ text: String) -> (String, String) {
    guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
    return (String(text[..<space]), text[space...].trimmingSpaces)
  }

  /// The row a line begins with and what follows: the longest whole title
  /// holding a space that the line begins with, else the first word.
  static func leadingTarget(_ text: String, titles: [String]) -> (Target, String) {
    let lower = text.lowercased()
    var best: String?
    for title in titles where title.contains(" ") {
      let t = title.lowercased().trimmingSpaces
      guard !t.isEmpty, lower == t || lower.hasPrefix(t + " ") else { continue }
      if t.count > best?.count ?? 0 { best = t }
    }
    if let best {
      let head = String(text.prefix(best.count))
      return (.name(head), String(text.dropFirst(best.count)).trimmingSpaces)
    }
    let (head, rest) = split(text)
    if let n = Int(head) { return (.row(n), rest) }
    return (.name(head), rest)
  }
}
