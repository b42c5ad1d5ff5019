import FormCore
import FormLua
import FormLuaSchema
import FormScreen
import FormSession
import FormTerminal

/// `formrun FORM.lua`: load, prefill, then submit at once or read commands
/// until submit or cancel.
enum Fill {
  /// Ctrl-C and Ctrl-\\ end formrun with a word in the form's language.
  static func sayEndings(in c: Catalogue) {
    Terminal.setEndingWords(interrupted: c.say("fill.interrupted"), quit: c.say("fill.quit"))
  }

  /// How filling ended (`Ending.exitCode` gives the code).
  enum End {
    case submitted, cancelled, inputEnded, scriptError, badFlag, valuesNotWritten
    /// `--timeout` passed with no input (the timer ends the process with this end's code)
    case timedOut
    /// Ctrl-C in the screen mode (the draft is kept)
    case interrupted
  }

  /// The front end that fills the form, with its host: known before the
  /// script runs, so the host runs the form from its load on.
  enum Front {
    case line(LineHost)
    case screen(ScreenHost)

    var host: any Host {
      switch self {
      case .line(let host): return host
      case .screen(let host): return host
      }
    }
  }

  static func run(_ given: Options) -> End {
    var o = given
    // `formrun -`: stdin holds the script, so the answers come from elsewhere
    var terminal: Int32?
    if o.path == "-" {
      switch StdinScriptSource.answers(o) {
      case .success(.flags): o.submit = true
      case .success(.terminal(let fd)): terminal = fd
      case .failure(let e):
        Terminal.ui(["formrun: " + e.message])
        return .badFlag
      }
    }
    let source: any FormSource
    switch FormSources.source(for: o) {
    case .success(let s?): source = s
    case .success(nil): return .badFlag  // Arguments gives a fill a form
    case .failure(let e):
      Terminal.ui(["formrun: " + e.message])
      return .scriptError
    }
    if let terminal { StdinScriptSource.readCommands(from: terminal) }
    // the voice follows the environment; what a piped line means never does
    let accessible = o.accessible || !(Terminal.env("ACCESSIBLE") ?? "").isEmpty
    // a person at a terminal fills the form in place (ScreenFill.swift)
    let front: Front =
      !o.submit && ScreenFill.applies(o, accessible: accessible)
      ? .screen(ScreenHost()) : .line(LineHost(interactive: Terminal.stdinIsTTY))
    let runtime = LuaRuntime(sandbox: o.sandbox, host: front.host, schemas: SchemaForms(searchPath: o.schemaPath))
    TimeBudget.apply(to: runtime)
    runtime.takeInterrupts()
    if let error = source.load(into: runtime) {
      // what the script printed before it failed is kept
      Terminal.ui(runtime.form.takeNotices().flatMap(Cells.sanitizeLines))
      Terminal.ui(Cells.sanitizeLines("formrun: " + error, cut: Cells.messageLimit))
      return .scriptError
    }
    let form = runtime.form
    form.strictChoices = o.strict
    // a schema form's rows of array elements may come with the answers: checked after them
    if form.documentShape == nil, let message = missingField(o, in: form) {
      Terminal.ui(form.takeNotices().flatMap(Cells.sanitizeLines) + [message])
      return .badFlag
    }
    let display = Display(form: form, width: o.width, color: o.color, theme: o.theme)
    if let problem = display.themeProblem { Terminal.ui(["formrun: " + problem]) }
    let session = Session(
      form: form, host: front.host, renderer: display.renderer, height: display.height,
      voice: accessible ? AccessibleVoice() : StandardVoice(quiet: o.quiet), driver: .fill)
    session.terminalRows = display.terminalRows
    let draft: Draft?
    switch drafts.start(o, session: session, asks: Terminal.stdinIsTTY && !o.submit) {
    case .keep(let kept): draft = kept
    case .refused: return .badFlag
    case .inputEnded: return .inputEnded
    }
    defer { draft?.release() }  // the next formrun may take it
    // every verb's outcome from now on: a change is on the disk before it is shown
    if let draft { session.engine.observe = { draft.follow($0) } }
    if let e = Prefill.flags(o, into: session) {
      Terminal.ui(session.notices() + ["formrun: " + e])
      return .badFlag
    }
    if form.documentShape != nil, let message = missingField(o, in: form) {
      Terminal.ui(session.notices() + [message])
      return .badFlag
    }
    draft?.save()
    if o.submit { return submitAtOnce(session, o, draft: draft) }
    let host: LineHost
    switch front {
    case .screen:
      return ScreenFill.run(
        session.engine, o, draft: draft, color: display.color, theme: display.theme, runtime: runtime)
    case .line(let lineHost): host = lineHost
    }
    var loop = FillLoop(
      session: session, host: host, options: o, draft: draft, display: display, interactive: Terminal.stdinIsTTY)
    loop.accessible = accessible
    // a resumed draft of a paged form goes back to its page
    let walk = draft?.resumed == true ? Walk.resumed(session) : Walk(session: session)
    loop.walk = o.guided || (accessible && loop.interactive) ? walk : nil
    return loop.run(runtime: runtime)
  }

