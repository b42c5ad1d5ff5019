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
  /// The prompt of an open editor for `item` (`readingLines`: a long text's).
  func prompt(for item: Item, readingLines: Bool) -> String
  /// How to use the prompt, said once after the first screen at a terminal.
  func greeting(in session: Session) -> [String]
  /// The first lines of a session (after its queued messages).
  func opening(in session: Session) -> [String]
}

extension Voice {
  /// The first screen: what the voice says for `.started`.
  public func opening(in session: Session) -> [String] { lines(for: .started, in: session) }
  /// Each message sanitized and split into lines.
  public func notices(_ messages: [String]) -> [String] { messages.flatMap(Cells.sanitizeLines) }

  /// `Email: `, the row's title. The current value is on the line above
  /// (`now: …`, when the editor opened), and a terminal starts the line with
  /// it, so the prompt does not repeat it.
  public func prompt(for item: Item, readingLines: Bool) -> String {
    Cells.sanitize(item.label) + (readingLines ? " (end with .)> " : ": ")
  }

  /// How to pick a row, set a value, get help and submit, in two lines.
  public func greeting(in session: Session) -> [String] {
    [
      "type a row's number, name or title to edit it (a name alone opens the row; a unique beginning is enough),",
      "NAME VALUE to set it, show N to see a row in full, next to be asked row by row, ? for help, s to submit",
    ]
  }
}

/// formrun's own voice: the form redrawn after a change, one line per mistake.
public struct StandardVoice: Voice {
  /// `--quiet`: only messages, prompts and errors, never the form (except
  /// when `show` asks for it).
  var quiet: Bool

  /// The standard voice; `quiet` leaves the form out of every outcome but `show`.
  public init(quiet: Bool = false) { self.quiet = quiet }

  /// The redrawn form or changed rows, then one line per refusal or problem.
  public func lines(for outcome: Outcome, in session: Session) -> [String] {
    switch outcome {
    case .nothing, .lineRead, .walk: return []
    case .changed(let changes): return drawn(changes, in: session)
    case .refused(let refusal): return [phrase(refusal)]
    case .editorOpened(let item, let changes):
      let escape = Command.editorEscape
      // the facts are made once: a long option list is not copied again
      let facts = item.facts
      return drawn(changes, in: session) + editor(item, facts, in: session) + now(item, facts)
        + [
          item.kind.readsLines
            ? "(a line with only . ends; an empty first line keeps the value; \(escape) leaves it unchanged)"
            : "(an empty line keeps the value; \(escape) leaves it unchanged)"
        ]
    case .unchanged: return ["(unchanged)"]
    case .submitted: return ["submitted"]
    case .submitRefused(let problem, let changes):
      return (changes.map { drawn($0, in: session) } ?? []) + phrase(problem)
    case .cancelled: return ["cancelled"]
    case .screen: return session.screen()
    case .help: return Self.help(in: session)
    case .values(let values): return [JSON.encode(.record(values))]
    case .errors(let items):
      if items.isEmpty { return ["no errors"] }
      return items.flatMap { item in item.errors.map { "row \(item.row ?? 0): \(Cells.sanitize($0))" } }
    case .actions(let item):
      return ["\(describe(item)): " + actionList(item)] + ["(do \(item.row ?? 0) ACTION runs one)"]
    case .started: return firstScreen(in: session)
    case .rowShown(let item): return full(item)
    case .rowsShown(let items): return session.renderer.renderRows(items, in: session.form)
    case .sectionShown(let section): return session.renderer.renderSection(section, in: session.form)
    case .names(let items): return names(items)
    case .editorLeft(let item): return ["(left the editor; \(describe(item)) is unchanged)"]
    case .adjusted(let changes, let item, let note):
      return drawn(changes, in: session) + ["\(Cells.sanitize(item.label)): \(Cells.sanitize(note))"]
    }
  }

  // MARK: editors

  /// An editor's first lines, from the row's facts: `Seats (a number from 2
  /// to 500):`, then a choice's numbered options (the chosen ones marked),
  /// laid out in the width the form is drawn in.
  func editor(_ item: Item, _ facts: KindFacts, in session: Session) -> [String] {
    let label = Cells.sanitize(item.label)
    let lists = facts.shape.choiceLists
    if facts.shape.isChoice, lists.allSatisfy(\.choices.isEmpty) { return ["\(label) has no options"] }
    let head = "\(label) (\(Cells.sanitize(facts.expects))):"
    let renderer = session.renderer
    let width = renderer.explicit ? renderer.width : max(session.form.style.width ?? renderer.width, 20)
    switch facts.shape {
    case .oneOf(let list): return [head] + Self.listing(list, mark: "*", blank: " ", width: width)
    case .severalOf(let list): return [head] + Self.listing(list, mark: "[x]", blank: "[ ]", width: width)
    case .components(let parts):
      return [head]
        + parts.enumerated().map { i, part in
          let entries = part.choices.enumerated().map { k, choice in
            (part.chosen.contains(k) ? "*" : "") + "\(k + 1) \(Cells.sanitize(choice.label))"
          }
          return "  part \(i + 1): " + entries.joined(separator: ", ")
        }
    default: return [head]
    }
  }

