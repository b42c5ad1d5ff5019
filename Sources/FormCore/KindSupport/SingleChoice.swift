/// What `radio` and `segmented` share: one option of `options`, chosen by
/// number, text or unique prefix. They differ only in how the row shows it.
public protocol SingleChoiceKind: ItemKind {
  var choices: Choices { get set }
}

extension SingleChoiceKind {
  public var optionNames: [String] { ["options"] }

  public func parse(_ text: String, for item: Item) -> Parsed {
    switch choices.pick(text, what: item.label) {
    case .index(let i): return .value(.string(choices.options[i]))
    case .refused(let why): return .refused(why)
    }
  }

  /// A script may give the option's text (any case) or its number.
  public func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// A value that is no longer among the options (they changed) is an error.
  public func check(_ value: Value, for item: Item) -> [String] {
    guard let s = value.string, !choices.contains(s) else { return [] }
    return ["\(item.label) is not one of the options."]
  }

  public func activate(_ item: Item) -> Activation {
    let current = item.value.string.flatMap(choices.index(of:))
    let head = choices.options.isEmpty ? "\(item.label) has no options" : "\(item.label) (type a number or an option):"
    return .edit([head] + choices.listing(chosen: Set(current.map { [$0] } ?? []), mark: "*", blank: " "))
  }

  public mutating func setOption(_ key: String, to value: Value) -> OptionResult {
    key == "options" ? choices.assign(value) : .unknown
  }

  public func option(_ key: String) -> Value? { key == "options" ? choices.value : nil }
}