  /// `--field NAME` for a form without that item: the message.
  static func missingField(_ o: Options, in form: Form) -> String? {
    guard let field = o.field, form.find(field) == nil else { return nil }
    var m = "formrun: --field \(Cells.sanitize(field)): the form has no item named '\(Cells.sanitize(field))'"
    if let s = suggestion(for: field, among: form.names) { m += " (did you mean '\(Cells.sanitize(s))'?)" }
    return m
  }

  /// Drafts on the machine's files, asking at the terminal.
  static var drafts: DraftStart {
    DraftStart(
      files: SystemFiles(),
      stateFolder: DraftFile.stateFolder(xdgStateHome: Terminal.env("XDG_STATE_HOME"), home: Terminal.env("HOME")),
      say: Terminal.ui, ask: { ask($0, words: $1) })
  }

  /// `--submit`: no commands read; what the script printed is said, then the
  /// values written or the problems listed.
  static func submitAtOnce(_ session: Session, _ o: Options, draft: Draft?) -> End {
    let outcome = session.perform(.submit)
    // what the script printed at load, in on_change and in on_submit
    Terminal.ui(session.notices())
    if case .submitted(let values) = outcome { return write(values, o, draft: draft, words: session.form.catalogue) }
    Terminal.ui(session.phrase(outcome))
    return .inputEnded
  }

  /// The values on stdout as `--format`/`--field` ask; a failed write is
  /// said, not lost quietly. The draft goes once the values are out.
  static func write(
    _ values: [Value.Field], _ o: Options, draft: Draft? = nil, spoken: Bool = false, words: Catalogue
  ) -> End {
    // the accessible voice never reads the values out (a password among them)
    // where the terminal is their only reader: the summary said them
    if spoken && Terminal.stdoutIsTTY {
      Terminal.ui([words.say("fill.not_printed")])
      draft?.remove()
      return .submitted
    }
    if let error = Terminal.out(o.output.render(values)) {
      Terminal.ui(["formrun: " + words.say("fill.not_written", ["reason": error])])
      return .valuesNotWritten
    }
    draft?.remove()
    return .submitted
  }

  /// `--timeout SECONDS`: from now on that long without input ends the run
  /// (exit 124), in the line mode and in the screen mode alike.
  static func armTimeout(_ options: Options, draft: Draft?, words: Catalogue) {
    guard let seconds = options.timeout else { return }
    let said = words.say(draft == nil ? "fill.timed_out" : "fill.timed_out_draft", ["count": String(seconds)])
    Terminal.setTimeout(seconds: seconds, status: Ending.fill(.timedOut).exitCode.rawValue, message: "formrun: " + said)
  }

  /// `formrun.confirm(question)`: the question and `[y/N]` (the form's
  /// one-letter yes and no: `[j/N]` in German), then a line; one of the
  /// form's yes words (or English's) is true, anything else said again
  /// until it is a yes, a no or empty (no); the end of input is no.
  static func confirm(_ question: String, interactive: Bool, words c: Catalogue) -> Bool {
    let yes = c.words("words.yes").first { $0.count == 1 } ?? "y"
    let no = c.words("words.no").first { $0.count == 1 } ?? "n"
    let asked = Cells.sanitize(question) + " [\(yes)/\(no.uppercased())] "
    while true {
      if interactive { Terminal.write(asked, to: 2) } else { Terminal.ui([asked.trimmingSpaces]) }
      Terminal.awaitingInput(true)
      let read = Terminal.readLine(prompt: interactive ? asked : nil)
      Terminal.awaitingInput(false)
      guard case .line(let bytes) = read else {
        if interactive { Terminal.write("\n", to: 2) }
        return false
      }
      let answer = String(decoding: bytes, as: UTF8.self).trimmingSpaces.lowercased()
      if answer.isEmpty || c.means(no: answer) { return false }
      if c.means(yes: answer) { return true }
      Terminal.ui([c.say("ask.yes_or_no", ["yes": yes, "no": no])])
    }
  }

