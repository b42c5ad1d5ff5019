import FormCore
import FormTerminal

/// The REPL's host: the line mode's (`LineHost`: a handler's question asked
/// at the terminal, or through a pipe answered by its next line, once the
/// REPL reads lines; no spinner, no editor), with prints written as lua.c's
/// `print` writes them (`Repl.clean`).
final class ReplHost: LineHost {
  override func show(printed text: String, by form: Form) { Terminal.ui(Repl.clean(text)) }
}
