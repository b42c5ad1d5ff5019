/// What `radio` and `segmented` share: one option of `options`, chosen by
/// number, text or unique prefix. They differ only in how the row shows it.
protocol SingleChoiceKind: ItemKind {
  var choices: Choices { get set }
  /// True when the options are drawn side by side (a segmented control).
  var inline: Bool { get }
}

extension SingleChoiceKind {
  static var optionTable: [KindOption<Self>] {
    [KindOption("options", \.choices, .choices, "The options to choose from, in order.")]
  }

  func parse(_ text: String, for item: Item) -> Parsed {
    switch choices.pick(text, what: item.messageName, item.words, strict: item.strictChoices) {
    case .index(let i): return .value(choices.value(at: i))
    case .refused(let why): return .refused(why)
    }
  }

  /// A script may give the option's value, its label (any case) or its
  /// number; with labels apart from values, a value that is neither a
  /// value nor a label is refused naming both.
  func accept(_ value: Value, for item: Item) -> Parsed {
    if let i = choices.index(ofValue: value) { return .value(choices.value(at: i)) }
    return acceptByParsing(value, for: item)
  }

  /// A value that is no longer among the options (they changed) is an error.
  func check(_ value: Value, for item: Item) -> [String] {
    guard !value.isNull, choices.index(ofValue: value) == nil else { return [] }
    return [item.say("choice.not_an_option")]
  }

  /// One of the options, by number or text; typed back as the option's text.
  func facts(for item: Item) -> KindFacts {
    let n = choices.options.count
    let chosen = choices.index(ofValue: item.value)
    let value = choices.label(of: item.value)
    return KindFacts(
      shape: .oneOf(choices.list(chosen: chosen.map { [$0] } ?? [], inline: inline)), noun: item.say("choice.noun"),
      expects: n == 0
        ? item.say("choice.nothing") : item.say("choice.expects", ["count": String(n), "first": choices.options[0]]),
      examples: n == 0 ? [] : ["1", choices.typed(0, inList: false)],
      typed: chosen.map { choices.typed($0, inList: false) } ?? (value.isEmpty ? nil : value),
      spoken: .init(value.isEmpty ? item.say("choice.nothing_chosen") : value))
  }
}

extension OptionCodec where T == Choices {
  /// A list of option texts (numbers are taken as typed; nil empties it).
  static var choices: Self {
    Self(
      type: "string[]",
      decode: { value, key throws(OptionError) in
        switch Choices.read(value.isNull ? .list([]) : value, key: key) {
        case .success(let c): return c
        case .failure(let e): throw e
        }
      }, encode: { $0.value })
  }
}
