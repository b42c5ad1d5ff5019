/// `text`: one line of text; `secure` shows it as dots, `max_length` caps it.
public struct TextKind: ItemKind {
  var secure = false
  var maxLength: Int?
  /// How the text is capitalised as it is set (RE's autocapitalizationType).
  var capitalize = Capitalization.none
  /// What is offered as the text is typed (huh's Suggestions, questionary's autocomplete).
  var suggestions = Suggestions.none

  /// The row's `suggestions`.
  public var suggestionSource: Suggestions? { suggestions }

  /// No check of its own: the value alone decides (`max_length` is read as it is set).
  public var checksValueAlone: Bool { true }

  /// A one-line text kind; `secure` masks it, `maxLength` caps it in characters.
  public init(secure: Bool = false, maxLength: Int? = nil) {
    self.secure = secure
    self.maxLength = maxLength
  }

  /// `text`, the script name.
  public var name: String { "text" }
  /// `secure`, `max_length`, `capitalize` and `suggestions`.
  public static var optionTable: [KindOption<Self>] {
    [
      KindOption("secure", \.secure, .bool, "Show what is typed as dots and never echo it."),
      KindOption(
        "max_length", \.maxLength, .optional(.whole(in: 0...maxLengthLimit, of: "characters")),
        "At most this many characters (nil: no limit)."),
      KindOption(
        "capitalize", \.capitalize, .capitalization,
        "Capitalise the text as it is set: \"words\", \"sentences\", \"all\" or \"none\"."),
      KindOption(
        "suggestions", \.suggestions, .suggestions, or: "fun(text: string, item: formrun.Item): string[]?",
        function: Suggestions.function, held: \.handler,
        "Completions offered as the text is typed: a list (those holding the typed letters first) or fn(text, item) returning one."
      ),
    ]
  }

  /// Keeps the text, refusing one longer than `maxLength`.
  public func parse(_ text: String, for item: Item) -> Parsed {
    // (bytes first: a line break is one of a few bytes, or not ASCII)
    if text.utf8.contains(where: { ($0 >= 0x0A && $0 <= 0x0D) || $0 >= 0x80 }), text.contains(where: { $0.isNewline }) {
      return .refused(item.say("text.one_line"))
    }
    if let maxLength, text.count > maxLength {
      return .refused(item.say("text.too_long", ["max": String(maxLength), "count": String(text.count)]))
    }
    return .value(.string(capitalize.apply(to: text)))
  }

  /// A secure row's value is never shown.
  public func isSecret(_ item: Item) -> Bool { secure }

  /// Free text, or a secret (never typed back, never read out), with its length limit.
  public func facts(for item: Item) -> KindFacts {
    let text = item.value.string ?? ""
    let c = item.words
    var expects = c.say(secure ? "text.expects_secret" : "text.expects")
    if let maxLength { expects += c.say("text.at_most", ["max": String(maxLength)]) }
    if let words = capitalize.words { expects += ", " + c.say(words) }
    let spoken = text.isEmpty ? c.say("value.empty_word") : secure ? c.say("text.secret_filled") : text
    return KindFacts(
      shape: secure ? .secret : .text, noun: c.say(secure ? "text.noun_secret" : "text.noun"), expects: expects,
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

/// How a text row capitalises what is set (`capitalize`): each word's first
/// letter, each sentence's, every letter, or none.
enum Capitalization: String, CaseIterable, Sendable {
  case none, words, sentences, all

  /// `text` capitalised; letters already upper case stay so.
  func apply(to text: String) -> String {
    switch self {
    case .none: return text
    case .all: return text.uppercased()
    case .words, .sentences:
      var out = ""
      out.reserveCapacity(text.utf8.count)
      var start = true
      for c in text {
        if start, c.isLetter {
          out += c.uppercased()
          start = false
          continue
        }
        out.append(c)
        if self == .words {
          if c.isWhitespace { start = true } else if c.isLetter || c.isNumber { start = false }
        } else if ".!?".contains(c) {
          start = true
        } else if c.isLetter || c.isNumber {
          start = false
        }
      }
      return out
    }
  }

  /// The catalogue key of how the editor's phrase says it; nil for none.
  var words: String? {
    switch self {
    case .none: return nil
    case .words: return "text.words"
    case .sentences: return "text.sentences"
    case .all: return "text.capitals"
    }
  }
}

extension OptionCodec where T == Capitalization {
  /// One of the names; nil is `none`.
  static var capitalization: Self {
    let names = T.allCases.map(\.rawValue)
    return Self(
      type: names.map { "\"\($0)\"" }.joined(separator: "|"),
      decode: { v, key throws(OptionError) in
        if v.isNull { return .none }
        guard let s = v.string, let t = T(rawValue: s) else {
          throw OptionError(
            "'\(key)' must be one of \(names.joined(separator: ", ")) (got \(v.string.map { "'\($0)'" } ?? v.typeName))"
          )
        }
        return t
      }, encode: { .string($0.rawValue) })
  }
}
