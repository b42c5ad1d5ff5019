import FormCore

/// Rows, values and messages said in plain sentences: no frames, no
/// box-drawing or block characters, no symbol that carries meaning alone.
/// The accessible voice and the guided walk speak with these, from each
/// row's facts (`Item.facts`).
public enum Spoken {
  /// One row as sentences: `Row 3 of 17, Newsletter, switch, on.`, then its
  /// hint, description and shown errors. A long text's lines follow, one each.
  /// Without `options` a choice's options are left out (`choice of 3`): the
  /// walk reads them once, numbered, after the sentence.
  public static func row(_ item: Item, in form: Form, options: Bool = true, place: String? = nil) -> [String] {
    let facts = item.facts
    let c = form.catalogue
    var head = [
      place ?? item.row.map { c.say("spoken.row_of", ["number": String($0), "count": String(form.lastRow)]) }
        ?? c.say("spoken.row"), Cells.sanitize(item.label),
    ]
    head.append(kindWords(facts, options: options, c))
    if item.isRequired { head.append(c.say("spoken.required")) }
    if !item.enabled { head.append(c.say("spoken.disabled")) }
    if let detail = item.detail, !detail.isEmpty { head.append(Cells.sanitize(detail)) }
    var sentence = head.joined(separator: ", ")
    var more: [String] = []
    if item.kind.hasValue {
      let (words, lines) = value(facts, c)
      // a list of options ends with a colon part: the choice follows after `;`
      let after = facts.shape.isChoice && options ? "; " : ", "
      sentence +=
        after + (facts.shape.isChoice && !item.value.isBlank ? c.say("spoken.chosen", ["value": words]) : words)
      more = lines
    }
    if let accessory = accessoryWords(item.accessory, c) { sentence += ", " + accessory }
    sentence += "."
    if item.kind.hasValue, item.value.isBlank, let hint = item.placeholder, !hint.isEmpty {
      sentence += c.say("spoken.hint", ["hint": period(Cells.sanitize(hint))])
    }
    if let help = item.description, !help.isEmpty { sentence += " " + period(Cells.sanitize(help)) }
    var out = [sentence] + more
    if item.edited || form.submitAttempted { out += item.errors.map { error($0, c) } }
    return out
  }

  /// `Error: Email can't be blank.`
  public static func error(_ message: String, _ c: Catalogue = .english) -> String {
    c.say("spoken.error", ["message": period(Cells.sanitize(message))])
  }

  /// What the row is, in words: the kind's noun, and a choice's options
  /// (`switch`, `choice of 3: Free, Pro, Team`, `picker of 2 parts: S, M; then Thin, Thick`).
  public static func kindWords(_ facts: KindFacts, options: Bool = true, _ c: Catalogue = .english) -> String {
    let noun = Cells.sanitize(facts.noun)
    func labels(_ list: KindFacts.ChoiceList) -> String {
      list.choices.map { Cells.sanitize($0.label) }.joined(separator: ", ")
    }
    switch facts.shape {
    case .oneOf(let list), .severalOf(let list):
      return c.say("spoken.of_options", ["noun": noun, "count": String(list.choices.count)])
        + (options ? ": " + labels(list) : "")
    case .components(let parts):
      return c.say("spoken.of_parts", ["noun": noun, "count": String(parts.count)])
        + (options ? ": " + parts.map(labels).joined(separator: c.say("spoken.then")) : "")
    default: return noun
    }
  }

  /// The value in words (`on`, `Pro`, `2 lines`, `empty`), and the lines of
  /// a long text, each read on its own (`Line 1: Dear team,`).
  public static func value(_ facts: KindFacts, _ c: Catalogue = .english) -> (words: String, lines: [String]) {
    let lines = facts.spoken.lines.enumerated().map {
      c.say("spoken.line", ["number": String($0.offset + 1), "text": Cells.sanitize($0.element)])
    }
    return (Cells.sanitize(facts.spoken.words), lines)
  }

  /// A value as plain words: text as it is, lists joined by commas.
  public static func plain(_ value: Value) -> String { Cells.sanitize(value.words) }

