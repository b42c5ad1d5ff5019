import FormCore
import FormSession
import FormTerminal

/// The browser's host (`Host`): what the engine and the form's handlers ask
/// of the person, answered for a page. A page cannot be asked a question in
/// the middle of a request, so `formrun.confirm` is answered no and the
/// question is said on the page; what a handler prints is a notice of the
/// form, shown on that visitor's page only; paths are looked up on the
/// serving machine; there is no spinner to show and no `$EDITOR` to give a
/// text to. Made before the visitor's form is loaded (what the script asks
/// and prints as it loads comes here too).
public final class BrowserHost: Host {
  /// The visitor whose page says the questions, once it is made.
  weak var visitor: Visitor?

  /// A host for one visitor's form.
  public init() {}

  public func confirm(_ question: String, for form: Form) -> Bool {
    visitor?.messages.append(form.say("serve.unasked", ["question": Cells.sanitize(question)]))
    return false
  }

  public func show(printed text: String, by form: Form) { form.report(text) }

  public func lookUpPath(_ path: String) -> PathKind {
    switch Files.lookUp(path) {
    case .file: return .file
    case .folder: return .folder
    case .missing: return .missing
    }
  }

  /// At the engine's width (`Engine.bandWidth`): a page's lines are as wide as its style makes them.
  public func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }

  /// Nothing to show meanwhile: the page's script marks the form busy until the answer comes.
  public func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  /// A long text is typed in its text area: no editor to give it to.
  public func editText(_ text: String) -> TextEdit { .noEditor }
}
