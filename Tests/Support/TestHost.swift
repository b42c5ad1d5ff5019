import FormCore
import FormSession
import FormTerminal

/// A host for tests of the engine, the line mode and the screen (`Host`):
/// `formrun.confirm` is answered as the test says (`answers` in turn, then
/// `answer`) and each question is kept (`asked`); prints are the form's
/// notices, as a session's output shows them (and kept in `printed`); paths are looked up on the
/// machine; nothing is busy; `$EDITOR` gives back `edited`.
public final class TestHost: Host {
  /// The answers to the next questions, in turn.
  public var answers: [Bool]
  /// The answer once `answers` are used up.
  public var answer: Bool
  /// The questions asked so far.
  public private(set) var asked: [String] = []
  /// What the form's scripts printed, in order (each also a notice of the form).
  public private(set) var printed: [String] = []
  /// What editing a text outside formrun comes to.
  public var edited: TextEdit = .noEditor
  /// The width header and footer kinds draw at; nil: the line mode's renderer's.
  public var bandWidth: Int?

  /// A host that answers `answers` in turn, then `answer`.
  public init(answers: [Bool] = [], answer: Bool = false) {
    self.answers = answers
    self.answer = answer
  }

  public func confirm(_ question: String, for form: Form) -> Bool {
    asked.append(question)
    return answers.isEmpty ? answer : answers.removeFirst()
  }

  public func show(printed text: String, by form: Form) {
    printed.append(text)
    form.report(text)
  }

  public func lookUpPath(_ path: String) -> PathKind {
    switch Files.lookUp(path) {
    case .file: return .file
    case .folder: return .folder
    case .missing: return .missing
    }
  }

  public func bandWidth(_ section: Section, _ band: Band) -> Int? { bandWidth }

  public func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  public func editText(_ text: String) -> TextEdit { edited }
}
