/// A command-line mistake: the message, and exit code 2.
struct UsageError: Error, Equatable {
  var message: String
}

/// The subcommands, as the flag table names what each flag is for.
enum Subcommand: String, CaseIterable, Sendable {
  /// `formrun FORM.lua`
  case fill
  /// `formrun repl [FORM.lua]`
  case repl
  /// `formrun test [busted's arguments]`
  case test
}

/// What `formrun` was asked to do.
enum Invocation {
  case fill(Options)
  case repl(Options)
  /// `formrun schema FORM`: the JSON Schema of the form's values
  case schema(path: String)
  /// busted's arguments, passed on as given
  case test(arguments: [String])
  case help
  case version
}

/// What the flags set, for filling a form and for the REPL (each flag says
/// which of the two it is for: `Flag.table`).
struct Options {
  /// The form's path (for the REPL, none: an empty form).
  var path: String?
  var sets: [(name: String, value: String)] = []
  var answers: String?
  var submit = false
  var width: Int?
  var color: String?
  /// What stdout gets for the submitted values (`--format`, `--field`).
  var output: any OutputFormat = OutputFormats.standard
  /// `--field NAME`: the form must have an item so named
  var field: String?
  /// only messages, prompts and errors; never the form unless `show` asks
  var quiet = false
  /// drafts (Drafts/): the file, or none at all; resume or start afresh
  var draft: String?
  var noDraft = false
  var resume = false
  var fresh = false
  var guided = false
  /// `--timeout SECONDS`: no input for that long ends the run (exit 124)
  var timeout: Int?
  var accessible = false
  /// The script gets the sandbox's library set (no io, os, require…).
  var sandbox = false
  /// A JSON Schema's unsupported keywords are left out (and named) instead of refused.
  var lenient = false
}
