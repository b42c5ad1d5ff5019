/// A kind registered by a script (`form:kind(name, { parse = fn, format = fn,
/// hint = …, options = { max = "number" }, speak = fn })`): the `ItemKind`
/// protocol carried out by handlers, with options of its own.
public struct CustomKind: ItemKind {
  /// The name the script registered it under.
  public let name: String
  /// `parse(text, item)` → value, or nil and a message
  let parser: Handler?
  /// `format(value, item)` → the text the row shows; it runs when the value,
  /// an option or `item.data` changes (or the item joins a form, or the form
  /// reloads), not when the row is drawn
  let formatter: Handler?
  /// What its editor reads, in the script's words (`minutes, like 90`); nil:
  /// one line of text.
  let hint: String?
  /// `speak(value, item)` → how the value reads aloud; run when `format` is.
  let speaker: Handler?
  /// The options the kind declares, in name order, with their types.
  let declared: [CustomOption]
  /// The options set on this row (a declared option not set reads as nil).
  var settings: [String: Value] = [:]

  /// A kind whose `parse`, `format` and `speak` are the script's functions
  /// (nil: text as is, the value as JSON, the shown text), whose editor
  /// says `hint` (nil: one line of text), with the options `declared`.
  public init(
    name: String, parse: Handler?, format: Handler?, hint: String? = nil, speak: Handler? = nil,
    options declared: [CustomOption] = []
  ) {
    self.name = name
    parser = parse
    formatter = format
    self.hint = hint
    speaker = speak
    self.declared = declared.sorted { $0.key < $1.key }
  }

  /// Runs the script's `parse`: a value, or a message refusing the text.
  public func parse(_ text: String, for item: Item) -> Parsed {
    guard let parser else { return .value(.string(text)) }
    let args: [HandlerArgument] = [.value(.string(text)), .item(item)]
    guard let result = item.form?.call(parser, args, context: "parse of kind '\(name)'") else {
      return .refused(item.say("custom.parse_failed"))
    }
    let value = result.first ?? .null
    if value.isNull {
      let said = result.count > 1 ? messages(from: result[1]).first : nil
      return .refused(said ?? item.say("custom.refused"))
    }
    return .value(value)
  }

  /// Its name as its noun, its hint; the value said as `speak` said it, else
  /// as the row shows it (with the value itself when the row shows only
  /// symbols, `***`), and typed back as text or a number. Runs no Lua: the
  /// shown and spoken texts are the ones kept when the value changed.
  public func facts(for item: Item) -> KindFacts {
    let shown = item.displayValue
    var spoken = shown
    if item.value.isBlank {
      spoken = item.say("value.empty_word")
    } else if let said = item.spokenValue, !said.isEmpty {
      spoken = said
    } else if !shown.contains(where: { $0.isLetter || $0.isNumber }) {
      spoken = (shown.isEmpty ? "" : shown + ", ") + item.say("custom.spoken_value", ["value": item.value.words])
    }
    let typed = item.value.string.flatMap { $0.isEmpty ? nil : $0 } ?? NumberText.typed(item.value)
    return KindFacts(
      shape: .custom, noun: name, expects: hint ?? item.say("text.expects"), typed: typed, spoken: .init(spoken))
  }

  /// Keeps any value a script assigns: the script owns the kind's meaning.
  public func accept(_ value: Value, for item: Item) -> Parsed { .value(value) }

  /// Runs the script's `format`, or shows the value's text form.
  public func display(_ value: Value, for item: Item) -> String {
    guard let formatter else { return value.isNull ? "" : JSON.encode(value).trimmingQuotes }
    // outside a form the handler cannot run; the item shows its value once it is in one
    guard let form = item.form else { return "" }
    guard let result = form.call(formatter, [.value(value), .item(item)], context: "format of kind '\(name)'")
    else { return "(format failed)" }
    return Self.text(result.first ?? .null)
  }

  /// Runs the script's `speak`; nil without one (or outside a form).
  func speak(_ value: Value, for item: Item) -> String? {
    guard let speaker, let form = item.form else { return nil }
    guard let result = form.call(speaker, [.value(value), .item(item)], context: "speak of kind '\(name)'")
    else { return nil }
    return Self.text(result.first ?? .null)
  }

  static func text(_ v: Value) -> String {
    switch v {
    case .null: return ""
    case .string(let s): return s
    case let v: return JSON.encode(v)
    }
  }

  // MARK: the kind's own options

  /// Its declared options, not a static table.
  public var optionNames: [String] { declared.map(\.key) }

  /// A declared option's value (nil when it was never set reads as `.null`).
  public func option(_ key: String) -> Value? {
    guard declared.contains(where: { $0.key == key }) else { return nil }
    return settings[key] ?? .null
  }

  /// Set a declared option, checked against its type (nil clears it).
  public mutating func setOption(_ key: String, to value: Value) -> OptionResult {
    guard let option = declared.first(where: { $0.key == key }) else { return .unknown }
    if value.isNull {
      settings[key] = nil
      return .applied
    }
    guard option.type.admits(value) else {
      return .invalid("'\(key)' must be \(option.type.phrase) (got \(value.typeName))")
    }
    settings[key] = value
    return .applied
  }
}

/// An option a script's kind declares (`options = { max = "number" }`).
public struct CustomOption: Equatable, Sendable {
  /// The key a row sets (`max`).
  public let key: String
  /// What it holds.
  public let type: CustomOptionType

  /// The option `key` holding `type`.
  public init(key: String, type: CustomOptionType) {
    self.key = key
    self.type = type
  }
}

/// The types a script's kind may give its options.
public enum CustomOptionType: String, CaseIterable, Sendable {
  case string, number, integer, boolean
  case strings = "string[]"
  case any

  /// True when `value` is of this type.
  func admits(_ value: Value) -> Bool {
    switch (self, value) {
    case (.any, _), (.string, .string), (.boolean, .bool), (.number, .int): return true
    case (.number, .double(let x)): return x.isFinite
    case (.integer, .int): return true
    case (.integer, .double(let x)): return x.isFinite && x == x.rounded()
    case (.strings, .list(let l)): return l.allSatisfy { $0.string != nil }
    default: return false
    }
  }

  /// `a number`, `a list of strings`…
  var phrase: String {
    switch self {
    case .string: return "a string"
    case .number: return "a number"
    case .integer: return "a whole number"
    case .boolean: return "a boolean"
    case .strings: return "a list of strings"
    case .any: return "a value"
    }
  }
}

extension String {
  var trimmingQuotes: String {
    hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
  }
}
