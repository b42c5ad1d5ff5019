/// Options a user chooses from by number (1-based), by label (any case), by
/// the value an option holds, or by letters of a label that one option holds
/// clearly best (`Fuzzy`, the screen's ranking): the shared reading of
/// `radio`, `segmented`, `multiple` and `picker`.
///
/// An option is a label (what a person sees and types) and a value (what the
/// row holds, `--set` and JSON carry). A plain option's value is its label;
/// `{ "United States", value = "US" }` holds `"US"`.
struct Choices: Equatable, Sendable {
  /// The labels, in order.
  var options: [String] { didSet { positions = Self.positions(of: options) } }
  /// Each option's index, so that finding an option by its text costs the
  /// same for 5 options or 40,000 (reading a list stays linear in its length).
  var positions: [String: Int]
  /// The values, one per label, when some option holds a value apart from
  /// its label (a string or a number); nil: every value is its label.
  private(set) var values: [Value]?
  /// Each value's index by its text (`valueText`), when `values` is set.
  private(set) var valuePositions: [String: Int] = [:]

  init(_ options: [String] = []) {
    self.options = options
    positions = Self.positions(of: options)
  }

  static func positions(of options: [String]) -> [String: Int] {
    var map: [String: Int] = [:]
    map.reserveCapacity(options.count)
    for (i, o) in options.enumerated() where map[o] == nil { map[o] = i }
    return map
  }

  /// The 0-based index of the option with exactly this label.
  func index(of option: String) -> Int? { positions[option] }

  /// True when this text is one of the labels.
  func contains(_ option: String) -> Bool { positions[option] != nil }

  /// What option `index` holds.
  func value(at index: Int) -> Value { values?[index] ?? .string(options[index]) }

  /// The 0-based index of the option holding `value` (a string or a number,
  /// compared as text: `--set` and typed text spell a number's value).
  func index(ofValue value: Value) -> Int? {
    guard let text = Self.valueText(value) else { return nil }
    return values == nil ? positions[text] : valuePositions[text]
  }

  /// True when some option holds a value apart from its label.
  var labelled: Bool { values != nil }

  /// A value's text, as `--set` would spell it; nil for values an option cannot hold.
  static func valueText(_ value: Value) -> String? {
    switch value {
    case .string(let s): return s
    case .int, .double: return Value.formatNumber(value.number!)
    default: return nil
    }
  }

  /// `United States (US)` when the label and the value differ, else the label.
  func described(_ index: Int) -> String {
    guard let v = values?[index], let text = Self.valueText(v), text != options[index] else { return options[index] }
    return "\(options[index]) (\(text))"
  }

  /// Above this many options, an unknown text says their count instead of
  /// listing every option.
  static let listLimit = 10