  /// Above this many options, an editor lays them out in columns.
  static let columnsAbove = 10

  /// A choice editor's numbered list; chosen options carry `mark`. A long
  /// list (above `columnsAbove`) is laid out in columns, down then across,
  /// to fit `width` cells, so 40 countries take a dozen lines, not 40.
  static func listing(_ list: KindFacts.ChoiceList, mark: String, blank: String, width: Int) -> [String] {
    let count = list.choices.count
    let digits = String(count).count
    let chosen = Set(list.chosen)
    let cells = list.choices.enumerated().map { i, choice in
      let n = String(i + 1)
      return (chosen.contains(i) ? mark : blank) + " " + String(repeating: " ", count: digits - n.count) + n + "  "
        + Cells.sanitize(choice.label)
    }
    guard count > columnsAbove else { return cells.map { "  " + $0 } }
    let cellWidth = (cells.map(\.count).max() ?? 0) + 3
    let columns = max(1, min((width - 2) / cellWidth, count))
    let rows = (count + columns - 1) / columns
    var lines: [String] = []
    for r in 0..<rows {
      var line = " "
      for c in 0..<columns {
        let i = c * rows + r
        guard i < cells.count else { break }
        let last = c == columns - 1 || (c + 1) * rows + r >= cells.count
        line += " " + (last ? cells[i] : cells[i] + String(repeating: " ", count: cellWidth - 1 - cells[i].count))
      }
      lines.append(line)
    }
    lines.append("  (type a number, an option, or part of one to narrow the list)")
    return lines
  }

  // MARK: finding rows, long forms, forgiving editors (issue 12)

  /// The current value, in full, above an editor's prompt (not for a secret).
  func now(_ item: Item, _ facts: KindFacts) -> [String] {
    guard item.kind.hasValue, !item.kind.isSecret(item), !item.value.isBlank else { return [] }
    let lines = fullValue(item, facts)
    return ["now: " + lines[0]] + lines.dropFirst().map { "     " + $0 }
  }

  /// A value as `show N` prints it: every line of a text, else as the row shows it.
  func fullValue(_ item: Item, _ facts: KindFacts) -> [String] {
    if item.kind.isSecret(item) { return [item.value.isBlank ? "(empty)" : "(secret, not shown)"] }
    switch facts.shape {
    // a long text in full, every line (the row shows its first)
    case .lines: if case .string(let s) = item.value, !s.isEmpty { return Cells.sanitizeLines(s) }
    // a choice as its option (a segmented row draws all of them)
    case .oneOf(let list): if let i = list.chosen.first { return Cells.sanitizeLines(list.choices[i].label) }
    // a line of text as shown, tabs kept
    case .text: if !item.displayValue.isEmpty { return Cells.sanitizeLines(item.displayValue) }
    default: break
    }
    let shown = Cells.sanitize(item.displayValue)
    return [shown.isEmpty ? "(empty)" : shown]
  }

  /// `show N`: everything about one row, one fact a line.
  func full(_ item: Item) -> [String] {
    var out = [describe(item)]
    func add(_ key: String, _ lines: [String]) {
      let pad = String(repeating: " ", count: 13 - key.count)
      out.append("  " + key + pad + (lines.first ?? ""))
      out += lines.dropFirst().map { "  " + String(repeating: " ", count: 13) + $0 }
    }
    if let name = item.name { add("name", [Cells.sanitize(name)]) }
    add("kind", [item.kind.name])
    let facts = item.facts
    if item.kind.hasValue {
      add("value", fullValue(item, facts))
      add("type", [Cells.sanitize(facts.expects)])
    }
    if let d = item.detail, !d.isEmpty { add("detail", Cells.sanitizeLines(d)) }
    if let h = item.description, !h.isEmpty { add("description", Cells.sanitizeLines(h)) }
    if let p = item.placeholder, !p.isEmpty { add("placeholder", Cells.sanitizeLines(p)) }
    switch facts.shape {
    case .oneOf(let list), .severalOf(let list):
      if !list.choices.isEmpty { add("options", [ExpectedInput.numbered(list)]) }
    case .components(let parts):
      if !parts.isEmpty {
        add("options", parts.enumerated().map { "part \($0.offset + 1): " + ExpectedInput.numbered($0.element) })
      }
    default: break
    }
    if item.kind.hasValue { add("required", [item.isRequired ? "yes" : "no"]) }
    if !item.enabled { add("enabled", ["no (disabled)"]) }
    let row = item.row ?? 0
    let extras = item.rowActions
    if !extras.actions.isEmpty { add("actions", [actionList(item) + " (do \(row) ACTION)"]) }
    var commands: [String] = []
    if extras.deletable { commands.append("delete \(row)") }
    if extras.movable { commands.append("move \(row) M") }
    if item.accessory == .detail, extras.onAccessory != nil { commands.append("detail \(row)") }
    if item.section?.onInsert != nil { commands.append("insert \(row)") }
    if !commands.isEmpty { add("commands", [commands.joined(separator: ", ")]) }
    add("errors", item.errors.isEmpty ? ["none"] : item.errors.flatMap(Cells.sanitizeLines))
    return out
  }

