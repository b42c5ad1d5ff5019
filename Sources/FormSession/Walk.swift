import FormCore

/// How much the guided walk says: `full` for the framed voice (the row's
/// sentence, what to type, every answer said back, a summary a line a row),
/// `brief` for the accessible voice (one sentence a question, an answer said
/// back only when the row reads it otherwise than it was typed, a summary in
/// one sentence), so that a screen reader speaks as few words as will do.
public enum WalkStyle: Sendable {
  case full, brief
}

/// A guided walk: the rows that hold a value are asked one after another,
/// through the session's verbs (a driver of the session, not a mode of it).
/// It reads the live form at every step, so rows that a handler shows or
/// hides while walking are asked or passed over. It never reads or writes a
/// file descriptor: the front end gives it lines and prints what it returns.
public final class Walk {
  /// How a walk ended.
  public enum Ending: Equatable {
    /// the form was submitted with these values (the session has ended)
    case submitted([Value.Field])
    /// `:q`: the form was cancelled (the session has ended)
    case cancelled
    /// `n` at the end: the walk stopped, the session goes on with commands
    case stopped
    /// answers not typed at a terminal (`atTerminal` false): an answer was
    /// refused, so the walk stops rather than take the next line for the same
    /// question; nothing was submitted. `question` is what was asked: the
    /// row's title, or `Submit?`
    case refused(question: String)
    /// answers not typed at a terminal: `y` to the submit question was
    /// refused (the problems were said), so the walk stops; nothing was submitted
    case submitRefused
  }

  /// The session the walk drives through its verbs.
  public let session: Session
  /// True when a person types the answers at a terminal: a refused answer is
  /// asked again (its text offered back to correct, `refusedText`) and the
  /// prompt asks the submit question. False for answers from a pipe or a
  /// file: a refused answer ends the walk (`Ending.refused`), so that no
  /// later answer lands one question early, and the summary itself ends with
  /// the submit question.
  public var atTerminal = true
  /// The row being asked; nil at the end (the summary's question).
  public private(set) var current: Item?
  /// The answer last refused for the current question (never a secret's): a
  /// terminal starts the next line with it.
  public private(set) var refusedText: String?
  /// Where the current row was (its index among the rows), to go on from
  /// there if a handler hides it.
  var position = 0
  /// The lines of a long text read so far.
  var longText: [String]?
  /// How the walk ended; nil while it goes on.
  public private(set) var ending: Ending?
  var startAt: Item?
  var startAtSummary = false
  /// On a paged form: the page last announced (nil: none yet, or the
  /// summary), and its number (0: none, or the summary), for `on_page`.
  var pageID: ObjectIdentifier?
  var pageNumber = 0
  var announced = false

  /// A walk from the first row that holds a value.
  public init(session: Session) {
    self.session = session
  }

  /// A walk from `item`; nil: straight to the summary.
  public init(session: Session, from item: Item?) {
    self.session = session
    startAt = item
    startAtSummary = item == nil
  }

  /// The walk the `next` command starts: from the first row that is empty or
  /// invalid (the summary when there is none).
  public static func next(_ session: Session) -> Walk {
    Walk(session: session, from: session.form.rows.first { asked($0) && ($0.value.isBlank || !$0.errors.isEmpty) })
  }

  /// The walk of a resumed draft: from the first row of the page that holds
  /// the first row still empty or invalid (the summary when there is none);
  /// a form without pages from its first row, as always.
  public static func resumed(_ session: Session) -> Walk {
    let pages = Pages.of(session.form, keeping: asked)
    guard !pages.isEmpty else { return Walk(session: session) }
    let next = Walk.next(session)
    guard let item = next.startAt, let page = Pages.page(of: item, in: pages) else { return next }
    return Walk(session: session, from: page.rows.first(where: asked) ?? item)
  }

  /// A row the walk asks: shown, enabled, holding a value.
  public static func asked(_ item: Item) -> Bool { item.isShown && item.enabled && item.kind.hasValue }

  /// The walk's own commands; they start with `:` so that any other text is a value.
  public static let help = [
    "An empty line keeps the value. :back goes to the previous row, :skip to the next,",
    ":clear empties the row, :show shows the form, :q cancels, :help says this again.",
    "To type a value that starts with a colon, type two.",
  ]

