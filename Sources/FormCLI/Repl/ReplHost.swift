import FormCore
import FormScreen
import FormSession
import FormTerminal

/// The REPL's host (`Host`): a handler's question (`formrun.confirm`, from a
/// Lua chunk or a `:` command) is asked at the REPL's terminal, or through a
/// pipe answered by its next line, once the REPL reads lines; prints are
/// written at once, as lua.c's `print` writes; header and footer kinds draw
/// at the session's renderer's width.
final class ReplHost: Host {
  /// A person types the lines at a terminal (else a pipe gives them).
  let interactive: Bool
  /// True while the REPL reads lines: a question can be answered (not while
  /// `LUA_INIT`, the script or the flags run).
  var asks = false

  init(interactive: Bool) { self.interactive = interactive }

  func confirm(_ question: String, for form: Form) -> Bool {
    asks && Fill.confirm(question, interactive: interactive, words: form.catalogue)
  }

  func show(printed text: String, by form: Form) { Terminal.ui(Repl.clean(text)) }

  func lookUpPath(_ path: String) -> PathKind { PathKind(Files.lookUp(path)) }

  /// As the renderer draws the section (the session passes its width).
  func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }

  /// Nothing to show: the prompt comes back when the chunk is done.
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  /// The REPL gives no text to an editor.
  func editText(_ text: String) -> TextEdit { .noEditor }
}
