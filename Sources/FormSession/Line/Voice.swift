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
  /// The same, given to `write` in pieces as it is made (so that a large
  /// form drawn whole is never held whole).
  func opening(in session: Session, walking: Bool, writing write: ([String]) -> Void)
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
  /// The opening in one piece.
  public func opening(in session: Session, walking: Bool, writing write: ([String]) -> Void) {
    write(opening(in: session, walking: walking))
  }
  /// Each message sanitized and split into lines.
  public func notices(_ messages: [String]) -> [String] { messages.flatMap(Cells.sanitizeLines) }

  /// `Email: `, the row's title. The current value is on the line above
  /// (`now: …`, when the editor opened), and a terminal starts the line with
  /// it, so the prompt does not repeat it.
  public func prompt(for item: Item, readingLines: Bool) -> String {
    item.words.say(readingLines ? "prompt.lines" : "prompt.line", ["title": Cells.sanitize(item.label)])
  }

  /// The walk says everything: the row, what to type, each answer back.
  public var walkStyle: WalkStyle { .full }

  /// `Discard them and cancel? [y/N] `: the answer is on the prompt's line.
  public func prompt(for question: Question) -> String {
    switch question {
    case .discard(let n): return Catalogue.english.say("ask.discard", ["count": String(n)])
    }
  }

  /// The same in the form's language.
  public func prompt(for question: Question, in session: Session) -> String {
    switch question {
    case .discard(let n): return session.form.say("ask.discard", ["count": String(n)])
    }
  }

  /// How to pick a row, set a value, get help and submit, in two lines.
  /// Wrapped at word boundaries to the width the form is drawn in.
  public func greeting(in session: Session) -> [String] {
    let text = session.form.say("greeting")
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
    case .refused(let refusal): return [phrase(refusal, session.form.catalogue)]
    case .editorOpened(let item, let changes):
      let escape = Command.editorEscape
      // the facts are made once: a long option list is not copied again
      let facts = item.facts
      return drawn(changes, in: session) + editor(item, facts, in: session) + now(item, facts)
        + [
          item.kind.readsLines
            ? session.form.say("editor.keep_lines", ["escape": escape])
            : session.form.say("editor.keep", ["escape": escape])
        ]
    case .unchanged: return [session.form.say("edit.unchanged")]
    case .submitted: return [session.form.say("submit.done")]
    case .submitRefused(let problem, let changes):
      return (changes.map { drawn($0, in: session) } ?? []) + phrase(problem, session.form.catalogue)
    case .cancelled: return [session.form.say("cancel.done")]
    case .screen: return session.screen()
    case .help: return Self.help(in: session)
    case .values(let values): return [JSON.encode(WholeDocument.value(of: values))]  // masked: Session.shownDocument
    case .errors(let items):
      if items.isEmpty { return [session.form.say("errors.none")] }
      return items.flatMap { item in
        item.errors.map { session.form.say("errors.row", ["row": "\(item.row ?? 0)", "message": Cells.sanitize($0)]) }
      }
    case .actions(let item):
      return [session.form.say("actions.list", ["row": describe(item), "actions": actionList(item)])]
        + [session.form.say("actions.how", ["number": "\(item.row ?? 0)"])]
    case .started: return firstScreen(in: session)
    case .rowShown(let item): return full(item)
    case .rowsShown(let items): return session.renderer.renderRows(items, in: session.form)
    case .sectionShown(let section): return session.renderer.renderSection(section, in: session.form)
    case .names(let items): return names(items, session.form.catalogue)
    case .editorLeft(let item): return [session.form.say("editor.left", ["row": describe(item)])]
    case .adjusted(let changes, let item, let note):
      return drawn(changes, in: session) + [
        session.form.say("adjusted", ["title": Cells.sanitize(item.label), "note": Cells.sanitize(note)])
      ]
    case .asked(.discard(let n)): return [session.form.say("ask.discard_lost", ["count": String(n)])]
    case .kept(.discard): return [session.form.say("ask.not_cancelled")]
    case .reasked(_, let problems, _):
      return [
        session.form.say("reask", ["problems": problems.map(Cells.sanitize).joined(separator: " ")])
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
    if facts.shape.isChoice, lists.allSatisfy(\.choices.isEmpty) {
      return [session.form.say("editor.no_options", ["title": label])]
    }
    let head = session.form.say("editor.head", ["title": label, "expects": Cells.sanitize(facts.expects)])
    let renderer = session.renderer
    let width = renderer.explicit ? renderer.width : max(session.form.style.width ?? renderer.width, 20)
    // the options take what a screen leaves of its rows (the prompt's lines apart)
    let page = max(5, (session.terminalRows ?? 24) - 5)
    switch facts.shape {
    case .oneOf(let list):
      return [head] + Self.listing(list, mark: "*", blank: " ", width: width, page: page, session.form.catalogue)
    case .severalOf(let list):
      return [head] + Self.listing(list, mark: "[x]", blank: "[ ]", width: width, page: page, session.form.catalogue)
    case .components(let parts):
      return [head]
        + parts.enumerated().map { i, part in
          let shown = part.choices.prefix(Self.partShows)
          var entries = shown.enumerated().map { k, choice in
            (part.chosen.contains(k) ? "*" : "") + "\(k + 1) \(Cells.sanitize(choice.label))"
          }
          if part.choices.count > shown.count {
            entries.append(session.form.say("options.more", ["count": String(part.choices.count - shown.count)]))
          }
          return "  "
            + session.form.say("options.part", ["number": String(i + 1), "options": entries.joined(separator: ", ")])
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
    _ list: KindFacts.ChoiceList, mark: String, blank: String, width: Int, page: Int = .max,
    _ c: Catalogue = .english
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
      lines.append(c.say("options.narrow"))
      return lines
    }
    let past = list.chosen.filter { $0 >= shown }
    for i in past.prefix(3) { lines.append("  " + cell(i)) }
    if past.count > 3 { lines.append(c.say("options.more_chosen", ["count": String(past.count - 3)])) }
    lines.append(
      c.say("options.paged", ["rest": String(count - shown), "shown": String(shown), "count": String(count)]))
    return lines
  }

  // MARK: a row in full, the names, the first screen, refusals

  /// The current value, in full, above an editor's prompt (not for a secret).
  func now(_ item: Item, _ facts: KindFacts) -> [String] {
    guard item.kind.hasValue, !item.value.isBlank else { return [] }
    // a card's masked form (`Visa •••• 4242`); a secure text nothing
    let now = item.words.say("now", ["value": ""])
    if item.kind.isSecret(item) { return facts.shape == .secret ? [] : [now + Cells.sanitize(item.displayValue)] }
    let lines = fullValue(item, facts)
    return [now + lines[0]] + lines.dropFirst().map { String(repeating: " ", count: Cells.width(now)) + $0 }
  }

  /// A value as `show N` prints it: every line of a text, else as the row shows it.
  func fullValue(_ item: Item, _ facts: KindFacts) -> [String] {
    if item.kind.isSecret(item) {
      // a secret its row masks (a card: `Visa •••• 4242  12/30`) as the row shows it
      if item.value.isBlank || facts.shape == .secret {
        return [item.words.say(item.value.isBlank ? "value.empty" : "value.secret")]
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
    return [shown.isEmpty ? item.words.say("value.empty") : shown]
  }

  /// `show N`: everything about one row, one fact a line.
  func full(_ item: Item) -> [String] {
    var out = [describe(item)]
    // each fact by its catalogue key (`show.name`)
    func add(_ key: String, _ lines: [String]) {
      let fact = item.words.say(key)
      let pad = String(repeating: " ", count: max(13 - Cells.width(fact), 1))
      out.append("  " + fact + pad + (lines.first ?? ""))
      out += lines.dropFirst().map { "  " + String(repeating: " ", count: 13) + $0 }
    }
    if let name = item.name { add("show.name", [Cells.sanitize(name)]) }
    add("show.kind", [item.kind.name])
    let facts = item.facts
    if item.kind.hasValue {
      add("show.value", fullValue(item, facts))
      add("show.type", [Cells.sanitize(facts.expects)])
    }
    if let d = item.detail, !d.isEmpty { add("show.detail", Cells.sanitizeLines(d)) }
    if let h = item.description, !h.isEmpty { add("show.description", Cells.sanitizeLines(h)) }
    if let p = item.placeholder, !p.isEmpty { add("show.placeholder", Cells.sanitizeLines(p)) }
    switch facts.shape {
    case .oneOf(let list), .severalOf(let list):
      if !list.choices.isEmpty { add("show.options", [ExpectedInput.numbered(list, item.words)]) }
    case .components(let parts):
      if !parts.isEmpty {
        add(
          "show.options",
          parts.enumerated().map {
            item.words.say(
              "options.part",
              ["number": String($0.offset + 1), "options": ExpectedInput.numbered($0.element, item.words)])
          })
      }
    default: break
    }
    if item.kind.hasValue { add("show.required", [item.words.say(item.isRequired ? "word.yes" : "word.no")]) }
    if !item.enabled { add("show.enabled", [item.words.say("show.disabled")]) }
    let row = item.row ?? 0
    let extras = item.rowActions
    if !extras.actions.isEmpty {
      add("show.actions", [item.words.say("show.do", ["actions": actionList(item), "row": String(row)])])
    }
    var commands: [String] = []
    if extras.deletable { commands.append("delete \(row)") }
    if extras.movable { commands.append("move \(row) M") }
    if item.accessory == .detail, extras.onAccessory != nil { commands.append("detail \(row)") }
    if item.section?.onInsert != nil { commands.append("insert \(row)") }
    if !commands.isEmpty { add("show.commands", [commands.joined(separator: ", ")]) }
    add(
      "show.errors", item.errors.isEmpty ? [item.words.say("show.no_errors")] : item.errors.flatMap(Cells.sanitizeLines)
    )
    return out
  }

  /// `help names`: each row's number, name and title.
  func names(_ items: [Item], _ c: Catalogue = .english) -> [String] {
    if items.isEmpty { return [c.say("names.none")] }
    let width = String(items.count).count
    let nameWidth = min(items.map { Cells.width(Cells.sanitize($0.name ?? "-")) }.max() ?? 1, 24)
    return [c.say("names.head")]
      + items.map { item in
        let n = String(item.row ?? 0)
        let name = Cells.sanitize(item.name ?? "-")
        return "  " + String(repeating: " ", count: max(width - n.count, 0)) + n + "  "
          + Cells.pad(Cells.truncate(name, to: 24), to: nameWidth) + "  " + Cells.sanitize(item.title)
      }
  }

  /// The form, or, when it is taller than the terminal, its beginning and
  /// how to see the rest (the title must not scroll away before the first prompt).
  /// The first screen; the whole form (no terminal's height to fit) a section at a time as it is drawn.
  public func opening(in session: Session, walking: Bool, writing write: ([String]) -> Void) {
    guard !quiet, session.terminalRows == nil else { return write(opening(in: session, walking: walking)) }
    session.screen(writing: write)
  }

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
    let c = session.form.catalogue
    let more =
      lastShown.map { n in n < count ? c.say("screen.rest_rows", ["from": String(n + 1), "to": String(count)]) : "" }
      ?? ""
    return Array(lines.prefix(keep)) + [c.say("screen.more", ["count": String(rest), "rows": more])]
  }

  /// One line for a refused command (`Refusal.said`).
  func phrase(_ refusal: Refusal, _ c: Catalogue = .english) -> String { refusal.said(in: c) }

  /// The lines of a refused submit (`SubmitProblem.said`).
  func phrase(_ problem: SubmitProblem, _ c: Catalogue = .english) -> [String] { problem.said(in: c) }

  /// `Archive, Snooze`: a row's action titles.
  func actionList(_ item: Item) -> String { OutcomeWords.actions(of: item) }

  func describe(_ item: Item) -> String { OutcomeWords.row(item) }

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
        if changes.structure { out.append(form.say("form.changed")) }
        return out
      }
    }
    return session.screen()
  }

  /// `help`: the commands the session's driver reads, from the command table.
  public static func help(in session: Session) -> [String] {
    [session.form.say("help.head")] + CommandSpec.help(for: session.driver, form: session.form)
  }
}
