import FormCore
import FormSession
import FormTerminal

/// What the fill prompt (and the REPL's `:` lines) know of the form: Tab's
/// offers, the text an editor starts with, and which lines may be kept.
enum FormPrompt {
  /// Tab at the prompt: a command word, a row's name or title; after a
  /// choice row's name (or in its editor) one of its options.
  static func complete(_ text: String, session: Session) -> Completion {
    let none = Completion(start: text.utf8.count, words: [])
    if let item = session.editing {
      return item.kind.isSecret(item) ? none : options(of: item, typed: Substring(text), at: 0)
    }
    let form = session.form
    let lead = text.prefix { $0 == " " }
    let body = text.dropFirst(lead.count)
    let start = lead.utf8.count
    let shown = form.rows
    // a title may hold spaces: the whole line so far may be its beginning
    let lower = body.lowercased()
    var words = shown.map(\.title).filter { !$0.isEmpty && $0.lowercased().hasPrefix(lower) }
    if !body.contains(" ") {
      let names = shown.compactMap(\.name).filter { $0.lowercased().hasPrefix(lower) }
      // a title that only differs from the row's name in case is offered once, as the name
      words.removeAll { t in names.contains { $0.lowercased() == t.lowercased() } }
      let commands = Command.commandWords.filter { $0.count > 1 && $0.hasPrefix(lower) }.sorted()
      words = commands + names.sorted() + words
      return Completion(start: start, words: words, space: true)
    }
    if !words.isEmpty { return Completion(start: start, words: words, space: true) }
    // `do ROW ACTION`: the row's action titles
    if body.hasPrefix("do "), let (item, typed) = row(named: body.dropFirst(3).drop { $0 == " " }, in: form) {
      let lower = typed.lowercased()
      let titles = item.rowActions.actions.map(\.title).filter { $0.lowercased().hasPrefix(lower) }
      return Completion(start: text.utf8.count - typed.utf8.count, words: titles)
    }
    // `clear ROW` (and the row commands' ROW), or a row then its value
    if let word = ["clear ", "do ", "delete ", "move ", "insert ", "detail "].first(where: { body.hasPrefix($0) }) {
      let rest = body.dropFirst(word.count).drop { $0 == " " }
      var inner = complete(String(rest), session: session)
      inner.start += text.utf8.count - rest.utf8.count
      inner.words.removeAll { Command.commandWords.contains($0) }
      return inner
    }
    guard let (item, rest) = row(named: body, in: form) else { return none }
    return options(of: item, typed: rest, at: text.utf8.count - rest.utf8.count)
  }

  /// The row a line starts with (its number, name or title, then a space) and the rest.
  static func row(named line: Substring, in form: Form) -> (Item, Substring)? {
    let shown = form.rows
    let lower = line.lowercased()
    var best: (item: Item, length: Int)?
    for item in shown {
      var heads = [item.title.lowercased()]
      if let name = item.name { heads.append(name.lowercased()) }
      if let row = item.row { heads.append(String(row)) }
      for head in heads where !head.isEmpty && lower.hasPrefix(head + " ") {
        if head.count > best?.length ?? -1 { best = (item, head.count) }
      }
    }
    guard let best else { return nil }
    return (best.item, line.dropFirst(best.length).drop { $0 == " " })
  }

  /// A choice row's option labels that begin what is typed for it (from the
  /// row's facts): the whole text for one of N; the part after the last comma
  /// for several of N; for components, from the component that part stands for.
  static func options(of item: Item, typed: Substring, at offset: Int) -> Completion {
    let end = offset + typed.utf8.count
    var part = typed
    let list: KindFacts.ChoiceList?
    switch item.facts.shape {
    case .oneOf(let one): list = one
    case .severalOf(let several):
      part = typed.split(separator: ",", omittingEmptySubsequences: false).last ?? ""
      list = several
    case .components(let components):
      let parts = typed.split(separator: ",", omittingEmptySubsequences: false)
      part = parts.last ?? ""
      list = parts.count - 1 < components.count ? components[parts.count - 1] : nil
    default: return Completion(start: end, words: [])
    }
    part = part.drop { $0 == " " }
    let lower = part.lowercased()
    let words = (list?.choices ?? []).map(\.label).filter { $0.lowercased().hasPrefix(lower) }
    return Completion(start: end - part.utf8.count, words: words)
  }

  /// The text an open editor starts with: the current value as it could be
  /// typed (the row's facts; never a secret's). None for a multi-line
  /// editor, which reads line by line, or no value.
  static func prefill(_ session: Session) -> String? {
    guard let item = session.editing, !item.kind.isSecret(item), !item.kind.readsLines else { return nil }
    return item.facts.typed
  }

  /// Whether a line may be kept in the history: never one typed into a
  /// secure row's editor, a `command` that names a secure row and gives it
  /// a value (by number, name or title, or their beginning, in any case),
  /// nor any line holding a secure row's value (Lua setting it, say).
  static func mayRemember(_ line: String, form: Form, secretEditor: Bool, command: Bool) -> Bool {
    if secretEditor { return false }
    let secure = form.sections.flatMap(\.items).filter { $0.kind.isSecret($0) }
    if secure.isEmpty { return true }
    for item in secure {
      if let v = item.value.string, !v.isEmpty, line.contains(v) { return false }
    }
    guard command else { return true }
    let text = line.trimmingSpaces.lowercased()
    guard let space = text.firstIndex(of: " ") else { return true }
    let head = text[..<space]
    for item in secure {
      let title = item.title.lowercased()
      if !title.isEmpty && (title.hasPrefix(head) || text.hasPrefix(title + " ")) { return false }
      if let name = item.name?.lowercased(), name.hasPrefix(head) { return false }
      if let row = item.row, String(row) == head { return false }
    }
    return true
  }
}