  static func accessoryWords(_ accessory: Accessory, _ c: Catalogue = .english) -> String? {
    switch accessory {
    case .none: return nil
    case .disclosure: return c.say("spoken.opens_more")
    case .checkmark: return c.say("spoken.checked")
    case .info: return c.say("spoken.more_info")
    case .detail: return c.say("spoken.detail_button")
    }
  }

  /// What a section's header (or footer) kind gives the voice: what its
  /// `speak` said, else each line it drew that holds a word or a number
  /// (a rule of `─` or a bar of `█` says nothing), each a sentence.
  public static func band(_ band: Band, of section: Section) -> [String] {
    if let said = section.spokenBand(band) {
      let words = Cells.sanitize(said).trimmingSpaces
      return words.isEmpty ? [] : [period(words)]
    }
    return section.drawnLines(band).compactMap { line in
      let words = line.trimmingSpaces
      return words.contains(where: { $0.isLetter || $0.isNumber }) ? period(words) : nil
    }
  }

  /// `s` ending with a full stop (or its own `?`/`!`).
  static func period(_ s: String) -> String { OutcomeWords.period(s) }

  /// `Summary: Email: a@b.co; Password: filled in; Plan: Pro.`: every value in
  /// one sentence, a secret never read out.
  public static func summary(_ form: Form) -> String {
    let c = form.catalogue
    let values = form.rows.filter { $0.kind.hasValue }.map { item in
      let facts = item.facts
      let words =
        facts.shape == .secret
        ? c.say(item.value.isBlank ? "spoken.empty" : "spoken.filled_in") : value(facts, c).words
      return Cells.sanitize(item.label) + ": " + words
    }
    return period(c.say("spoken.summary", ["values": values.joined(separator: "; ")]))
  }

  /// The whole form: its title, each section's header, rows and footer.
  public static func form(_ form: Form) -> [String] {
    var out: [String] = []
    let count = form.rows.count
    let title = form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    let c = form.catalogue
    out.append(formNamed(title, count, c))
    for section in form.sections where !section.hidden {
      if let header = section.shownText(.header), !header.isEmpty {
        out.append(c.say("spoken.section", ["header": period(Cells.sanitize(header))]))
      }
      out += band(.header, of: section)
      let shown = section.items.filter { !$0.hidden }
      if shown.isEmpty, let empty = section.emptyText, !empty.isEmpty { out.append(period(Cells.sanitize(empty))) }
      for item in shown { out += row(item, in: form) }
      if let footer = section.shownText(.footer), !footer.isEmpty {
        out.append(c.say("spoken.note", ["text": period(Cells.sanitize(footer))]))
      }
      out += band(.footer, of: section).map { c.say("spoken.note", ["text": $0]) }
    }
    return out
  }

  /// `Form: Sign up, 6 rows.`
  static func formNamed(_ title: String?, _ count: Int, _ c: Catalogue) -> String {
    let rows = c.say("spoken.rows", ["count": String(count)])
    return title.map { c.say("spoken.form", ["title": $0, "rows": rows]) }
      ?? c.say("spoken.form_untitled", ["rows": rows])
  }
}

/// The voice for screen readers and braille displays (`--accessible`,
/// `ACCESSIBLE`): one plain sentence per row, and after a command only what
/// changed. It remembers the rows it last spoke of, to say which appeared
/// and which were hidden.
public final class AccessibleVoice: Voice {
  /// The rows last spoken of: identity, and what a listener heard of them.
  var known: [(id: ObjectIdentifier, heard: Heard)] = []

  struct Heard: Equatable {
    var label, kind, value: String
    init(_ item: Item) {
      label = Cells.sanitize(item.label)
      kind = item.kind.name
      value = item.displayValue
    }
  }

  /// A voice that has heard no row yet.
  public init() {}

  /// The walk says as few words as will do (see `WalkStyle.brief`).
  public var walkStyle: WalkStyle { .brief }

  /// Nothing when a walk follows: its opening says the form's title and how many questions.
  public func opening(in session: Session, walking: Bool) -> [String] {
    if walking {
      remember(session.form)
      return []
    }
    return opening(in: session)
  }