  /// The same in the accessible voice's words.
  static let briefHelp = [
    "An empty line keeps the value. :back goes back, :skip goes on, :clear empties the row,"
      + " :show reads the form, :q cancels. Type two colons for a value that starts with one."
  ]

  var brief: Bool { session.voice.walkStyle == .brief }

  /// The pages the walk goes through (none when the form has no pages): those with a row it asks.
  var pages: [Page] { Pages.of(session.form, keeping: Self.asked) }

  /// How `:page` works, said in the help of a paged form.
  static let pageHelp = ":page N goes to page N (a later page once the pages before it are finished)."

  /// The first lines: how the walk works, then the first question.
  public func start() -> [String] {
    let form = session.form
    let first = startAtSummary ? nil : startAt ?? form.rows.first(where: Self.asked)
    // the questions from where the walk starts (a handler's rows are announced as they come)
    let count = first.map { f in form.rows.drop { $0 !== f }.filter(Self.asked).count } ?? 0
    let title = form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    var questions = count == 0 ? "nothing to ask" : "\(count) question\(count == 1 ? "" : "s")"
    let pageCount = pages.count
    if count > 0, pageCount > 0 { questions += " on \(pageCount) page\(pageCount == 1 ? "" : "s")" }
    let out: [String]
    if brief {
      out = [(title.map { $0 + ": " } ?? "") + questions + ". :help for commands."]
    } else {
      out =
        ["Guided fill" + (title.map { " of " + $0 } ?? "") + ": \(questions)."] + Self.help
        + (pageCount > 0 ? [Self.pageHelp] : [])
    }
    guard let first else { return session.notices() + out + summary() }
    return session.notices() + out + ask(first)
  }

  /// What is asked now: the row's title, or the submit question.
  public var prompt: String {
    if session.question != nil { return session.prompt }
    guard let item = current else { return brief ? "Submit, y or n? " : "Submit? [Y/n] " }
    return Cells.sanitize(item.label) + (longText != nil ? " (end with .)> " : ": ")
  }

  /// True while the row asked is secret: a terminal should not echo the answer.
  public var asksSecret: Bool { current.map { $0.kind.isSecret($0) } ?? false }

  /// Read one line: an answer, or one of the walk's commands.
  public func read(_ line: String) -> [String] {
    guard ending == nil, session.state == .running else { return ["The guided fill has ended."] }
    // a byte-order mark is no part of the answer (as at the prompt)
    if line.unicodeScalars.first == "\u{FEFF}" { return read(String(line.unicodeScalars.dropFirst())) }
    if session.question != nil { return answerQuestion(line) }
    guard let item = current else { return confirm(line) }
    if longText != nil { return readLine(line, of: item) }
    let text = line.trimmingSpaces
    switch text {
    case ":q", ":quit", ":cancel": return cancel()
    case ":back": return back(from: item)
    case ":skip": return forward(from: item)
    case ":show": return session.notices() + session.phrase(session.perform(.show)) + again(item)
    case ":help", ":?": return help() + again(item)
    case _ where Self.pageWord(text) != nil: return goToPage(Self.pageWord(text)!, from: item)
    case ":clear":
      // the row is emptied and the walk goes on; the summary says what is missing
      guard let row = item.row else { return forward(from: item) }
      let outcome = perform(.clear(.row(row)))
      if case .changed(let changes) = outcome { return session.notices() + rowsMoved(changes) + forward(from: item) }
      return refused(item, nil, session.notices() + session.phrase(outcome))
    case "": return forward(from: item)
    case "?" where hearsAllOptions(item): return allOptions(item)
    default: break
    }
    if item.kind.readsLines {
      longText = []
      return readLine(text.hasPrefix("::") ? String(line.drop { $0 == " " }.dropFirst()) : line, of: item)
    }
    return set(item, text.hasPrefix("::") ? String(line.trimmingSpaces.dropFirst()) : line)
  }

  /// The walk's help, `:page` too on a paged form.
  func help() -> [String] {
    (brief ? Self.briefHelp : Self.help) + (pages.isEmpty ? [] : [Self.pageHelp])
  }

  /// The page asked for by `:page N` (or `:page TITLE`); nil for another line.
  static func pageWord(_ text: String) -> String? {
    guard text == ":page" || text.hasPrefix(":page ") else { return nil }
    return String(text.dropFirst(5)).trimmingSpaces
  }

