import FormCore
import FormLua
import FormLuaSchema
import FormSession
import FormTerminal

/// `formrun repl [FORM.lua]`: Lua lines, read as lua.c reads them, and `:`
/// line commands, both on one live form. Following formrun's rule, values,
/// errors and the form go to the UI stream (stderr); only a submit's JSON
/// goes to `out` (stdout).
final class Repl {
  /// How the REPL ended (`Ending.exitCode` gives the code).
  enum End {
    case submitted, cancelled, inputEnded, scriptError, valuesNotWritten
  }

  let runtime: LuaRuntime
  let session: Session
  let ui: ([String]) -> Void
  /// Writes to stdout; the error when it could not.
  let out: (String) -> String?
  /// How `:submit` writes the values (`--format`, `--field`).
  let output: any OutputFormat
  /// The lines of a chunk that is not finished yet.
  private(set) var pending: [String] = []

  init(
    runtime: LuaRuntime, session: Session, ui: @escaping ([String]) -> Void, out: @escaping (String) -> String?,
    output: any OutputFormat = OutputFormats.standard
  ) {
    self.runtime = runtime
    self.session = session
    self.ui = ui
    self.out = out
    self.output = output
  }

  /// `> ` for a new chunk, `>> ` to continue one, the row's title in an editor.
  var prompt: String { session.editing != nil ? session.prompt : pending.isEmpty ? "> " : ">> " }

  /// Handle one line; an exit code when the REPL ends.
  func handle(_ line: String) -> End? {
    if session.editing != nil { return command(line) }  // the value for an open editor
    if pending.isEmpty, line.hasPrefix(":") { return command(String(line.dropFirst())) }
    pending.append(line)
    let result = runtime.evaluate(pending.joined(separator: "\n"))
    if result == .incomplete { return nil }
    pending = []
    ui(notices() + changes())
    switch result {
    case .values(let values) where !values.isEmpty: ui([values.map(Cells.sanitize).joined(separator: "\t")])
    case .error(let message): ui(Cells.sanitizeLines(message, cut: Cells.messageLimit))
    default: break
    }
    return nil
  }

  /// A line command (Docs/reference.md, *Line commands*), sent to the session.
  func command(_ text: String) -> End? {
    let outcome = session.read(text)
    if case .help = outcome {
      // the REPL's commands from the command table, each word given its colon: those that apply to the form
      let commands = CommandSpec.help(for: session.driver, form: session.form, prefix: ":", indent: "    ", column: 15)
      ui(helpLines("repl.help") + commands + helpLines("repl.help_end"))
      return nil
    }
    ui(notices() + session.phrase(outcome))
    switch outcome {
    case .submitted(let values):
      if let error = out(output.render(values)) {
        ui(["formrun: " + session.form.say("fill.not_written", ["reason": error])])
        return .valuesNotWritten
      }
      return .submitted
    case .cancelled: return .cancelled
    default: return nil
    }
  }

  /// Ctrl-C while a line was typed: that line is dropped, and with it an
  /// unfinished chunk (as lua.c does); an open editor stays open.
  func cancelLine() { pending = [] }

  /// Input has ended (Ctrl-D): leave as an exploration ends (success).
  func finish() -> End {
    if !pending.isEmpty { ui([session.form.say("repl.unfinished")]) }
    return .inputEnded
  }

  /// Messages the form queued (handler errors), one sanitised line each
  /// (header and footer kinds out of date draw first, as `Session.notices`).
  func notices() -> [String] {
    session.drawBands()
    return runtime.form.takeNotices().flatMap(Self.clean)
  }

  /// The form again when a chunk changed it (only the changed rows when it
  /// is taller than the screen, as after a command).
  func changes() -> [String] { session.effect() }

  /// What the user sees of `print` and notices: lines, tabs kept, controls escaped.
  static func clean(_ text: String) -> [String] { Cells.sanitizeLines(text) }

  /// Tab completion for the line before the cursor: `:` commands, item
  /// names and options, or Lua (globals, `form:`, `form.`, `name.`, `form:find("x").`).
  func complete(_ line: String) -> Completion {
    if session.editing != nil { return FormPrompt.complete(line, session: session) }
    if pending.isEmpty, line.hasPrefix(":") {
      var offer = FormPrompt.complete(String(line.dropFirst()), session: session)
      offer.start += 1
      return offer
    }
    let (start, words) = runtime.completions(for: line)
    return Completion(start: start, words: words)
  }

