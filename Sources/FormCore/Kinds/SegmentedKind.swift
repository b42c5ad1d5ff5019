/// `segmented`: one option of a few, shown side by side with the chosen one
/// in brackets: `Free | [Pro] | Team`.
struct SegmentedKind: SingleChoiceKind {
  var choices: Choices

  init(options: [String] = []) { choices = Choices(options) }

  var name: String { "segmented" }
  /// The options side by side.
  var inline: Bool { true }

  func display(_ value: Value, for item: Item) -> String {
    let chosen = value.string
    // a value outside the options (they changed) is still shown
    if let chosen, !choices.contains(chosen) { return chosen }
    return choices.options.map { $0 == chosen ? "[\($0)]" : $0 }.joined(separator: " | ")
  }
}
