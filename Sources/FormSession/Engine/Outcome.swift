import FormCore

/// What one verb of an `Engine` (or a line of the line mode's `Session`) came
/// to. A `Voice` phrases it as lines, the screen as its status line; the
/// front ends decide what else to do with it (exit codes, JSON on stdout).
public enum Outcome: Equatable {
  /// nothing to do (an empty line)
  case nothing
  /// the command was carried out; these rows and sections changed
  case changed(Form.Changes)
  /// the command was not carried out, for this reason
  case refused(Refusal)
  /// the row's editor is open: the next line is its value (the voice says
  /// what to type from the row's facts)
  case editorOpened(Item, changes: Form.Changes)
  /// an editor was closed with the value kept
  case unchanged
  /// a line of a long text was read; the editor stays open
  case lineRead
  /// the form was submitted with these values; the session has ended
  case submitted([Value.Field])
  /// the submit was refused (the session goes on); the changes are those the
  /// submit made (every error now shows), nil when only the reason matters
  case submitRefused(SubmitProblem, changes: Form.Changes?)
  /// the form was cancelled; the session has ended
  case cancelled
  /// `show`: the whole form
  case screen
  /// `help`: the commands
  case help
  /// `values`: the form's values now
  case values([Value.Field])
  /// `errors`: the shown items with errors, in form order
  case errors([Item])
  /// `do N`: the row's actions
  case actions(Item)
  /// `next`: the driver starts the guided walk (`Walk.next`); a driver
  /// without one does not read the word
  case walk

  // MARK: what a person asked to see; how an editor ended
  /// the first screen (`Session.start`): the form, or as much of it as fits
  /// `Session.terminalRows` with a word on how to see the rest
  case started
  /// `show N` (or `show NAME`): one row in full
  case rowShown(Item)
  /// `show A-B`: these rows
  case rowsShown([Item])
  /// `show SECTION`: one section, found by its header or tag
  case sectionShown(Section)
  /// `help names`: the shown rows, to list each one's name and title
  case names([Item])
  /// the editor was left with `Command.editorEscape`; nothing changed
  case editorLeft(Item)
  /// the value was set but changed on the way in (snapped, cut); `note` says
  /// how, as the row's kind put it (`0.73 → 0.7 (step 0.1)`)
  case adjusted(Form.Changes, item: Item, note: String)

  // MARK: questions before a loss; answers asked again
  /// the session asks before doing what would lose typed values (only when
  /// `Session.asks`); the next line answers
  case asked(Question)
  /// the question was answered no: nothing was done
  case kept(Question)
  /// an editor's answer was set, but its checks (validators) refuse it
  /// with these messages: the editor stays open and asks again
  case reasked(Item, problems: [String], changes: Form.Changes)
}

/// What a session asks before it acts (at a terminal).
public enum Question: Equatable, Sendable {
  /// `cancel` would discard this many changed values
  case discard(changed: Int)
}

/// Why a command was not carried out.
public enum Refusal: Equatable {
  /// the session has ended (submitted or cancelled)
  case ended
  /// `N` names no row; the form's rows are numbered 1 to `count`
  case noRow(Int, count: Int)
  /// row `N` is hidden (numbers count hidden rows, so it keeps its number)
  case rowHidden(Int)
  /// row `N` now is `now`, another row than when the person last saw the
  /// numbers (rows were inserted, deleted or moved since)
  case renumbered(Int, now: Item)
  /// a typed word is neither a command nor an item's name
  case unknownWord(String, suggestion: String?)
  /// a prefilled name (`--set`, an answers file) is no item's name
  case noItemNamed(String, suggestion: String?)
  /// the item so named is hidden
  case hidden(name: String)
  /// the row is disabled
  case disabled(Item)
  /// `clear` on a row that holds no value (an action)
  case holdsNoValue(Item)
  /// the row's kind refused the value; the old one is kept
  case badValue(Item, reason: String)
  /// the row's kind refused to be emptied
  case cannotClear(Item, reason: String)
  /// the row's `on_will_select` refused, with its message if it gave one
  case vetoed(Item, message: String?)
  /// `do N TITLE`: the row has no action so titled (nil: it has none at all)
  case noAction(Item, title: String?)
  /// `delete N` on a row that is not `deletable`
  case notDeletable(Item)
  /// `move N M` on a row that is not `movable`
  case notMovable(Item)
  /// `insert`: no shown section has `on_insert` (or, with a row, not that row's section)
  case noInsert(Item?)
  /// `insert` alone when several sections take it
  case insertWhere(count: Int)
  /// `detail N` on a row without a detail button
  case noDetail(Item)
  /// `default N` on a row that offers no default
  case noDefault(Item)
  /// the script's handler (`on_delete`, `on_move`, `on_insert`) refused
  case declined(RowVerb, Item?, message: String?)
  // MARK: words that find no row, or too many; typed lines that could mislead
  /// the words begin the names or titles of several rows
  case ambiguous(String, candidates: [Item])
  /// `show A-B` where A to B are not rows of the form (it has `count`)
  case noRows(Int, Int, count: Int)
  /// `show WORDS`: no row, section header or section tag is so called
  case nothingToShow(String)
  /// at a terminal: the word is a one-letter command (`q`) and the
  /// beginning of these rows; `command` is the line as the command's full
  /// word, `rest` what followed the letter
  case commandOrRow(String, command: String, rows: [Item], rest: String)
  /// at a terminal: `NAME VALUE` on a secret row, which would show the value
  /// as typed: the row's own editor, which does not echo, takes it
  case secretTyped(Item)
}

/// The structural commands a script's handler may refuse.
public enum RowVerb: Equatable, Sendable {
  case delete, move, insert
}

/// Why a submit was refused.
public enum SubmitProblem: Equatable {
  /// these shown items have errors (each holds its messages), in form order
  case invalid([Item])
  /// the values were valid but `on_submit` refused
  case handler(Form.SubmitRefusal)
}