  /// `:page N`: the first question of page N. Back is always allowed;
  /// forward only past pages that are finished (else refused at the first
  /// that is not, as Next is).
  func goToPage(_ words: String, from item: Item?) -> [String] {
    let pages = self.pages
    let stay = item.map(again) ?? submitQuestion()
    guard !pages.isEmpty else { return ["This form has no pages."] + stay }
    let key = words.lowercased()
    guard let target = pages.first(where: { String($0.number) == key || $0.title?.lowercased() == key }) else {
      let which = words.isEmpty ? "Which page?" : "There is no page \(Cells.sanitize(words))."
      return [
        which + " Pages: "
          + pages.map { p in "\(p.number)" + (p.title.map { " " + $0 } ?? "") }
          .joined(separator: ", ") + "."
      ] + stay
    }
    // from the summary every page is behind
    let here = item.flatMap { Pages.page(of: $0, in: pages) }?.number ?? pages.count + 1
    for page in pages where page.number >= here && page.number < target.number {
      let problems = page.problems
      if !problems.isEmpty { return refusePage(page, problems, at: item) }
    }
    guard let first = target.rows.first(where: Self.asked) else { return stay }
    pageID = nil
    return ask(first)
  }

  /// Leaving `item`'s page for `next` (nil: the summary): refused, naming
  /// them, while rows on the page have problems.
  func leavingPage(from item: Item, to next: Item?) -> [String]? {
    let pages = self.pages
    guard !pages.isEmpty, let page = Pages.page(of: item, in: pages) else { return nil }
    if let next, page.holds(next) { return nil }
    let problems = page.problems
    return problems.isEmpty ? nil : refusePage(page, problems, at: item)
  }

  /// A Next refused: why, then (at a terminal) the first row with a problem
  /// asked; through a pipe the walk ends, as for a refused answer.
  func refusePage(_ page: Page, _ problems: [Item], at item: Item?) -> [String] {
    let said = [page.refusal(problems)]
    guard atTerminal else {
      ending = .refused(question: Cells.sanitize(problems[0].label))
      return said
    }
    guard let first = problems.first(where: Self.asked) ?? item else { return said + submitQuestion() }
    return said + ask(first)
  }

  /// `:q`: cancel the form (at a terminal, with changed values, the session asks first).
  func cancel() -> [String] {
    let outcome = session.perform(.cancel)
    if case .cancelled = outcome { ending = .cancelled }
    return session.notices() + session.phrase(outcome)
  }

  /// The answer to the session's question; the walk goes on where it was when not cancelled.
  func answerQuestion(_ line: String) -> [String] {
    let outcome = session.read(line)
    if case .cancelled = outcome {
      ending = .cancelled
      return session.notices() + session.phrase(outcome)
    }
    let said = session.notices() + session.phrase(outcome)
    guard let item = current else { return said + submitQuestion() }
    return said + again(item)
  }

  // MARK: asking

  /// The question for `item`: the row in words, then what to type.
  func ask(_ item: Item) -> [String] {
    current = item
    longText = nil
    refusedText = nil
    position = session.form.rows.firstIndex { $0 === item } ?? position
    let heading = pageHeading(item)
    if brief { return heading + [briefQuestion(item)] }
    return heading + Spoken.row(item, in: session.form, options: false) + ExpectedInput.lines(for: item, inWalk: true)
  }

  /// `Page 2 of 3: Payment.` when `item` is on another page than the last
  /// announced (the script's `on_page` runs then).
  func pageHeading(_ item: Item) -> [String] {
    let pages = self.pages
    guard let page = Pages.page(of: item, in: pages), page.id != pageID else { return [] }
    pageID = page.id
    let from = pageNumber
    pageNumber = page.number
    // not for the first page the walk starts on
    if announced { Pages.moved(session.form, from: from, to: page.number) }
    announced = true
    return [Spoken.period(page.heading)] + session.notices()
  }

  /// The row asked again after a command (`:show`, `:help`, a question
  /// answered): its sentence only.
  func again(_ item: Item) -> [String] {
    guard Self.asked(item) else { return forward(from: item) }
    if brief { return ["Back to " + Cells.sanitize(item.label) + "."] }
    return [Spoken.row(item, in: session.form, options: false)[0]]
  }

