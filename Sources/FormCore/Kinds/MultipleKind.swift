/// `multiple`: any number of `options`, typed as numbers or texts separated by
/// commas (`1,3` or `cheese, olives`). The value is a list in option order;
/// it starts empty, and clearing empties it.
struct MultipleKind: ItemKind {
  var choices: Choices

  init(options: [String] = []) { choices = Choices(options) }

  var name: String { "multiple" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("options", \.choices, .choices, "The options to choose from, in order.")
    ]
  }

  var initialValue: Value { .list([]) }
  func parse(_ text: String, for item: Item) -> Parsed {
    let parsed = choose(text.split(separator: ",").map(String.init).filter { !$0.trimmingSpaces.isEmpty }, for: item)
    // `lua rust`: several options typed with spaces, not commas, say how to type them
    if case .refused(let why) = parsed, !text.contains(","), let spaced = separatedBySpaces(text, for: item) {
      return .refused(item.say("multiple.commas", ["why": why, "choices": spaced]))
    }
    return parsed
  }

  /// `Lua, Rust` when every word of `text` is a choice on its own (and there are several).
  func separatedBySpaces(_ text: String, for item: Item) -> String? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard words.count > 1 else { return nil }
    var picked: [String] = []
    for word in words {
      guard case .index(let i) = choices.pick(word, what: item.messageName, item.words, strict: item.strictChoices)
      else { return nil }
      picked.append(choices.typed(i, inList: true))
    }
    return picked.joined(separator: ", ")
  }

  /// The chosen options, each once, in option order.
  func choose(_ tokens: [String], for item: Item) -> Parsed {
    var chosen = Set<Int>()
    for token in tokens {
      switch choices.pick(token, what: item.messageName, item.words, strict: item.strictChoices) {
      case .index(let i): chosen.insert(i)
      case .refused(let why): return .refused(why)
      }
    }
    return .value(.list(chosen.sorted().map(choices.value(at:))))
  }

  /// A list of option texts or numbers, text as typed (`"1,3"`), a number, or nil (none chosen).
  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.list([]))
    case .string(let s) where choices.index(ofValue: value) != nil: return choose([s], for: item)
    case .string(let s): return parse(s, for: item)
    case .int, .double: return accept(.list([value]), for: item)
    case .list(let l):
      switch Choices.tokens(l, label: item.messageName) {
      case .success(let tokens): return choose(tokens, for: item)
      case .failure(let refusal): return refusal.parsed
      }
    default: return .refused("\(item.messageName) takes a list of options (got \(value.typeName))")
    }
  }

  func check(_ value: Value, for item: Item) -> [String] {
    let stale = (value.list ?? []).contains { choices.index(ofValue: $0) == nil }
    return stale ? [item.say("multiple.stale")] : []
  }

  func display(_ value: Value, for item: Item) -> String {
    (value.list ?? []).map(choices.label(of:)).joined(separator: ", ")
  }

  /// Any of the options, by numbers or texts separated by commas.
  func facts(for item: Item) -> KindFacts {
    let n = choices.options.count
    let example = "1, \(min(n, 2))"
    let held = item.value.list ?? []
    let texts = held.map(choices.label(of:))
    let typed = zip(held, texts).map { v, text in
      choices.index(ofValue: v).map { choices.typed($0, inList: true) } ?? text
    }
    return KindFacts(
      shape: .severalOf(choices.list(chosen: choices.indices(in: item.value))), noun: item.say("multiple.noun"),
      expects: n == 0 ? item.say("choice.nothing") : item.say("multiple.expects", ["example": example]),
      examples: n == 0 ? [] : [example], typed: typed.isEmpty ? nil : typed.joined(separator: ", "),
      spoken: .init(texts.isEmpty ? item.say("choice.nothing_chosen") : texts.joined(separator: ", ")))
  }
}