  /// A yes/no answer from the terminal (Enter is yes), asked again until
  /// it is one of `words`' yes or no words; nil when input ended.
  static func ask(_ question: String, words: Catalogue) -> Bool? {
    while true {
      Terminal.write(question, to: 2)
      guard case .line(let bytes) = Terminal.readLine(prompt: question) else {
        Terminal.write("\n", to: 2)
        return nil
      }
      if let yes = answer(String(decoding: bytes, as: UTF8.self), words: words) { return yes }
    }
  }

  /// A typed answer to a question whose Enter is yes: true for nothing or
  /// one of the form's yes words (or English's), false for a no word, nil
  /// for anything else.
  static func answer(_ typed: String, words: Catalogue) -> Bool? {
    let answer = typed.trimmingSpaces.lowercased()
    if answer.isEmpty || words.means(yes: answer) { return true }
    return words.means(no: answer) ? false : nil
  }
}

/// The fill prompt: lines read until a submit or cancel, each a command for
/// the session (or an answer for the guided walk while one runs).
struct FillLoop {
  let session: Session
  /// The host, which may ask the person once lines are read.
  let host: LineHost
  let options: Options
  let draft: Draft?
  let display: Display
  let interactive: Bool
  var walk: Walk? {
    didSet {
      guard let walk else { return }
      walk.atTerminal = interactive
      // an answer is said (and saved) before the walk goes on, so that a handler's
      // print then (`on_page`) comes after it, as a terminal shows prints at once
      let (draft, interactive, accessible, width) = (draft, interactive, accessible, session.renderer.width)
      walk.emit = { lines in
        draft?.save()
        Terminal.ui(Self.fit(lines, interactive: interactive, accessible: accessible, width: width))
      }
    }
  }
  /// Lines read so far: a refused answer through a pipe is named by its line.
  var lineNumber = 0
  /// The lines at a terminal, broken between words to its width (a long
  /// list, hint or message wrapped by the terminal broke words: `Ch / ina`,
  /// `qua / ntity`); a screen reader's lines and a pipe's stay whole.
  func fit(_ lines: [String]) -> [String] {
    Self.fit(lines, interactive: interactive, accessible: accessible, width: session.renderer.width)
  }

  static func fit(_ lines: [String], interactive: Bool, accessible: Bool, width: Int) -> [String] {
    guard interactive, !accessible else { return lines }
    return StandardVoice.fitted(lines, width: max(width, 20))
  }

  /// The accessible voice speaks: values are not written to a terminal's stdout.
  var accessible = false

  init(session: Session, host: LineHost, options: Options, draft: Draft?, display: Display, interactive: Bool) {
    self.session = session
    self.host = host
    self.options = options
    self.draft = draft
    self.display = display
    self.interactive = interactive
  }

  mutating func run(runtime: LuaRuntime) -> Fill.End {
    let session = self.session
    // a person at the terminal is asked what a line could mean, and before values are discarded
    session.asks = interactive
    Terminal.takeCharge()
    Fill.sayEndings(in: session.form.catalogue)
    // in the walk, Tab completes the answer to the question asked (a choice's options, a text's suggestions)
    let input = lineInput(
      terminal: interactive, section: "fill", listing: FormPrompt.listing { session.form.catalogue }
    ) { [walk] text in
      guard let item = walk?.current, !text.hasPrefix(":"), !item.kind.isSecret(item) else {
        return FormPrompt.complete(text, session: session)
      }
      return FormPrompt.options(of: item, typed: Substring(text), at: 0)
    }
    // a walk introduces itself: the accessible voice says no opening of its own then
    // written as it is drawn: a large form's first screen is never held whole
    var screen = Terminal.UIWriter()
    session.start(walking: walk != nil) { screen.add($0) }
    screen.flush()
    let stats = Terminal.env("FORMRUN_STATS") != nil
    if stats { Terminal.ui([Stats.line(runtime)]) }
    defer { if stats { Terminal.ui([Stats.end]) } }
    if let walk {
      Terminal.ui(fit(walk.start()))
    } else if interactive {
      Terminal.ui(session.greeting())
    }
    // a handler's formrun.confirm(question) asks here, at the terminal or the pipe's next line
    host.asks = true
    Fill.armTimeout(options, draft: draft, words: session.form.catalogue)
    while true {
      let secret = walk?.asksSecret ?? session.editingSecret
      Terminal.awaitingInput(true)
      let read = input.read(
        prompt: interactive ? walk?.prompt ?? session.prompt : "",
        // a walk asks again on an empty line (a refused answer comes back with ↑)
        prefill: !interactive || walk != nil ? nil : FormPrompt.prefill(session),
        secret: interactive && secret, recall: walk != nil ? nil : FormPrompt.recall(session))
      Terminal.awaitingInput(false)
      guard case .line(let bytes) = read else {
        if interactive { Terminal.write("\n", to: 2) }
        if interactive, !quitsOnInputEnd(input) { continue }
        Terminal.ui(["formrun: " + session.form.say("fill.input_ended")])
        if interactive, draft != nil, session.changedValues > 0 {
          Terminal.ui(["formrun: " + session.form.say("fill.draft_kept")])
        }
        return .inputEnded
      }
      lineNumber += 1
      let line: String
      switch TypedLine.text(bytes) {
      case .success(let text): line = text
      case .failure(let refused):
        Terminal.ui([refused.message])
        continue
      }
      display.follow(session)
      let end = walk != nil ? answer(line, input: input) : command(line, secret: secret, input: input)
      if let end { return end }
    }
  }

