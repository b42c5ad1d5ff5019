import FormCore

/// A form as a visual front end shows it: the content in order (`pieces`,
/// each row's look as `RowView`), the focus, the open editor's state, the
/// message and question of the status line, the pages and the summary, as
/// plain data with roles for looks and no escape code. Logical actions
/// (`perform`) move the focus, open and edit rows, page and submit through
/// the engine's typed verbs, so handlers, validation, drafts and exit codes
/// are those of the line mode. `version` and `changes(since:)` tell a front
/// end what to draw again.
///
/// The screen mode draws it to a terminal and maps keys to actions; a
/// browser draws it to HTML and maps requests to actions.
public final class FormView {
  /// How the view ended.
  public enum Ending: Equatable {
    /// submitted with these values
    case submitted([Value.Field])
    /// left with a cancel (asked first when values had changed)
    case cancelled
    /// left with an interrupt (asked first when values had changed)
    case interrupted
    /// the input ended (asked first when values had changed), or the person went away
    case inputEnded
  }

  /// Why the person is leaving, kept while "Discard …?" is asked.
  public enum Leaving: Equatable { case cancel, interrupt, end }

  /// A place the focus stops below the rows (when `focusItem` is nil).
  public enum Stop: Equatable {
    case submit, next, back
    /// on the summary: go to that page
    case page(ObjectIdentifier)
  }

  /// A line for the status line: its text (safe to show) and its role.
  public struct Message: Equatable {
    /// The words.
    public var text: String
    /// How they look: `.error`, `.keyHelp` (quiet), `.message`.
    public var role: Role
    /// A message of `text` in `role`.
    public init(_ text: String, _ role: Role) {
      self.text = text
      self.role = role
    }
  }

  /// The engine the view drives; its host shows what is busy and edits a
  /// long text in the person's own editor.
  public let engine: Engine
  var verbs: ViewVerbs
  /// The entries of a folder, by its path (`~/` the home folder): a path
  /// row's picker lists them; nil: a path is typed without one.
  public var listFolder: ((String) -> [FolderEntry])?

  /// The focused row; nil when the focus is on a stop below the rows (`stop`).
  public internal(set) var focusItem: Item?
  /// Where the focus was in the rows, to find a place for it when its row goes.
  var focusIndex = 0
  /// The stop below the rows that has the focus when `focusItem` is nil.
  public internal(set) var stop: Stop = .submit
  /// The editor open on the focused row.
  public internal(set) var editor: RowEditing? {
    // the row's on_end_edit runs as its editor goes (another row's editor
    // opening has closed the engine's already)
    didSet {
      if let old = oldValue, old.item !== editor?.item { engine.editorClosed(old.item) }
      if let old = oldValue { noteRow(old.item) }
      if let item = editor?.item { noteRow(item) }
    }
  }
  /// What the status line says.
  public internal(set) var message: Message? { didSet { if message != oldValue { noteStatus() } } }
  /// Set while `Discard …?` is asked.
  public internal(set) var leaving: Leaving? { didSet { noteStatus() } }
  /// Typing after `/`: the words a row's title is looked up by.
  public internal(set) var search: String? { didSet { noteStatus() } }
  /// After a refused submit, every row's errors show (not only those edited).
  public internal(set) var showAllErrors = false {
    didSet { if showAllErrors != oldValue { noteAll() } }
  }
  /// The rows and their values when the view opened: what "changed" is measured from.
  var initialRows: [Item] = []
  var initialValues: [Value] = []
  /// On a paged form: the page shown (its first section) and its place
  /// among all the pages, or the summary; the sections of pages a Next was refused on.
  var pageID: ObjectIdentifier?
  var pagePlace = 0
  /// True on a paged form's summary.
  public internal(set) var onSummary = false
  var checkedSections: Set<ObjectIdentifier> = []
  /// The pages as they were last found (nil: to be found again), and whether the form has pages.
  var knownPages: [Page]?
  var knownPaged: Bool?
  /// Counts the turns of a page (a front end scrolls back to the top of a page entered).
  public internal(set) var pageTurns = 0
  /// The row the last verb made on demand, for the focus to go to.
  weak var madeRow: Item?
  /// The facts of rows the focus was on, until a verb runs.
  var knownFacts: [ObjectIdentifier: KindFacts] = [:]
  /// Set once the view has ended.
  public private(set) var ending: Ending?
  /// What handlers printed and reported, in order.
  public private(set) var notices: [String] = []

