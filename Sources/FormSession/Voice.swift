import FormCore
import FormRender

/// Phrases a session's outcomes as the lines a person reads. The session asks
/// its voice for every line it shows, so another voice (one for screen
/// readers, a quiet one for scripts) is a new type conforming to this, not an
/// edit of the session.
public protocol Voice {
  /// The lines that say `outcome`, which `session` just came to.
  func lines(for outcome: Outcome, in session: Session) -> [String]
  /// Messages the form queued (handler errors, `print`), made safe to show.
  func notices(_ messages: [String]) -> [String]
}

extension Voice {
  public func notices(_ messages: [String]) -> [String] { messages.flatMap(Cells.sanitizeLines) }
}

/// formrun's own voice: the form redrawn after a change, one line per mistake.
public struct StandardVoice: Voice {
  public init() {}

  public func lines(for outcome: Outcome, in session: Session) -> [String] {
    switch outcome {
    case .nothing, .lineRead: return []
    case .changed(let changes): return drawn(changes, in: session)
    case .refused(let refusal): return [phrase(refusal)]
    case .editorOpened(let item, let lines, let changes):
      return drawn(changes, in: session) + lines.map(Cells.sanitize)
        + [
          item.kind.readsLines
            ? "(a line with only . ends; an empty first line keeps the value)" : "(an empty line keeps the value)"
        ]
    case .unchanged: return ["(unchanged)"]
    case .submitted: return ["submitted"]
    case .submitRefused(let problem, let changes):
      return (changes.map { drawn($0, in: session) } ?? []) + phrase(problem)
    case .cancelled: return ["cancelled"]
    case .screen: return session.screen()
    case .help: return Self.help
    case .values(let values): return [JSON.encode(.record(values))]
    case .errors(let items):
      if items.isEmpty { return ["no errors"] }
      return items.flatMap { item in item.errors.map { "row \(item.row ?? 0): \(Cells.sanitize($0))" } }
    case .actions(let item):
      return ["\(describe(item)): " + actionList(item)] + ["(do \(item.row ?? 0) ACTION runs one)"]
    }
  }

  /// One line for a refused command.
  public func phrase(_ refusal: Refusal) -> String {
    switch refusal {
    case .ended: return "the form has ended; no more commands are read"
    case .noRow(let n, let count):
      return count == 0 ? "there is no row \(n): the form has no rows" : "there is no row \(n) (rows are 1 to \(count))"
    case .unknownWord(let word, let suggestion):
      return "unknown command or item '\(Cells.sanitize(word))'"
        + (suggestion.map { " (did you mean '\(Cells.sanitize($0))'?)" } ?? "") + "; type ? for help"
    case .noItemNamed(let name, let suggestion):
      return "the form has no item named '\(Cells.sanitize(name))'"
        + (suggestion.map { " (did you mean '\(Cells.sanitize($0))'?)" } ?? "")
    case .hidden(let name): return "'\(Cells.sanitize(name))' is hidden"
    case .disabled(let item): return "\(describe(item)) is disabled"
    case .holdsNoValue(let item): return "\(describe(item)) holds no value"
    case .badValue(_, let reason): return "! " + Cells.sanitize(reason) + " (value unchanged)"
    case .cannotClear(_, let reason): return "! " + Cells.sanitize(reason)
    case .vetoed(let item, let message):
      return message.map { "! " + Cells.sanitize($0) } ?? "\(describe(item)) cannot be chosen now"
    case .noAction(let item, nil): return "\(describe(item)) has no actions"
    case .noAction(let item, let title?):
      return "\(describe(item)) has no action '\(Cells.sanitize(title))' (its actions: \(actionList(item)))"
    case .notDeletable(let item): return "\(describe(item)) cannot be deleted"
    case .notMovable(let item): return "\(describe(item)) cannot be moved"
    case .noInsert(let item?): return "rows cannot be inserted in the section of \(describe(item))"
    case .noInsert(nil): return "no section takes inserted rows"
    case .insertWhere(let n): return "\(n) sections take inserted rows: type insert N to insert before row N"
    case .noDetail(let item): return "\(describe(item)) has no detail button"
    case .declined(let verb, let item, let message):
      if let message { return "! " + Cells.sanitize(message) }
      let what = item.map(describe) ?? "the row"
      switch verb {
      case .delete: return "\(what) was not deleted"
      case .move: return "\(what) was not moved"
      case .insert: return "no row was inserted"
      }
    }
  }

  /// The lines of a refused submit: a count, then each problem.
  public func phrase(_ problem: SubmitProblem) -> [String] {
    let messages: [String]
    switch problem {
    case .invalid(let items):
      messages = items.flatMap { item in item.errors.map { "row \(item.row ?? 0): \($0)" } }
    case .handler(.declined): messages = ["the submit was refused"]
    case .handler(.message(let text)): messages = [text]
    case .handler(.failed): messages = ["the submit was refused: on_submit failed"]
    }
    let n = messages.count
    return ["cannot submit (\(n) problem\(n == 1 ? "" : "s")):"] + messages.map { "  " + Cells.sanitize($0) }
  }

  /// `Archive, Snooze`: a row's action titles.
  func actionList(_ item: Item) -> String {
    item.rowActions.actions.map { Cells.sanitize($0.title) }.joined(separator: ", ")
  }

  func describe(_ item: Item) -> String {
    (item.row.map { "row \($0)" } ?? "row") + " (" + Cells.sanitize(item.label) + ")"
  }

  /// What a command changed: the whole form when it fits the screen,
  /// otherwise only the changed rows.
  func drawn(_ changes: Form.Changes, in session: Session) -> [String] {
    if !changes.structure && changes.items.isEmpty { return [] }
    let form = session.form
    if let height = session.height {
      // an upper bound of the form's height without drawing it
      let estimate = form.rows.count + 4 * form.sections.count + 2
      if estimate > height {
        var out = session.renderer.renderRows(changes.items, in: form)
        if changes.structure { out.append("(the form changed; show prints it whole)") }
        return out
      }
    }
    return session.screen()
  }

  static let help = [
    "commands:",
    "  N            activate row N: toggle a switch, choose an action, or edit the value",
    "  N VALUE      set row N to VALUE (NAME VALUE sets the item called NAME)",
    "  clear N      empty row N",
    "  do N ACTION  run one of row N's actions (do N lists them)",
    "  delete N     delete row N (a row that allows it)",
    "  move N M     move row N to row M's place (a row that allows it)",
    "  insert [N]   insert a row (before row N) in a section that takes them",
    "  detail N     press row N's detail button",
    "  submit, s    check everything and submit the values",
    "  cancel, q    end without values",
    "  show, l      show the whole form",
    "  errors, e    list the errors",
    "  values, v    show the values as JSON",
    "  help, ?      this list",
  ]
}
