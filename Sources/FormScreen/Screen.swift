import FormCore
import FormSession
import FormTerminal

/// The screen mode's state: which row has the focus, the editor open on it,
/// what the status line says; keys change it through the engine's typed
/// verbs, and `frame()` draws it. It does no I/O: `ScreenRunner` reads the
/// keys and writes the frames, tests call `handle` and read `frame()`; what
/// it asks of the person goes through the engine's host (`ScreenHost`).
public final class Screen {
  /// How the screen ended.
  public enum Ending: Equatable {
    /// submitted with these values
    case submitted([Value.Field])
    /// Esc (asked first when values had changed): the form was cancelled
    case cancelled
    /// Ctrl-C (asked first when values had changed)
    case interrupted
    /// Ctrl-D (asked first when values had changed), or the input ended
    case inputEnded
  }

  /// Why the person is leaving, kept while "Discard …?" is asked.
  enum Leaving { case cancel, interrupt, end }

  /// The engine the screen drives (nothing of the line mode's conversation; still
  /// named `session`, as before the engine was split off).
  public let session: Engine
  var verbs: Verbs
  /// The terminal's size: the frame fits it.
  public var size: TerminalSize
  /// Colour on (with reverse video and bold either way).
  public var color: Bool

  /// The focused row; nil when the focus is on the Submit line.
  var focusItem: Item?
  /// Where the focus was in the rows, to find a place for it when its row goes.
  var focusIndex = 0
  var editor: RowEditor? {
    // the row's on_end_edit runs as its editor goes (another row's editor
    // opening has closed the session's already)
    didSet { if let old = oldValue, old.item !== editor?.item { session.editorClosed(old.item) } }
  }
  var message: (text: String, paint: Paint)?
  var leaving: Leaving?
  /// A handler's question (`formrun.confirm`) while the runner waits for its answer.
  var asking: String?
  var showingHelp = false
  /// Typing after `/`: the words a row's title is looked up by.
  var search: String?
  /// After a refused submit, every row's errors show (not only those edited).
  var showAllErrors = false
  var initial: [ObjectIdentifier: Value] = [:]
  /// The first line of the content shown (the viewport's scroll).
  var offset = 0
  /// The facts of rows the focus was on, until a verb runs.
  var knownFacts: [ObjectIdentifier: RowFacts] = [:]
  /// Each section's title column, worked out once a frame.
  var titleWidths: [ObjectIdentifier: Int] = [:]
  /// On a paged form: the page shown (its first section) and its place
  /// among all the pages, or the summary; which stop below the rows has
  /// the focus when `focusItem` is nil; the sections of pages a Next was refused on.
  var pageID: ObjectIdentifier?
  var pagePlace = 0
  var onSummary = false
  var stop: Stop = .submit
  var checkedSections: Set<ObjectIdentifier> = []
  /// Set once the screen has ended.
  public private(set) var ending: Ending?
  /// What handlers printed and reported, in order, for the scrollback after the end.
  public private(set) var notices: [String] = []

  /// A screen on `engine`'s form, `size` big. When the engine's host is a
  /// `ScreenHost` the screen shows its questions, prints and band widths.
  public init(session engine: Engine, size: TerminalSize, color: Bool = false) {
    self.session = engine
    self.size = size
    self.color = color
    verbs = Verbs(session: engine)
    // header and footer kinds draw at the screen's width (live: it follows a resize)
    (session.host as? ScreenHost)?.screen = self
    remember()
    // what the script printed while loading
    take(session.notices())
    focusItem = focusables.first
  }

  /// The values as they are when the screen opens: what "changed" is measured from.
  func remember() {
    initial = [:]
    for section in session.form.sections {
      for item in section.items where item.kind.hasValue { initial[ObjectIdentifier(item)] = item.value }
    }
  }

  /// Values changed since the screen opened.
  public var changedCount: Int {
    var n = 0
    for section in session.form.sections {
      for item in section.items where item.kind.hasValue {
        if let was = initial[ObjectIdentifier(item)] {
          if was != item.value { n += 1 }
        } else if !item.value.isBlank {
          n += 1
        }
      }
    }
    return n
  }

  /// The rows the focus stops on: shown and enabled (on the page shown, on a paged form).
  var focusables: [Item] { stopRows.filter(\.enabled) }

  /// Where `item` is in the shown rows: `focusIndex` when it is still there
  /// (a key costs nothing per row of the form), else found again.
  func index(of item: Item, in rows: [Item]) -> Int? {
    if focusIndex < rows.count, rows[focusIndex] === item { return focusIndex }
    return rows.firstIndex { $0 === item }
  }

