import FormCore

/// What an engine asks of the front end that runs it: the one contract a
/// front end fulfils, given when its `Engine` is made (and attached to the
/// form, whose handlers and kinds ask through it too: `FormHost`). Every
/// front end has one host type (the line mode's `LineHost`, the screen
/// mode's `ScreenHost`, `formrun test`'s, the REPL's), so a front end that
/// lacks a service does not compile. A requirement a front end cannot serve
/// has an answer that says so (`confirm`: false; `editText`: `.noEditor`).
///
/// From `FormHost`:
/// - `confirm(_:for:)`: `formrun.confirm(question)`, asked of the person;
/// - `show(printed:by:)`: what a handler printed, shown (or kept as a notice);
/// - `lookUpPath(_:)`: what a path names on the machine (`file` rows).
public protocol Host: FormHost {
  /// The cells `section`'s header or footer kind draws its lines in, as
  /// this front end shows the section (the screen's width less the frame);
  /// nil: as the line mode's renderer draws it (the session's width).
  func bandWidth(_ section: Section, _ band: Band) -> Int?
  /// Run `work` (a verb whose handlers may take time) while showing the
  /// person that `title` is busy (the screen's spinner), and give back what
  /// it came to; a front end with nothing to show runs it as it is.
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome
  /// `text` edited outside formrun (`$VISUAL`, `$EDITOR`), with the
  /// terminal given to the editor meanwhile: what was saved, or why nothing was.
  func editText(_ text: String) -> TextEdit
}

/// What editing a text outside formrun (`Host.editText`) came to.
public enum TextEdit: Equatable, Sendable {
  /// the editor saved this text
  case edited(String)
  /// the editor failed, or saved nothing
  case notSaved
  /// this front end has no editor to give the text to
  case noEditor
}