  /// Ctrl-D at a terminal: true to end. With changed values and no draft
  /// to keep them the person is asked first; `y` (or Ctrl-D again) ends,
  /// anything else goes back to the form.
  func quitsOnInputEnd(_ input: any LineInput) -> Bool {
    let n = session.changedValues
    guard draft == nil, n > 0 else { return true }
    let question = session.form.say("fill.quit_changed", ["count": String(n)])
    guard case .line(let bytes) = input.read(prompt: question, prefill: nil, secret: false) else {
      Terminal.write("\n", to: 2)
      return true
    }
    if session.form.catalogue.means(yes: String(decoding: bytes, as: UTF8.self).trimmingSpaces.lowercased()) {
      return true
    }
    Terminal.ui([session.form.say("fill.back_to_form")])
    return false
  }

  /// A line for the walk; the ending when the walk ended the form. A
  /// refused answer is kept in the history (as a command line would be), so
  /// that ↑ brings it back to correct.
  mutating func answer(_ line: String, input: any LineInput) -> Fill.End? {
    guard let w = walk else { return nil }
    let said = fit(w.read(line))
    if interactive, let refused = w.refusedText,
      FormPrompt.mayRemember(refused, session: session, secretEditor: false, command: false)
    {
      input.remember(refused)
    }
    switch w.ending {
    case .submitted(let values):
      Terminal.ui(said)
      return Fill.write(values, options, draft: draft, spoken: accessible, words: session.form.catalogue)
    case .cancelled:
      draft?.remove()
      Terminal.ui(said)
      return .cancelled
    case .refused(let question):
      // through a pipe a refused answer would shift every later answer one question early
      draft?.save()
      Terminal.ui(said)
      let line = String(lineNumber)
      Terminal.ui(["formrun: " + session.form.say("fill.answer_refused", ["line": line, "question": question])])
      return .inputEnded
    case .submitRefused:
      draft?.save()
      Terminal.ui(said)
      Terminal.ui(["formrun: " + session.form.say("fill.submit_refused", ["line": String(lineNumber)])])
      return .inputEnded
    case .stopped, nil:
      // the walk answers through the session's verbs; what it changed is saved before it is shown
      draft?.save()
      Terminal.ui(said)
      if case .stopped = w.ending { walk = nil }
      return nil
    }
  }

  /// A line at the command prompt; the ending when it ended the form.
  mutating func command(_ line: String, secret: Bool, input: any LineInput) -> Fill.End? {
    let answering = session.question != nil
    let outcome = session.read(line)
    if case .walk = outcome {
      let w = Walk.next(session)
      w.atTerminal = interactive
      walk = w
      Terminal.ui(w.start())
      return nil
    }
    // the engine's observer saved the draft before it is shown (`Draft.follow`);
    // at a terminal broken between words to the width (a long message wrapped by the terminal broke words)
    Terminal.ui(fit(session.notices() + session.phrase(outcome)))
    // only a terminal keeps a history (and the check reads every row)
    if interactive, !answering, FormPrompt.mayRemember(line, session: session, secretEditor: secret, command: true) {
      input.remember(line)
    }
    switch outcome {
    case .submitted(let values):
      // the values said, secrets left out, where they are not printed
      if accessible && Terminal.stdoutIsTTY { Terminal.ui([Spoken.summary(session.form)]) }
      return Fill.write(values, options, draft: draft, spoken: accessible, words: session.form.catalogue)
    case .cancelled: return .cancelled
    default: return nil
    }
  }
}
