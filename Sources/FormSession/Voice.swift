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
  /// The same when a guided walk follows at once, which says how it goes on.
  func opening(in session: Session, walking: Bool) -> [String]
  /// The prompt of a question the session asked (`Outcome.asked`).
  func prompt(for question: Question) -> String
  /// How much the guided walk says in this voice.
  var walkStyle: WalkStyle { get }
}

extension Voice {
  /// The first screen: what the voice says for `.started`.
  public func opening(in session: Session) -> [String] { lines(for: .started, in: session) }
  /// The first screen whether or not a walk follows.
  public func opening(in session: Session, walking: Bool) -> [String] { opening(in: session) }
  /// Each message sanitized and split into lines.
  public func notices(_ messages: [String]) -> [String] { messages.flatMap(Cells.sanitizeLines) }

  /// `Email: `, the row's title. The current value is on the line above
  /// (`now: …`, when the editor opened), and a terminal starts the line with
  /// it, so the prompt does not repeat it.
  public func prompt(for item: Item, readingLines: Bool) -> String {
    Cells.sanitize(item.label) + (readingLines ? " (end with .)> " : ": ")
  }

  /// The walk says everything: the row, what to type, each answer back.
  public var walkStyle: WalkStyle { .full }

  /// `Discard them and cancel? [y/N] `: the answer is on the prompt's line.
  public func prompt(for question: Question) -> String {
    switch question {
    case .discard(let n): return "Discard \(n == 1 ? "it" : "them") and cancel? [y/N] "
    }
  }

  /// How to pick a row, set a value, get help and submit, in two lines.
  /// Wrapped at word boundaries to the width the form is drawn in.
  public func greeting(in session: Session) -> [String] {
    let text =
      "type a row's number, name or title to edit it (a name alone opens the row; a unique beginning is enough),"
      + " NAME VALUE to set it, show N to see a row in full, next to be asked row by row, ? for help, s to submit"
    return wrapped(text, width: max(session.renderer.width, 20))
  }

  /// `lines` with each line wider than `width` cells broken between words,
  /// its indentation kept on every part (a drawn form fits and stays as it is).
  public static func fitted(_ lines: [String], width: Int) -> [String] {
    lines.flatMap { line -> [String] in
      guard Cells.width(line) > width else { return [line] }
      let indent = String(line.prefix { $0 == " " })
      let room = max(width - indent.count, 20)
      return StandardVoice().wrapped(String(line.dropFirst(indent.count)), width: room).map { indent + $0 }
    }
  }

  /// `text` in lines of at most `width` cells, broken between words (a word
  /// longer than the width has a line of its own).
  public func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if Cells.width(candidate) > width, !line.isEmpty {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
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
    case .values(let values): return [JSON.encode(.record(values))]  // masked: Session.shownDocument
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
    case .asked(.discard(let n)): return ["\(n) changed value\(n == 1 ? "" : "s") would be lost."]
    case .kept(.discard): return ["(not cancelled)"]
    case .reasked(_, let problems, _):
      return [
        "! " + problems.map(Cells.sanitize).joined(separator: " ") + " (type it again, or :q to leave it as it was)"
      ]
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
    // the options take what a screen leaves of its rows (the prompt's lines apart)
    let page = max(5, (session.terminalRows ?? 24) - 5)
    switch facts.shape {
    case .oneOf(let list): return [head] + Self.listing(list, mark: "*", blank: " ", width: width, page: page)
    case .severalOf(let list):
      return [head] + Self.listing(list, mark: "[x]", blank: "[ ]", width: width, page: page)
    case .components(let parts):
      return [head]
        + parts.enumerated().map { i, part in
          let shown = part.choices.prefix(Self.partShows)
          var entries = shown.enumerated().map { k, choice in
            (part.chosen.contains(k) ? "*" : "") + "\(k + 1) \(Cells.sanitize(choice.label))"
          }
          if part.choices.count > shown.count {
            entries.append("… \(part.choices.count - shown.count) more (type one's number or its text)")
          }
          return "  part \(i + 1): " + entries.joined(separator: ", ")
        }
    default: return [head]
    }
  }

  /// Above this many options, an editor lays them out in columns.
  static let columnsAbove = 10
  /// The options of a picker's part listed before `… N more`.
  static let partShows = 20

  /// A choice editor's numbered list; chosen options carry `mark`. A long
  /// list (above `columnsAbove`) is laid out in columns, down then across,
  /// to fit `width` cells, so 40 countries take a dozen lines, not 40. A
  /// list longer than `page` lines of columns shows its first screenful,
  /// the chosen options past it, and how to narrow the rest: a
  /// 1,000,000-option radio is not printed whole.
  static func listing(
    _ list: KindFacts.ChoiceList, mark: String, blank: String, width: Int, page: Int = .max
  ) -> [String] {
    let count = list.choices.count
    let digits = String(count).count
    let chosen = Set(list.chosen)
    func cell(_ i: Int) -> String {
      let n = String(i + 1)
      return (chosen.contains(i) ? mark : blank) + " " + String(repeating: " ", count: digits - n.count) + n + "  "
        + Cells.sanitize(list.choices[i].label)
    }
    guard count > columnsAbove else { return (0..<count).map { "  " + cell($0) } }
    // only what a screen can show is laid out (a cell takes 4 columns at least)
    let cells = (0..<min(count, max(1, page).multipliedReportingOverflow(by: max(1, (width - 2) / 4)).partialValue))
      .map(cell)
    let cellWidth = (cells.map(\.count).max() ?? 0) + 3
    let columns = max(1, min((width - 2) / cellWidth, count))
    var rows = (count + columns - 1) / columns
    var shown = count
    if rows > page {
      rows = page
      shown = min(count, page * columns)
    }
    var lines: [String] = []
    for r in 0..<rows {
      var line = " "
      for c in 0..<columns {
        let i = c * rows + r
        guard i < shown else { break }
        let last = c == columns - 1 || (c + 1) * rows + r >= shown
        line += " " + (last ? cells[i] : cells[i] + String(repeating: " ", count: cellWidth - 1 - cells[i].count))
      }
      lines.append(line)
    }
    guard shown < count else {
      lines.append("  (type a number, an option, or part of one to narrow the list)")
      return lines
    }
    let past = list.chosen.filter { $0 >= shown }
    for i in past.prefix(3) { lines.append("  " + cell(i)) }
    if past.count > 3 { lines.append("  (and \(past.count - 3) more chosen)") }
    lines.append(
      "  (\(count - shown) more: options 1 to \(shown) of \(count) options are shown;"
        + " type part of one to narrow the list, or its number)")
    return lines
  }

