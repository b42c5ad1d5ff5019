/// `item`: an action or navigation row with no value (also `section:add("text")`).
public struct ActionKind: ItemKind {
  public init() {}
  public var name: String { "item" }
  public var hasValue: Bool { false }

  public func parse(_ text: String, for item: Item) -> Parsed {
    .refused("\(item.messageName) takes no value; send just its row number to choose it")
  }

  public func accept(_ value: Value, for item: Item) -> Parsed {
    value.isNull ? .value(.null) : .refused("an item row holds no value")
  }

  public func display(_ value: Value, for item: Item) -> String { item.detail ?? "" }

  public func activate(_ item: Item) -> Activation { .select }
  public func expectedInput(for item: Item) -> String { "no value: the row is chosen" }
}
