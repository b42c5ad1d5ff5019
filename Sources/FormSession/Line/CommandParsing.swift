import FormCore

/// The line-command language read into typed verbs: a line's first word
/// finds its command in `CommandSpec.table`; otherwise the line names a row
/// (by number, name or title) and maybe gives its value.
extension Command {
  /// The line that leaves an open editor without changing anything.
  public static let editorEscape = ":q"

  /// Read a line as `driver` reads it. Its command words win over item
  /// names of the same spelling (such an item is still reachable by its row
  /// number or title); a word another driver has is an item's name here.
  /// `titles` are the form's row titles: a line beginning with a whole
  /// title (any case) followed by a space or its end names that row, so
  /// titles with spaces can be typed as they are shown.
  public static func parse(_ line: String, titles: [String] = [], driver: Driver = .test) -> Command {
    let text = line.trimmingSpaces
    if text.isEmpty { return .nothing }
    let (head, rest) = split(text)
    if let spec = CommandSpec.spec(word: head, for: driver), let command = spec.read(rest, titles) { return command }
    let (target, value) = leadingTarget(text, titles: titles)
    if value.isEmpty { return .activate(target) }
    return .set(target, value)
  }

  /// The first word and the rest, trimmed.
  static func split(_ text: String) -> (String, String) {
    guard let space = firstBlank(text) else { return (text, "") }
    return (String(text[..<space]), text[space...].trimmingSpaces)
  }

  /// Where the first space or tab of `text` is. In ASCII text (most lines)
  /// found byte by byte: a byte is a character there, so this is where the
  /// characters' search finds it, without reading characters.
  static func firstBlank(_ text: some StringProtocol) -> String.Index? {
    let bytes = text.utf8
    if bytes.allSatisfy({ $0 < 0x80 }) {
      return bytes.firstIndex { $0 == 0x20 || $0 == 0x09 }
    }
    return text.firstIndex { $0 == " " || $0 == "\t" }
  }

  /// The row a line begins with and what follows: the longest whole title
  /// holding a space that the line begins with, else the first word.
  static func leadingTarget(_ text: String, titles: [String]) -> (Target, String) {
    let (target, end) = leadingTarget(Substring(text), titles: titles)
    return (target, String(text[end...]).trimmingSpaces)
  }

  /// The same on a line as typed: the target, and where the text after it starts.
  static func leadingTarget(_ text: Substring, titles: [String]) -> (Target, String.Index) {
    var lowered: String?  // made for the first title holding a space
    var best: String?
    for title in titles where title.contains(" ") {
      let t = title.lowercased().trimmingSpaces
      let lower = lowered ?? text.lowercased()
      lowered = lower
      guard !t.isEmpty, lower == t || lower.hasPrefix(t + " ") else { continue }
      if t.count > best?.count ?? 0 { best = t }
    }
    if let best {
      let end = text.index(text.startIndex, offsetBy: best.count)
      return (.name(String(text[..<end])), end)
    }
    let end = firstBlank(text) ?? text.endIndex
    let head = String(text[..<end])
    if let n = Int(head) { return (.row(n), end) }
    return (.name(head), end)
  }
}