  /// Read a script's `options` value: an array whose entries are a label (a
  /// string; numbers are taken as text) or `{ label = …, value = … }` (the
  /// Lua binding reads `{ "Label", value = … }` as that record).
  static func read(_ value: Value, key: String = "options") -> Result<Choices, OptionError> {
    guard let list = value.list else {
      return .failure(OptionError("'\(key)' must be an array of strings (got \(value.typeName))"))
    }
    var out: [String] = []
    var positions: [String: Int] = [:]
    var values: [Value] = []
    var valuePositions: [String: Int] = [:]
    var labelled = false
    out.reserveCapacity(list.count)
    positions.reserveCapacity(list.count)
    for (n, v) in list.enumerated() {
      let s: String
      var held: Value?
      switch v {
      case .string(let t): s = t
      case .int, .double: s = Value.formatNumber(v.number!)
      case .record(let fields):
        let entry = "'\(key)[\(n + 1)]'"
        var label: String?
        for f in fields {
          switch (f.key, f.value) {
          case ("label", .string(let t)): label = t
          case ("label", .int), ("label", .double): label = Value.formatNumber(f.value.number!)
          case ("value", .string), ("value", .int), ("value", .double): held = f.value
          case ("label", _), ("value", _):
            return .failure(
              OptionError("\(entry) takes a string or a number as its \(f.key) (got \(f.value.typeName))"))
          default:
            return .failure(
              OptionError("\(entry) takes a label and a value, as { \"Label\", value = \"v\" } (got '\(f.key)')"))
          }
        }
        guard let label else {
          return .failure(OptionError("\(entry) needs a label, as { \"Label\", value = \"v\" }"))
        }
        s = label
        if held != nil { labelled = true }
      default:
        return .failure(
          OptionError("'\(key)' must hold strings or { \"Label\", value = … } tables (got a \(v.typeName))"))
      }
      guard positions.updateValue(out.count, forKey: s) == nil else {
        return .failure(OptionError("'\(key)' has '\(s)' twice"))
      }
      let h = held ?? .string(s)
      let text = valueText(h)!
      guard valuePositions.updateValue(out.count, forKey: text) == nil else {
        return .failure(OptionError("'\(key)' has the value '\(text)' twice"))
      }
      out.append(s)
      values.append(h)
    }
    var made = Choices(out, positions: positions)
    if labelled {
      made.values = values
      made.valuePositions = valuePositions
    }
    return .success(made)
  }

  init(_ options: [String], positions: [String: Int]) {
    self.options = options
    self.positions = positions
  }

  /// The result of reading one choice.
  enum Pick: Equatable {
    /// 0-based index of the option
    case index(Int)
    case refused(String)
  }

  /// Read one choice; `what` names the row in messages ("Plan"). An exact
  /// label wins, then an exact value, then a number, then a label in any
  /// case. Then, unless `strict`, the options holding the typed letters in
  /// order are ranked as the screen's filter ranks them (`Fuzzy`): the best
  /// is taken when it is clearly ahead of the next (`Fuzzy.clearLead`);
  /// closer ones are refused, listed best first, for the person to choose.
  func pick(_ token: String, what: String, _ c: Catalogue = .english, strict: Bool = false) -> Pick {
    let t = token.trimmingSpaces
    if t.isEmpty { return .refused(c.say("choice.needs", ["what": what, "hint": hint(c)])) }
    if let i = positions[t] { return .index(i) }
    if values != nil, let i = valuePositions[t] { return .index(i) }
    if t.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let n = Int(t), n >= 1, n <= options.count else {
        if options.isEmpty { return .refused(c.say("choice.no_options", ["what": what])) }
        return .refused(c.say("choice.no_number", ["what": what, "number": t, "count": String(options.count)]))
      }
      return .index(n - 1)
    }
    // unranked: only the best and those close to it are sorted
    let hits = Fuzzy.hits(options, by: t)
    var whole: [Int] = []
    var best: Fuzzy.Hit?
    for h in hits {
      if h.whole { whole.append(h.index) }
      if best == nil || Fuzzy.better(h, best!) { best = h }
    }
    if whole.count == 1 { return .index(whole[0]) }
    if whole.count > 1 { return ambiguous(t, whole, what, c) }
    guard let best else {
      if options.count <= Self.listLimit {
        return .refused(c.say("choice.no_option", ["what": what, "typed": t, "hint": hint(c)]))
      }
      return .refused(c.say("choice.none_contains", ["what": what, "typed": t, "count": String(options.count)]))
    }
    if strict {
      let closest = names(hits.sorted(by: Fuzzy.better).prefix(Self.closestListed).map(\.index), numbered: true, c)
      return .refused(c.say("choice.strict", ["what": what, "typed": t, "options": closest]))
    }
    let close = hits.filter { best.score - $0.score < Fuzzy.clearLead }.sorted(by: Fuzzy.better)
    if close.count == 1 { return .index(best.index) }
    return ambiguous(t, close.map(\.index), what, c)
  }

  /// How many of the closest options a refusal under `--strict` names.
  static let closestListed = 3

  /// `'uni' could be more than one option of Country: 30 United Kingdom, 31 United States`.
  func ambiguous(_ typed: String, _ indices: [Int], _ what: String, _ c: Catalogue) -> Pick {
    .refused(c.say("choice.ambiguous", ["typed": typed, "what": what, "options": names(indices, numbered: true, c)]))
  }

  /// What to type, for messages: the options, or their count when there are many.
  func hint(_ c: Catalogue = .english) -> String {
    if options.isEmpty { return c.say("choice.hint_none") }
    if options.count > Self.listLimit { return c.say("choice.hint_many", ["count": String(options.count)]) }
    return c.say("choice.hint", ["options": options.indices.map(described).joined(separator: ", ")])
  }

  /// `Team, Tiny` (or `4 Finland, 9 Iceland`), at most `listLimit` of them.
  func names(_ indices: [Int], numbered: Bool = false, _ c: Catalogue = .english) -> String {
    var parts = indices.prefix(Self.listLimit).map { numbered ? "\($0 + 1) \(described($0))" : described($0) }
    if indices.count > Self.listLimit {
      parts.append(c.say("choice.and_more", ["count": String(indices.count - Self.listLimit)]))
    }
    return parts.joined(separator: ", ")
  }
}

