import FormCore

/// A row as a command names it: by number, or by words the session resolves
/// against the form (a name or a title, in any case, or a unique beginning of one).
public enum Target: Equatable, Sendable {
  /// a row number, from 1
  case row(Int)
  /// words to resolve: a name, a title, or a unique beginning of one
  case name(String)
}

/// One typed verb of the engine (`Engine.perform`): what a person asked for,
/// as the line mode parses it from a line (`Command.parse`, the words of
/// `CommandSpec.table`; Docs/reference.md, *Line commands*) and the screen
/// mode makes it from keys.
public enum Command: Equatable, Sendable {
  /// `N` alone: choose the row (open its editor, toggle it, or run `on_select`)
  case activate(Target)
  /// `N VALUE`: set the row from this text
  case set(Target, String)
  /// `clear N`: empty the row
  case clear(Target)
  case submit, cancel, show, errors, values, help
  /// an empty line
  case nothing
  /// `do N TITLE`: run the row's action so titled; `do N` lists its actions
  case run(Target, String?)
  /// `delete N`
  case delete(Target)
  /// `move N M`: row N takes row M's place
  case move(Target, to: Int)
  /// `insert N` (before row N, in its section) or `insert` (at the end of the one section that takes it)
  case insert(Target?)
  /// `detail N`: press the row's detail button (`accessory = "detail"`)
  case detailButton(Target)
  /// `default N`: give the row the value it offers (its schema's `default`)
  case takeDefault(Target)
  // MARK: showing parts of the form
  /// `show ARG`: one row in full (`show 20`, `show email`), rows A to B
  /// (`show 3-7`) or a section by header or tag (`show Account`)
  case showPart(String)
  /// `help names`: each row's name beside its title
  case names
  /// `next`: the guided walk from the first empty or invalid row (the fill
  /// driver runs it: `Outcome.walk`)
  case next
}