  /// The focused row as it stands: its row went (hidden, removed, disabled)
  /// → the next one at its place.
  func settleFocus() {
    let rows = stopRows
    guard let item = focusItem else {
      focusIndex = rows.count
      let stops = self.stops
      if !stops.contains(stop) { stop = stops.first ?? .submit }
      return
    }
    if item.enabled, let i = index(of: item, in: rows) {
      focusIndex = i
      return
    }
    if editor?.item === item { editor = nil }
    var i = min(focusIndex, rows.count)
    while i < rows.count, !rows[i].enabled { i += 1 }
    focusItem = i < rows.count ? rows[i] : nil
    focusIndex = i
    if focusItem == nil { stop = stops.first ?? .submit }
  }

  func focus(_ item: Item?) {
    focusItem = item
    let rows = stopRows
    focusIndex = item.flatMap { index(of: $0, in: rows) } ?? rows.count
    if item == nil { stop = stops.first ?? .submit }
  }

  /// Move the focus `by` stops (the Submit line, or a page's Next and
  /// Back, are the last), skipping disabled rows.
  func moveFocus(_ by: Int) {
    let rows = stopRows
    let stops = self.stops
    var at = focusItem.flatMap { index(of: $0, in: rows) } ?? rows.count + (stops.firstIndex(of: stop) ?? 0)
    var left = abs(by)
    let step = by < 0 ? -1 : 1
    while left > 0 {
      var next = at + step
      while next >= 0, next < rows.count, !rows[next].enabled { next += step }
      guard next >= 0, next < rows.count + max(stops.count, 1) else { break }
      at = next
      left -= 1
    }
    focusItem = at < rows.count ? rows[at] : nil
    focusIndex = min(at, rows.count)
    if at >= rows.count { stop = at - rows.count < stops.count ? stops[at - rows.count] : .submit }
  }

  // MARK: keys

  /// Do what `key` asks.
  public func handle(_ key: Key) {
    guard ending == nil else { return }
    settleFocus()
    if showingHelp {
      showingHelp = false
      return
    }
    if let why = leaving {
      leaving = nil
      if key.code == .char("y") || key.code == .char("Y") || key == Key.ctrl("c") || saysYes(key) {
        end(why)
      } else {
        message = (session.form.say("screen.nothing_discarded"), .dim)
      }
      return
    }
    message = nil
    if search != nil, searching(key) { return }
    if let editor {
      editing(editor, key)
      return
    }
    atForm(key)
  }

  /// Ctrl-C: as a key (the terminal sent it as a signal).
  public func interrupt() {
    guard ending == nil else { return }
    if leaving != nil {
      // a second Ctrl-C while asked is a yes
      end(.interrupt)
      return
    }
    ask(.interrupt)
  }

  /// The input ended (the terminal went away): nothing more can be asked.
  public func inputEnded() {
    guard ending == nil else { return }
    end(.end)
  }

  func ask(_ why: Leaving) {
    search = nil
    let n = changedCount
    if n == 0 {
      end(why)
    } else {
      leaving = why
    }
  }

  func end(_ why: Leaving) {
    editor = nil
    switch why {
    case .cancel:
      knownFacts = [:]
      _ = verbs.cancel()
      take(session.notices())
      ending = .cancelled
    case .interrupt: ending = .interrupted
    case .end: ending = .inputEnded
    }
  }

  func atForm(_ key: Key) {
    let plain = key.modifiers.isDisjoint(with: [.ctrl, .alt])
    switch key.code {
    case .up where plain, .tab where key.modifiers == .shift: moveFocus(-1)
    case .down where plain, .tab where key.modifiers.isEmpty: moveFocus(1)
    case .char("p") where key.modifiers == .ctrl: moveFocus(-1)
    case .char("n") where key.modifiers == .ctrl: moveFocus(1)
    case .pageUp: moveFocus(-max(1, contentHeight - 2))
    case .pageDown: moveFocus(max(1, contentHeight - 2))
    case .home: focus(focusables.first)
    case .end: focus(nil)
    case .char("s") where key.modifiers == .ctrl: goOn()
    case .left where key.modifiers == .alt && paged: previousPage()
    case .right where key.modifiers == .alt && paged: if !onSummary { nextPage() }
    case .escape: ask(.cancel)
    case .char("c") where key.modifiers == .ctrl: ask(.interrupt)
    case .char("d") where key.modifiers == .ctrl: ask(.end)
    case .char("?") where plain: showingHelp = true
    case .char("/") where plain: search = ""
    case .enter:
      guard let item = focusItem else { return press(stop) }
      open(item)
    case .char(" ") where plain:
      if let item = focusItem { open(item) }
    case .left where plain, .right where plain:
      guard let item = focusItem else { return }
      step(item, by: key.code == .left ? -1 : 1)
    case .char("e") where plain || key.modifiers == .ctrl:
      guard let item = focusItem else { return }
      if facts(of: item).shape == .lines {
        open(item)
        if let e = editor { editing(e, Key.ctrl("e")) }
      } else if plain {
        open(item, typing: key)
      }
    case .char where plain, .paste:
      guard let item = focusItem else { return }
      open(item, typing: key)
    default: break
    }
  }

