import FormCore
import FormLua
import FormRender
import FormSession

/// `formrun repl [FORM.lua]`: Lua lines, read as lua.c reads them, and `:`
/// line commands, both on one live form. Following formrun's rule, values,
/// errors and the form go to the UI stream (stderr); only a submit's JSON
/// goes to `out` (stdout).
final class Repl {
  let runtime: LuaRuntime
  let session: Session
  let ui: ([String]) -> Void
  let out: (String) -> Void
  /// The lines of a chunk that is not finished yet.
  private(set) var pending: [String] = []

  init(runtime: LuaRuntime, session: Session, ui: @escaping ([String]) -> Void, out: @escaping (String) -> Void) {
    self.runtime = runtime
    self.session = session
    self.ui = ui
    self.out = out
  }

  /// `> ` for a new chunk, `>> ` to continue one, the row's title in an editor.
  var prompt: String { session.editing != nil ? session.prompt : pending.isEmpty ? "> " : ">> " }

  /// Handle one line; an exit code when the REPL ends.
  func handle(_ line: String) -> ExitCode? {
    if session.editing != nil { return command(line) }  // the value for an open editor
    if pending.isEmpty, line.hasPrefix(":") { return command(String(line.dropFirst())) }
    pending.append(line)
    let result = runtime.evaluate(pending.joined(separator: "\n"))
    if result == .incomplete { return nil }
    pending = []
    ui(notices() + changes())
    switch result {
    case .values(let values) where !values.isEmpty: ui([values.map(Cells.sanitize).joined(separator: "\t")])
    case .error(let message): ui(Cells.sanitizeLines(message))
    default: break
    }
    return nil
  }

  /// A line command of API.md, sent to the session.
  func command(_ text: String) -> ExitCode? {
    if session.editing == nil, ["help", "?"].contains(text.trimmingSpaces) {
      // the session's own list of commands, each word given its colon
      let commands = session.send("help").dropFirst().map { line -> String in
        let body = line.trimmingSpaces
        guard let gap = body.firstRange(of: "  ") else { return "    :" + body }
        let words = body[..<gap.lowerBound].split(separator: ", ").map { ":" + $0 }.joined(separator: ", ")
        return "    " + words + String(repeating: " ", count: max(15 - words.count, 1))
          + body[gap.lowerBound...].trimmingSpaces
      }
      ui(Self.help + commands + Self.helpEnd)
      return nil
    }
    let shown = session.send(text)
    ui(notices() + shown)
    switch session.state {
    case .running: return nil
    case .submitted(let json):
      out(json + "\n")
      return .submitted
    case .cancelled: return .cancelled
    }
  }

  /// Input has ended (Ctrl-D): leave with 0, as an exploration ends.
  func finish() -> ExitCode {
    if !pending.isEmpty { ui(["! input ended inside an unfinished Lua chunk; it was not run"]) }
    return .submitted
  }

  /// Messages the form queued (handler errors), one sanitised line each.
  func notices() -> [String] { runtime.form.takeNotices().flatMap(Self.clean) }

  /// The form again when a chunk changed it (only the changed rows when it
  /// is taller than the screen, as after a command).
  func changes() -> [String] { session.effect() }

  /// What the user sees of `print` and notices: lines, tabs kept, controls escaped.
  static func clean(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: "\t", omittingEmptySubsequences: false).map { Cells.sanitize(String($0)) }
        .joined(separator: "\t")
    }
  }

  /// Tab completion for the line before the cursor: `:` commands and item
  /// names, or Lua (globals, `form:`, `form.`, `name.`, `form:find("x").`).
  func complete(_ line: String) -> (start: Int, words: [String]) {
    if session.editing != nil { return (line.utf8.count, []) }
    if pending.isEmpty, line.hasPrefix(":") {
      let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
      let partial = String(words.last ?? "")
      let names = Array(session.form.names)
      let candidates =
        words.count == 1 ? Command.commandWords + names : words.count == 2 && words[0] == "clear" ? names : []
      return (line.utf8.count - partial.utf8.count, Set(candidates.filter { $0.hasPrefix(partial) }).sorted())
    }
    return runtime.completions(for: line)
  }

  static let help = [
    "formrun repl: Lua on a live form (the global `form`)",
    "  LUA          a Lua line, read as lua.c reads it: an expression's values are printed",
    "               (=EXPR too); an unfinished chunk continues on a >> prompt",
    "  :COMMAND     a line command on the form, as typed when filling it:",
  ]
  static let helpEnd = [
    "  :submit ends the REPL with the values as JSON on stdout (exit 0); :cancel or :q",
    "  ends it with exit 1; end of input (Ctrl-D) leaves with exit 0 and submits nothing,",
    "  as this is a tool for exploring. Values and messages go to stderr.",
    "  Tab completes globals and the fields of form, sections and items;",
    "  history is kept in ~/.formrun_history.",
  ]
}

extension Repl {
  /// Load the form (or start an empty one), show it, then read lines.
  static func run(path: String?) -> ExitCode {
    let runtime = LuaRuntime()
    runtime.printSink = { Terminal.ui(Repl.clean($0)) }  // at once, not queued as notices
    if let path {
      do { try runtime.load(path: path) } catch {
        Terminal.ui(Cells.sanitizeLines("formrun: " + error.message))
        return .usage
      }
    }
    let display = Display(form: runtime.form, width: nil, color: nil)
    let session = Session(form: runtime.form, renderer: display.renderer, height: display.height)
    let repl = Repl(runtime: runtime, session: session, ui: Terminal.ui, out: Terminal.out)
    let interactive = Terminal.stdinIsTTY
    let input: ReplInput = interactive ? EditLineInput.orPlain(complete: repl.complete) : PipedInput()
    Terminal.exitOnInterrupt()
    Terminal.ui(repl.notices() + session.start())
    if interactive { Terminal.ui(["Lua 5.4 on the form; :help lists the commands, Ctrl-D leaves"]) }
    while true {
      guard let bytes = input.read(prompt: repl.prompt) else {
        if interactive { Terminal.ui([""]) }
        return repl.finish()
      }
      guard let line = String(validating: bytes, as: UTF8.self) else {
        Terminal.ui(["! that line is not valid UTF-8; it was ignored"])
        continue
      }
      if let code = repl.handle(line) { return code }
    }
  }
}