  // what changed (ViewChanges.swift)
  /// Counts every change of what the view shows.
  public internal(set) var version = 0
  var allChanged = 0
  var statusChanged = 0
  var log: [(version: Int, piece: Int)] = []
  var logFloor = 0
  // the content (ViewContent.swift)
  var pieceList: [Piece] = []
  var piecesStale = true
  /// Piece index of each row by its number (-1: not shown).
  var pieceOfRow: [Int32] = []

  /// A view on `engine`'s form.
  public init(engine: Engine) {
    self.engine = engine
    verbs = ViewVerbs(engine: engine)
    remember()
    // what the script printed while loading
    take(engine.notices())
    _ = form.takeChanges()
    focusItem = firstFocusable()
  }

  /// The values as they are when the view opens: what "changed" is measured from.
  func remember() {
    initialRows = form.numberedRows
    initialValues = initialRows.map(\.value)
  }

  /// Values changed since the view opened.
  public var changedCount: Int {
    var was: [ObjectIdentifier: Value] = [:]
    was.reserveCapacity(initialRows.count)
    for (item, value) in zip(initialRows, initialValues) { was[ObjectIdentifier(item)] = value }
    var n = 0
    for section in form.sections {
      for item in section.items where item.kind.hasValue {
        if let before = was[ObjectIdentifier(item)] {
          if before != item.value { n += 1 }
        } else if !item.value.isBlank {
          n += 1
        }
      }
    }
    return n
  }

  // MARK: actions

  /// Do what `action` asks.
  public func perform(_ action: ViewAction) {
    guard ending == nil else { return }
    catchUp()
    settleFocus()
    if let why = leaving {
      leaving = nil
      switch action {
      case .answer(true): end(why)
      // a second Ctrl-C while asked is a yes
      case .interrupt: end(.interrupt)
      default: message = Message(form.say("screen.nothing_discarded"), .keyHelp)
      }
      return
    }
    message = nil
    if case .find(let words) = action {
      find(words)
      return
    }
    search = nil
    if let editor {
      editing(editor, action)
      return
    }
    atForm(action)
  }

  /// The form shown.
  public var form: Form { engine.form }

  /// The status line's message put away (the person did something else).
  public func dismissMessage() { message = nil }

  /// The focus settled where it can be: its row went (hidden, removed,
  /// disabled) → the next one at its place.
  public func settle() { settleFocus() }

  /// The input ended (the person went away): nothing more can be asked.
  public func inputEnded() {
    guard ending == nil else { return }
    end(.end)
  }

  /// Values changed since the view opened, and the open editor's text
  /// when it differs from its row's value (nothing typed is lost unasked).
  public var pendingChanges: Int {
    var n = changedCount
    if let e = editor, e.holdsChange, !changedSinceOpened(e.item) { n += 1 }
    return n
  }

  /// True when `item`'s value is not the one it had when the view opened.
  func changedSinceOpened(_ item: Item) -> Bool {
    if let n = item.numberAsDrawn, n >= 1, n <= initialRows.count, initialRows[n - 1] === item {
      return initialValues[n - 1] != item.value
    }
    guard let i = initialRows.firstIndex(where: { $0 === item }) else { return !item.value.isBlank }
    return initialValues[i] != item.value
  }

  func ask(_ why: Leaving) {
    search = nil
    if pendingChanges == 0 { end(why) } else { leaving = why }
  }

  func end(_ why: Leaving) {
    // what is typed in the editor goes into the value (and a draft) when it
    // can, before an ending that keeps the draft
    if why != .cancel, let e = editor, e.holdsChange, let text = typedText(e) {
      _ = text.isEmpty ? run(e.item) { self.verbs.clear(e.item) } : run(e.item) { self.verbs.set(e.item, text) }
      take(engine.notices())
    }
    editor = nil
    switch why {
    case .cancel:
      knownFacts = [:]
      _ = verbs.cancel()
      take(engine.notices())
      ending = .cancelled
    case .interrupt: ending = .interrupted
    case .end: ending = .inputEnded
    }
    noteAll()
  }

