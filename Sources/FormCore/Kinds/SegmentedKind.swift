/// `segmented`: one option of a few, shown side by side with the chosen one
/// in brackets: `Free | [Pro] | Team`.
struct SegmentedKind: SingleChoiceKind {
  var choices: Choices

  init(options: [String] = []) { choices = Choices(options) }

  var name: String { "segmented" }
  /// The options side by side.
  var inline: Bool { true }

  func display(_ value: Value, for item: Item) -> String {
    let chosen = choices.index(ofValue: value)
    // a value outside the options (they changed) is still shown
    if chosen == nil, !value.isNull { return choices.label(of: value) }
    return choices.options.enumerated().map { $0.offset == chosen ? "[\($0.element)]" : $0.element }
      .joined(separator: " | ")
  }
}