  /// The form's title and size, and how to go on: never the whole form at once.
  public func opening(in session: Session) -> [String] {
    let form = session.form
    remember(form)
    let count = form.rows.count
    let title = form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    return [
      Spoken.formNamed(title, count, form.catalogue) + form.say("spoken.how")
    ]
  }

  /// An outcome as plain sentences: only what changed, each row once.
  public func lines(for outcome: Outcome, in session: Session) -> [String] {
    let form = session.form
    let c = form.catalogue
    switch outcome {
    case .nothing, .lineRead, .walk: return []
    case .changed(let changes): return said(changes, in: form)
    case .refused(let refusal): return [refused(refusal, c)]
    case .editorOpened(let item, let changes):
      return said(changes, in: form, except: item)
        + [c.say("spoken.editing", ["title": Spoken.period(Cells.sanitize(item.label))])]
        + ExpectedInput.lines(for: item)
        + [c.say(item.kind.readsLines ? "spoken.keep_lines" : "spoken.keep")]
    case .unchanged: return [c.say("spoken.unchanged")]
    case .submitted: return [c.say("spoken.submitted")]
    case .submitRefused(let problem, _): return submitProblem(problem, c)
    case .cancelled: return [c.say("spoken.cancelled")]
    case .screen:
      remember(form)
      return Spoken.form(form)
    case .help: return StandardVoice.help(in: session)
    case .values(let values):
      if values.isEmpty { return [c.say("spoken.no_values")] }
      return values.map { field in
        Cells.sanitize(field.key) + ": "
          + Spoken.period(ShownValues.spoken(field, in: form) ?? Spoken.plain(field.value))
      }
    case .errors(let items):
      if items.isEmpty { return [c.say("spoken.no_errors")] }
      return items.flatMap { item in
        item.errors.map { Spoken.error(c.say("spoken.row_problem", ["row": rowName(item), "message": $0]), c) }
      }
    case .started: return opening(in: session)
    case .rowShown(let item): return Spoken.row(item, in: form) + ExpectedInput.lines(for: item)
    case .rowsShown(let items): return items.flatMap { Spoken.row($0, in: form) }
    case .sectionShown(let section):
      let header = section.shownText(.header).map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
      return [Spoken.period(header.map { c.say("spoken.section", ["header": $0]) } ?? c.say("spoken.section_untitled"))]
        + Spoken.band(.header, of: section)
        + section.items.filter(\.isShown).flatMap { Spoken.row($0, in: form) }
    case .names(let items):
      return items.map { item in
        c.say(
          "spoken.name",
          ["row": rowName(item), "name": Spoken.period(item.name.map(Cells.sanitize) ?? c.say("spoken.no_name"))])
      }
    case .editorLeft(let item):
      return [Spoken.period(c.say("spoken.left", ["title": Cells.sanitize(item.label)]))]
    case .adjusted(let changes, _, let note):
      // the arrow of the framed voice, in words
      let words = Cells.sanitize(note).replacing(" → ", with: c.say("walk.became"))
      return said(changes, in: form, except: nil) + [c.say("spoken.note", ["text": Spoken.period(words)])]
    case .actions(let item):
      let titles = item.rowActions.actions.map { Cells.sanitize($0.title) }.joined(separator: ", ")
      return [
        c.say("spoken.actions", ["row": rowName(item), "actions": Spoken.period(titles)]),
        c.say("spoken.do", ["number": String(item.row ?? 0)]),
      ]
    case .asked(.discard(let n)):
      return [c.say("spoken.discard", ["count": String(n)])]
    case .kept(.discard): return [c.say("spoken.not_cancelled")]
    case .reasked(_, let problems, _):
      return problems.map { Spoken.error($0, c) } + [c.say("spoken.again")]
    }
  }

  /// `Error: …` for a refused command.
  func refused(_ refusal: Refusal, _ c: Catalogue = .english) -> String {
    switch refusal {
    case .badValue(_, let reason): return Spoken.error(reason, c) + c.say("spoken.value_unchanged")
    case .cannotClear(_, let reason): return Spoken.error(reason, c)
    // the script's own words, without the framed voice's `!`
    case .vetoed(_, let message?), .declined(_, _, let message?): return Spoken.error(message, c)
    default:
      var s = refusal.said(in: c)
      s = s.prefix(1).uppercased() + s.dropFirst()
      return Spoken.error(s, c)
    }
  }

