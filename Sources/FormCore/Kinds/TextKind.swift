/// `text`: one line of text; `secure` shows it as dots, `max_length` caps it.
public struct TextKind: ItemKind {
  public var secure = false
  public var maxLength: Int?

  public init(secure: Bool = false, maxLength: Int? = nil) {
    self.secure = secure
    self.maxLength = maxLength
  }

  public var name: String { "text" }
  public static var optionTable: [KindOption<Self>] {
    [
      KindOption("secure", \.secure, .bool, "Show what is typed as dots and never echo it."),
      KindOption(
        "max_length", \.maxLength, .optional(.whole(in: 0...maxLengthLimit, of: "characters")),
        "At most this many characters (nil: no limit)."),
    ]
  }

  public func parse(_ text: String, for item: Item) -> Parsed {
    if text.contains(where: { $0.isNewline }) { return .refused("\(item.messageName) is one line of text") }
    if let maxLength, text.count > maxLength {
      return .refused("\(item.messageName) takes at most \(maxLength) characters (got \(text.count))")
    }
    return .value(.string(text))
  }

  public func isSecret(_ item: Item) -> Bool { secure }

  public func expectedInput(for item: Item) -> String {
    var notes = [secure ? "not shown as you type" : "one line of text"]
    if let maxLength { notes.append("at most \(maxLength) characters") }
    return notes.joined(separator: ", ")
  }

  public func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  public func display(_ value: Value, for item: Item) -> String {
    guard let s = value.string, !s.isEmpty else { return "" }
    // one dot per character, as a secure text field shows, up to a point
    return secure ? String(repeating: "•", count: min(s.count, 16)) : s
  }
}

extension TextKind {
  /// The largest `max_length` a script may give (text and longtext).
  public static let maxLengthLimit = 1_000_000_000
}
