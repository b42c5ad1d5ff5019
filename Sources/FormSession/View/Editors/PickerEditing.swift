import FormCore

/// A picker's components, one column at a time: left and right (Tab,
/// Shift-Tab) go to another column, up and down choose in it, Enter accepts
/// one choice per column.
public final class PickerEditing: RowEditing {
  /// Each column's options.
  public let columns: [[String]]
  /// The option chosen in each column.
  public internal(set) var picks: [Int]
  /// The column edited.
  public internal(set) var column = 0
  /// The first option of the column a front end's window shows.
  public var top = 0

  init(item: Item, facts: KindFacts, lists: [KindFacts.ChoiceList]) {
    columns = lists.map { $0.choices.map(\.label) }
    picks = lists.map { $0.chosen.first ?? 0 }
    super.init(item: item, facts: facts)
  }

  /// One choice in each of the columns.
  public override var hint: String { item.say("editor.each_part", ["count": String(columns.count)]) }

  override func apply(_ input: EditInput) -> EditResult {
    guard !columns.isEmpty else { return input == .escape || input == .enter ? .leave : .ignored }
    let last = columns[column].count - 1
    switch input {
    case .escape: return .leave
    case .up: picks[column] = max(0, picks[column] - 1)
    case .down: picks[column] = min(last, picks[column] + 1)
    case .pageUp: picks[column] = max(0, picks[column] - 10)
    case .pageDown: picks[column] = min(last, picks[column] + 10)
    case .home: picks[column] = 0
    case .end: picks[column] = last
    case .backTab, .left:
      column = max(0, column - 1)
      top = 0
    case .right, .tab:
      column = min(columns.count - 1, column + 1)
      top = 0
    case .enter:
      let parts = columns.indices.map { c in ViewVerbs.typed([picks[c]], of: columns[c], commas: true) }
      return .accept(parts.joined(separator: ", "))
    default: return .ignored
    }
    return .handled
  }
}