  func atForm(_ action: ViewAction) {
    switch action {
    case .previous: moveFocus(-1)
    case .next: moveFocus(1)
    case .move(let by): moveFocus(by)
    case .first: focus(firstFocusable())
    case .last: focus(nil)
    case .focus(let item):
      if item.enabled, index(of: item, in: stopRows) != nil { focus(item) }
    case .submit: goOn()
    case .takeDefault:
      if let item = focusItem { after(run(item) { self.verbs.takeDefault(item) }) }
    case .previousPage: if paged { previousPage() }
    case .nextPage: if paged && !onSummary { nextPage() }
    case .cancel: ask(.cancel)
    case .interrupt: ask(.interrupt)
    case .endInput: ask(.end)
    case .open:
      guard let item = focusItem else { return press(stop) }
      open(item)
    case .openTyping(.invalidText):
      message = Message(form.say("editor.not_utf8"), .error)
    case .openTyping(let input):
      guard let item = focusItem else { return }
      open(item, typing: input)
    case .openInPlace:
      guard let item = focusItem else { return }
      open(item, selecting: false)
    case .step(let by):
      guard let item = focusItem else { return }
      step(item, by: by)
    case .external:
      guard let item = focusItem, facts(of: item).shape == .lines else { return }
      open(item)
      if let e = editor { editing(e, .external) }
    case .edit, .answer, .find: break
    }
  }

  /// Open the focused row: a switch toggles, an action runs, other rows get
  /// their editor (with `typing` its first input, in place of what it held).
  func open(_ item: Item, typing: EditInput? = nil, selecting: Bool = true) {
    switch facts(of: item).shape {
    case .action, .toggle:
      if typing != nil { return }
      after(run(item) { self.verbs.activate(item) })
      // an action that made a row (a list's Add item) gives it the focus
      focusMade()
      return
    default: break
    }
    let outcome = run(item) { self.verbs.activate(item) }
    guard case .editorOpened = outcome else {
      after(outcome)
      return
    }
    take(engine.notices())
    // a handler may have changed the row on the way: its facts as they are now
    editor = RowEditing.make(for: item, facts: item.facts, selecting: selecting, list: listFolder)
    if let typing, let e = editor {
      editing(e, .edit(typing))
    } else if let e = editor {
      offer(e)
    }
  }

  /// A slider by its step, a segmented control to the next option, without an editor.
  func step(_ item: Item, by: Int) {
    let facts = facts(of: item)
    switch facts.shape {
    case .number(slider: true):
      let s = SliderEditing(item: item, facts: facts)
      _ = s.apply(by < 0 ? .left : .right)
      after(run(item) { self.verbs.set(item, s.text) })
    case .oneOf(let list) where list.inline && !list.choices.isEmpty:
      let at = list.chosen.first ?? (by > 0 ? -1 : list.choices.count)
      let to = min(max(at + by, 0), list.choices.count - 1)
      guard to != list.chosen.first else { return }
      after(run(item) { self.verbs.set(item, ViewVerbs.typed([to], of: list.choices.map(\.label), commas: false)) })
    default: break
    }
  }

