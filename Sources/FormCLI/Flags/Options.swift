import FormServe

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
  /// `formrun schema FORM`
  case schema
  /// `formrun new NAME`
  case new
  /// `formrun serve FORM`
  case serve
  /// `formrun lua [lua's options] [script [args]]`
  case lua

  /// The word that names it on the command line (filling has none: the form comes first).
  var word: String? { self == .fill ? nil : rawValue }

  /// What the words after the flags are (the shells' completions offer them).
  var operands: Operands {
    switch self {
    case .fill: return .form
    case .repl: return .form
    case .schema: return .form
    case .test: return .folders
    case .new: return .name
    case .serve: return .form
    case .lua: return .form
    }
  }

  /// What it does, in a few words (the shells show it beside the word).
  var summary: String {
    switch self {
    case .fill: return "fill a form"
    case .repl: return "Lua on a live form"
    case .schema: return "print the JSON Schema of a form's values"
    case .test: return "run the form tests (busted)"
    case .new: return "write NAME.lua and its spec"
    case .serve: return "fill a form in a browser"
    case .lua: return "run a Lua script, as lua does"
    }
  }

  /// The subcommand named by `word`.
  static func named(_ word: String) -> Subcommand? { allCases.first { $0.word == word } }
}

/// What a subcommand takes besides its flags.
enum Operands: Sendable {
  /// a form file (a `.lua` script or a `.json` schema)
  case form
  /// folders to look in
  case folders
  /// a new name, nothing to offer
  case name
}

/// What `formrun` was asked to do.
enum Invocation {
  case fill(Options)
  case repl(Options)
  /// `formrun schema FORM`: the JSON Schema of the form's values (`--check`: the schema checked)
  case schema(Options)
  /// busted's arguments, passed on as given
  case test(arguments: [String])
  /// `formrun new NAME`
  case new(name: String)
  /// `formrun serve FORM`
  case serve(Options)
  /// lua.c's arguments, passed on as given
  case lua(arguments: [String])
  /// `--completions SHELL`
  case completions(Shell)
  case help
  case version
}

/// What the flags set, for filling a form and for the REPL (each flag says
/// which of the two it is for: `Flag.table`).
struct Options {
  /// The form's path (for the REPL, none: an empty form); `-` is stdin.
  var path: String?
  /// `-e CHUNK`: Lua run in order before the form's file (as lua.c's `-e`).
  var chunks: [String] = []
  var sets: [(name: String, value: String)] = []
  var answers: String?
  var submit = false
  var width: Int?
  var color: String?
  /// `--theme NAME`: a built-in theme, over `FORMRUN_THEME` and `form.theme`
  var theme: String?
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
  /// `--strict`: a typed choice only as a whole option or its number
  var strict = false
  /// `--timeout SECONDS`: no input for that long ends the run (exit 124)
  var timeout: Int?
  var accessible = false
  /// the line mode even at a terminal (the screen mode is the default there)
  var line = false
  /// The script gets the sandbox's library set (no io, os, require…).
  var sandbox = false
  /// A JSON Schema's unsupported keywords are left out (and named) instead of refused.
  var lenient = false
  /// `formrun serve`'s own flags.
  var serve = ServeSettings()
  /// `--no-token` was given (beside a `--token`, refused).
  var noToken = false
  /// The output flags were given (they go with `--once`).
  var outputGiven = false
  /// Every row nobody gave a value takes the default it offers (`--defaults`).
  var defaults = false
  /// Folders of the documents a JSON Schema's `$ref`s name (`--schema-path`).
  var schemaPath: [String] = []
  /// `formrun schema --check`: check the schema (and `documents`) instead of printing it
  var check = false
  /// `formrun schema --check SCHEMA DOCUMENT...`: the documents to check
  var documents: [String] = []
}
