/// What the framed form writes after a row's title, so that no mark is colour
/// alone: required (` *`, as web forms mark it) and disabled (` (disabled)`,
/// in the form's words: `mark.disabled`). The one owner of those suffixes:
/// the renderer appends them, and the section's title column is measured
/// with them (FormCore does not know the renderer, so they are made here).
public struct TitleMarks: OptionSet, Sendable {
  /// The raw bits of the set.
  public let rawValue: UInt8
  /// A set of marks from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A `presence` validator refuses an empty value: ` *`.
  public static let required = TitleMarks(rawValue: 1)
  /// The row is read-only: ` (disabled)`.
  public static let disabled = TitleMarks(rawValue: 2)

  /// The marks `item`'s title carries.
  public init(_ item: Item) {
    self = []
    if item.isRequired { insert(.required) }
    if !item.enabled { insert(.disabled) }
  }

  /// What is written after the title in `words`' language, in this order:
  /// ` *`, then ` (disabled)` (`words` is looked up only then: a row drawn
  /// without marks pays nothing).
  public func suffix(_ words: @autoclosure () -> Catalogue) -> String {
    switch (contains(.required), contains(.disabled)) {
    case (false, false): return ""
    case (true, false): return " *"
    case (false, true): return " " + words().say("mark.disabled")
    case (true, true): return " * " + words().say("mark.disabled")
    }
  }

  /// Cells the suffix takes.
  public func width(_ words: @autoclosure () -> Catalogue) -> Int { isEmpty ? 0 : Cells.width(suffix(words())) }
}
