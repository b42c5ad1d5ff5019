import FormCore

// The words of outcomes that every front end says the same way: why a verb
// was refused, why a submit was, and how rows are named in them (the line
// mode's voices and the screen's status line).

extension Refusal {
  /// One line that says why the verb was refused, in `c`'s words (the
  /// standard voice's line, the screen's status line).
  public func said(in c: Catalogue) -> String {
    let refusal = self
    func hint(_ word: String?) -> String { word.map { c.say("did_you_mean", ["word": Cells.sanitize($0)]) } ?? "" }
    switch refusal {
    case .ended: return c.say("refuse.ended")
    case .noRow(let n, let count):
      return count == 0
        ? c.say("refuse.no_row_empty", ["number": String(n)])
        : c.say("refuse.no_row", ["number": String(n), "count": String(count)])
    case .unknownWord(let word, let suggestion):
      return c.say("refuse.unknown", ["word": Cells.quoted(word), "hint": hint(suggestion)])
    case .noItemNamed(let name, let suggestion):
      return c.say("refuse.no_name", ["name": Cells.quoted(name), "hint": hint(suggestion)])
    case .hidden(let name): return c.say("refuse.hidden", ["name": Cells.quoted(name)])
    case .rowHidden(let n): return c.say("refuse.row_hidden", ["number": String(n)])
    case .renumbered(let n, let item):
      return c.say("refuse.renumbered", ["number": String(n), "row": OutcomeWords.recognised(item)])
    case .disabled(let item): return c.say("refuse.disabled", ["row": OutcomeWords.row(item)])
    case .holdsNoValue(let item): return c.say("refuse.no_value", ["row": OutcomeWords.row(item)])
    case .badValue(_, let reason): return c.say("refuse.bad_value", ["reason": Cells.sanitize(reason)])
    case .cannotClear(_, let reason): return c.say("refuse.message", ["message": Cells.sanitize(reason)])
    case .vetoed(let item, let message):
      return message.map { c.say("refuse.message", ["message": Cells.sanitize($0)]) }
        ?? c.say("refuse.vetoed", ["row": OutcomeWords.row(item)])
    case .noAction(let item, nil): return c.say("refuse.no_actions", ["row": OutcomeWords.row(item)])
    case .noAction(let item, let title?):
      return c.say(
        "refuse.no_action",
        ["row": OutcomeWords.row(item), "action": Cells.quoted(title), "actions": OutcomeWords.actions(of: item)])
    case .notDeletable(let item): return c.say("refuse.not_deletable", ["row": OutcomeWords.row(item)])
    case .notMovable(let item): return c.say("refuse.not_movable", ["row": OutcomeWords.row(item)])
    case .noInsert(let item?): return c.say("refuse.no_insert", ["row": OutcomeWords.row(item)])
    case .noInsert(nil): return c.say("refuse.no_insert_any")
    case .insertWhere(let n): return c.say("refuse.insert_where", ["count": String(n)])
    case .noDetail(let item): return c.say("refuse.no_detail", ["row": OutcomeWords.row(item)])
    case .noDefault(let item): return c.say("refuse.no_default", ["row": OutcomeWords.row(item)])
    case .declined(let verb, let item, let message):
      if let message { return c.say("refuse.message", ["message": Cells.sanitize(message)]) }
      let what = item.map(OutcomeWords.row) ?? c.say("refuse.the_row")
      switch verb {
      case .delete: return c.say("refuse.not_deleted", ["row": what])
      case .move: return c.say("refuse.not_moved", ["row": what])
      case .insert: return c.say("refuse.not_inserted")
      }
    case .ambiguous(let words, let candidates):
      let shown = candidates.prefix(6).map(OutcomeWords.row).joined(separator: ", ")
      return c.say(
        "refuse.ambiguous", ["words": Cells.sanitize(words), "rows": shown + (candidates.count > 6 ? ", …" : "")])
    case .noRows(let a, let b, let count):
      return count == 0
        ? c.say("refuse.no_rows_empty", ["from": String(a), "to": String(b)])
        : c.say("refuse.no_rows", ["from": String(a), "to": String(b), "count": String(count)])
    case .commandOrRow(let letter, let command, let rows, let rest):
      let shown = rows.prefix(6).map(OutcomeWords.row).joined(separator: ", ") + (rows.count > 6 ? ", …" : "")
      let start = c.say(
        "refuse.command_or_row", ["letter": Cells.sanitize(letter), "command": Cells.sanitize(command), "rows": shown])
      guard rows.count == 1, let item = rows.first else {
        return start + c.say("refuse.command_or_rows", ["command": Cells.sanitize(command)])
      }
      let tail = rest.isEmpty ? "" : " " + Cells.sanitize(rest)
      let number = item.row.map { c.say("refuse.or_number", ["number": "\($0)\(tail)"]) } ?? ""
      let byName = item.name.map { Cells.sanitize($0) + tail + number } ?? "\(item.row ?? 0)\(tail)"
      return start + c.say("refuse.command_or_this", ["command": Cells.sanitize(command), "row": byName])
    case .secretTyped(let item):
      let name = item.name.map(Cells.sanitize) ?? "\(item.row ?? 0)"
      return c.say("refuse.secret_typed", ["row": OutcomeWords.row(item), "name": name])
    case .nothingToShow(let words):
      return c.say("refuse.nothing_to_show", ["words": Cells.quoted(words)])
    }
  }
}

extension SubmitProblem {
  /// The lines of a refused submit, in `c`'s words: a count, then each problem.
  public func said(in c: Catalogue) -> [String] {
    let problem = self
    let messages: [String]
    switch problem {
    case .invalid(let items):
      messages = items.flatMap { item in
        item.errors.map { c.say("errors.row", ["row": "\(item.row ?? 0)", "message": $0]) }
      }
    case .handler(.declined): messages = [c.say("submit.refused")]
    // a message's lines are its problems (a schema form's refusal lists each), never a `\n`
    case .handler(.message(let text)): messages = text.split(separator: "\n").map(String.init)
    case .handler(.failed): messages = [c.say("submit.failed")]
    }
    let n = messages.count
    return [c.say("submit.cannot", ["count": String(n)])] + messages.map { "  " + Cells.sanitize($0) }
  }
}

/// How outcomes name rows and their actions.
enum OutcomeWords {
  /// `s` ending with a full stop (or its own `?`/`!`).
  static func period(_ s: String) -> String {
    guard let last = s.last else { return s }
    return ".?!".contains(last) ? s : s + "."
  }

  /// `Archive, Snooze`: a row's action titles.
  static func actions(of item: Item) -> String {
    item.rowActions.actions.map { Cells.sanitize($0.title) }.joined(separator: ", ")
  }

  /// `Task (Call the plumber)`: a row's title with its value when it has one to show, to tell rows of one title apart.
  static func recognised(_ item: Item) -> String {
    let title = Cells.sanitize(item.label)
    guard item.kind.hasValue, !item.kind.isSecret(item), !item.value.isBlank else { return title }
    let shown = Cells.truncate(Cells.sanitize(item.displayValue), to: 30)
    return shown.isEmpty ? title : "\(title) (\(shown))"
  }

  /// `row 3 (Email)`, or the title alone for a row without a number.
  static func row(_ item: Item) -> String {
    let title = Cells.sanitize(item.label)
    return item.row.map { item.words.say("row", ["number": String($0), "title": title]) }
      ?? item.words.say("row.unnumbered", ["title": title])
  }
}
