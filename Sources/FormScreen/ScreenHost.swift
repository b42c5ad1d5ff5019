import FormCore
import FormSession
import FormTerminal

/// The screen mode's host (`Host`): what the engine and the form's handlers
/// ask of the person, answered on the screen. A screen made on an engine of
/// this host shows its questions and its band widths; the runner that has
/// the terminal reads the answers, shows the spinner and runs `$EDITOR`.
/// Without them (before the screen opens: the load, flags, a resumed
/// draft) no one is asked and a print is written at once.
public final class ScreenHost: Host {
  /// The screen shown, once made on an engine of this host.
  weak var screen: Screen?
  /// The runner that has the terminal, once one runs that screen.
  weak var runner: ScreenRunner?

  /// A host for a screen to be made on its engine.
  public init() {}

  /// `formrun.confirm(question)`: the question on the screen's status line,
  /// answered by a key (the form's yes and no words: `y`/`n`, `j`/`n` in
  /// German); false without a terminal to ask at.
  public func confirm(_ question: String, for form: Form) -> Bool {
    runner?.confirm(question) ?? false
  }

  /// Once the screen is made a print is its notice (its status line says
  /// it, the scrollback keeps it after the end); before, it is written at
  /// once, as the line mode writes it.
  public func show(printed text: String, by form: Form) {
    if screen != nil { form.report(text) } else { Terminal.ui(Cells.sanitizeLines(text)) }
  }

  /// What `path` names on the machine.
  public func lookUpPath(_ path: String) -> PathKind { PathKind(Files.lookUp(path)) }

  /// The screen's width for a header (less the frame) or a footer (indented).
  public func bandWidth(_ section: Section, _ band: Band) -> Int? { screen?.bandWidth(section, band) }

  /// The runner's spinner on the status line while `work` runs (after a moment).
  public func busy(_ title: String, _ work: () -> Outcome) -> Outcome {
    guard let runner else { return work() }
    return runner.busy(title, work)
  }

  /// The text in `$VISUAL` or `$EDITOR`, the terminal given to it meanwhile.
  public func editText(_ text: String) -> TextEdit {
    guard let runner else { return .noEditor }
    return runner.editExternally(text).map(TextEdit.edited) ?? .notSaved
  }
}

extension PathKind {
  /// The kind of what the file system found (`Files.lookUp`).
  public init(_ found: Files.Found) {
    switch found {
    case .file: self = .file
    case .folder: self = .folder
    case .missing: self = .missing
    }
  }
}

extension Screen {
  /// A key's answer to the question asked (`asking`): true for a letter
  /// that is one of the form's yes words (or English's), false for a no
  /// word's, Enter, Esc or Ctrl-C; nil for any other key (still asked).
  func answers(_ key: Key) -> Bool? {
    if key.code == .enter || key.code == .escape || key == Key.ctrl("c") { return false }
    guard key.modifiers.isDisjoint(with: [.ctrl, .alt]), case .char(let c) = key.code else { return nil }
    let letter = String(c).lowercased()
    let words = session.form.catalogue
    if words.means(yes: letter) { return true }
    if words.means(no: letter) { return false }
    return nil
  }

  /// `Really? [y/N]`: the question on the status line with the form's one-letter yes and no.
  func questionLine(_ question: String) -> (Line, Int?) {
    let (yes, no) = answerLetters
    var p = painter()
    p.addSafe(question + " [\(yes)/\(no.uppercased())] ", .question)
    return (p.line, p.cells)
  }

  /// The form's one-letter yes and no (`y`, `n`; `j`, `n` in German).
  var answerLetters: (yes: String, no: String) {
    let c = session.form.catalogue
    return (c.words("words.yes").first { $0.count == 1 } ?? "y", c.words("words.no").first { $0.count == 1 } ?? "n")
  }
}
