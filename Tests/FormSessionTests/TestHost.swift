import FormCore
import FormSession

#if canImport(Glibc)
  import Glibc
#endif

/// A host for FormSession's tests (`Host`; TestSupport has the same for the
/// other targets, which this one does not depend on):
/// `formrun.confirm` is answered as the test says (`answers` in turn, then
/// `answer`) and each question is kept (`asked`); prints are the form's
/// notices, as a session's output shows them (and kept in `printed`); paths are looked up on the
/// machine; nothing is busy; `$EDITOR` gives back `edited`.
final class TestHost: Host {
  /// The answers to the next questions, in turn.
  var answers: [Bool]
  /// The answer once `answers` are used up.
  var answer: Bool
  /// The questions asked so far.
  private(set) var asked: [String] = []
  /// What the form's scripts printed, in order (each also a notice of the form).
  private(set) var printed: [String] = []
  /// What editing a text outside formrun comes to.
  var edited: TextEdit = .noEditor
  /// The width header and footer kinds draw at; nil: the line mode's renderer's.
  var bandWidth: Int?

  /// A host that answers `answers` in turn, then `answer`.
  init(answers: [Bool] = [], answer: Bool = false) {
    self.answers = answers
    self.answer = answer
  }

  func confirm(_ question: String, for form: Form) -> Bool {
    asked.append(question)
    return answers.isEmpty ? answer : answers.removeFirst()
  }

  func show(printed text: String, by form: Form) {
    printed.append(text)
    form.report(text)
  }

  func lookUpPath(_ path: String) -> PathKind {
    var st = stat()
    guard stat(path, &st) == 0 else { return .missing }
    return (st.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
  }

  func bandWidth(_ section: Section, _ band: Band) -> Int? { bandWidth }

  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  func editText(_ text: String) -> TextEdit { edited }
}
