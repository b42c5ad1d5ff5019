import FormCore

/// How a command's words find a row: the one resolver that the commands, the
/// flags (`--set`, `--answers`), Tab completion and the history's secret
/// check all use (Docs/reference.md, *Finding rows*).
extension Engine {
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
      return .failure(.unknownWord(name, suggestion: suggestion(for: name, among: Self.words(of: form, shown: shown))))
    }
  }

  /// The words a misspelt row may have meant: the form's names, then its shown rows' titles.
  static func words(of form: Form, shown: [Item]) -> [String] {
    Array(form.names) + shown.map(\.title).filter { !$0.isEmpty }
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