  /// `3 of 6: Plan, choice of 5, required: 1 Free, 2 Basic, 3 Plus, 4 Pro,
  /// 5 Enterprise.`: the accessible voice's whole question, the options once.
  func briefQuestion(_ item: Item) -> String {
    let facts = item.facts
    let asked = session.form.rows.filter(Self.asked)
    var head = [Cells.sanitize(item.label)]
    let lists = facts.shape.choiceLists
    switch facts.shape {
    case .text: break
    case .secret, .lines: head.append(Cells.sanitize(facts.noun))
    case .oneOf(let list), .severalOf(let list): head.append(Cells.sanitize(facts.noun) + " of \(list.choices.count)")
    case .components(let parts): head.append(Cells.sanitize(facts.noun) + " of \(parts.count) parts")
    default: break
    }
    if item.isRequired { head.append("required") }
    if !item.value.isBlank { head.append("now " + Spoken.value(facts).words) }
    // the limits the kind's own phrase does not say (it is not said for these shapes)
    switch facts.shape {
    case .text, .secret, .lines, .severalOf: head += facts.limits.phrases.map(Cells.sanitize)
    default: break
    }
    let position = asked.firstIndex { $0 === item }.map { "\($0 + 1) of \(asked.count): " } ?? ""
    var sentence = position + head.joined(separator: ", ")
    if !lists.isEmpty, !lists.allSatisfy(\.choices.isEmpty) {
      sentence += ": " + ExpectedInput.options(facts.shape, inWalk: true)
    }
    sentence = Spoken.period(sentence)
    if item.value.isBlank, let hint = item.placeholder, !hint.isEmpty {
      sentence += " Hint: " + Spoken.period(Cells.sanitize(hint))
    }
    if let help = item.description, !help.isEmpty { sentence += " " + Spoken.period(Cells.sanitize(help)) }
    switch facts.shape {
    // free text needs no words on what to type, unless its kind reads a format (examples show it)
    case .text where facts.examples.isEmpty, .secret, .oneOf: break
    case .lines: sentence += " A line with only a full stop ends the text."
    case .severalOf: sentence += " Separate with commas."
    case .date:
      // the limits and the ISO example, not the row's own format too
      let limits = facts.limits.phrases.map { " " + Cells.sanitize($0) }.joined(separator: ",")
      let example = facts.examples.last.map { ", e.g. " + Cells.sanitize($0) } ?? ""
      sentence += " Type a " + Spoken.period(Cells.sanitize(facts.noun) + limits + example)
    default: sentence += " Type " + Spoken.period(Cells.sanitize(facts.expects))
    }
    if ExpectedInput.isLong(facts.shape) { sentence += " " + ExpectedInput.searchHint }
    if item.edited || session.form.submitAttempted {
      for e in item.errors { sentence += " " + Spoken.error(e) }
    }
    return sentence
  }

  /// `?` for a choice row whose list was cut short: every option (unless `?` is one of them).
  func hearsAllOptions(_ item: Item) -> Bool {
    let shape = item.facts.shape
    return shape.isChoice && !shape.choiceLists.contains { $0.choices.contains { $0.label == "?" } }
  }

  func allOptions(_ item: Item) -> [String] {
    ["Options: " + ExpectedInput.options(item.facts.shape, whole: true) + "."]
  }

  /// The next asked row after `item` in the live form, or the summary.
  func forward(from item: Item) -> [String] {
    let rows = session.form.rows
    let start = rows.firstIndex { $0 === item }.map { $0 + 1 } ?? position
    let next = rows[min(start, rows.count)...].first(where: Self.asked)
    // the end of a page: on to the next one only when it is finished
    if let refused = leavingPage(from: item, to: next) { return refused }
    if let next { return ask(next) }
    return summary()
  }

  func back(from item: Item?) -> [String] {
    let rows = session.form.rows
    let end = item.flatMap { i in rows.firstIndex { $0 === i } } ?? (item == nil ? rows.count : position)
    if let previous = rows[..<min(end, rows.count)].last(where: Self.asked) { return ask(previous) }
    guard let item else { return ["There is no row to go back to."] + summary() }
    return ["This is the first question."] + again(item)
  }

  func readLine(_ line: String, of item: Item) -> [String] {
    if line == "." {
      let lines = longText ?? []
      longText = nil
      return lines.isEmpty ? forward(from: item) : set(item, lines.joined(separator: "\n"))
    }
    longText!.append(line)
    return []
  }

