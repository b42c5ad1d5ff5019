/// What a piece of text is, for a front end to give it a look: a terminal
/// maps each role to its attributes (bold, dim, a colour) through a theme, a
/// browser to a class. The view model says roles, never how they look.
public enum Role: String, CaseIterable, Sendable {
  /// ordinary text
  case plain
  /// the form's title
  case formTitle = "form_title"
  /// a section's header
  case header
  /// a section's footer, its text when empty, a line of a note
  case note
  /// a paged form's `Page 2 of 3: Payment`
  case pageHeading = "page_heading"
  /// a row's title
  case title
  /// the title of the row whose editor is open
  case openTitle = "open_title"
  /// a disabled row's title and marks
  case disabled
  /// a row's value
  case value
  /// the placeholder shown in an empty row's value column: it must not look like a value
  case placeholder
  /// what stands in a value's place that is not one (a row without a value's detail)
  case detail
  /// a row's description
  case description
  /// what the open editor reads and its limits
  case hint
  /// a refusal, a row's error
  case error
  /// the focused row or option
  case focus
  /// text selected in an editor (typing replaces it)
  case selection
  /// an option chosen in a list (`(•)`, `[x]`)
  case chosen
  /// a button's label (`[ Submit ]`, `[ Next › ]`)
  case button
  /// a key's name in the key help
  case key
  /// what a key does, and the other quiet words of the status and help lines
  case keyHelp = "key_help"
  /// a question asked on the status line (`Discard 2 changed values? [y/N]`)
  case question
  /// a message that is neither an error nor quiet (a handler's output, a note on a value)
  case message
}