  func submitProblem(_ problem: SubmitProblem, _ c: Catalogue = .english) -> [String] {
    switch problem {
    case .invalid(let items):
      let messages = items.flatMap { item in
        item.errors.map { c.say("spoken.row_problem", ["row": rowName(item), "message": $0]) }
      }
      let n = messages.count
      return [c.say("spoken.cannot_submit", ["count": String(n)])] + messages.map { Spoken.error($0, c) }
    case .handler(.declined): return [c.say("spoken.form_refused")]
    case .handler(.message(let text)):
      return [c.say("spoken.cannot")] + text.split(separator: "\n").map { Spoken.error(String($0), c) }
    case .handler(.failed): return [c.say("spoken.submit_failed")]
    }
  }

  func rowName(_ item: Item) -> String {
    item.row.map { item.words.say("spoken.row_name", ["number": String($0), "title": Cells.sanitize(item.label)]) }
      ?? Cells.sanitize(item.label)
  }

  func remember(_ form: Form) {
    known = form.rows.map { (ObjectIdentifier($0), Heard($0)) }
    knownBands = Self.bands(form)
  }

  /// What a listener last heard of each shown section's header and footer kinds.
  var knownBands: [ObjectIdentifier: [String]] = [:]

  /// What each shown section with a header or footer kind says of them now.
  static func bands(_ form: Form) -> [ObjectIdentifier: [String]] {
    var out: [ObjectIdentifier: [String]] = [:]
    for section in form.sections where !section.hidden {
      guard section.kind(of: .header) != nil || section.kind(of: .footer) != nil else { continue }
      out[ObjectIdentifier(section)] = Spoken.band(.header, of: section) + Spoken.band(.footer, of: section)
    }
    return out
  }

  /// The sections whose header or footer kind now says otherwise than when
  /// last heard (a change drew it again): `Section: Bag.` and the new words.
  func bandNews(in form: Form) -> [String] {
    guard !knownBands.isEmpty else { return [] }
    var out: [String] = []
    for section in form.sections where !section.hidden {
      guard let was = knownBands[ObjectIdentifier(section)] else { continue }
      let now = Spoken.band(.header, of: section) + Spoken.band(.footer, of: section)
      guard now != was, !now.isEmpty else { continue }
      let header = section.shownText(.header).map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
      out += [Spoken.period("Section" + (header.map { ": " + $0 } ?? ""))] + now
    }
    return out
  }

  /// The rows that changed, appeared or were hidden, each said once.
  func said(_ changes: Form.Changes, in form: Form, except skipped: Item? = nil) -> [String] {
    var out: [String] = []
    var done = Set<ObjectIdentifier>()
    var news: [String] = []
    if changes.structure {
      // a header or footer kind drawn again says so, after the rows
      news = bandNews(in: form)
      let rows = form.rows
      let now = Set(rows.map(ObjectIdentifier.init))
      let before = Set(known.map(\.id))
      var gone = known.filter { !now.contains($0.id) }.map(\.heard)
      var added: [Item] = []
      for item in rows where !before.contains(ObjectIdentifier(item)) {
        done.insert(ObjectIdentifier(item))
        // a row a handler made again just as it was (an `on_update` that
        // clears and refills its section) is not news
        if let same = gone.firstIndex(of: Heard(item)) { gone.remove(at: same) } else { added.append(item) }
      }
      if !gone.isEmpty {
        out.append(form.say("spoken.gone", ["titles": gone.map(\.label).joined(separator: ", ")]))
      }
      for item in added {
        var lines = Spoken.row(item, in: form)
        lines[0] = form.say("spoken.new", ["row": lines[0]])
        out += lines
      }
      remember(form)
    }
    for item in changes.items where item.isShown && item.form === form && item !== skipped {
      guard done.insert(ObjectIdentifier(item)).inserted else { continue }
      out += Spoken.row(item, in: form)
    }
    return out + news
  }
}
