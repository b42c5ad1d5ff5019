import FormCore
import FormRender

/// The interaction engine: typed verbs change the form and say what they
/// came to (an `Outcome`); its `voice` phrases outcomes as lines. It never
/// reads or writes a file descriptor; the terminal front end, the flags and
/// answer files, the REPL and the test runner all drive it through the same
/// verbs, so they follow the same rules.
public final class Session {
  /// Whether the session still takes input, and how it ended.
  public enum State: Equatable {
    case running
    /// ended by a submit, with these values
    case submitted([Value.Field])
    case cancelled
  }

  /// The form this session edits.
  public let form: Form
  /// Draws the form for every screen the session returns.
  public var renderer: Renderer
  /// Screen rows: after a command the whole form is shown again when it fits,
  /// otherwise only what changed. nil: always the whole form.
  public var height: Int?
  /// The terminal's height, when there is one: a first screen taller than
  /// this shows its beginning and says how to see the rest. nil: the whole form.
  public var terminalRows: Int?
  /// What phrases outcomes as lines.
  var voice: any Voice
  /// The front end driving the session: its commands are the ones read,
  /// listed by `help` and completed (`CommandSpec.commands(for:)`).
  public let driver: Driver
  /// Running until a submit or a cancel ends the session.
  public private(set) var state: State = .running
  /// True when a person types the lines (at a terminal): a line that could
  /// mean a command or a row is asked about rather than carried out, and a
  /// cancel that would discard changed values asks first. Through a pipe
  /// (false) exact command words win and a cancel cancels.
  public var asks = false
  /// The question the session asked (`Outcome.asked`): the next line answers it.
  public private(set) var question: Question?
  /// The row whose editor is open: the next line is its value.
  public private(set) var editing: Item?
  var longText: [String]?
  /// The open editor's row's value when it opened: `:q` puts it back.
  var valueWhenOpened: Value?
  /// The text the open editor last refused (its kind's or its checks'
  /// refusal): a terminal starts the next line with it, to be corrected.
  public private(set) var refusedText: String?
  /// The rows by number as the person last saw them all (the first screen,
  /// the whole form drawn, `help names`): a typed number that now means
  /// another row is refused once, saying what it means now. nil until the
  /// form is first shown.
  var seenNumbers: [Item]?

  /// A session on `form`, in the `running` state, speaking through `voice`,
  /// reading the commands of `driver` (a headless one by default: no walk).
  public init(
    form: Form, renderer: Renderer = Renderer(), height: Int? = nil, voice: any Voice = StandardVoice(),
    driver: Driver = .test
  ) {
    self.form = form
    self.renderer = renderer
    self.height = height
    self.voice = voice
    self.driver = driver
  }

  /// The commands this session reads, in help's order.
  public var commands: [CommandSpec] { CommandSpec.commands(for: driver) }

  /// What the user is asked: `> ` for commands; in an editor, as the voice
  /// says it (the row's title and its current value).
  public var prompt: String {
    if let question { return voice.prompt(for: question, in: self) }
    guard let item = editing else { return "> " }
    return voice.prompt(for: item, readingLines: longText != nil)
  }

  /// True while the open editor's row is secret: a terminal should not echo the next line.
  public var editingSecret: Bool { editing.map { $0.kind.isSecret($0) } ?? false }

  /// The whole form, as `show` prints it (from then on its numbers are the ones seen).
  public func screen() -> [String] {
    numbersSeen()
    return renderer.render(form)
  }

  /// The whole form as `screen` gives it, to `write` a section at a time as it is drawn.
  public func screen(writing write: ([String]) -> Void) {
    numbersSeen()
    renderer.render(form, writing: write)
  }

  /// The first screen: queued messages, then the form (its beginning when
  /// it is taller than `terminalRows`).
  public func start() -> [String] { start(walking: false) }

