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
  /// asked again on an empty line (what was refused said, and its text
  /// offered back through the history, `refusedText`) and the prompt asks
  /// the submit question. False for answers from a pipe or a
  /// file: a refused answer ends the walk (`Ending.refused`), so that no
  /// later answer lands one question early, and the summary itself ends with
  /// the submit question.
  public var atTerminal = true
  /// Where the lines an answer said go before the walk goes on to the next
  /// question, when the front end writes as it goes (the next page's
  /// `on_page` may print straight away: its output then follows the answer
  /// it came after); nil: every line is returned by `read`.
  public var emit: (([String]) -> Void)?
  /// The row being asked; nil at the end (the summary's question).
  public private(set) var current: Item?
  /// The answer last refused for the current question (never a secret's, nor
  /// a long text's): a terminal keeps it in the history, so that ↑ brings it
  /// back; the next line starts empty, so that nothing is glued to it.
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
  public static var help: [String] { Catalogue.english.say("walk.help").split(separator: "\n").map(String.init) }

  /// The walk's commands in the form's language.
  var help: [String] { session.form.say("walk.help").split(separator: "\n").map(String.init) }

  /// The same in the accessible voice's words.
  var briefHelp: [String] { [session.form.say("walk.help_brief")] }

  var brief: Bool { session.voice.walkStyle == .brief }

  /// The pages the walk goes through (none when the form has no pages): those with a row it asks.
  var pages: [Page] { Pages.of(session.form, keeping: Self.asked) }

  /// The first lines: how the walk works, then the first question.
  public func start() -> [String] {
    let form = session.form
    let first = startAtSummary ? nil : startAt ?? form.rows.first(where: Self.asked)
    // the questions from where the walk starts (a handler's rows are announced as they come)
    let count = first.map { f in form.rows.drop { $0 !== f }.filter(Self.asked).count } ?? 0
    let title = form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    var questions = count == 0 ? form.say("walk.nothing") : form.say("walk.questions", ["count": String(count)])
    let pageCount = pages.count
    if count > 0, pageCount > 0 { questions += form.say("walk.on_pages", ["count": String(pageCount)]) }
    let out: [String]
    if brief {
      let title = title.map { form.say("walk.title", ["title": $0]) } ?? ""
      out = [form.say("walk.start_brief", ["title": title, "questions": questions])]
    } else {
      let title = title.map { form.say("walk.of_title", ["title": $0]) } ?? ""
      out =
        [form.say("walk.start", ["title": title, "questions": questions])] + help
        + (pageCount > 0 ? [form.say("walk.page_help")] : [])
    }
    guard let first else { return session.notices() + out + summary() }
    return session.notices() + out + ask(first)
  }

  /// What is asked now: the row's title, or the submit question.
  public var prompt: String {
    if session.question != nil { return session.prompt }
    guard let item = current else { return session.form.say(brief ? "walk.submit_prompt_brief" : "walk.submit_prompt") }
    return session.form.say(longText != nil ? "prompt.lines" : "prompt.line", ["title": Cells.sanitize(item.label)])
  }

  /// True while the row asked is secret: a terminal should not echo the answer.
  public var asksSecret: Bool { current.map { $0.kind.isSecret($0) } ?? false }

  /// Read one line: an answer, or one of the walk's commands.
  public func read(_ line: String) -> [String] {
    guard ending == nil, session.state == .running else { return [session.form.say("walk.ended")] }
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
    case ":help", ":?": return helpLines() + again(item)
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
  func helpLines() -> [String] {
    (brief ? briefHelp : help) + (pages.isEmpty ? [] : [session.form.say("walk.page_help")])
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
    let form = session.form
    guard !pages.isEmpty else { return [form.say("walk.no_pages")] + stay }
    let key = words.lowercased()
    guard let target = pages.first(where: { String($0.number) == key || $0.title?.lowercased() == key }) else {
      let which =
        words.isEmpty ? form.say("walk.which_page") : form.say("walk.no_page", ["page": Cells.sanitize(words)])
      let list = pages.map { p in "\(p.number)" + (p.title.map { " " + $0 } ?? "") }.joined(separator: ", ")
      return [which + form.say("walk.page_list", ["pages": list])] + stay
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
    return heading + Spoken.row(item, in: session.form, options: false, place: place(of: item))
      + ExpectedInput.lines(for: item, inWalk: true)
  }

  /// `Question 1 of 2`: where `item` is among the questions asked now (so
  /// the count agrees with the opening's, and with a row a handler shows).
  func place(of item: Item) -> String? {
    let asked = session.form.rows.filter(Self.asked)
    guard let i = asked.firstIndex(where: { $0 === item }) else { return nil }
    return session.form.say("walk.question_of", ["number": String(i + 1), "count": String(asked.count)])
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
    if brief { return [session.form.say("walk.back_to", ["title": Cells.sanitize(item.label)])] }
    return [Spoken.row(item, in: session.form, options: false, place: place(of: item))[0]]
  }

  /// `3 of 6: Plan, choice of 5, required: 1 Free, 2 Basic, 3 Plus, 4 Pro,
  /// 5 Enterprise.`: the accessible voice's whole question, the options once.
  func briefQuestion(_ item: Item) -> String {
    let facts = item.facts
    let c = session.form.catalogue
    let asked = session.form.rows.filter(Self.asked)
    var head = [Cells.sanitize(item.label)]
    let lists = facts.shape.choiceLists
    switch facts.shape {
    case .text: break
    case .secret, .lines: head.append(Cells.sanitize(facts.noun))
    case .oneOf(let list), .severalOf(let list):
      head.append(c.say("walk.of_options", ["noun": Cells.sanitize(facts.noun), "count": String(list.choices.count)]))
    case .components(let parts):
      head.append(c.say("walk.of_parts", ["noun": Cells.sanitize(facts.noun), "count": String(parts.count)]))
    default: break
    }
    if item.isRequired { head.append(c.say("walk.required")) }
    if !item.value.isBlank { head.append(c.say("walk.now", ["value": Spoken.value(facts, c).words])) }
    // the limits the kind's own phrase does not say (it is not said for these shapes)
    switch facts.shape {
    case .text, .secret, .lines, .severalOf: head += facts.limits.phrases(in: c).map(Cells.sanitize)
    default: break
    }
    let position =
      asked.firstIndex { $0 === item }.map {
        c.say("walk.position", ["number": String($0 + 1), "count": String(asked.count)])
      }
      ?? ""
    var sentence = position + head.joined(separator: ", ")
    if !lists.isEmpty, !lists.allSatisfy(\.choices.isEmpty) {
      sentence += ": " + ExpectedInput.options(facts.shape, inWalk: true, c)
    }
    sentence = Spoken.period(sentence)
    if item.value.isBlank, let hint = item.placeholder, !hint.isEmpty {
      sentence += c.say("walk.hint", ["hint": Spoken.period(Cells.sanitize(hint))])
    }
    if let help = item.description, !help.isEmpty { sentence += " " + Spoken.period(Cells.sanitize(help)) }
    switch facts.shape {
    // free text needs no words on what to type, unless its kind reads a format (examples show it)
    case .text where facts.examples.isEmpty, .secret, .oneOf: break
    case .lines: sentence += c.say("walk.lines")
    case .severalOf: sentence += c.say("walk.commas")
    case .date:
      // the limits and the ISO example, not the row's own format too
      let limits = facts.limits.phrases(in: c).map { " " + Cells.sanitize($0) }.joined(separator: ",")
      let example = facts.examples.last.map { c.say("walk.example", ["example": Cells.sanitize($0)]) } ?? ""
      sentence += c.say("walk.type_a", ["what": Spoken.period(Cells.sanitize(facts.noun) + limits + example)])
    default: sentence += c.say("walk.type", ["what": Spoken.period(Cells.sanitize(facts.expects))])
    }
    if ExpectedInput.isLong(facts.shape) { sentence += " " + c.say("expect.search") }
    if item.edited || session.form.submitAttempted {
      for e in item.errors { sentence += " " + Spoken.error(e, c) }
    }
    return sentence
  }

  /// `?` for a choice row whose list was cut short: every option (unless `?` is one of them).
  func hearsAllOptions(_ item: Item) -> Bool {
    let shape = item.facts.shape
    return shape.isChoice && !shape.choiceLists.contains { $0.choices.contains { $0.label == "?" } }
  }

  func allOptions(_ item: Item) -> [String] {
    [
      session.form.say(
        "walk.options", ["options": ExpectedInput.options(item.facts.shape, whole: true, session.form.catalogue)])
    ]
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
    guard let item else { return [session.form.say("walk.no_back")] + summary() }
    return [session.form.say("walk.first")] + again(item)
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
        return refused(
          item, text, notices + rowsMoved(changes) + item.errors.map { Spoken.error($0, session.form.catalogue) })
      }
      var out = notices
      if case .adjusted(_, _, let note) = outcome {
        let words =
          brief ? Cells.sanitize(note).replacing(" → ", with: session.form.say("walk.became")) : Cells.sanitize(note)
        out.append(session.form.say("walk.said", ["title": Cells.sanitize(item.label), "value": Spoken.period(words)]))
      } else if let back = saidBack(item, typed: text) {
        out.append(back)
      }
      out += rowsMoved(changes)
      // said before the walk goes on (on to another page runs `on_page`)
      if let emit {
        emit(out)
        return forward(from: item)
      }
      return out + forward(from: item)
    case .refused(.badValue(_, let reason)) where brief:
      return refused(item, text, notices + [Spoken.error(reason, session.form.catalogue)])
    case .refused:
      return refused(item, text, notices + session.phrase(outcome))
    default:
      return notices + session.phrase(outcome) + forward(from: item)
    }
  }

  /// A refused answer: said (only that: the question stands), then at a
  /// terminal what was typed (`your answer was: 7`; never a secret), to be
  /// asked again on an empty line; through a pipe the walk ends.
  func refused(_ item: Item, _ text: String?, _ said: [String]) -> [String] {
    guard atTerminal else {
      ending = .refused(question: Cells.sanitize(item.label))
      return said
    }
    let answer = text?.trimmingSpaces ?? ""
    guard !item.kind.isSecret(item), !item.kind.readsLines, !answer.isEmpty else {
      refusedText = nil
      return said
    }
    refusedText = answer
    let words = session.form.say(
      brief ? "walk.refused_answer_brief" : "walk.refused_answer", ["answer": Cells.quoted(answer)])
    return said + [words]
  }

  /// The answer said back: `Seats: 4.` (the accessible voice only when the
  /// row reads it otherwise than it was typed: `Plan: Pro.` for `4`). A
  /// choice made from part of an option's text says so, to be noticed.
  func saidBack(_ item: Item, typed text: String) -> String? {
    if Self.interpreted(item, typed: text) {
      let quoted = Cells.sanitize(text.trimmingSpaces)
      return session.form.say(
        "walk.taken_from",
        [
          "title": Cells.sanitize(item.label), "value": Spoken.value(item.facts, session.form.catalogue).words,
          "typed": quoted,
        ])
    }
    guard brief else { return said(item) }
    let facts = item.facts
    if facts.shape == .secret { return nil }
    let words = Spoken.value(facts, session.form.catalogue).words
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
    let words = Spoken.value(item.facts, session.form.catalogue).words
    return session.form.say("walk.said", ["title": Cells.sanitize(item.label), "value": Spoken.period(words)])
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
      out.append(
        session.form.say("walk.new_questions", ["count": String(added.count), "titles": added.joined(separator: ", ")]))
    }
    if !gone.isEmpty { out.append(session.form.say("walk.gone", ["titles": gone.joined(separator: ", ")])) }
    if !out.isEmpty { out[out.count - 1] += session.form.say("walk.in_all", ["count": String(now.count)]) }
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
    let problems = form.invalidItems.flatMap { item in item.errors.map { Spoken.error($0, form.catalogue) } }
    let n = problems.count
    let remain = form.say("walk.remain", ["count": String(n)])
    let pageList = pages.map { p in "\(p.number)" + (p.title.map { " " + $0 } ?? "") }.joined(separator: ", ")
    if brief {
      var out = notices + [Spoken.summary(form)]
      if n > 0 { out.append(([remain] + problems).joined(separator: " ")) }
      if !pages.isEmpty { out.append(form.say("walk.pages_brief", ["pages": pageList])) }
      return out + submitQuestion()
    }
    var out = notices + [form.say("walk.summary")]
    // on a paged form each page's rows under its heading
    var shownPage: ObjectIdentifier?
    let indent = pages.isEmpty ? "  " : "    "
    for item in form.rows where item.kind.hasValue {
      if let page = Pages.page(of: item, in: pages), page.id != shownPage {
        shownPage = page.id
        out.append("  " + page.heading)
      }
      out.append(indent + said(item))
      out += Spoken.value(item.facts, form.catalogue).lines.map { indent + "  " + $0 }
    }
    if problems.isEmpty {
      out.append(form.say("walk.no_errors"))
    } else {
      out.append(remain)
      out += problems.map { "  " + $0 }
    }
    let paged = !pages.isEmpty
    // at a terminal the prompt asks the question, once
    return out + [
      atTerminal
        ? form.say(paged ? "walk.steer_terminal_paged" : "walk.steer_terminal")
        : form.say("walk.submit_steer", ["steer": form.say(paged ? "walk.steer_paged" : "walk.steer")])
    ]
  }

  /// The submit question, when no prompt asks it (answers not typed at a terminal).
  func submitQuestion() -> [String] {
    if atTerminal { return [] }
    return [session.form.say(brief ? "walk.submit_q_brief" : "walk.submit_q")]
  }

  func confirm(_ line: String) -> [String] {
    let answer = line.trimmingSpaces.lowercased()
    let c = session.form.catalogue
    switch answer {
    case _ where answer.isEmpty || c.means(yes: answer):
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
          return said + [c.say("walk.back_to_error")] + ask(first)
        }
        return said + submitQuestion()
      default:
        return session.notices() + session.phrase(outcome)
      }
    case _ where c.means(no: answer):
      ending = .stopped
      return [c.say("walk.stopped")]
    case ":back": return back(from: nil)
    case ":show": return session.notices() + session.phrase(session.perform(.show)) + submitQuestion()
    case ":q", ":quit", ":cancel": return cancel()
    case ":help", ":?": return helpLines() + submitQuestion()
    case let text where Self.pageWord(text) != nil: return goToPage(Self.pageWord(text)!, from: nil)
    default:
      let said = [c.say(pages.isEmpty ? "walk.type_y_or_n" : "walk.type_y_or_n_paged")]
      if !atTerminal { ending = .refused(question: c.say("walk.submit_question")) }
      return said
    }
  }
}