  func editing(_ e: RowEditing, _ action: ViewAction) {
    defer {
      if editor === e {
        offer(e)
        noteRow(e.item)
      }
    }
    switch action {
    case .interrupt: ask(.interrupt)
    case .submit:
      // a long text's own accept (Enter is its new line); elsewhere what is
      // typed is taken first, then the form goes on
      if e is LinesEditing {
        accept(e, typedText(e))
      } else if accept(e, typedText(e)) {
        goOn()
      }
    case .next, .previous, .move, .first, .last, .focus, .previousPage, .nextPage:
      // leaving the row takes what was typed, as a form's field does
      if accept(e, typedText(e)) { atForm(action) }
    case .external: externalEdit(e)
    case .cancel, .endInput:
      // asked with the editor open: its text counts as a change, and a no
      // goes back to it as it was
      ask(action == .cancel ? .cancel : .end)
    case .edit(let input): result(of: e.apply(input), input, in: e)
    case .open: result(of: e.apply(.enter), .enter, in: e)
    case .openTyping(let input): result(of: e.apply(input), input, in: e)
    case .openInPlace: result(of: e.apply(.end), .end, in: e)
    case .step(let by): result(of: e.apply(by < 0 ? .left : .right), by < 0 ? .left : .right, in: e)
    case .takeDefault:
      // the editor's text gives way to the default
      editor = nil
      atForm(action)
    case .answer, .find: break
    }
  }

  /// What an editor's answer to `input` means for the view. Enter that
  /// takes the value moves on to the next row, as Tab does (in a long text
  /// Enter is a new line, never an answer).
  func result(of result: EditResult, _ input: EditInput, in e: RowEditing) {
    let movesOn = input == .enter
    switch result {
    case .handled: break
    case .ignored:
      switch input {
      // leaving the row takes what was typed, as a form's field does
      case .tab, .down: if accept(e, typedText(e)) { atForm(.next) }
      case .backTab, .up: if accept(e, typedText(e)) { atForm(.previous) }
      default: break
      }
    case .accept(let text):
      // Enter goes on to the next row, or to the row the value made (a schema's Add a property)
      if accept(e, text), movesOn, !focusMade() { atForm(.next) }
    case .clear:
      let outcome = run(e.item) { self.verbs.clear(e.item) }
      if case .refused(.cannotClear(_, let reason)) = outcome {
        e.refused(Cells.sanitize(reason))
      } else {
        editor = nil
        after(outcome)
        if movesOn, ending == nil { atForm(.next) }
      }
    case .leave:
      editor = nil
      if movesOn { atForm(.next) }
    case .external: externalEdit(e)
    }
  }

  /// A text row's offers for what is typed, asked for when the text changed
  /// (a script's function through the busy wrapper: a handler's budgets, its spinner).
  func offer(_ e: RowEditing) {
    guard let t = e as? TextEditing, t.suggests, t.offersStale else { return }
    _ = busy(t.item.label) {
      t.refreshOffers()
      return .nothing
    }
    take(engine.notices())
  }

  /// A long text edited in the person's own editor (the host's), then taken.
  func externalEdit(_ e: RowEditing) {
    let edit = (e as? LinesEditing).map { engine.host.editText($0.text) } ?? .noEditor
    guard case .edited(let edited) = edit else {
      e.note = form.say(edit == .noEditor ? "screen.no_editor" : "screen.not_saved")
      return
    }
    var text = edited.replacingCRLF
    if text.hasSuffix("\n") { text.removeLast() }
    accept(e, text)
  }

  /// The text an editor would give on Enter (for Tab and a submit), nil when it has none of its own.
  func typedText(_ e: RowEditing) -> String? {
    switch e.taken() {
    case .accept(let text): return text
    case .clear: return ""
    default: return nil
    }
  }

  /// Set the row from the editor's text; true when it was taken and the
  /// editor closed. A refused value (by the kind, or a validator) keeps the
  /// editor open with the typed text and says why under the row.
  @discardableResult
  func accept(_ e: RowEditing, _ text: String?) -> Bool {
    guard let text else {
      editor = nil
      return true
    }
    let item = e.item
    let outcome = text.isEmpty ? run(item) { self.verbs.clear(item) } : run(item) { self.verbs.set(item, text) }
    switch outcome {
    case .refused(.badValue(_, let reason)), .refused(.cannotClear(_, let reason)):
      e.refused(Cells.sanitize(reason))
      take(engine.notices())
      return false
    case .changed, .adjusted:
      take(engine.notices())
      if case .adjusted(_, _, let note) = outcome { message = Message(Cells.sanitize(note), .message) }
      if item.form != nil, item.isShown, !item.errors.isEmpty {
        e.refused(Cells.sanitize(item.errors.joined(separator: " ")))
        return false
      }
      editor = nil
      settleFocus()
      return true
    default:
      editor = nil
      after(outcome)
      return false
    }
  }