  /// `/` then letters: the focus jumps to the first row whose title begins
  /// with them, else the best fuzzy match; Enter or Esc ends it.
  func searching(_ key: Key) -> Bool {
    guard var words = search else { return false }
    switch key.code {
    case .enter, .escape:
      search = nil
      return true
    case .backspace:
      words = String(words.dropLast())
    case .char(let c) where key.modifiers.isDisjoint(with: [.ctrl, .alt]):
      words.append(c)
    default:
      search = nil
      return false
    }
    search = words
    guard !words.isEmpty else { return true }
    let rows = focusables
    let lower = words.lowercased()
    if let hit = rows.first(where: { $0.label.lowercased().hasPrefix(lower) }) {
      focus(hit)
    } else if let best = Fuzzy.filter(rows.map(\.label), by: words).first {
      focus(rows[best])
    }
    return true
  }

  /// Open the focused row: a switch toggles, an action runs, other rows get their editor.
  func open(_ item: Item, typing: Key? = nil) {
    let facts = facts(of: item)
    switch facts.shape {
    case .action, .toggle:
      if typing != nil { return }
      after(run(item) { self.verbs.activate(item) })
      return
    default: break
    }
    let outcome = run(item) { self.verbs.activate(item) }
    guard case .editorOpened = outcome else {
      after(outcome)
      return
    }
    take(session.notices())
    // a handler may have changed the row on the way: its facts as they are now
    editor = Self.editor(for: item, facts: RowFacts.of(item))
    if let typing, let e = editor { editing(e, typing) }
  }

  static func editor(for item: Item, facts: RowFacts) -> RowEditor {
    switch facts.shape {
    case .oneOf(let list): return ChoiceEditor(item: item, facts: facts, list: list, several: false)
    case .severalOf(let list): return ChoiceEditor(item: item, facts: facts, list: list, several: true)
    case .components(let lists): return PickerEditor(item: item, facts: facts, lists: lists)
    case .card(let fields): return CardEditor(item: item, facts: facts, fields: fields)
    case .number(slider: true): return SliderEditor(item: item, facts: facts)
    case .lines: return LinesEditor(item: item, facts: facts)
    default: return TextEditor(item: item, facts: facts)
    }
  }

  /// ←/→ at the form: a slider by its step, a segmented control to the next option.
  func step(_ item: Item, by: Int) {
    let facts = facts(of: item)
    switch facts.shape {
    case .number(slider: true):
      let s = SliderEditor(item: item, facts: facts)
      _ = s.handle(Key(by < 0 ? .left : .right))
      after(run(item) { self.verbs.set(item, s.text) })
    case .oneOf(let list) where list.inline && !list.choices.isEmpty:
      let at = list.chosen.first ?? (by > 0 ? -1 : list.choices.count)
      let to = (at + by).clamped(0, list.choices.count - 1)
      guard to != list.chosen.first else { return }
      after(run(item) { self.verbs.set(item, Verbs.typed([to], of: list.choices.map(\.label), commas: false)) })
    default: break
    }
  }

  func editing(_ e: RowEditor, _ key: Key) {
    if key == Key.ctrl("c") {
      ask(.interrupt)
      return
    }
    let action = e.handle(key)
    switch action {
    case .handled: break
    case .ignored:
      if key == Key.ctrl("s") {
        // what is typed is taken first, then the form is submitted
        if accept(e, typedText(e)) { goOn() }
      } else if key.code == .tab || key.code == .up || key.code == .down {
        // leaving the row takes what was typed, as a form's field does
        if accept(e, typedText(e)) { atForm(key) }
      }
    case .accept(let text): _ = accept(e, text)
    case .clear:
      let outcome = run(e.item) { self.verbs.clear(e.item) }
      if case .refused(.cannotClear(_, let reason)) = outcome {
        e.reason = Cells.sanitize(reason)
      } else {
        editor = nil
        after(outcome)
      }
    case .leave: editor = nil
    case .externalEdit:
      let edit = (e as? LinesEditor).map { session.host.editText($0.text) } ?? .noEditor
      guard case .edited(let edited) = edit else {
        e.note = session.form.say(edit == .noEditor ? "screen.no_editor" : "screen.not_saved")
        return
      }
      var text = edited.replacingCRLF
      if text.hasSuffix("\n") { text.removeLast() }
      _ = accept(e, text)
    }
  }