  // MARK: finding rows, long forms, forgiving editors (issue 12)

  /// The current value, in full, above an editor's prompt (not for a secret).
  func now(_ item: Item, _ facts: KindFacts) -> [String] {
    guard item.kind.hasValue, !item.value.isBlank else { return [] }
    // a card's masked form (`Visa •••• 4242`); a secure text nothing
    if item.kind.isSecret(item) { return facts.shape == .secret ? [] : ["now: " + Cells.sanitize(item.displayValue)] }
    let lines = fullValue(item, facts)
    return ["now: " + lines[0]] + lines.dropFirst().map { "     " + $0 }
  }

  /// A value as `show N` prints it: every line of a text, else as the row shows it.
  func fullValue(_ item: Item, _ facts: KindFacts) -> [String] {
    if item.kind.isSecret(item) {
      // a secret its row masks (a card: `Visa •••• 4242  12/30`) as the row shows it
      if item.value.isBlank || facts.shape == .secret {
        return [item.value.isBlank ? "(empty)" : "(secret, not shown)"]
      }
      return [Cells.sanitize(item.displayValue)]
    }
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
    let count = session.form.lastRow
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
      return "unknown command or item '\(Cells.quoted(word))'"
        + (suggestion.map { " (did you mean '\(Cells.sanitize($0))'?)" } ?? "") + "; type ? for help"
    case .noItemNamed(let name, let suggestion):
      return "the form has no item named '\(Cells.quoted(name))'"
        + (suggestion.map { " (did you mean '\(Cells.sanitize($0))'?)" } ?? "")
    case .hidden(let name): return "'\(Cells.quoted(name))' is hidden"
    case .rowHidden(let n): return "row \(n) is hidden now"
    case .renumbered(let n, let item):
      return "row \(n) is now \(Self.recognised(item)): rows moved since the form was last shown;"
        + " type \(n) again to mean it, or show to see the form"
    case .disabled(let item): return "\(describe(item)) is disabled"
    case .holdsNoValue(let item): return "\(describe(item)) holds no value"
    case .badValue(_, let reason): return "! " + Cells.sanitize(reason) + " (value unchanged)"
    case .cannotClear(_, let reason): return "! " + Cells.sanitize(reason)
    case .vetoed(let item, let message):
      return message.map { "! " + Cells.sanitize($0) } ?? "\(describe(item)) cannot be chosen now"
    case .noAction(let item, nil): return "\(describe(item)) has no actions"
    case .noAction(let item, let title?):
      return "\(describe(item)) has no action '\(Cells.quoted(title))' (its actions: \(actionList(item)))"
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
    case .commandOrRow(let letter, let command, let rows, let rest):
      let shown = rows.prefix(6).map(describe).joined(separator: ", ") + (rows.count > 6 ? ", …" : "")
      let start =
        "'\(Cells.sanitize(letter))' is the command \(Cells.sanitize(command)) and the beginning of \(shown): "
      guard rows.count == 1, let item = rows.first else {
        return start + "type \(Cells.sanitize(command)) for the command, or more of the row's name (or its number)"
      }
      let tail = rest.isEmpty ? "" : " " + Cells.sanitize(rest)
      let number = item.row.map { " (or \($0)\(tail))" } ?? ""
      let byName = item.name.map { Cells.sanitize($0) + tail + number } ?? "\(item.row ?? 0)\(tail)"
      return start + "type \(Cells.sanitize(command)) for the command, or \(byName) for the row"
    case .secretTyped(let item):
      let name = item.name.map(Cells.sanitize) ?? "\(item.row ?? 0)"
      return "\(describe(item)) is secret, so its value is not set from a line that shows it:"
        + " type \(name) alone, then the value (it is not shown as you type)"
    case .nothingToShow(let words):
      return
        "no row or section is called '\(Cells.quoted(words))'; show N, show A-B or show SECTION (help names lists the rows)"
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

  /// `Task (Call the plumber)`: a row's title with its value when it has one to show, to tell rows of one title apart.
  static func recognised(_ item: Item) -> String {
    let title = Cells.sanitize(item.label)
    guard item.kind.hasValue, !item.kind.isSecret(item), !item.value.isBlank else { return title }
    let shown = Cells.truncate(Cells.sanitize(item.displayValue), to: 30)
    return shown.isEmpty ? title : "\(title) (\(shown))"
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
          n + (s.header?.count { $0 == "\n" } ?? 0) + (s.footer?.count { $0 == "\n" } ?? 0) + s.drawnLineCount
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
    ["commands:"] + CommandSpec.help(for: session.driver, form: session.form)
  }
}
