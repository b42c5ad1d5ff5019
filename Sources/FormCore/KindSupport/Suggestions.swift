/// What a text row offers as the person types (`suggestions`): a list,
/// ranked by what is typed as choices are (`Fuzzy`), or a script's function
/// of the typed text. The line mode offers them on Tab; the screen mode
/// shows them under the editor. They are offers only: any text is taken.
public enum Suggestions {
  /// Nothing offered.
  case none
  /// These texts, those holding the typed letters first.
  case list([String])
  /// `fn(text, item)` → a list of texts, as the script ranks them.
  case function(Handler)

  /// At most this many offers are given at once (a function's list is cut to it).
  public static let limit = 50

  /// True when something may be offered.
  var offers: Bool {
    if case .none = self { return false }
    return true
  }

  /// The script's function, when it is one.
  var handler: Handler? {
    if case .function(let h) = self { return h }
    return nil
  }

  /// The offers for `typed`, best first: a list's entries holding its letters
  /// in order (every entry, in order, when nothing is typed), or what the
  /// function returns. A function runs under the handlers' budgets; its
  /// error is reported as a handler's, naming the place, and offers nothing.
  func offers(for typed: String, item: Item) -> [String] {
    switch self {
    case .none: return []
    case .list(let words):
      let t = typed.trimmingSpaces
      if t.isEmpty { return Array(words.prefix(Self.limit)) }
      return Fuzzy.ranked(words, by: t).prefix(Self.limit).map { words[$0.index] }
    case .function(let handler):
      guard let form = item.form else { return [] }
      let context = "suggestions of '\(item.label)'"
      guard let result = form.call(handler, [.value(.string(typed)), .item(item)], context: context) else {
        return []
      }
      return Self.texts(result.first ?? .null, from: handler, context: context, form: form)
    }
  }

  /// A function's result as offers: a list of texts (numbers as written),
  /// nil for none; anything else is reported and offers nothing.
  static func texts(_ value: Value, from handler: Handler, context: String, form: Form) -> [String] {
    if value.isNull { return [] }
    guard let list = value.list else {
      form.report("error in \(context): \(handler.definedAt)a list of texts expected (got \(value.typeName))")
      return []
    }
    var out: [String] = []
    out.reserveCapacity(min(list.count, limit))
    for (n, entry) in list.prefix(limit).enumerated() {
      switch entry {
      case .string(let s): out.append(Limits.cut(s))
      case .int, .double: out.append(Value.formatNumber(entry.number!))
      default:
        form.report(
          "error in \(context): \(handler.definedAt)entry \(n + 1) is a \(entry.typeName), not a text")
        return []
      }
    }
    return out
  }
}

extension OptionCodec where T == Suggestions {
  /// A list of texts (numbers are taken as written; nil: none); a function
  /// comes through `setOption(_:handler:)`.
  static var suggestions: Self {
    Self(
      type: "string[]",
      decode: { value, key throws(OptionError) in
        if value.isNull { return .none }
        guard let list = value.list else {
          throw OptionError("'\(key)' must be a list of texts or a function (got \(value.typeName))")
        }
        var words: [String] = []
        words.reserveCapacity(list.count)
        for (n, v) in list.enumerated() {
          switch v {
          case .string(let s): words.append(s)
          case .int, .double: words.append(Value.formatNumber(v.number!))
          default: throw OptionError("'\(key)[\(n + 1)]' must be a text (got \(v.typeName))")
          }
        }
        return .list(words)
      },
      encode: {
        if case .list(let words) = $0 { return .list(words.map(Value.string)) }
        return .null
      })
  }
}

extension Item {
  /// True when the row offers completions as text is typed (a text row's
  /// `suggestions`): a front end then asks `suggestions(for:)` when the
  /// typed text changes.
  public var offersSuggestions: Bool { (kind.suggestionSource?.offers ?? false) && !kind.isSecret(self) }

  /// The completions for `typed`, best first, at most `Suggestions.limit`.
  /// A script's function runs here (Lua, under the handlers' budgets): call
  /// it when the typed text changes, never while drawing (`SuggestionOffers`
  /// keeps the last answer).
  public func suggestions(for typed: String) -> [String] {
    guard offersSuggestions else { return [] }
    return kind.suggestionSource?.offers(for: typed, item: self) ?? []
  }
}

/// The offers an open editor shows, kept between frames: `follow` asks the
/// row again only when the typed text changed, so drawing never runs Lua.
public struct SuggestionOffers: Equatable, Sendable {
  /// The text the offers are for; nil before the first `follow`.
  public private(set) var typed: String?
  /// The offers, best first.
  public private(set) var words: [String] = []

  /// No offers yet.
  public init() {}

  /// The offers for `typed` on `item`, asked only when `typed` differs from
  /// the text last asked about; true when the offers changed.
  @discardableResult
  public mutating func follow(_ item: Item, typed text: String) -> Bool {
    guard text != typed else { return false }
    typed = text
    let now = item.suggestions(for: text)
    guard now != words else { return false }
    words = now
    return true
  }

  /// Forget the offers (the editor closed), so the next `follow` asks again.
  public mutating func reset() { self = SuggestionOffers() }
}
