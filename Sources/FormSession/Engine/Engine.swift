import FormCore

/// The interaction engine every front end holds: typed verbs (`Command`)
/// change the form and say what they came to (`Outcome`); it keeps which
/// row's editor is open, how the run ended, and tells `observe` (the draft)
/// every outcome. It asks the outside only through its `host`, never reads
/// or writes a file descriptor, and holds nothing of a front end: the line
/// mode's conversation (`Session`: parsing, numbering, phrasing, the walk)
/// and the screen mode each drive one, so every front end follows the same
/// rules.
public final class Engine {
  /// Whether the engine still takes verbs, and how it ended.
  public enum State: Equatable {
    case running
    /// ended by a submit, with these values
    case submitted([Value.Field])
    case cancelled
  }

  /// The form this engine runs.
  public let form: Form
  /// The front end's services (questions, prints, paths, band widths, busy, `$EDITOR`).
  public let host: any Host
  /// Sees every verb's outcome, after the verb (the draft keeps the values from it).
  public var observe: (Outcome) -> Void = { _ in }
  /// Running until a submit or a cancel ends the run.
  public private(set) var state: State = .running
  /// The row whose editor is open: its next answer is its value (`enter`).
  public private(set) var editing: Item?
  /// The open editor's row's value when it opened: `leave` puts it back.
  var valueWhenOpened: Value?

  /// An engine on `form`, in the `running` state, run by `host` (the form's
  /// handlers and kinds ask through it from now on).
  public init(form: Form, host: any Host) {
    self.form = form
    self.host = host
    form.attach(host)
  }

  /// The width header and footer kinds draw at when neither the host nor the caller gives one.
  public static let bandWidth = 72

  /// Run the header and footer kinds whose lines are out of date, each at
  /// the width the host gives (`Host.bandWidth`), else at `otherwise`'s
  /// (the line mode's renderer), else `Engine.bandWidth`.
  public func drawBands(otherwise: ((Section, Band) -> Int)? = nil) {
    let host = self.host
    form.drawBands { section, band in host.bandWidth(section, band) ?? otherwise?(section, band) ?? Self.bandWidth }
  }

  /// The form's queued messages (handler errors, prints kept as notices),
  /// as they were given; the header and footer kinds out of date draw
  /// first (`drawBands`), so that their errors are among them and what is
  /// drawn next runs no script.
  public func messages(otherwise: ((Section, Band) -> Int)? = nil) -> [String] {
    drawBands(otherwise: otherwise)
    return form.takeNotices()
  }

  /// The same, each made safe to show and split into lines.
  public func notices(otherwise: ((Section, Band) -> Int)? = nil) -> [String] {
    messages(otherwise: otherwise).flatMap(Cells.sanitizeLines)
  }

  /// The values, once submitted.
  public var submittedValues: [Value.Field]? {
    if case .submitted(let values) = state { return values }
    return nil
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

  /// `outcome`, once `observe` has seen it.
  func observed(_ outcome: Outcome) -> Outcome {
    observe(outcome)
    return outcome
  }

  // MARK: verbs

  /// Carry out one command: the way every front end (the prompt, the REPL,
  /// the walk, the screen, tests) enters what a person asked for.
  public func perform(_ command: Command) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    return observed(performing(command))
  }

  func performing(_ command: Command) -> Outcome {
    switch command {
    case .nothing: return .nothing
    case .show:
      _ = form.takeChanges()
      return .screen
    case .help: return .help
    case .values: return .values(shownDocument)
    case .errors: return .errors(form.invalidItems)
    case .cancel: return cancelling()
    case .submit: return submitting()
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
    case .names: return .names(form.rows)
    case .next: return .walk
    }
  }

  /// Fill the row `name` names before the run starts (`--set`, an answers
  /// file, a resumed draft), by the rules of typing `NAME VALUE`: the row
  /// found by name or title as a typed line finds it; a string is read as
  /// typed, another value is checked as a script's would be.
  public func prefill(name: String, value: Value) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    switch resolve(.name(name)) {
    case .success(let item): return observed(apply(value, to: item))
    case .failure(.unknownWord):
      return .refused(.noItemNamed(name, suggestion: suggestion(for: name, among: form.names)))
    case .failure(let refusal): return .refused(refusal)
    }
  }

  /// Check everything and submit; on success the run ends with the values.
  public func submit() -> Outcome {
    guard state == .running else { return .refused(.ended) }
    return observed(submitting())
  }

  func submitting() -> Outcome {
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
    return observed(cancelling())
  }

  func cancelling() -> Outcome {
    form.cancel()
    state = .cancelled
    closeEditor()
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

  // MARK: the open editor

  /// The open editor's answer, typed as text: set, or refused by the row's
  /// kind or by its checks (its validators). Either way a refused answer
  /// keeps the editor open (`.refused(.badValue)`, `.reasked`), so the
  /// next answer is its correction, never a command; any other closes it.
  public func enter(_ text: String, into item: Item) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    let outcome = apply(.string(text), to: item)
    let stillHere = item.form === form && item.isShown
    switch outcome {
    case .refused(.badValue) where stillHere: return observed(outcome)
    case .changed(let changes) where stillHere && !item.errors.isEmpty,
      .adjusted(let changes, _, _) where stillHere && !item.errors.isEmpty:
      return observed(.reasked(item, problems: item.errors, changes: changes))
    default:
      closeEditor()
      return observed(outcome)
    }
  }

  /// The open editor closes with the value it has (`on_end_edit` runs, told
  /// whether the value changed since it opened).
  public func closeEditor() {
    let (item, before) = (editing, valueWhenOpened)
    editing = nil
    valueWhenOpened = nil
    if let item, let before, item.form === form { form.endedEditing(item, changed: item.value != before) }
  }

  /// A front end's editor on `item` closed: the engine's closes too (its
  /// `on_end_edit` runs); nothing when another row's editor is open.
  public func editorClosed(_ item: Item) {
    if editing === item { closeEditor() }
  }

  /// Leave the editor with the value it opened with (an answer its checks
  /// refused meanwhile is taken back).
  public func leave(_ item: Item) -> Outcome {
    if let before = valueWhenOpened, item.value != before, item.form === form, item.enabled {
      form.setValue(item, before, origin: .user)
    }
    closeEditor()
    return observed(.editorLeft(item))
  }

  /// `show WORDS`: the whole form, one row in full (`20`, a name or title),
  /// rows A to B (`3-7`), or a section by its header or tag.
  func show(_ words: String) -> Outcome {
    if words.isEmpty { return performing(.show) }
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
}
