/// A command-line mistake: the message, and exit code 2.
struct UsageError: Error {
  var message: String
}

/// What `formrun` was asked to do.
enum Invocation {
  case fill(FillOptions)
  case repl(path: String?, sandbox: Bool)
  /// busted's arguments, passed on as given
  case test(arguments: [String])
  case help
  case version
}

struct FillOptions {
  var path = ""
  var sets: [(name: String, value: String)] = []
  var answers: String?
  var submit = false
  var width: Int?
  var color: String?
  var format = OutputFormat.json
  var field: String?
  /// only messages, prompts and errors; never the form unless `show` asks
  var quiet = false
  /// drafts (Draft.swift): the file, or none at all; resume or start afresh
  var draft: String?
  var noDraft = false
  var resume = false
  var fresh = false
  var guided = false
  var accessible = false
  /// the line mode even at a terminal (the screen mode is the default there)
  var line = false
  /// The script gets the sandbox's library set (no io, os, require…).
  var sandbox = false
}

enum Arguments {
  static let usage = """
    usage: formrun FORM.lua [--set NAME=VALUE]... [--answers FILE.json] [--submit]
                            [--width N] [--color auto|always|never] [--quiet]
                            [--format json|sh|tsv | --field NAME]
                            [--draft FILE | --no-draft] [--resume | --fresh]
                            [--guided] [--accessible] [--line] [--sandbox]
           formrun repl [FORM.lua] [--sandbox]
           formrun test [busted's options] [ROOT...] [--update-snapshots] [--ci]
           formrun --help | --version
    """

  static let help = """
    formrun runs forms written in Lua: fill them at a terminal or from a pipe,
    explore them in a REPL, and test them with scripted acceptance tests.

    \(usage)

    Filling a form:
      --set NAME=VALUE     fill NAME before the first prompt, as if typed (repeatable)
      --answers FILE.json  fill the values of a JSON object {"name": value, ...}
      --submit             submit at once, reading no commands
      --width N            draw the form N cells wide
      --color WHEN         auto (default: when stderr is a terminal and NO_COLOR is unset),
                           always or never
      --format FORMAT      how the submitted values are written on stdout: json (default),
                           sh (name='value' lines for eval) or tsv (name, tab, value)
      --field NAME         write only the value of NAME, raw
      --quiet              print only messages, prompts and errors, not the form
                           (show still prints it)
      --draft FILE         keep the values in FILE after every change (a draft that
                           survives a crash); at a terminal, a form of more than 5 value
                           rows keeps one in $XDG_STATE_HOME/formrun (~/.local/state/formrun)
      --no-draft           keep no draft, and leave an existing one alone
      --resume             resume the form's draft without asking
      --fresh              remove the form's draft and start afresh
      --guided             ask the rows one after another (also through a pipe: one line an answer)
      --accessible         plain sentences for screen readers: no frames, no symbols, only what
                           changed (also when ACCESSIBLE is set); at a terminal it starts guided
      --line               the line mode at a terminal too (also FORMRUN_MODE=line): a prompt
                           of commands instead of the screen mode's form filled in place
      --sandbox            the script gets no io, no os but os.time/date/clock/getenv,
                           and no require, dofile or loadfile (also for repl)

    The form and prompts go to stderr; the submitted values go to stdout (JSON unless
    --format or --field says otherwise).
    Commands at the prompt: N, NAME or TITLE (open the row; any case, a unique
    beginning is enough), N VALUE, NAME VALUE, TITLE VALUE, clear N, submit (s),
    cancel (q), show (l), show N, show A-B, show SECTION, errors (e), values (v),
    help (?), help names, next (the guided walk from the first empty or invalid
    row). In an editor, an empty line keeps the value and :q
    leaves it unchanged.

    Exit codes: 0 submitted, 1 cancelled, 2 usage or script error,
    3 input ended before a submit was accepted, 4 the values could not be
    written to stdout, 130 interrupted.
    """

  static func parse(_ args: [String]) throws(UsageError) -> Invocation {
    guard let first = args.first else { throw UsageError(message: "no form given") }
    switch first {
    case "-h", "--help", "help": return .help
    case "--version": return .version
    case "repl":
      var rest = Array(args.dropFirst())
      if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
      let sandbox = rest.contains("--sandbox")
      rest.removeAll { $0 == "--sandbox" }
      guard rest.count <= 1 else { throw UsageError(message: "repl takes at most one form") }
      if let p = rest.first, p.hasPrefix("-") { throw UsageError(message: "unknown option '\(p)' for repl") }
      return .repl(path: rest.first, sandbox: sandbox)
    case "test": return .test(arguments: Array(args.dropFirst()))
    default:
      return .fill(try fill(args))
    }
  }

  static func fill(_ args: [String]) throws(UsageError) -> FillOptions {
    var o = FillOptions()
    var i = 0
    func next(_ flag: String) throws(UsageError) -> String {
      i += 1
      guard i < args.count else { throw UsageError(message: "\(flag) needs a value") }
      return args[i]
    }
    var path: String?
    while i < args.count {
      var a = args[i]
      var inline: String?
      if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
        inline = String(a[a.index(after: eq)...])
        a = String(a[..<eq])
      }
      let value: () throws(UsageError) -> String = { () throws(UsageError) -> String in
        if let inline { return inline }
        return try next(a)
      }
      switch a {
      case "--set":
        let v = try value()
        guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
          throw UsageError(message: "--set takes NAME=VALUE (got '\(v)')")
        }
        o.sets.append((String(v[..<eq]), String(v[v.index(after: eq)...])))
      case "--answers": o.answers = try value()
      case "--submit": o.submit = true
      case "--quiet": o.quiet = true
      case "--sandbox": o.sandbox = true
      case "--width":
        let v = try value()
        guard let n = Int(v), n >= 20, n <= 1000 else {
          throw UsageError(message: "--width takes a number from 20 to 1000 (got '\(v)')")
        }
        o.width = n
      case "--color":
        let v = try value()
        guard ["auto", "always", "never"].contains(v) else {
          throw UsageError(message: "--color takes auto, always or never (got '\(v)')")
        }
        o.color = v
      case "--format":
        let v = try value()
        guard let f = OutputFormat(rawValue: v) else {
          throw UsageError(message: "--format takes json, sh or tsv (got '\(v)')")
        }
        o.format = f
      case "--field": o.field = try value()
      case "--draft": o.draft = try value()
      case "--no-draft": o.noDraft = true
      case "--resume": o.resume = true
      case "--fresh": o.fresh = true
      case "--guided": o.guided = true
      case "--accessible": o.accessible = true
      case "--line": o.line = true
      case "-h", "--help": throw UsageError(message: "--help goes first: formrun --help")
      default:
        if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'") }
        guard path == nil else { throw UsageError(message: "one form at a time (got '\(path!)' and '\(a)')") }
        path = a
      }
      i += 1
    }
    guard let path else { throw UsageError(message: "no form given") }
    if o.field != nil && o.format != .json { throw UsageError(message: "--field and --format go apart: choose one") }
    if o.resume && o.fresh { throw UsageError(message: "--resume and --fresh go apart: choose one") }
    if o.noDraft && (o.draft != nil || o.resume || o.fresh) {
      throw UsageError(message: "--no-draft goes without --draft, --resume and --fresh")
    }
    o.path = path
    return o
  }
}
