import FormCore

/// What a person asks of a form shown by a visual front end, named for what
/// it does, not for the key or click that asked it: the screen mode maps its
/// keys to these, a browser its requests (`FormView.perform`).
public enum ViewAction: Equatable {
  /// The next stop (a row, then Submit or a page's buttons); in an editor,
  /// what was typed is taken first.
  case next
  /// The stop before; in an editor, what was typed is taken first.
  case previous
  /// The first row the focus stops on.
  case first
  /// The last stop (Submit).
  case last
  /// This many stops on (back when negative), as a page key moves.
  case move(Int)
  /// The focus on this row (a click, a row found).
  case focus(Item)
  /// The focused row opened: its editor, a switch toggled, an action run; a
  /// button pressed when the focus is on one.
  case open
  /// The focused row's editor opened by typing: this input (a typed or
  /// pasted text) goes into it, in place of what it holds.
  case openTyping(EditInput)
  /// The focused row's editor opened to edit its value in place (the cursor
  /// at its end, nothing selected), as a spreadsheet's F2.
  case openInPlace
  /// A slider by its step, a segmented control to the next option, without an editor.
  case step(Int)
  /// The open long text, or the focused one, in the person's own editor (`$EDITOR`).
  case external
  /// A key's worth of editing in the open editor.
  case edit(EditInput)
  /// What is typed taken, then the next page (on a page) or the submit.
  case submit
  /// The focused row given the value it offers (a JSON Schema's `default`).
  case takeDefault
  /// The next page of a paged form (refused while the page has a problem).
  case nextPage
  /// The page before.
  case previousPage
  /// Leave without submitting (asked first when values changed).
  case cancel
  /// Ctrl-C: leave, as interrupted (asked first when values changed; a second one is a yes).
  case interrupt
  /// The person is done with input (Ctrl-D): leave (asked first when values changed).
  case endInput
  /// The answer to the question asked (`Discard …?`).
  case answer(Bool)
  /// Find a row by its title: nil starts or ends the search, a text is the words so far.
  case find(String?)
}

/// One input to the open editor, as a front end reads it: typed text, a
/// move of the cursor or the highlight, a deletion, Enter, Esc.
public enum EditInput: Equatable {
  /// text typed (a character, or what a key writes)
  case insert(String)
  /// text pasted whole
  case paste(String)
  /// bytes that are not UTF-8 (refused as the line mode refuses them)
  case invalidText
  /// the whole text as a field now holds it (a browser sends it so)
  case setText(String)
  /// Enter: accept, or a new line in a long text
  case enter
  /// Esc: leave, nothing taken
  case escape
  /// Tab: the next field or column; elsewhere the next row
  case tab
  /// Shift-Tab: the field or column before; elsewhere the row before
  case backTab
  case up, down, left, right, home, end, pageUp, pageDown
  /// a word back, a word on
  case wordLeft, wordRight
  case backspace, delete
  /// back to a space (`shell`, as Ctrl-W) or to a word's start (Alt-Backspace)
  case deleteWordBack(shell: Bool)
  /// to the end of the next word
  case deleteWordForward
  /// to the end of the line
  case killToEnd
  /// to the start of the line (a field or filter emptied)
  case killToStart
}