  /// `help names`: each row's number, name and title.
  func names(_ items: [Item]) -> [String] {
    if items.isEmpty { return ["the form has no rows"] }
    let width = String(items.count).count
    let nameWidth = min(items.map { Cells.width(Cells.sanitize($0.name ?? "-")) }.max() ?? 1, 24)
    return ["rows (type the number, the name or the title; a unique beginning is enough):"]
      + items.map { item in
        let n = String(item.row ?? 0)
        let name = Cells.sanitize(item.name ?? "-")
        return "  " + String(repeating: " ", count: max(width - n.count, 0)) + n + "  "
          + Cells.pad(Cells.truncate(name, to: 24), to: nameWidth) + "  " + Cells.sanitize(item.title)
      }
  }

  /// The form, or, when it is taller than the terminal, its beginning and
  /// how to see the rest (the title must not scroll away before the first prompt).
  func firstScreen(in session: Session) -> [String] {
    if quiet { return [] }
    // room for the greeting, the line below and the prompt
    guard let rows = session.terminalRows else { return session.screen() }
    let drawing = session.renderer.drawing(session.form)
    let lines = drawing.lines
    guard lines.count > rows - 4 else { return lines }
    let keep = max(rows - 5, 3)
    let rest = lines.count - keep
    // the last row whose line is on the screen, as the renderer placed it
    let count = session.form.rows.count
    let lastShown = drawing.rows.last { $0.line < keep }?.view.number
    let more = lastShown.map { n in n < count ? "; show \(n + 1)-\(count) the rows below" : "" } ?? ""
    return Array(lines.prefix(keep))
      + ["… \(rest) more line\(rest == 1 ? "" : "s"): show prints the whole form\(more), show SECTION one section"]
  }

  /// One line for a refused command.
  func phrase(_ refusal: Refusal) -> String {
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
    case .ambiguous(let words, let candidates):
      let shown = candidates.prefix(6).map(describe).joined(separator: ", ")
      return
        "'\(Cells.sanitize(words))' could be \(shown)\(candidates.count > 6 ? ", …" : ""): type more of it or the number"
    case .noRows(let a, let b, let count):
      return count == 0
        ? "there are no rows \(a)-\(b): the form has no rows" : "there are no rows \(a)-\(b) (rows are 1 to \(count))"
    case .nothingToShow(let words):
      return
        "no row or section is called '\(Cells.sanitize(words))'; show N, show A-B or show SECTION (help names lists the rows)"
    }
  }

  /// The lines of a refused submit: a count, then each problem.
  func phrase(_ problem: SubmitProblem) -> [String] {
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
    if quiet || (!changes.structure && changes.items.isEmpty) { return [] }
    let form = session.form
    if let height = session.height {
      // an upper bound of the form's height without drawing it
      // (headers and footers of several lines count each extra line; looked
      // at only when the rows alone fit, so an edit of a long form stays flat)
      var estimate = form.shownRowCount + 4 * form.sections.count + 4  // (+2: the legend)
      if estimate <= height {
        estimate += form.sections.reduce(0) { n, s in
          n + (s.header?.count { $0 == "\n" } ?? 0) + (s.footer?.count { $0 == "\n" } ?? 0)
        }
      }
      if estimate > height {
        var out = session.renderer.renderRows(changes.items, in: form)
        if changes.structure { out.append("(the form changed; show prints it whole)") }
        return out
      }
    }
    return session.screen()
  }

  /// `help`: the commands the session's driver reads, from the command table.
  public static func help(in session: Session) -> [String] {
    ["commands:"] + CommandSpec.help(for: session.driver)
  }
}
