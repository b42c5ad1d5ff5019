import FormCore

/// The rows a typed line begins with, as Tab completion, the flags and the
/// history's secret check find them (`Engine.resolve` finds the row).
extension Session {
  /// The row a command line begins with (as `N VALUE` finds it: a title
  /// with spaces typed whole, else the first word) and the text after it,
  /// as typed (leading spaces dropped). Nil when the words name no shown row.
  public func leadingRow(of line: Substring) -> (item: Item, rest: Substring)? {
    let (target, end) = Command.leadingTarget(line, titles: titlesToMatch(String(line)))
    guard end < line.endIndex, case .success(let item) = engine.resolve(target) else { return nil }
    return (item, line[end...].drop { $0 == " " || $0 == "\t" })
  }

  /// Every row, shown or hidden, that a line's first words could mean (for
  /// a check that must not miss one: the history never keeps a line that
  /// may set a secret).
  public func rowsMaybeNamed(by line: String) -> [Item] {
    let text = line.trimmingSpaces
    let (target, _) = Command.leadingTarget(Substring(text), titles: form.rows.map(\.title))
    switch target {
    case .row(let n): return form.item(atRow: n).map { [$0] } ?? []
    case .name(let name):
      let all = form.sections.flatMap(\.items)
      let exact = Engine.named(name, in: all)
      return exact + Engine.begun(name, in: all).filter { !exact.contains($0) }
    }
  }
}