  /// Give the row its answer: on success go on, otherwise say why and ask again.
  func set(_ item: Item, _ text: String) -> [String] {
    guard let row = item.row else { return forward(from: item) }
    return answered(item, text, perform(.set(.row(row), text)))
  }

  /// Carry out a command, noting the questions before it (an answer's
  /// handler may show or hide rows).
  func perform(_ command: Command) -> Outcome {
    questionsBefore = session.form.rows.filter(Self.asked)
    return session.perform(command)
  }

  var questionsBefore: [Item] = []

  func answered(_ item: Item, _ text: String, _ outcome: Outcome) -> [String] {
    let notices = session.notices()
    switch outcome {
    case .changed(let changes), .adjusted(let changes, _, _):
      // a value its checks refuse is refused like a kind's refusal
      if Self.asked(item), !item.errors.isEmpty {
        return refused(item, text, notices + rowsMoved(changes) + item.errors.map(Spoken.error))
      }
      var out = notices
      if case .adjusted(_, _, let note) = outcome {
        let words = brief ? Cells.sanitize(note).replacing(" → ", with: " became ") : Cells.sanitize(note)
        out.append(Cells.sanitize(item.label) + ": " + Spoken.period(words))
      } else if let back = saidBack(item, typed: text) {
        out.append(back)
      }
      return out + rowsMoved(changes) + forward(from: item)
    case .refused(.badValue(_, let reason)) where brief:
      return refused(item, text, notices + [Spoken.error(reason)])
    case .refused:
      return refused(item, text, notices + session.phrase(outcome))
    default:
      return notices + session.phrase(outcome) + forward(from: item)
    }
  }

  /// A refused answer: said (only that: the question stands), then asked
  /// again at a terminal with the text to correct; through a pipe the walk ends.
  func refused(_ item: Item, _ text: String?, _ said: [String]) -> [String] {
    guard atTerminal else {
      ending = .refused(question: Cells.sanitize(item.label))
      return said
    }
    refusedText = item.kind.isSecret(item) ? nil : text
    return said
  }

  /// The answer said back: `Seats: 4.` (the accessible voice only when the
  /// row reads it otherwise than it was typed: `Plan: Pro.` for `4`). A
  /// choice made from part of an option's text says so, to be noticed.
  func saidBack(_ item: Item, typed text: String) -> String? {
    if Self.interpreted(item, typed: text) {
      let quoted = Cells.sanitize(text.trimmingSpaces)
      return Cells.sanitize(item.label) + ": " + Spoken.value(item.facts).words
        + " (taken from \"\(quoted)\"; :back changes it)."
    }
    guard brief else { return said(item) }
    let facts = item.facts
    if facts.shape == .secret { return nil }
    let words = Spoken.value(facts).words
    return words.lowercased() == Cells.sanitize(text.trimmingSpaces).lowercased() ? nil : said(item)
  }

  /// True when a choice was made from part of an option's text (`CA` for
  /// Canada), not from its whole text or its number.
  static func interpreted(_ item: Item, typed text: String) -> Bool {
    let shape = item.facts.shape
    guard shape.isChoice else { return false }
    let labels = Set(shape.choiceLists.flatMap { $0.choices.map { $0.label.lowercased() } })
    let whole = text.trimmingSpaces.lowercased()
    if labels.contains(whole) { return false }
    return whole.split(separator: ",").map { $0.trimmingSpaces }.contains { part in
      !part.isEmpty && !part.allSatisfy { $0.isASCII && $0.isNumber } && !labels.contains(part)
    }
  }

  /// `Seats: 4.`, the row's value in words (what a pipe's transcript shows of an answer).
  func said(_ item: Item) -> String {
    let words = Spoken.value(item.facts).words
    return Cells.sanitize(item.label) + ": " + Spoken.period(words)
  }

