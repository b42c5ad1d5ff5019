import FormCore
import FormScreen
import FormSession
import FormTerminal

/// The line mode's host (`Host`): the prompt's and the guided walk's, and
/// `--submit`'s. A handler's question is asked at the terminal, or through
/// a pipe answered by its next line, once the fill reads lines (`asks`);
/// before that (the load, the flags, a resumed draft) and under `--submit`
/// no one is asked and the answer is no. What a handler prints is written
/// at once (it shows even if formrun is killed while the handler runs);
/// header and footer kinds draw at the session's renderer's width. The
/// REPL's host is this one with its own way of writing prints (`ReplHost`).
class LineHost: Host {
  /// A person types the lines at a terminal (else a pipe gives them).
  let interactive: Bool
  /// True while the fill (or the REPL) reads lines: a question can be
  /// answered; not while the load, `LUA_INIT`, the flags or a resumed draft run.
  var asks = false

  init(interactive: Bool) { self.interactive = interactive }

  func confirm(_ question: String, for form: Form) -> Bool {
    asks && Fill.confirm(question, interactive: interactive, words: form.catalogue)
  }

  func show(printed text: String, by form: Form) { Terminal.ui(Cells.sanitizeLines(text)) }

  func lookUpPath(_ path: String) -> PathKind { PathKind(Files.lookUp(path)) }

  /// As the renderer draws the section (the session passes its width).
  func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }

  /// Nothing to show: the prompt waits until the verb is done.
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  /// The line mode gives no text to an editor (a long text is typed a line at a time).
  func editText(_ text: String) -> TextEdit { .noEditor }
}
