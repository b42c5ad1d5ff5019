import FormCore
import FormSession
import FormTerminal

/// What the fill prompt (and the REPL's `:` lines) know of the form: Tab's
/// offers, the text an editor starts with, and which lines may be kept.
enum FormPrompt {
  /// Tab at the prompt: a command word, a row's name or title; after a
  /// choice row's name (or in its editor) one of its options; after a text
  /// row's name (or in its editor) one of its suggestions.
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
      let commands = CommandSpec.words(for: session.driver).filter { $0.count > 1 && $0.hasPrefix(lower) }.sorted()
      words = commands + names.sorted() + words
      return Completion(start: start, words: words, space: true)
    }
    if !words.isEmpty { return Completion(start: start, words: words, space: true) }
    // a command word that takes a row (from the command table): the row, then for `do` its action titles
    let word = String(body.prefix { $0 != " " })
    if let spec = session.commands.first(where: { $0.words.contains(word) && $0.arguments.takesRow }) {
      let rest = body.dropFirst(word.count).drop { $0 == " " }
      if spec.arguments == .rowThenText, let (item, typed) = session.leadingRow(of: rest) {
        let lower = typed.lowercased()
        let titles = item.rowActions.actions.map(\.title).filter { $0.lowercased().hasPrefix(lower) }
        return Completion(start: text.utf8.count - typed.utf8.count, words: titles)
      }
      var inner = complete(String(rest), session: session)
      inner.start += text.utf8.count - rest.utf8.count
      let words = CommandSpec.words(for: session.driver)
      inner.words.removeAll { words.contains($0) }
      return inner
    }
    guard let (item, rest) = session.leadingRow(of: body) else { return none }
    return options(of: item, typed: rest, at: text.utf8.count - rest.utf8.count)
  }

  /// A choice row's option labels that begin what is typed for it (from the
  /// row's facts): the whole text for one of N; the part after the last comma
  /// for several of N; for components, from the component that part stands
  /// for. A text row's suggestions for the whole text (`Item.suggestions`).
  static func options(of item: Item, typed: Substring, at offset: Int) -> Completion {
    let end = offset + typed.utf8.count
    let facts = item.facts
    if let rules = facts.paths { return paths(rules, typed: typed, end: end) }
    var part = typed
    let list: KindFacts.ChoiceList?
    switch facts.shape {
    case .oneOf(let one): list = one
    case .severalOf(let several):
      part = typed.split(separator: ",", omittingEmptySubsequences: false).last ?? ""
      list = several
    case .components(let components):
      let parts = typed.split(separator: ",", omittingEmptySubsequences: false)
      part = parts.last ?? ""
      list = parts.count - 1 < components.count ? components[parts.count - 1] : nil
    default:
      // a text row's suggestions, for the whole text typed
      guard item.offersSuggestions else { return Completion(start: end, words: []) }
      let text = typed.drop { $0 == " " }
      return Completion(start: end - text.utf8.count, words: item.suggestions(for: String(text)))
    }
    part = part.drop { $0 == " " }
    let lower = part.lowercased()
    let words = (list?.choices ?? []).map(\.label).filter { $0.lowercased().hasPrefix(lower) }
    return Completion(start: end - part.utf8.count, words: words)
  }

  /// How Tab lists its offers at a terminal: escaped as `show` escapes a
  /// value (a file named with `ESC [2J` is listed as `\e[2J`), and past a
  /// hundred only when the person says yes, in the words of `catalogue`
  /// (the form's, read when Tab is pressed).
  static func listing(_ catalogue: @escaping () -> Catalogue) -> CompletionListing {
    CompletionListing(
      shown: Cells.sanitize,
      question: { catalogue().say("complete.show_all", ["count": String($0)]) },
      answer: { key in
        let c = catalogue()
        let word = String(key).lowercased()
        return c.means(yes: word) ? true : c.means(no: word) ? false : nil
      })
  }

  /// A path row's offers (huh's FilePicker): the entries of the folder typed
  /// so far that begin its last part, folders with a `/` after them, files
  /// only when they may be chosen (and end in one of the row's endings);
  /// dot entries only when the part starts with a dot.
  static func paths(_ rules: KindFacts.PathRules, typed: Substring, end: Int) -> Completion {
    let text = String(typed.drop { $0 == " " })
    let cut = text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex
    let folderPart = String(text[..<cut])
    let namePart = String(text[cut...])
    var folder = folderPart.isEmpty ? "." : folderPart
    if folder == "~/" || folder.hasPrefix("~/"), let home = Terminal.env("HOME") {
      folder = home + folder.dropFirst()
    } else if !folder.hasPrefix("/"), let base = rules.base, !base.isEmpty {
      folder = base + "/" + folder
    }
    var words: [String] = []
    for (name, isFolder) in Files.entries(of: folder, beginning: namePart) {
      if name.hasPrefix("."), !namePart.hasPrefix(".") { continue }
      if isFolder {
        words.append(folderPart + name + "/")
      } else if !rules.foldersOnly {
        let lower = name.lowercased()
        if rules.extensions.isEmpty || rules.extensions.contains(where: { lower.hasSuffix(".\($0.lowercased())") }) {
          words.append(folderPart + name)
        }
      }
    }
    return Completion(start: end - text.utf8.count, words: words.sorted())
  }

  /// What ↑ and ↓ step through at the prompt: in a choice row's editor its
  /// options (the first at the first ↑), never an earlier command line as
  /// the answer (nothing for a picker's parts); nil elsewhere: the kept lines.
  static func recall(_ session: Session) -> [String]? {
    guard let item = session.editing, !item.kind.isSecret(item) else { return nil }
    switch item.facts.shape {
    case .oneOf(let list), .severalOf(let list): return list.choices.map(\.label).reversed()
    case .components: return []
    default: return nil
    }
  }

  /// The text an open editor starts with: the current value as it could be
  /// typed (the row's facts; never a secret's). None for a multi-line
  /// editor, which reads line by line, or no value.
  static func prefill(_ session: Session) -> String? {
    guard let item = session.editing, !item.kind.isSecret(item), !item.kind.readsLines else { return nil }
    // a refused answer comes back to be corrected
    if let refused = session.refusedText { return refused }
    return item.facts.typed
  }

  /// Whether a line may be kept in the history: never one typed into a
  /// secure row's editor, a `command` that may name a secure row (shown or
  /// not, by number, name or title, or their beginning, in any case: as the
  /// session finds rows) and gives it a value, nor one giving a value to a
  /// row that is none (a mistyped name), nor any line holding a secure
  /// row's value (Lua setting it, say).
  /// The texts a value holds: a text's own, a card's fields, a list's.
  static func texts(in value: Value) -> [String] {
    switch value {
    case .string(let s): return [s]
    case .list(let l): return l.flatMap(texts)
    case .record(let fields): return fields.flatMap { texts(in: $0.value) }
    default: return []
    }
  }

  static func mayRemember(_ line: String, session: Session, secretEditor: Bool, command: Bool) -> Bool {
    if secretEditor { return false }
    let secure = session.form.sections.flatMap(\.items).filter { $0.kind.isSecret($0) }
    if secure.isEmpty { return true }
    for item in secure {
      // a card's number or code too (a Lua line that sets it)
      if Self.texts(in: item.value).contains(where: { !$0.isEmpty && line.contains($0) }) { return false }
    }
    guard command, line.trimmingSpaces.contains(" ") else { return true }
    let named = session.rowsMaybeNamed(by: line)
    if named.contains(where: { $0.kind.isSecret($0) }) { return false }
    // a value for a row that is none (`pasword hunter2`, a secure row's name
    // mistyped) may be a secret: it is refused, and not kept either
    if named.isEmpty, case .set = Command.parse(line, titles: session.form.rows.map(\.title), driver: session.driver) {
      return false
    }
    return true
  }
}