  /// What an answer did to other rows: those it showed or hid, and how many
  /// questions there are now (so the opening's count still holds).
  func rowsMoved(_ changes: Form.Changes) -> [String] {
    guard changes.structure else { return [] }
    let now = session.form.rows.filter(Self.asked)
    let before = Set(questionsBefore.map(ObjectIdentifier.init))
    let after = Set(now.map(ObjectIdentifier.init))
    let added = now.filter { !before.contains(ObjectIdentifier($0)) }.map { Cells.sanitize($0.label) }
    let gone = questionsBefore.filter { !after.contains(ObjectIdentifier($0)) }.map { Cells.sanitize($0.label) }
    var out: [String] = []
    if !added.isEmpty {
      out.append("New question\(added.count == 1 ? "" : "s"): " + added.joined(separator: ", ") + ".")
    }
    if !gone.isEmpty { out.append("No longer asked: " + gone.joined(separator: ", ") + ".") }
    if !out.isEmpty { out[out.count - 1] += " \(now.count) question\(now.count == 1 ? "" : "s") in all." }
    return out
  }

  // MARK: the end

  /// Every value, the remaining errors, and the submit question.
  func summary() -> [String] {
    current = nil
    longText = nil
    refusedText = nil
    let form = session.form
    let pages = self.pages
    if !pages.isEmpty {
      pageID = nil
      if announced { Pages.moved(form, from: pageNumber, to: 0) }
      announced = true
      pageNumber = 0
    }
    let notices = session.notices()
    let problems = form.invalidItems.flatMap { item in item.errors.map { Spoken.error($0) } }
    let n = problems.count
    let remain = "\(n) error\(n == 1 ? "" : "s") remain\(n == 1 ? "s" : ""):"
    let pageList = pages.map { p in "\(p.number)" + (p.title.map { " " + $0 } ?? "") }.joined(separator: ", ")
    if brief {
      var out = notices + [Spoken.summary(form)]
      if n > 0 { out.append(([remain] + problems).joined(separator: " ")) }
      if !pages.isEmpty { out.append("Pages: \(pageList); :page and a number goes back to one.") }
      return out + submitQuestion()
    }
    var out = notices + ["Summary:"]
    // on a paged form each page's rows under its heading
    var shownPage: ObjectIdentifier?
    let indent = pages.isEmpty ? "  " : "    "
    for item in form.rows where item.kind.hasValue {
      if let page = Pages.page(of: item, in: pages), page.id != shownPage {
        shownPage = page.id
        out.append("  " + page.heading)
      }
      out.append(indent + said(item))
      out += Spoken.value(item.facts).lines.map { indent + "  " + $0 }
    }
    if problems.isEmpty {
      out.append("No errors.")
    } else {
      out.append(remain)
      out += problems.map { "  " + $0 }
    }
    let steer = "n stops here and leaves the form open; :back goes back" + (pages.isEmpty ? "" : ", :page N to a page")
    // at a terminal the prompt asks the question, once
    return out + [
      atTerminal ? Spoken.period(steer.prefix(1).uppercased() + steer.dropFirst()) : "Submit? [Y/n] (\(steer))"
    ]
  }

  /// The submit question, when no prompt asks it (answers not typed at a terminal).
  func submitQuestion() -> [String] {
    if atTerminal { return [] }
    return [brief ? "Submit? y or n." : "Submit? [Y/n]"]
  }

  func confirm(_ line: String) -> [String] {
    switch line.trimmingSpaces.lowercased() {
    case "", "y", "yes":
      let outcome = session.submit()
      switch outcome {
      case .submitted(let values):
        ending = .submitted(values)
        return session.notices() + session.phrase(outcome)
      case .submitRefused(let problem, _):
        let said = session.notices() + session.phrase(.submitRefused(problem, changes: nil))
        guard atTerminal else {
          ending = .submitRefused
          return said
        }
        if case .invalid(let items) = problem, let first = items.first(where: Self.asked) {
          return said + ["Back to the first row with an error."] + ask(first)
        }
        return said + submitQuestion()
      default:
        return session.notices() + session.phrase(outcome)
      }
    case "n", "no":
      ending = .stopped
      return ["The guided fill stopped; the form is still open. Type next to go on, or a command."]
    case ":back": return back(from: nil)
    case ":show": return session.notices() + session.phrase(session.perform(.show)) + submitQuestion()
    case ":q", ":quit", ":cancel": return cancel()
    case ":help", ":?": return help() + submitQuestion()
    case let text where Self.pageWord(text) != nil: return goToPage(Self.pageWord(text)!, from: nil)
    default:
      let said = [
        "Type y to submit or n to stop here (:back goes back" + (pages.isEmpty ? "" : ", :page N to a page") + ")."
      ]
      if !atTerminal { ending = .refused(question: "Submit?") }
      return said
    }
  }
}
