/// `item`: an action or navigation row with no value (also `section:add("text")`).
public struct ActionKind: ItemKind {
  /// An action kind; it has no options.
  public init() {}
  /// `item`, the script name.
  public var name: String { "item" }
  /// An action row holds no value.
  public var hasValue: Bool { false }

  /// Refuses any text: the row takes no value.
  public func parse(_ text: String, for item: Item) -> Parsed {
    .refused(item.say("action.no_value"))
  }

  /// Refuses any value but null.
  public func accept(_ value: Value, for item: Item) -> Parsed {
    value.isNull ? .value(.null) : .refused("an item row holds no value")
  }

  /// Shows the item's detail in the value column.
  public func display(_ value: Value, for item: Item) -> String { item.detail ?? "" }

  /// Choosing the row selects it (runs `on_select`).
  public func activate(_ item: Item) -> Activation { .select }
  /// No value: choosing the row is the only input.
  public func facts(for item: Item) -> KindFacts {
    let c = item.words
    return KindFacts(shape: .action, noun: c.say("action.noun"), expects: c.say("action.expects"), spoken: .init(""))
  }
}
