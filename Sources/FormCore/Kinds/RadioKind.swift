/// `radio`: one option of `options`; the row shows the chosen one.
public struct RadioKind: SingleChoiceKind {
  public var choices: Choices

  public init(options: [String] = []) { choices = Choices(options) }

  public var name: String { "radio" }

  public func display(_ value: Value, for item: Item) -> String { value.string ?? "" }
}