  func submit() {
    editor = nil
    knownFacts = [:]
    let outcome = busy(form.say("screen.submitting")) { self.verbs.submit() }
    absorb(outcome)
    after(outcome)
  }

  /// Run `work` showing that `title` is busy (the host's spinner).
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { engine.host.busy(title, work) }

  /// A verb on `item` through the busy wrapper (its handlers may take time).
  func run(_ item: Item, _ work: @escaping () -> Outcome) -> Outcome {
    // handlers may change any row (its options too): the facts kept are stale
    knownFacts = [:]
    let outcome = busy(item.label, work)
    madeRow = form.documentShape?.takeMade()
    absorb(outcome)
    return outcome
  }

  /// The focus on the row the last verb made on demand (`DocumentShape.takeMade`); false when it made none.
  @discardableResult
  func focusMade() -> Bool {
    guard let made = madeRow, made.isShown, made.enabled, index(of: made, in: stopRows) != nil else { return false }
    madeRow = nil
    focus(made)
    return true
  }

  /// The facts of `item`, kept while no verb runs (a list of 40,000 options
  /// is not made again for every key that moves the focus).
  public func facts(of item: Item) -> KindFacts {
    if let f = knownFacts[ObjectIdentifier(item)] { return f }
    let f = item.facts
    knownFacts[ObjectIdentifier(item)] = f
    return f
  }

  /// What an outcome means for the view: a message, the focus, the end.
  func after(_ outcome: Outcome) {
    take(engine.notices())
    switch outcome {
    case .refused(let refusal):
      message = Message(Self.words([refusal.said(in: form.catalogue)]), .error)
    case .adjusted(_, _, let note): message = Message(Cells.sanitize(note), .message)
    case .submitted(let values):
      ending = .submitted(values)
      noteAll()
    case .cancelled:
      ending = .cancelled
      noteAll()
    case .submitRefused(.invalid(let items), _):
      showAllErrors = true
      if let first = items.first(where: \.enabled) {
        // on a paged form the page that holds it
        if paged { showProblem(first) } else { focus(first) }
      }
      let n = items.count
      let first =
        items.first.map {
          form.say(
            "screen.row_error", ["title": Cells.sanitize($0.label), "message": Cells.sanitize($0.errors.first ?? "")])
        } ?? ""
      message = Message(form.say("screen.needs_fix", ["count": String(n), "first": first]), .error)
    case .submitRefused(let problem, _):
      showAllErrors = true
      let lines = problem.said(in: form.catalogue)
      message = Message(form.say("screen.not_submitted", ["why": Self.words(Array(lines.suffix(1)))]), .error)
    default: break
    }
    settleFocus()
  }

  /// A voice's lines as one message: `! ` marks and indentation dropped.
  static func words(_ lines: [String]) -> String {
    lines.map { line in
      var l = Substring(line).drop { $0 == " " }
      if l.hasPrefix("! ") { l = l.dropFirst(2) }
      return String(l)
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// What handlers printed and reported: kept in order, the last said on the status line.
  func take(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    notices += lines
    // the status line says the last line that is not a traceback's (a
    // stopped handler's error, not the place it stopped in)
    let said = lines.filter { !$0.trimmingSpaces.isEmpty }
    let shown = said.last { !$0.hasPrefix("\t") && $0.trimmingSpaces != "stack traceback:" } ?? said.last
    if let shown { message = Message(Self.oneLine(shown), .message) }
  }

  /// A notice's line as one line of the frame: tabs (which `print` puts
  /// between its values) as spaces to the next stop of 8 cells, anything
  /// else that could move the cursor escaped, so the frame's cells are as counted.
  public static func oneLine(_ line: String) -> String {
    guard line.contains("\t") else { return Cells.sanitize(line) }
    var out = ""
    for (n, part) in line.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
      if n > 0 { out += String(repeating: " ", count: 8 - Cells.width(out) % 8) }
      out += Cells.sanitize(String(part))
    }
    return out
  }
}
