/// `text`: one line of text; `secure` shows it as dots, `max_length` caps it.
public struct TextKind: ItemKind {
  var secure = false
  var maxLength: Int?

  /// A one-line text kind; `secure` masks it, `maxLength` caps it in characters.
  public init(secure: Bool = false, maxLength: Int? = nil) {
    self.secure = secure
    self.maxLength = maxLength
  }

  /// `text`, the script name.
  public var name: String { "text" }
  /// `secure` and `max_length`.
  public static var optionTable: [KindOption<Self>] {
    [
      KindOption("secure", \.secure, .bool, "Show what is typed as dots and never echo it."),
      KindOption(
        "max_length", \.maxLength, .optional(.whole(in: 0...maxLengthLimit, of: "characters")),
        "At most this many characters (nil: no limit)."),
    ]
  }

  /// Keeps the text, refusing one longer than `maxLength`.
  public func parse(_ text: String, for item: Item) -> Parsed {
    // (bytes first: a line break is one of a few bytes, or not ASCII)
    if text.utf8.contains(where: { ($0 >= 0x0A && $0 <= 0x0D) || $0 >= 0x80 }), text.contains(where: { $0.isNewline }) {
      return .refused("\(item.messageName) is one line of text")
    }
    if let maxLength, text.count > maxLength {
      return .refused("\(item.messageName) takes at most \(maxLength) characters (got \(text.count))")
    }
    return .value(.string(text))
  }

  /// A secure row's value is never shown.
  public func isSecret(_ item: Item) -> Bool { secure }

  /// Free text, or a secret (never typed back, never read out), with its length limit.
  public func facts(for item: Item) -> KindFacts {
    let text = item.value.string ?? ""
    var expects = secure ? "text, not shown as you type" : "one line of text"
    if let maxLength { expects += ", at most \(maxLength) characters" }
    let spoken = text.isEmpty ? "empty" : secure ? "filled in, not read out" : text
    return KindFacts(
      shape: secure ? .secret : .text, noun: secure ? "secret text" : "text", expects: expects,
      limits: .init(length: .init(max: maxLength)), typed: secure || text.isEmpty ? nil : text,
      spoken: .init(spoken))
  }

  /// A string from a script goes through the same checks as typed text.
  public func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// The text, or for a secure row a mask of fixed width, whatever the
  /// length (one dot a character would tell it).
  public func display(_ value: Value, for item: Item) -> String {
    guard let s = value.string, !s.isEmpty else { return "" }
    return secure ? Self.mask : s
  }

  /// What a filled secure row shows.
  static let mask = String(repeating: "•", count: 8)
}

extension TextKind {
  /// The largest `max_length` a script may give (text and longtext).
  static let maxLengthLimit = 1_000_000_000
}