  /// The text an editor would give on Enter (for Tab and Ctrl-S), nil when it has none of its own.
  func typedText(_ e: RowEditor) -> String? {
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
  func accept(_ e: RowEditor, _ text: String?) -> Bool {
    guard let text else {
      editor = nil
      return true
    }
    let item = e.item
    let outcome = text.isEmpty ? run(item) { self.verbs.clear(item) } : run(item) { self.verbs.set(item, text) }
    switch outcome {
    case .refused(.badValue(_, let reason)), .refused(.cannotClear(_, let reason)):
      e.reason = Cells.sanitize(reason)
      take(session.notices())
      return false
    case .changed, .adjusted:
      take(session.notices())
      if case .adjusted(_, _, let note) = outcome { message = (Cells.sanitize(note), .plain) }
      if item.form != nil, item.isShown, !item.errors.isEmpty {
        e.reason = Cells.sanitize(item.errors.joined(separator: " "))
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
    let outcome = busy(session.form.say("screen.submitting")) { self.verbs.submit() }
    after(outcome)
  }

  /// Run `work` showing that `title` is busy (the host's spinner).
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { session.host.busy(title, work) }

  /// A verb on `item` through the busy wrapper (its handlers may take time).
  func run(_ item: Item, _ work: @escaping () -> Outcome) -> Outcome {
    // handlers may change any row (its options too): the facts kept are stale
    knownFacts = [:]
    return busy(item.label, work)
  }

  /// The facts of `item`, kept between frames while no verb runs (a list of
  /// 40,000 options is not made again for every key that moves the focus).
  func facts(of item: Item) -> RowFacts {
    if let f = knownFacts[ObjectIdentifier(item)] { return f }
    let f = RowFacts.of(item)
    knownFacts[ObjectIdentifier(item)] = f
    return f
  }

  /// What an outcome means for the screen: a message, the focus, the end.
  func after(_ outcome: Outcome) {
    take(session.notices())
    switch outcome {
    case .refused(let refusal):
      message = (Self.words([refusal.said(in: session.form.catalogue)]), .error)
    case .adjusted(_, _, let note): message = (Cells.sanitize(note), .plain)
    case .submitted(let values): ending = .submitted(values)
    case .cancelled: ending = .cancelled
    case .submitRefused(.invalid(let items), _):
      showAllErrors = true
      if let first = items.first(where: \.enabled) {
        // on a paged form the page that holds it
        if paged { showProblem(first) } else { focus(first) }
      }
      let n = items.count
      let first =
        items.first.map {
          session.form.say(
            "screen.row_error", ["title": Cells.sanitize($0.label), "message": Cells.sanitize($0.errors.first ?? "")])
        } ?? ""
      message = (session.form.say("screen.needs_fix", ["count": String(n), "first": first]), .error)
    case .submitRefused(let problem, _):
      showAllErrors = true
      let lines = problem.said(in: session.form.catalogue)
      message = (session.form.say("screen.not_submitted", ["why": Self.words(Array(lines.suffix(1)))]), .error)
    default: break
    }
    settleFocus()
  }

  /// True when the key is a letter that begins one of the catalogue's yes words (`j` for `ja`).
  func saysYes(_ key: Key) -> Bool {
    guard key.modifiers.isEmpty, case .char(let c) = key.code else { return false }
    let letter = String(c).lowercased()
    return session.form.catalogue.words("words.yes").contains { $0 == letter }
  }

  /// A voice's lines as one message: `! ` marks and indentation dropped.
  static func words(_ lines: [String]) -> String {
    lines.map { line in
      var l = Substring(line).drop { $0 == " " }
      if l.hasPrefix("! ") { l = l.dropFirst(2) }
      return String(l)
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  func take(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    notices += lines
    // the status line says the last line that is not a traceback's (a
    // stopped handler's error, not the place it stopped in)
    let said = lines.filter { !$0.trimmingSpaces.isEmpty }
    let shown = said.last { !$0.hasPrefix("\t") && $0.trimmingSpaces != "stack traceback:" } ?? said.last
    if let shown { message = (Self.oneLine(shown), .plain) }
  }

  /// A notice's line as one line of the frame: tabs (which `print` puts
  /// between its values) as spaces to the next stop of 8 cells, anything
  /// else that could move the cursor escaped, so the frame's cells are as counted.
  static func oneLine(_ line: String) -> String {
    guard line.contains("\t") else { return Cells.sanitize(line) }
    var out = ""
    for (n, part) in line.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
      if n > 0 { out += String(repeating: " ", count: 8 - Cells.width(out) % 8) }
      out += Cells.sanitize(String(part))
    }
    return out
  }
}