extension Choices {
  /// The texts of a script's list of choices (numbers as typed), or the
  /// reason it is not one.
  static func tokens(_ list: [Value], label: String) -> Result<[String], NotChoices> {
    var tokens: [String] = []
    for v in list {
      switch v {
      case .string(let s): tokens.append(s)
      case .int, .double: tokens.append(Value.formatNumber(v.number!))
      default:
        return .failure(NotChoices(parsed: .refused("\(label) takes a list of options (got a \(v.typeName) in it)")))
      }
    }
    return .success(tokens)
  }
}

/// A script's list that is not a list of choices: the kind's refusal, as an error.
struct NotChoices: Error {
  var parsed: Parsed
}

extension Choices {
  /// The options as a script reads them back: a label, or `{ label = …,
  /// value = … }` for an option whose value is apart from its label.
  var value: Value {
    .list(
      options.indices.map { i in
        let v = value(at: i)
        return v == .string(options[i]) ? v : .record([.init("label", .string(options[i])), .init("value", v)])
      })
  }

  /// The options as the facts give them, with the value's options chosen.
  func list(chosen: [Int], inline: Bool = false) -> KindFacts.ChoiceList {
    KindFacts.ChoiceList(
      choices: options.indices.map { KindFacts.Choice(label: options[$0], value: value(at: $0)) }, chosen: chosen,
      inline: inline)
  }

  /// The 0-based index of each option value in `value` (a value or a list of
  /// them), in option order; values that are not options are left out.
  func indices(in value: Value) -> [Int] {
    let held = value.list ?? (value.isNull ? [] : [value])
    return Set(held.compactMap(index(ofValue:))).sorted()
  }

  /// The label of the option holding `value`, or the value's own text (a
  /// value no longer among the options is still shown); "" for nil.
  func label(of value: Value) -> String {
    if let i = index(ofValue: value) { return options[i] }
    return Self.valueText(value) ?? (value.isNull ? "" : JSON.encode(value))
  }

  /// How the option at `index` is typed so that it reads back as itself:
  /// its text, or its number when the text would read as something else (an
  /// empty or space-edged text, one holding the list's comma).
  func typed(_ index: Int, inList: Bool) -> String {
    let text = options[index]
    let plain = !text.isEmpty && text.trimmingSpaces == text && positions[text] == index
    return plain && !(inList && text.contains(",")) ? text : String(index + 1)
  }
}

extension Item {
  /// True when a typed choice must be a whole option or its number (`--strict`).
  var strictChoices: Bool { form?.strictChoices ?? false }
}
