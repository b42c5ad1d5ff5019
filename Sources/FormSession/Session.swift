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
  /// The row whose editor is open: the next line is its value.
  public private(set) var editing: Item?
  var longText: [String]?

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
    guard let item = editing else { return "> " }
    return voice.prompt(for: item, readingLines: longText != nil)
  }

  /// True while the open editor's row is secret: a terminal should not echo the next line.
  public var editingSecret: Bool { editing.map { $0.kind.isSecret($0) } ?? false }

  /// The whole form, as `show` prints it.
  public func screen() -> [String] { renderer.render(form) }

  /// The first screen: queued messages, then the form (its beginning when
  /// it is taller than `terminalRows`).
  public func start() -> [String] {
    _ = form.takeChanges()
    return notices() + voice.opening(in: self)
  }

  /// How to use the prompt, for a person at a terminal (after `start`).
  public func greeting() -> [String] { voice.greeting(in: self) }

  /// The form's queued messages (handler errors, `print`), as the voice says them.
  public func notices() -> [String] { voice.notices(form.takeNotices()) }

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
    if let item = editing { return edit(item, line) }
    return perform(command(line))
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
      return .screen
    case .help: return .help
    case .values: return .values(form.document)
    case .errors: return .errors(form.invalidItems)
    case .cancel: return cancel()
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
    case .run, .delete, .move, .insert, .detailButton: return performRow(command)
    case .showPart(let words): return show(words)
    case .names: return .names(form.rows)
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
    editing = nil
    longText = nil
    return .cancelled
  }

  func activate(_ item: Item) -> Outcome {
    switch form.activate(item) {
    case .disabled: return .refused(.disabled(item))
    case .vetoed(let message): return .refused(.vetoed(item, message: message))
    case .done: return .changed(form.takeChanges())
    case .editing:
      editing = item
      if item.kind.readsLines { longText = [] }
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
      if line.trimmingSpaces == Command.editorEscape {
        longText = nil
        editing = nil
        return .editorLeft(item)
      }
      if line == "." || (line.isEmpty && longText!.isEmpty) {
        let lines = longText!
        longText = nil
        editing = nil
        if lines.isEmpty { return .unchanged }
        return apply(.string(lines.joined(separator: "\n")), to: item)
      }
      longText!.append(line)
      return .lineRead
    }
    if line.trimmingSpaces.isEmpty {
      editing = nil
      return .unchanged
    }
    if line.trimmingSpaces == Command.editorEscape {
      editing = nil
      return .editorLeft(item)
    }
    let outcome = apply(.string(line), to: item)
    // a refused value keeps the editor open, as a prompt would re-ask
    if case .refused(.badValue) = outcome, item.form != nil, item.isShown {} else { editing = nil }
    return outcome
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
      let rows = form.rows
      guard a >= 1, b >= a, b <= rows.count else { return .refused(.noRows(a, b, count: rows.count)) }
      return .rowsShown(Array(rows[(a - 1)...(b - 1)]))
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
