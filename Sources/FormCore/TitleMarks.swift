/// What the framed form writes after a row's title, so that no mark is colour
/// alone: required (` *`, as web forms mark it) and disabled (` (disabled)`).
/// The one owner of those suffixes: the renderer appends them, and the
/// section's title column is measured with them (FormCore does not know the
/// renderer, so the words live here).
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

  /// What is written after the title, in this order: ` *`, then ` (disabled)`.
  public var suffix: String {
    switch (contains(.required), contains(.disabled)) {
    case (false, false): return ""
    case (true, false): return " *"
    case (false, true): return " (disabled)"
    case (true, true): return " * (disabled)"
    }
  }

  /// Cells the suffix takes.
  public var width: Int { suffix.utf8.count }
}
