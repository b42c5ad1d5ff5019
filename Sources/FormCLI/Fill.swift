import FormCore
import FormLua
import FormRender
import FormSession
import FormTerminal

/// `formrun FORM.lua`: load, prefill, then read commands until submit or cancel.
enum Fill {
  /// How filling ended (`Ending.exitCode` gives the code).
  enum End {
    case submitted, cancelled, inputEnded, scriptError, badFlag, valuesNotWritten
  }

  static func run(_ o: FillOptions) -> End {
    let runtime = LuaRuntime(sandbox: o.sandbox)
    runtime.takeInterrupts()
    do {
      try runtime.load(path: o.path)
    } catch {
      // what the script printed before it failed is kept
      Terminal.ui(runtime.form.takeNotices().flatMap(Cells.sanitizeLines))
      Terminal.ui(Cells.sanitizeLines("formrun: " + error.message))
      return .scriptError
    }
    let form = runtime.form
    if let field = o.field, form.find(field) == nil {
      var m = "formrun: --field \(Cells.sanitize(field)): the form has no item named '\(Cells.sanitize(field))'"
      if let s = suggestion(for: field, among: form.names) { m += " (did you mean '\(Cells.sanitize(s))'?)" }
      Terminal.ui(form.takeNotices().flatMap(Cells.sanitizeLines) + [m])
      return .badFlag
    }
    let display = Display(form: form, width: o.width, color: o.color)
    // the voice follows the environment; what a piped line means never does
    let accessible = o.accessible || !(Terminal.env("ACCESSIBLE") ?? "").isEmpty
    let session = Session(
      form: form, renderer: display.renderer, height: display.height,
      voice: accessible ? AccessibleVoice() : StandardVoice(quiet: o.quiet))
    session.terminalRows = display.terminalRows
    let draft: Draft?
    switch Draft.start(o, session: session, asks: Terminal.stdinIsTTY && !o.submit) {
    case .keep(let kept): draft = kept
    case .stop(let end): return end
    }

    if let answers = o.answers {
      if let e = prefill(session, answersFile: answers) {
        Terminal.ui(session.notices() + ["formrun: " + e])
        return .badFlag
      }
    }
    for (name, value) in o.sets {
      if let e = prefill(session, name: name, value: .string(value), source: "--set \(name)") {
        Terminal.ui(session.notices() + ["formrun: " + e])
        return .badFlag
      }
    }

    draft?.save()

    if o.submit {
      let outcome = session.submit()
      draft?.follow(outcome)
      // what the script printed at load, in on_change and in on_submit
      Terminal.ui(session.notices())
      if case .submitted(let values) = outcome { return write(values, o, draft: draft) }
      Terminal.ui(session.phrase(outcome))
      return .inputEnded
    }

    // a person at a terminal fills the form in place (ScreenFill.swift)
    if ScreenFill.applies(o, accessible: accessible) {
      return ScreenFill.run(session, o, draft: draft, color: display.color, runtime: runtime)
    }

    let interactive = Terminal.stdinIsTTY
    Terminal.takeCharge()
    let input = lineInput(terminal: interactive, section: "fill") { FormPrompt.complete($0, session: session) }
    Terminal.ui(session.start())
    let stats = Terminal.env("FORMRUN_STATS") != nil
    if stats { Terminal.ui([Stats.line(runtime)]) }
    defer { if stats { Terminal.ui([Stats.end]) } }
    var walk = o.guided || (accessible && interactive) ? Walk(session: session) : nil
    if let walk {
      Terminal.ui(walk.start())
    } else if interactive {
      Terminal.ui(session.greeting())
    }
    while true {
      let secret = walk?.asksSecret ?? session.editingSecret
      let read = input.read(
        prompt: interactive ? walk?.prompt ?? session.prompt : "",
        prefill: walk == nil ? FormPrompt.prefill(session) : nil, secret: interactive && secret)
      guard case .line(let bytes) = read else {
        if interactive { Terminal.write("\n", to: 2) }
        Terminal.ui(["formrun: input ended before submit"])
        return .inputEnded
      }
      let line: String
      switch TypedLine.text(bytes) {
      case .success(let text): line = text
      case .failure(let refused):
        Terminal.ui([refused.message])
        continue
      }
      display.follow(session)
      if let w = walk {
        let said = w.read(line)
        switch w.ending {
        case .submitted(let values):
          Terminal.ui(said)
          return write(values, o, draft: draft)
        case .cancelled:
          draft?.remove()
          Terminal.ui(said)
          return .cancelled
        case .stopped, nil:
          // the walk answers through the session's verbs; what it changed is saved before it is shown
          draft?.save()
          Terminal.ui(said)
          if case .stopped = w.ending { walk = nil }
        }
        continue
      }
      if session.editing == nil, line.trimmingSpaces == "next" {
        walk = Walk.next(session)
        Terminal.ui(walk!.start())
        continue
      }
      let outcome = session.read(line)
      // saved before it is shown: a change seen on the screen is on the disk
      draft?.follow(outcome)
      Terminal.ui(session.notices() + session.phrase(outcome))
      // only a terminal keeps a history (and the check reads every row)
      if interactive, FormPrompt.mayRemember(line, form: form, secretEditor: secret, command: true) {
        input.remember(line)
      }
      switch outcome {
      case .submitted(let values): return write(values, o, draft: draft)
      case .cancelled: return .cancelled
      default: continue
      }
    }
  }

  /// The values on stdout as `--format`/`--field` ask; a failed write is
  /// said, not lost quietly. The draft goes once the values are out.
  static func write(_ values: [Value.Field], _ o: FillOptions, draft: Draft? = nil) -> End {
    if let error = Terminal.out(o.output(values)) {
      Terminal.ui(["formrun: the values could not be written to stdout: \(error)"])
      return .valuesNotWritten
    }
    draft?.remove()
    return .submitted
  }

  static func prefill(_ session: Session, answersFile path: String) -> String? {
    let shown = Cells.sanitize(path)
    let bytes: [UInt8]
    switch Files.readAnswers(path) {
    case .success(let b): bytes = b
    case .failure(let problem): return "cannot read answers file '\(shown)': \(problem.message)"
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return "\(shown): not valid UTF-8" }
    let value: Value
    do { value = try JSON.decode(text) } catch { return "\(shown):\(error.line): \(Cells.sanitize(error.message))" }
    guard case .record(let fields) = value else { return "\(shown): expected a JSON object of name: value" }
    for f in fields {
      if let e = prefill(session, name: f.key, value: f.value, source: path) { return e }
    }
    return nil
  }

  /// Set one value by the rules of typing `NAME VALUE` (see `Session.prefill`);
  /// the message when it is refused.
  static func prefill(_ session: Session, name: String, value: Value, source: String) -> String? {
    guard case .refused(let refusal) = session.prefill(name: name, value: value) else { return nil }
    let why: String
    switch refusal {
    case .badValue(_, let reason): why = Cells.sanitize(reason)  // without the prompt's "! … (value unchanged)"
    default: why = session.phrase(.refused(refusal)).joined(separator: " ")
    }
    return "\(Cells.sanitize(source)): \(why)"
  }
}
