/// `radio`: one option of `options`; the row shows the chosen one.
struct RadioKind: SingleChoiceKind {
  var choices: Choices

  init(options: [String] = []) { choices = Choices(options) }

  var name: String { "radio" }
  /// The options one under another.
  var inline: Bool { false }

  /// The chosen option's label.
  func display(_ value: Value, for item: Item) -> String { choices.label(of: value) }
}
