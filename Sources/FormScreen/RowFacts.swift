import FormCore

/// What the screen's widgets read of a row: what its kind says of itself
/// (the widget its value wants, the limits, what to type), never its name.
typealias RowFacts = KindFacts

extension KindFacts {
  /// The facts of `item`'s row (its validators' limits added).
  static func of(_ item: Item) -> KindFacts { item.facts }
}