  /// The first screen when a guided walk follows at once (`walking`): the
  /// voice may leave out what the walk's own opening says.
  public func start(walking: Bool) -> [String] {
    var out: [String] = []
    start(walking: walking) { out += $0 }
    return out
  }

  /// The first screen as `start(walking:)` gives it, to `write` in pieces
  /// as it is made (a piped fill's whole form is never held whole).
  public func start(walking: Bool, writing write: ([String]) -> Void) {
    _ = form.takeChanges()
    numbersSeen()
    write(notices())
    voice.opening(in: self, walking: walking, writing: write)
  }

  /// The person has seen every row's number as it is now.
  func numbersSeen() { seenNumbers = form.numberedRows }

  /// How to use the prompt, for a person at a terminal (after `start`).
  public func greeting() -> [String] { voice.greeting(in: self) }

  /// The form's queued messages (handler errors, `print`), as the voice says them.
  /// (Header and footer kinds whose lines are out of date draw first, at
  /// `bandWidth`, so that their errors are among the messages and what is
  /// drawn next runs no script.)
  public func notices() -> [String] {
    drawBands()
    return voice.notices(form.takeNotices())
  }

  /// The cells each section's header or footer kind draws in; nil: as the renderer draws them.
  public var bandWidth: ((Section, Band) -> Int)?

  /// Run the header and footer kinds whose lines are out of date.
  public func drawBands() {
    if let bandWidth { form.drawBands(width: bandWidth) } else { renderer.drawBands(form) }
  }

  /// The values, once submitted.
  public var submittedValues: [Value.Field]? {
    if case .submitted(let values) = state { return values }
    return nil
  }

  /// The lines that say `outcome`.
  public func phrase(_ outcome: Outcome) -> [String] { voice.lines(for: outcome, in: self) }

  /// Read a line, do it, and phrase what it came to (queued messages first).
  public func send(_ line: String) -> [String] {
    let outcome = read(line)
    return notices() + phrase(outcome)
  }

