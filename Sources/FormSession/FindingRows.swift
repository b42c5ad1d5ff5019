import FormCore

/// How a command's words find a row: the one resolver that the commands, the
/// flags (`--set`, `--answers`), Tab completion and the history's secret
/// check all use (Docs/reference.md, *Finding rows*).
extension Session {
  /// The row a target names, or why none does.
  public enum Resolved: Equatable {
    case success(Item)
    case failure(Refusal)
  }

  /// The row `target` names: a row number; else a name exactly, then a title
  /// or a name in any case, then a unique beginning of one (shown rows only).
  public func resolve(_ target: Target) -> Resolved {
    switch target {
    case .row(let n):
      if let item = form.item(atRow: n) { return .success(item) }
      if form.item(numbered: n) != nil { return .failure(.rowHidden(n)) }
      return .failure(.noRow(n, count: form.lastRow))
    case .name(let name):
      if let item = form.find(name) {
        if !item.isShown { return .failure(.hidden(name: name)) }
        return .success(item)
      }
      let shown = form.rows
      let exact = Self.named(name, in: shown)
      if exact.count == 1 { return .success(exact[0]) }
      if exact.count > 1 { return .failure(.ambiguous(name, candidates: exact)) }
      let begun = Self.begun(name, in: shown)
      if begun.count == 1 { return .success(begun[0]) }
      if begun.count > 1 { return .failure(.ambiguous(name, candidates: begun)) }
      // a row the form's shape names but has not made yet (a schema's property waiting to be added)
      if let shape = form.documentShape {
        shape.makeRow(named: name, in: form)
        if let item = form.find(name), item.isShown { return .success(item) }
      }
      let key = name.lowercased()
      if let hidden = form.sections.flatMap(\.items).first(where: { !$0.isShown && Self.heads($0).contains(key) }) {
        return .failure(.hidden(name: hidden.name ?? name))
      }
      let words = Array(form.names) + shown.map(\.title).filter { !$0.isEmpty } + CommandSpec.words(for: driver)
      return .failure(.unknownWord(name, suggestion: suggestion(for: name, among: words)))
    }
  }

  /// The row a command line begins with (as `N VALUE` finds it: a title
  /// with spaces typed whole, else the first word) and the text after it,
  /// as typed (leading spaces dropped). Nil when the words name no shown row.
  public func leadingRow(of line: Substring) -> (item: Item, rest: Substring)? {
    let (target, end) = Command.leadingTarget(line, titles: titlesToMatch(String(line)))
    guard end < line.endIndex, case .success(let item) = resolve(target) else { return nil }
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
      let exact = Self.named(name, in: all)
      return exact + Self.begun(name, in: all).filter { !exact.contains($0) }
    }
  }

  /// A row's names for matching: its title and name, lowercased.
  static func heads(_ item: Item) -> [String] {
    [item.title.lowercased()] + (item.name.map { [$0.lowercased()] } ?? [])
  }

  /// The rows whose title or name is `name` (any case).
  static func named(_ name: String, in items: [Item]) -> [Item] {
    let key = name.lowercased()
    return items.filter { heads($0).contains(key) }
  }

  /// The rows whose title or name begins with `name` (any case).
  static func begun(_ name: String, in items: [Item]) -> [Item] {
    let key = name.lowercased()
    return items.filter { heads($0).contains { !$0.isEmpty && $0.hasPrefix(key) } }
  }
}
