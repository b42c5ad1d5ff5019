import FormCore
import FormLua
import FormScreen
import FormSession
import FormTerminal

/// `formrun FORM.lua` with a person at a terminal: the screen mode, the form
/// filled in place. Everything goes through the engine's verbs as in the
/// line mode, so handlers, validation, drafts, prefill and exit codes are
/// the same; only the front end differs (and its host, a `ScreenHost`).
enum ScreenFill {
  /// Whether the screen mode is the front end: stdin and stderr are
  /// terminals, `TERM` is set and not `dumb`, and nothing asks for lines
  /// (`--line`, `FORMRUN_MODE=line`, `--guided`, `--accessible` or
  /// `ACCESSIBLE`, `--quiet`; `--submit` never reaches here).
  static func applies(_ o: Options, accessible: Bool) -> Bool {
    guard Terminal.stdinIsTTY, Terminal.stderrIsTTY else { return false }
    let term = Terminal.env("TERM") ?? ""
    if term.isEmpty || term == "dumb" { return false }
    if Terminal.env("FORMRUN_MODE") == "line" { return false }
    return !(o.line || o.guided || o.quiet || accessible)
  }

  static func run(
    _ engine: Engine, _ o: Options, draft: Draft?, color: Bool, theme: Theme = .standard, runtime: LuaRuntime
  ) -> Fill.End {
    // Ctrl-C is read as a key while keys are awaited; while a handler runs it stops the handler
    Terminal.takeCharge(interruptCancelsLine: true)
    Fill.sayEndings(in: engine.form.catalogue)
    Fill.armTimeout(o, draft: draft, words: engine.form.catalogue)
    let device = SystemTerminal()
    let screen = Screen(session: engine, size: device.size ?? TerminalSize(columns: 80, rows: 24), color: color)
    // the run's theme, as the line mode resolved it (--theme, FORMRUN_THEME, form.theme)
    screen.theme = theme
    // a resumed draft of a paged form goes back to its page
    if draft?.resumed == true { screen.resumePage() }
    let runner = ScreenRunner(screen: screen, device: device)
    // what handlers write themselves (stderr, a command's output) goes to the
    // screen's status line and log, and below the final form, never over the
    // frame (a print is a notice through the ScreenHost)
    runner.catchesOutput = true
    let stats = Terminal.env("FORMRUN_STATS") != nil
    var frames: [(bytes: Int, nanoseconds: UInt64)] = []
    if stats {
      Terminal.ui([Stats.line(runtime)])
      runner.measure = { frames.append(($0, $1)) }
    }
    let ending = runner.run()
    // what handlers printed, once, below the final form
    Terminal.ui(screen.notices)
    if stats {
      Terminal.ui([Stats.screen(frames), Stats.end])
    }
    switch ending {
    case .submitted(let values): return Fill.write(values, o, draft: draft, words: engine.form.catalogue)
    case .cancelled: return .cancelled
    case .inputEnded:
      Terminal.ui(["formrun: " + engine.form.say("fill.input_ended")])
      return .inputEnded
    case .interrupted:
      // as Ctrl-C at the line mode's prompt: the draft is kept
      Terminal.ui([engine.form.say("fill.interrupted")])
      return .interrupted
    }
  }
}

extension Stats {
  /// `formrun stats: screen frames N bytes_median B us_median T`: what each
  /// key cost (bytes written, time from the key to its frame written).
  static func screen(_ frames: [(bytes: Int, nanoseconds: UInt64)]) -> String {
    func median<T: Comparable>(_ xs: [T]) -> T? { xs.isEmpty ? nil : xs.sorted()[xs.count / 2] }
    let bytes = median(frames.map(\.bytes)) ?? 0
    let us = Double(median(frames.map(\.nanoseconds)) ?? 0) / 1000
    let all = frames.map { String($0.bytes) }.joined(separator: ",")
    return "formrun stats: screen frames \(frames.count) bytes_median \(bytes) us_median \(us) bytes \(all)"
  }
}