  /// Read a line: the value for an open editor, or a command (`perform`).
  public func read(_ line: String) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    // a byte-order mark (a file saved by some editors begins with one) is no part of what was typed
    if line.unicodeScalars.first == "\u{FEFF}" { return read(String(line.unicodeScalars.dropFirst())) }
    if let question { return answer(question, line) }
    if let item = editing { return edit(item, line) }
    if asks, let unsure = commandOrRow(line) { return .refused(unsure) }
    let command = command(line)
    if let renumbered = renumbered(command) { return .refused(renumbered) }
    // at a terminal the line is shown as typed: a secret goes into its editor, which does not echo
    if asks, case .set(let target, _) = command, case .success(let item) = resolve(target), item.kind.isSecret(item) {
      return .refused(.secretTyped(item))
    }
    return perform(command)
  }

  /// A line whose first word is a one-letter command word that also begins
  /// a shown row's name or title (`q` beside a row Quantity): which was meant.
  func commandOrRow(_ line: String) -> Refusal? {
    let text = line.trimmingSpaces
    let (head, rest) = Command.split(text)
    guard head.count == 1, let spec = CommandSpec.spec(word: head, for: driver), spec.read(rest, []) != nil,
      let word = spec.words.first, word != head
    else { return nil }
    let rows = Self.begun(head, in: form.rows)
    guard !rows.isEmpty else { return nil }
    return .commandOrRow(head, command: rest.isEmpty ? word : word + " " + rest, rows: rows, rest: rest)
  }

  /// Changed values a cancel would discard: the shown rows a person (or a
  /// flag, or a resumed draft) gave a value.
  public var changedValues: Int {
    form.rows.reduce(0) { $0 + ($1.edited && $1.kind.hasValue ? 1 : 0) }
  }

  /// What `values` shows: the document a submit would give, each secret
  /// row's value masked (`(secret)`, a card as its row shows it; empty ones
  /// as they are), so neither the screen nor a voice ever says a secret; the
  /// submitted values keep it.
  public var shownDocument: [Value.Field] {
    let document = form.document
    var secrets: [Item] = []
    for section in form.sections where !section.hidden {
      for item in section.items where !item.hidden && item.kind.isSecret(item) && !item.value.isBlank {
        secrets.append(item)
      }
    }
    guard !secrets.isEmpty else { return document }
    // by row name: each secret as its row masks it (`ShownValues`)
    if form.documentShape == nil { return ShownValues.of(document, in: form) }
    // a shaped document nests its values where its shape says: any value a secret row holds is hidden
    let values = secrets.map(\.value)
    return document.map { .init($0.key, Self.hiding(values, in: $0.value)) }
  }

  /// What a secret's value is shown as.
  static let secret = Value.string("(secret)")

  /// `value` with every part equal to one of `secrets` shown as `(secret)`.
  static func hiding(_ secrets: [Value], in value: Value) -> Value {
    if secrets.contains(value) { return secret }
    switch value {
    case .list(let l): return .list(l.map { hiding(secrets, in: $0) })
    case .record(let r): return .record(r.map { .init($0.key, hiding(secrets, in: $0.value)) })
    default: return value
    }
  }

  /// The answer to the question asked: `y` or `yes` does what was asked
  /// about, anything else keeps the form as it is.
  func answer(_ asked: Question, _ line: String) -> Outcome {
    question = nil
    let yes = form.catalogue.means(yes: line.trimmingSpaces.lowercased())
    switch asked {
    case .discard:
      return yes ? cancel() : .kept(asked)
    }
  }

  /// A typed command's row number that means another row than when the
  /// person last saw the numbers (rows were inserted, deleted or moved
  /// since): refused once, and from then on it means the row it names now.
  func renumbered(_ command: Command) -> Refusal? {
    var numbers: [Int] = []
    switch command {
    case .activate(.row(let n)), .set(.row(let n), _), .clear(.row(let n)), .run(.row(let n), _),
      .delete(.row(let n)), .insert(.row(let n)?), .detailButton(.row(let n)),
      .takeDefault(.row(let n)):
      numbers = [n]
    case .move(let target, let to):
      if case .row(let n) = target { numbers.append(n) }
      numbers.append(to)
    default: return nil
    }
    guard var seen = seenNumbers else { return nil }
    for n in numbers {
      guard let now = form.item(numbered: n), now.isShown else { continue }
      if n <= seen.count && seen[n - 1] === now { continue }
      // a number the last screen did not have is new: seen as it is now
      if n > seen.count { seen += form.numberedRows[seen.count..<n] }
      seen[n - 1] = now
      seenNumbers = seen
      return .renumbered(n, now: now)
    }
    return nil
  }

  /// The command a line at the prompt is, as this session's driver reads it.
  public func command(_ line: String) -> Command {
    Command.parse(line, titles: titlesToMatch(line), driver: driver)
  }

  /// The titles a command line might begin with: none when its first word
  /// (after `clear`) is a row number or a name, which win over titles, so a
  /// command by number or name costs nothing per row of the form.
  func titlesToMatch(_ line: String) -> [String] {
    var (head, rest) = Command.split(line.trimmingSpaces)
    if head == "clear" { head = Command.split(rest).0 }
    if Int(head) != nil || form.find(head) != nil { return [] }
    return form.rows.map(\.title)
  }

  // MARK: verbs

  /// Carry out one command: the way every front end (the prompt, the REPL,
  /// the walk, tests) enters what a person asked for.
  public func perform(_ command: Command) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    switch command {
    case .nothing: return .nothing
    case .show:
      _ = form.takeChanges()
      numbersSeen()
      return .screen
    case .help: return .help
    case .values: return .values(shownDocument)
    case .errors: return .errors(form.invalidItems)
    case .cancel:
      let changed = asks ? changedValues : 0
      guard changed > 0 else { return cancel() }
      question = .discard(changed: changed)
      return .asked(.discard(changed: changed))
    case .submit: return submit()
    case .activate(let target):
      switch resolve(target) {
      case .success(let item): return activate(item)
      case .failure(let refusal): return .refused(refusal)
      }
    case .set(let target, let text):
      switch resolve(target) {
      case .success(let item): return apply(.string(text), to: item)
      case .failure(let refusal): return .refused(refusal)
      }
    case .clear(let target):
      switch resolve(target) {
      case .success(let item): return clear(item)
      case .failure(let refusal): return .refused(refusal)
      }
    case .run, .delete, .move, .insert, .detailButton, .takeDefault: return performRow(command)
    case .showPart(let words): return show(words)
    case .names:
      numbersSeen()
      return .names(form.rows)
    case .next: return .walk
    }
  }

  /// Fill the row `name` names before the session starts (`--set`, an
  /// answers file), by the rules of typing `NAME VALUE`: the row found by
  /// name or title as a typed line finds it; a string is read as typed,
  /// another value is checked as a script's would be.
  public func prefill(name: String, value: Value) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    switch resolve(.name(name)) {
    case .success(let item): return apply(value, to: item)
    case .failure(.unknownWord):
      return .refused(.noItemNamed(name, suggestion: suggestion(for: name, among: form.names)))
    case .failure(let refusal): return .refused(refusal)
    }
  }

  /// Check everything and submit; on success the session ends with the values.
  public func submit() -> Outcome {
    guard state == .running else { return .refused(.ended) }
    switch form.submit() {
    case .accepted(let values):
      state = .submitted(values)
      return .submitted(values)
    case .invalid(let items): return .submitRefused(.invalid(items), changes: form.takeChanges())
    case .refused(let why): return .submitRefused(.handler(why), changes: form.takeChanges())
    }
  }

  /// End without values (`on_cancel` runs).
  public func cancel() -> Outcome {
    guard state == .running else { return .refused(.ended) }
    form.cancel()
    state = .cancelled
    closeEditor()
    question = nil
    return .cancelled
  }

  func activate(_ item: Item) -> Outcome {
    switch form.activate(item) {
    case .disabled: return .refused(.disabled(item))
    case .vetoed(let message): return .refused(.vetoed(item, message: message))
    case .done: return .changed(form.takeChanges())
    case .editing:
      if editing != nil { closeEditor() }
      editing = item
      valueWhenOpened = item.value
      refusedText = nil
      if item.kind.readsLines { longText = [] }
      form.beganEditing(item)
      return .editorOpened(item, changes: form.takeChanges())
    }
  }

  func clear(_ item: Item) -> Outcome {
    guard item.enabled else { return .refused(.disabled(item)) }
    guard item.kind.hasValue else { return .refused(.holdsNoValue(item)) }
    switch item.kind.accept(.null, for: item) {
    case .value(let v): form.setValue(item, v, origin: .user)
    case .refused(let reason): return .refused(.cannotClear(item, reason: reason))
    }
    return .changed(form.takeChanges())
  }

  /// A line typed into an open editor.
  func edit(_ item: Item, _ line: String) -> Outcome {
    if longText != nil {
      if line.trimmingSpaces == Command.editorEscape { return leave(item) }
      if line == "." || (line.isEmpty && longText!.isEmpty) {
        let lines = longText!
        longText = nil
        if lines.isEmpty {
          closeEditor()
          return .unchanged
        }
        return answered(item, lines.joined(separator: "\n"))
      }
      longText!.append(line)
      return .lineRead
    }
    if line.trimmingSpaces.isEmpty {
      closeEditor()
      return .unchanged
    }
    if line.trimmingSpaces == Command.editorEscape { return leave(item) }
    return answered(item, line)
  }

  /// The editor's answer: set, or refused by the row's kind or by its checks
  /// (its validators): either way a refused answer keeps the editor open and
  /// asks again, so the next line is its correction, never a command.
  func answered(_ item: Item, _ text: String) -> Outcome {
    let outcome = apply(.string(text), to: item)
    let stillHere = item.form === form && item.isShown
    switch outcome {
    case .refused(.badValue) where stillHere:
      reopen(item, refused: text)
      return outcome
    case .changed(let changes) where stillHere && !item.errors.isEmpty,
      .adjusted(let changes, _, _) where stillHere && !item.errors.isEmpty:
      reopen(item, refused: text)
      return .reasked(item, problems: item.errors, changes: changes)
    default:
      closeEditor()
      return outcome
    }
  }

  /// The editor stays open after a refusal, to read the answer again.
  func reopen(_ item: Item, refused text: String) {
    refusedText = item.kind.isSecret(item) ? nil : text
    if item.kind.readsLines { longText = [] }
  }

  func closeEditor() {
    let (item, before) = (editing, valueWhenOpened)
    editing = nil
    longText = nil
    refusedText = nil
    valueWhenOpened = nil
    if let item, let before, item.form === form { form.endedEditing(item, changed: item.value != before) }
  }

  /// The screen mode's editor on `item` closed: the session's closes too
  /// (its `on_end_edit` runs); nothing when another row's editor is open.
  public func editorClosed(_ item: Item) {
    if editing === item { closeEditor() }
  }

  /// `:q`: the editor closes with the value it opened with (an answer its
  /// checks refused meanwhile is taken back).
  func leave(_ item: Item) -> Outcome {
    if let before = valueWhenOpened, item.value != before, item.form === form, item.enabled {
      form.setValue(item, before, origin: .user)
    }
    closeEditor()
    return .editorLeft(item)
  }

  /// Read `value` into the item: a string as typed, another value as a script's.
  func apply(_ value: Value, to item: Item) -> Outcome {
    guard item.enabled else { return .refused(.disabled(item)) }
    let parsed = value.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(value, for: item)
    switch parsed {
    case .value(let v):
      // typed text failing the kind's own checks (a card's Luhn digit) is refused like any other bad value
      if value.string != nil {
        let problems = item.kind.check(v, for: item)
        if !problems.isEmpty { return .refused(.badValue(item, reason: problems.joined(separator: " "))) }
      }
      form.setValue(item, v, origin: .user)
      if let text = value.string, let note = item.kind.adjustment(of: text, to: v, for: item) {
        return .adjusted(form.takeChanges(), item: item, note: note)
      }
      return .changed(form.takeChanges())
    case .refused(let reason): return .refused(.badValue(item, reason: reason))
    }
  }

  /// `show WORDS`: the whole form, one row in full (`20`, a name or title),
  /// rows A to B (`3-7`), or a section by its header or tag.
  func show(_ words: String) -> Outcome {
    if words.isEmpty { return perform(.show) }
    let parts = words.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
    if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) {
      guard a >= 1, b >= a, b <= form.lastRow else { return .refused(.noRows(a, b, count: form.lastRow)) }
      return .rowsShown((a...b).compactMap { form.item(atRow: $0) })
    }
    if let n = Int(words) {
      switch resolve(.row(n)) {
      case .success(let item): return .rowShown(item)
      case .failure(let refusal): return .refused(refusal)
      }
    }
    let key = words.lowercased()
    let sections = form.sections.filter { !$0.hidden }
    if let s = sections.first(where: { $0.header?.lowercased() == key || $0.tag?.lowercased() == key }) {
      return .sectionShown(s)
    }
    switch resolve(.name(words)) {
    case .success(let item): return .rowShown(item)
    case .failure(.unknownWord):
      let begun = sections.filter { ($0.header ?? "").lowercased().hasPrefix(key) }
      if begun.count == 1 { return .sectionShown(begun[0]) }
      return .refused(.nothingToShow(words))
    case .failure(let refusal): return .refused(refusal)
    }
  }

  /// What changed since the last command, as the voice draws it (the REPL
  /// shows this after a Lua chunk).
  public func effect() -> [String] { phrase(.changed(form.takeChanges())) }
}
