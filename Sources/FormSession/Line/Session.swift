import FormCore
import FormRender

/// The line mode's conversation over an `Engine`: lines are read as
/// commands (`Command.parse`) or as the open editor's answer, and what they
/// came to is phrased as lines by its `voice`, drawn by its `renderer`. It
/// keeps what only a conversation in lines has: the numbers the person saw,
/// the question asked, the text an editor refused, a long text's lines so
/// far. The prompt and the walk (`formrun FORM.lua` through a pipe or with
/// `--line`), the REPL and a test's `s:send(line)` each hold one; the
/// screen mode holds the engine alone.
public final class Session {
  /// The engine the lines drive.
  public let engine: Engine
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
  /// True when a person types the lines (at a terminal): a line that could
  /// mean a command or a row is asked about rather than carried out, and a
  /// cancel that would discard changed values asks first. Through a pipe
  /// (false) exact command words win and a cancel cancels.
  public var asks = false
  /// The question the session asked (`Outcome.asked`): the next line answers it.
  public private(set) var question: Question?
  /// The lines of a long text read so far, while its editor is open.
  var longText: [String]?
  /// The text the open editor last refused (its kind's or its checks'
  /// refusal): a terminal starts the next line with it, to be corrected.
  public private(set) var refusedText: String?
  /// The rows by number as the person last saw them all (the first screen,
  /// the whole form drawn, `help names`): a typed number that now means
  /// another row is refused once, saying what it means now. nil until the
  /// form is first shown.
  var seenNumbers: [Item]?

  /// A session on an engine made on `form` with `host`, in the `running`
  /// state, speaking through `voice`, reading the commands of `driver` (a
  /// headless one by default: no walk).
  public convenience init(
    form: Form, host: any Host, renderer: Renderer = Renderer(), height: Int? = nil,
    voice: any Voice = StandardVoice(), driver: Driver = .test
  ) {
    self.init(
      engine: Engine(form: form, host: host), renderer: renderer, height: height, voice: voice, driver: driver)
  }

  /// A session driving `engine`.
  public init(
    engine: Engine, renderer: Renderer = Renderer(), height: Int? = nil, voice: any Voice = StandardVoice(),
    driver: Driver = .test
  ) {
    self.engine = engine
    self.renderer = renderer
    self.height = height
    self.voice = voice
    self.driver = driver
  }

  /// The form the engine runs.
  public var form: Form { engine.form }
  /// Whether the engine still takes input, and how it ended.
  public var state: Engine.State { engine.state }
  /// The row whose editor is open: the next line is its value.
  public var editing: Item? { engine.editing }
  /// The values, once submitted.
  public var submittedValues: [Value.Field]? { engine.submittedValues }
  /// Changed values a cancel would discard (`Engine.changedValues`).
  public var changedValues: Int { engine.changedValues }

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

  /// The form's queued messages (handler errors, prints kept), as the voice
  /// says them; header and footer kinds out of date draw first, at the
  /// width the host gives or else the renderer's (`Engine.drawBands`).
  public func notices() -> [String] {
    voice.notices(engine.messages(otherwise: lineBandWidth))
  }

  /// Run the header and footer kinds whose lines are out of date (at the host's width, else the renderer's).
  public func drawBands() { engine.drawBands(otherwise: lineBandWidth) }

  /// The cells a header or footer kind draws in as the renderer draws the section.
  func lineBandWidth(_ section: Section, _ band: Band) -> Int { renderer.bandWidth(section, band, in: form) }

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
    let rows = Engine.begun(head, in: form.rows)
    guard !rows.isEmpty else { return nil }
    return .commandOrRow(head, command: rest.isEmpty ? word : word + " " + rest, rows: rows, rest: rest)
  }

  /// What `values` shows (`Engine.shownDocument`: secrets masked).
  public var shownDocument: [Value.Field] { engine.shownDocument }

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

  /// Carry out one command as the line mode does: the engine's verb, with
  /// what a conversation adds (a cancel that would lose changed values asks
  /// first when `asks`; the form drawn whole or the names listed are the
  /// numbers the person has seen; a word no row has may be a command word).
  public func perform(_ command: Command) -> Outcome {
    guard state == .running else { return .refused(.ended) }
    if command == .cancel, asks, case let changed = changedValues, changed > 0 {
      question = .discard(changed: changed)
      return .asked(.discard(changed: changed))
    }
    let outcome = engine.perform(command)
    switch outcome {
    case .screen, .names: numbersSeen()
    case .editorOpened(let item, _): opened(item)
    case .cancelled:
      question = nil
      editorClosed()
    case .refused(let refusal): return .refused(withCommandWords(refusal))
    default: break
    }
    return outcome
  }

  /// Fill the row `name` names before the session starts (`Engine.prefill`).
  public func prefill(name: String, value: Value) -> Outcome { engine.prefill(name: name, value: value) }

  /// Check everything and submit; on success the session ends with the values.
  public func submit() -> Outcome { engine.submit() }

  /// End without values (`on_cancel` runs).
  public func cancel() -> Outcome {
    let outcome = engine.cancel()
    question = nil
    editorClosed()
    return outcome
  }

  /// The row a target names, or why none does (`Engine.resolve`; a
  /// misspelt word may be one of the driver's command words too).
  public func resolve(_ target: Target) -> Engine.Resolved {
    switch engine.resolve(target) {
    case .failure(let refusal): return .failure(withCommandWords(refusal))
    case let found: return found
    }
  }

  /// `refusal`, whose suggestion for a word no row has also weighs this
  /// driver's command words (`sumbit` → `submit`).
  func withCommandWords(_ refusal: Refusal) -> Refusal {
    guard case .unknownWord(let word, _) = refusal else { return refusal }
    let words = Engine.words(of: form, shown: form.rows) + CommandSpec.words(for: driver)
    return .unknownWord(word, suggestion: suggestion(for: word, among: words))
  }

  /// An editor opened on `item`: a long text reads lines until `.`.
  func opened(_ item: Item) {
    refusedText = nil
    longText = item.kind.readsLines ? [] : nil
  }

  /// The open editor's line state goes with it.
  func editorClosed() {
    longText = nil
    refusedText = nil
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

  /// The editor's answer (`Engine.enter`): a refused one keeps the editor
  /// open and asks again, the text it refused kept to be corrected, so the
  /// next line is its correction, never a command.
  func answered(_ item: Item, _ text: String) -> Outcome {
    let outcome = engine.enter(text, into: item)
    if engine.editing === item {
      switch outcome {
      case .refused(.badValue), .reasked:
        refusedText = item.kind.isSecret(item) ? nil : text
        if item.kind.readsLines { longText = [] }
      default: break
      }
    } else {
      editorClosed()
    }
    return outcome
  }

  func closeEditor() {
    engine.closeEditor()
    editorClosed()
  }

  /// `:q`: the editor closes with the value it opened with.
  func leave(_ item: Item) -> Outcome {
    let outcome = engine.leave(item)
    editorClosed()
    return outcome
  }

  /// What changed since the last command, as the voice draws it (the REPL
  /// shows this after a Lua chunk).
  public func effect() -> [String] { phrase(.changed(form.takeChanges())) }
}