  /// The REPL's own help above and below the form's commands (`repl.help`,
  /// `repl.help_end`), in the form's words as the commands are, one line each.
  func helpLines(_ key: String) -> [String] {
    session.form.say(key).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

extension Repl {
  /// Load the form (or start an empty one), show it, then read lines.
  static func run(_ o: Options) -> End {
    let interactive = Terminal.stdinIsTTY
    // prints are written at once, not queued as notices (ReplHost)
    let host = ReplHost(interactive: interactive)
    let runtime = LuaRuntime(sandbox: o.sandbox, host: host, schemas: SchemaForms(searchPath: o.schemaPath))
    TimeBudget.apply(to: runtime)
    runtime.takeInterrupts()
    // as lua.c, before the script (fill mode does not run it)
    do { try runtime.runLuaInit(environment: Terminal.env) } catch {
      Terminal.ui(Cells.sanitizeLines("formrun: " + error.message, cut: Cells.messageLimit))
      return .scriptError
    }
    switch FormSources.source(for: o) {
    case .success(let source):
      if let error = source?.load(into: runtime) {
        Terminal.ui(Cells.sanitizeLines("formrun: " + error, cut: Cells.messageLimit))
        return .scriptError
      }
    case .failure(let e):
      Terminal.ui(["formrun: " + e.message])
      return .scriptError
    }
    if let message = Fill.missingField(o, in: runtime.form) {
      Terminal.ui([message])
      return .scriptError
    }
    runtime.form.strictChoices = o.strict
    let display = Display(form: runtime.form, width: o.width, color: o.color, theme: o.theme)
    if let problem = display.themeProblem { Terminal.ui(["formrun: " + problem]) }
    let session = Session(
      form: runtime.form, host: host, renderer: display.renderer, height: display.height, driver: .repl)
    session.terminalRows = display.terminalRows
    if let e = Prefill.flags(o, into: session) {
      Terminal.ui(session.notices() + ["formrun: " + e])
      return .scriptError
    }
    let repl = Repl(runtime: runtime, session: session, ui: Terminal.ui, out: { Terminal.out($0) }, output: o.output)
    // a handler's formrun.confirm(question) asks from now on, at the REPL's terminal or the pipe's next line
    host.asks = true
    Terminal.takeCharge(interruptCancelsLine: interactive)
    Fill.sayEndings(in: session.form.catalogue)
    let input = lineInput(
      terminal: interactive, section: "repl", listing: FormPrompt.listing { session.form.catalogue },
      complete: repl.complete)
    Terminal.ui(repl.notices() + session.start())
    if interactive { Terminal.ui([session.form.say("repl.greeting")]) }
    while true {
      let read: [UInt8]
      switch input.read(
        prompt: interactive ? repl.prompt : "", prefill: FormPrompt.prefill(session),
        secret: interactive && session.editingSecret, recall: FormPrompt.recall(session))
      {
      case .line(let b): read = b
      case .cancelled:
        repl.cancelLine()
        continue
      case .end:
        if interactive { Terminal.ui([""]) }
        return repl.finish()
      }
      // a pasted chunk's lines, one after another, as lua.c runs a pasted chunk
      for bytes in TypedLine.lines(read) {
        let secret = session.editingSecret
        // Lua may hold tabs; what goes to the form may not
        let toForm = session.editing != nil || (repl.pending.isEmpty && bytes.first == UInt8(ascii: ":"))
        let line: String
        switch TypedLine.text(bytes, allowTab: !toForm) {
        case .success(let text): line = text
        case .failure(let refused):
          Terminal.ui([refused.message])
          continue
        }
        display.follow(session)
        let code = repl.handle(line)
        let command = toForm && line.hasPrefix(":") && !secret ? String(line.dropFirst()) : line
        if interactive, FormPrompt.mayRemember(command, session: session, secretEditor: secret, command: toForm) {
          input.remember(line)
        }
        if let code { return code }
      }
    }
  }
}
