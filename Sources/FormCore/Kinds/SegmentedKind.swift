/// `segmented`: one option of a few, shown side by side with the chosen one
/// in brackets: `Free | [Pro] | Team`.
public struct SegmentedKind: SingleChoiceKind {
  public var choices: Choices

  public init(options: [String] = []) { choices = Choices(options) }

  public var name: String { "segmented" }

  public func display(_ value: Value, for item: Item) -> String {
    let chosen = value.string
    // a value outside the options (they changed) is still shown
    if let chosen, !choices.contains(chosen) { return chosen }
    return choices.options.map { $0 == chosen ? "[\($0)]" : $0 }.joined(separator: " | ")
  }
}
