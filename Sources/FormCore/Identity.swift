/// Rows and sections are objects the form holds once: two are equal when
/// they are the same one, whatever their contents. So the types that carry
/// them (`Form.Changes`, `Form.SubmitResult`, a session's outcomes) get their
/// equality synthesized, with no case compared by hand.
extension Item: Equatable {
  /// The same row.
  public static func == (a: Item, b: Item) -> Bool { a === b }
}

extension Section: Equatable {
  /// The same section.
  public static func == (a: Section, b: Section) -> Bool { a === b }
}
