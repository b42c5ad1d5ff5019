import FormCore
import FormServe

/// One command-line flag, declared once: its name, the value it takes, the
/// subcommands it is for, its help line, its documentation and what it sets.
/// Parsing (`Arguments`), the usage lines, `--help`, the reference's flag
/// table and the man page's OPTIONS (`Documentation`) all read `Flag.table`.
struct Flag: Sendable {
  /// What follows a flag.
  enum Value: Sendable {
    /// nothing: a switch
    case none
    /// free text, shown as the placeholder (`FILE.json`)
    case text(String)
    /// a whole number in a range
    case number(String, ClosedRange<Int>)
    /// one of these words
    case choice(String, [String])

    /// How the help and the docs write the value (`N`, `WHEN`).
    var placeholder: String? {
      switch self {
      case .none: return nil
      case .text(let p), .number(let p, _), .choice(let p, _): return p
      }
    }
  }

  /// `--width`
  var name: String
  /// Other spellings (`-h`, `help`).
  var aliases: [String] = []
  var value: Value = .none
  /// The subcommands it is for (none: it stands alone, as `--help`).
  var subcommands: Set<Subcommand>
  /// May be given more than once.
  var repeatable = false
  /// The flags it cannot go with.
  var excludes: [String] = []
  /// Shown in the synopsis together with the one before it (`[--format … | --field NAME]`).
  var sharesBracket = false
  /// The `--help` line (wrapped to the width); made when asked for (one names the output formats).
  var help: String { helpText() }
  let helpText: @Sendable () -> String
  /// The reference's text (Markdown; `code` in backticks), which the man page also reads.
  var reference: String
  /// The man page's text when it says more than the reference.
  var manual: String?
  /// The reference's example.
  var example: String
  /// What the shells' completions offer for its value when it is free text
  /// (a choice offers its words).
  var completes: Completes = .nothing
  /// What it sets; nil for a flag another program reads (busted's, for `formrun test`).
  var apply: (@Sendable (inout Options, String) throws(UsageError) -> Void)?

  init(
    name: String, aliases: [String] = [], value: Value = .none, subcommands: Set<Subcommand>, repeatable: Bool = false,
    excludes: [String] = [], sharesBracket: Bool = false, help: @autoclosure @escaping @Sendable () -> String,
    reference: String, manual: String? = nil, example: String, completes: Completes = .nothing,
    apply: (@Sendable (inout Options, String) throws(UsageError) -> Void)? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.value = value
    self.subcommands = subcommands
    self.repeatable = repeatable
    self.excludes = excludes
    self.sharesBracket = sharesBracket
    self.helpText = help
    self.reference = reference
    self.manual = manual
    self.example = example
    self.completes = completes
    self.apply = apply
  }

  /// `--set NAME=VALUE`, `--width N`, `--submit`: as the help and the docs write it.
  var spelled: String {
    guard let p = value.placeholder else { return name }
    return name + " " + p
  }

  /// How the synopsis writes it: the choices themselves when there are few
  /// and short (`--color auto|always|never`), else the placeholder (`--theme NAME`).
  var synopsis: String {
    switch value {
    case .choice(_, let words) where words.count <= 4 && words.joined(separator: "|").count <= 24:
      return name + " " + words.joined(separator: "|")
    default: return spelled
    }
  }

  /// What a shell completes a free-text value with.
  enum Completes: Sendable, Equatable {
    case nothing
    /// files ending in one of these extensions (any file when empty), and folders to go into
    case files([String])
    /// folders only
    case folders
  }

  static func set(_ apply: @escaping @Sendable (inout Options) -> Void)
    -> @Sendable (inout Options, String) throws(UsageError) -> Void
  {
    { (o: inout Options, _: String) throws(UsageError) in apply(&o) }
  }
}

extension Flag {
  /// Every flag, in the order the help and the docs list them.
  static let table: [Flag] = [
    Flag(
      name: "-e", value: .text("CHUNK"), subcommands: [.fill, .repl], repeatable: true,
      help: "run the Lua CHUNK before the form, as lua -e does (repeatable, in order); FORM.lua may then be left out",
      reference:
        "run the Lua CHUNK before the form's file, as `lua -e` does: repeatable, run in order; the file may then be left out (see [One-liners](#one-liners))",
      manual:
        "Run the Lua CHUNK before the form's file, as `lua -e` does: each its own chunk, in the order given, with a form script's globals; messages name it `(command line)`. With `-e` the file may be left out. Repeatable.",
      example: "-e 'form:text{ name = \"name\" }'", apply: { o, v in o.chunks.append(v) }),
    Flag(
      name: "--set", value: .text("NAME=VALUE"), subcommands: [.fill, .repl], repeatable: true,
      help: "fill NAME before the first prompt, as if typed (repeatable)",
      reference:
        "fill NAME before the first prompt, as if typed (NAME may be a title, or a unique beginning, as at the prompt); repeatable",
      manual:
        "Fill the item NAME before the first prompt, as if VALUE were typed (NAME may be a title, or a unique beginning, as at the prompt). Repeatable.",
      example: "--set email=a@b.co",
      apply: { (o: inout Options, v: String) throws(UsageError) in
        guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
          throw UsageError(message: "--set takes NAME=VALUE (got '\(v)')")
        }
        o.sets.append((String(v[..<eq]), String(v[v.index(after: eq)...])))
      }),
    Flag(
      name: "--answers", value: .text("FILE.json"), subcommands: [.fill, .repl],
      help: "fill the values of a JSON object {\"name\": value, ...}",
      reference:
        "fill the values of a JSON object `{\"name\": value, …}` (strings as typed, other JSON values as a script's); with the `--set` flags, in the form's order, whatever the order of the keys; a `--set` wins for the same row",
      example: "--answers answers.json", completes: .files(["json"]), apply: { o, v in o.answers = v }),
    Flag(
      name: "--submit", subcommands: [.fill], help: "submit at once, reading no commands",
      reference: "submit at once without reading commands; with errors exit 3 and list them", example: "--submit",
      apply: set { $0.submit = true }),
    Flag(
      name: "--width", value: .number("N", 20...1000), subcommands: [.fill, .repl],
      help: "draw the form N cells wide",
      reference: "draw N cells wide (20…1000); the default is the terminal's width (at most 100), else 72",
      example: "--width 60", apply: { o, v in o.width = Int(v) }),
    Flag(
      name: "--color", value: .choice("WHEN", ["auto", "always", "never"]), subcommands: [.fill, .repl],
      help: "auto (default: when stderr is a terminal with colours and NO_COLOR is unset), always or never",
      reference:
        "`auto` (the default: when stderr is a terminal whose terminfo entry has colours, or `COLORTERM` is set, and `NO_COLOR` is unset), `always` or `never`",
      example: "--color never", apply: { o, v in o.color = v }),
    Flag(
      name: "--theme", value: .choice("NAME", Theme.names), subcommands: [.fill, .repl, .serve],
      help: "the colours and emphasis: default, high-contrast, monochrome or light (for light backgrounds);"
        + " over FORMRUN_THEME and the form's own theme",
      reference:
        "the theme the form is drawn in: `default`, `high-contrast`, `monochrome` or `light` (for light backgrounds); over `FORMRUN_THEME` and the form's `form.theme` (see [Themes](#themes))",
      manual:
        "The theme the form is drawn in: default, high-contrast (bright colours, nothing dim), monochrome (bold, dim, italic, underline and reverse video, no colour) or light (dark colours for a light background). It wins over FORMRUN_THEME and the form's own form.theme; a row's own style is drawn over it; without colour (NO_COLOR, --color never, a pipe, a terminal without colours) no theme is drawn, and the accessible voice ignores it.",
      example: "--theme high-contrast", apply: { o, v in o.theme = v }),
    Flag(
      name: "--quiet", subcommands: [.fill],
      help: "print only messages, prompts and errors, not the form (show still prints it)",
      reference: "print only messages, prompts and errors, not the form (`show` still draws it)", example: "--quiet",
      apply: set { $0.quiet = true }),
    Flag(
      name: "--format", value: .choice("FORMAT", OutputFormats.names), subcommands: [.fill, .repl, .serve],
      help: "how the submitted values are written on stdout: "
        + OutputFormats.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", "),
      reference:
        "how the submitted values are written: `json` (the default), `sh` or `tsv` (see [Output formats](#output-formats))",
      manual:
        "How the submitted values are written: `json` (the default; one object on one line), `sh` (name='value' lines for `eval`; every value single-quoted, so any text is safe; names mapped to shell identifiers, other ASCII characters becoming `_` and other letters their codes such as `_u540d`; a list as NAME_count and NAME_1, NAME_2, …) or `tsv` (name, tab, value per line; backslash, tab, newline, carriage return escaped as `\\\\`, `\\t`, `\\n`, `\\r`). No format writes a control character raw.",
      example: "--format sh",
      apply: { o, v in
        o.output = OutputFormats.named(v)!
        o.outputGiven = true
      }),
    Flag(
      name: "--field", value: .text("NAME"), subcommands: [.fill, .repl, .serve], excludes: ["--format"],
      sharesBracket: true,
      help: "write only the value of NAME, raw",
      reference:
        "write only the value of NAME, raw (but control characters written out, as on stderr), then a newline (a list one element per line); not with `--format`; an unknown name exits 2",
      example: "--field email",
      apply: { o, v in
        o.field = v
        o.output = FieldOutput(field: v)
        o.outputGiven = true
      }),
    Flag(
      name: "--draft", value: .text("FILE"), subcommands: [.fill],
      help: "keep the values in FILE after every change (a draft that survives a crash); at a terminal,"
        + " a form of more than 5 value rows keeps one in $XDG_STATE_HOME/formrun (~/.local/state/formrun)",
      reference:
        "keep a draft in FILE: the values (secure ones left out) after every accepted change, written atomically; see [Drafts](#drafts)",
      manual:
        "Keep a draft in FILE: after every accepted change (typed, by a flag, an answers file or a handler) the values, secure ones left out, are written to it atomically (a new file, fsync, rename, fsync of the folder), readable by the user only. A submit or a cancel removes it. At a terminal a form of more than five value rows keeps a draft without this flag, in the state folder (see FILES); through a pipe there is none unless asked.",
      example: "--draft ~/signup.draft.json", completes: .files([]), apply: { o, v in o.draft = v }),
    Flag(
      name: "--no-draft", subcommands: [.fill], excludes: ["--draft", "--resume", "--fresh"], sharesBracket: true,
      help: "keep no draft, and leave an existing one alone",
      reference: "keep no draft (not even the default one at a terminal) and leave an existing one alone",
      example: "--no-draft", apply: set { $0.noDraft = true }),
    Flag(
      name: "--resume", subcommands: [.fill], excludes: ["--fresh"], help: "resume the form's draft without asking",
      reference:
        "resume the form's draft without asking; through a pipe it also turns drafting on in the state folder",
      manual:
        "Resume the form's draft without asking (at a terminal formrun asks `Resume the draft from TIME (N values)? [Y/n]`). Its values are applied as an answers file's are; a value that no longer fits the form is reported and left out. Secure values are asked again. Without a terminal, an existing draft needs `--resume` or `--fresh`, else formrun exits 2 and leaves it as it is.",
      example: "--resume", apply: set { $0.resume = true }),
    Flag(
      name: "--fresh", subcommands: [.fill], sharesBracket: true, help: "remove the form's draft and start afresh",
      reference:
        "remove the form's draft (also one that cannot be read) and start afresh; a file that is not a formrun draft is never removed",
      manual:
        "Remove the form's draft and start afresh. A draft that cannot be read (cut short, another form's) stops formrun with exit 2 and is left as it is until `--fresh` removes it. A file that is not a formrun draft (no `formrun_draft` header: the form itself, notes) is never removed or replaced: formrun exits 2.",
      example: "--fresh", apply: set { $0.fresh = true }),
    Flag(
      name: "--guided", subcommands: [.fill],
      help: "ask the rows one after another (also through a pipe: one line an answer)",
      reference:
        "ask the rows one after another (see [Guided walk](#guided-walk)); through a pipe, one line per answer",
      manual:
        "Ask the rows one after another: each shown, enabled row holding a value, with its title, description, value and what to type. An answer sets the row (a refused one is asked again with the reason); an empty line keeps the value; `:back`, `:skip`, `:clear`, `:show`, `:help` and `:q` steer. At the end a summary and `Submit? [Y/n]`. Through a pipe, one line per answer.",
      example: "--guided", apply: set { $0.guided = true }),
    Flag(
      name: "--strict", subcommands: [.fill, .repl],
      help: "take a choice only as a whole option (any case) or its number, never from part of one",
      reference:
        "a typed choice (the line mode, the walk, `--set`, an answers file) must be a whole option, in any case, its value or its number; part of one is refused naming the closest (see [`radio`](#radio))",
      manual:
        "A typed choice (at the prompt, in the walk, in `--set` or an answers file) must be a whole option, in any case, an option's value or its number. Without it, letters that one option holds clearly best are taken as that option and said back (`us` for United States); with it they are refused, naming the closest options.",
      example: "--strict", apply: set { $0.strict = true }),
    Flag(
      name: "--timeout", value: .number("SECONDS", 1...86_400), subcommands: [.fill],
      help: "end with exit status 124 when no input comes for SECONDS (a draft is kept)",
      reference:
        "when no input comes for SECONDS (1…86400) while formrun waits for it, end with exit status `124`, saying so on stderr; the draft keeps what was entered (see [Drafts](#drafts)); the clock restarts with each line (in the screen mode, each key) and stops while handlers run",
      example: "--timeout 300", apply: { o, v in o.timeout = Int(v) }),
    Flag(
      name: "--accessible", subcommands: [.fill],
      help: "plain sentences for screen readers: no frames, no symbols, only what changed"
        + " (also when ACCESSIBLE is set); at a terminal it starts guided",
      reference:
        "plain sentences, no frames or symbols, only what changed (see [Accessible voice](#accessible-voice)); at a terminal it starts the guided walk",
      manual:
        "The accessible voice: no frames, no box-drawing characters, no symbol without words; each row one plain sentence (`Row 3 of 17, Newsletter, switch, on.`), errors as `Error: ...`, and after a command only what changed. At a terminal it starts with the guided walk; through a pipe each line stays a command unless `--guided` is given.",
      example: "--accessible", apply: set { $0.accessible = true }),
    Flag(
      name: "--line", subcommands: [.fill],
      help: "the line mode at a terminal too (also FORMRUN_MODE=line), not the screen mode",
      reference:
        "the line mode (a prompt of commands) at a terminal too, where the screen mode is the default (see [Screen mode](#screen-mode)); also `FORMRUN_MODE=line`",
      manual:
        "The line mode at a terminal too: a prompt of line commands, as through a pipe, instead of the screen mode (the form filled in place with the arrow keys), which is the default when stdin and stderr are terminals and TERM is not dumb. Also FORMRUN_MODE=line.",
      example: "--line", apply: set { $0.line = true }),
    Flag(
      name: "--sandbox", subcommands: [.fill, .repl, .serve],
      help: "the script gets no io, no os but os.time/date/clock/getenv, and no require, dofile or loadfile",
      reference:
        "the script gets no `io`, no `os` but `os.time`, `os.date`, `os.clock`, `os.getenv`, and no `require`, `dofile`, `loadfile` or `package` (see [A form script](#a-form-script))",
      manual:
        "The script gets no `io`, no `os` but `os.time`, `os.date`, `os.clock`, `os.getenv`, and no `require`, `dofile`, `loadfile`. Without it a script still gets no `debug` but `debug.traceback`, no bytecode, no `string.dump` and no C modules.",
      example: "--sandbox", apply: set { $0.sandbox = true }),
    Flag(
      name: "--lenient", subcommands: [.fill, .repl, .serve, .schema],
      help: "load a JSON Schema without what formrun cannot check (each is named)",
      reference:
        "a JSON Schema's parts formrun cannot check (a `pattern` PCRE2 does not read, a `$ref` to a document no local file holds) are left out, each named on stderr, instead of refusing the schema (exit 2) (see [JSON Schema](#json-schema))",
      manual:
        "For a JSON Schema: load it without the parts formrun cannot check (a pattern PCRE2 does not read, a $ref to a document no local file holds), naming each on standard error, instead of refusing it (exit 2).",
      example: "--lenient", apply: set { $0.lenient = true }),
    Flag(
      name: "--listen", value: .text("HOST:PORT"), subcommands: [.serve],
      help: "serve at HOST:PORT (default 127.0.0.1:8080; :0 takes a free port)",
      reference:
        "listen at HOST:PORT: the default `127.0.0.1:8080` is this machine only; `:0` takes a free port; an IPv6 address in brackets (`[::1]:8080`); beyond this machine every request needs the token (see [Serving a form](#serving-a-form))",
      example: "--listen 0.0.0.0:8443",
      apply: { (o: inout Options, v: String) throws(UsageError) in
        do throws(ServeFailure) { try ServeSettings.checkListen(v) } catch { throw UsageError(message: error.message) }
        o.serve.listen = v
      }),
    Flag(
      name: "--once", subcommands: [.serve],
      help: "end after the first submission and write its values on stdout as a fill does",
      reference:
        "end after the first submission and write its values on stdout as a fill does (`--format`, `--field`): exit 0; 1 when it was cancelled in the page, 130 on Ctrl-C",
      example: "--once", apply: set { $0.serve.once = true }),
    Flag(
      name: "--collect", value: .text("FILE"), subcommands: [.serve], excludes: ["--once"],
      help: "append each submission to FILE: a JSON line (id, time, values), or a row when FILE ends in .sqlite",
      reference:
        "append each submission to FILE as one JSON line `{\"id\", \"time\", \"values\"}`, on the disk before the page says it was sent; a row of the table `submissions` when FILE ends in `.sqlite`, `.sqlite3` or `.db`; without it each submission is a line on stdout",
      example: "--collect answers.jsonl", completes: .files(["jsonl", "sqlite"]),
      apply: { o, v in o.serve.collect = v }),
    Flag(
      name: "--token", value: .text("TOKEN"), subcommands: [.serve],
      help: "the token every request needs (default: 128 random bits, in the address serve prints)",
      reference:
        "the token every request needs, given in the printed address (`?token=…`) and kept in a cookie; the default is 128 random bits",
      example: "--token \"$(cat token.txt)\"",
      apply: { (o: inout Options, v: String) throws(UsageError) in
        guard v.count >= 8, v.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) })
        else {
          throw UsageError(message: "--token takes at least 8 letters, digits, '-', '_', '.' or '~' (got '\(v)')")
        }
        o.serve.token = v
      }),
    Flag(
      name: "--no-token", subcommands: [.serve], excludes: ["--token"], sharesBracket: true,
      help: "no token (only when serving on this machine: 127.0.0.1 or ::1)",
      reference: "no token: any request is answered; only while listening on this machine (127.0.0.1, ::1)",
      example: "--no-token",
      apply: set {
        $0.serve.token = nil
        $0.noToken = true
      }),
    Flag(
      name: "--max-sessions", value: .number("N", 1...1_000_000), subcommands: [.serve],
      help: "at most N visitors' sessions at once (default 1000)",
      reference:
        "at most N sessions at once (default 1000), each a visitor's form in its own Lua state; one more visitor is answered 503 until a session ends",
      example: "--max-sessions 50", apply: { o, v in o.serve.maxSessions = Int(v)! }),
    Flag(
      name: "--expire", value: .number("SECONDS", 1...604_800), subcommands: [.serve],
      help: "end a session idle for SECONDS (default 1800: half an hour)",
      reference: "a session that makes no request for SECONDS ends, with what was typed (default 1800)",
      example: "--expire 600", apply: { o, v in o.serve.expire = Int(v)! }),
    Flag(
      name: "--defaults", subcommands: [.fill, .repl],
      help: "give every row nobody set the default it offers (a JSON Schema's default)",
      reference:
        "give every row that no flag, answers file or draft set the default it offers (a JSON Schema's `default`, otherwise only shown as the row's placeholder and taken with `default N`)",
      manual:
        "Give every shown row that no flag, answers file or draft set the value it offers: a JSON Schema's default (or the one value of a const). Without it a default is only shown, as the row's placeholder, and taken with the line command default N or a key in the screen mode; a row nobody set stays out of the document.",
      example: "--defaults", apply: set { $0.defaults = true }),
    Flag(
      name: "--schema-path", value: .text("DIR"), subcommands: [.fill, .repl, .serve, .schema], repeatable: true,
      help: "a folder of JSON Schema files that a schema's $refs name (by $id or by path)",
      reference:
        "a folder of the JSON Schema documents a schema's `$ref`s name: a file there is found by its `$id`, or by the referenced URL's path (`https://example.com/a/b.json` is `DIR/a/b.json` or `DIR/b.json`); the files beside the schema are always looked at, the network never (see [JSON Schema](#json-schema))",
      manual:
        "A folder of the JSON Schema documents a schema's $refs name: a file there is found by its $id, or by the referenced URL's path (https://example.com/a/b.json is DIR/a/b.json or DIR/b.json). The files beside the schema are always looked at; formrun never reads a schema from the network. May be given more than once.",
      example: "--schema-path ./schemas", completes: .folders,
      apply: { o, v in o.schemaPath.append(v) }),
    Flag(
      name: "--check", subcommands: [.schema],
      help: "check a JSON Schema (and documents after it) instead of printing it; list what formrun does not use",
      reference:
        "instead of printing the schema, load it and list on stdout what formrun does not use (keywords it does not know, formats it does not check, keywords a `$ref` hides), one line each; each DOCUMENT.json given after it is checked against the schema (`DOCUMENT.json: valid`, or its problems), exit 3 when one is not valid",
      example: "formrun schema --check schema.json data.json", apply: set { $0.check = true }),
    Flag(
      name: "--update-snapshots", subcommands: [.test], help: "rewrite the snapshot files that differ",
      reference: "rewrite snapshot files that differ", example: "formrun test --update-snapshots", apply: nil),
    Flag(
      name: "--ci", subcommands: [.test],
      help: "fail on a missing snapshot instead of recording it (as when CI is set)",
      reference: "fail on a missing snapshot instead of recording it (as when `CI` is set)",
      example: "formrun test --ci",
      apply: nil),
    Flag(
      name: "--completions", value: .choice("SHELL", Shell.allCases.map { $0.rawValue }), subcommands: [],
      help: "print the completion script of bash, zsh or fish and exit 0",
      reference:
        "print the completion script of SHELL (`bash`, `zsh` or `fish`) on stdout and exit 0 (see [Shell completions](#shell-completions))",
      example: "formrun --completions bash", apply: nil),
    Flag(
      name: "--help", aliases: ["-h", "help"], subcommands: [], help: "print this help and exit 0",
      reference: "print the help and exit 0 (also `-h`, `help`)", manual: "Print the usage and exit 0 (also `-h`).",
      example: "formrun --help", apply: nil),
    Flag(
      name: "--version", subcommands: [], help: "print the version and exit 0",
      reference: "print `formrun VERSION` and exit 0", example: "formrun --version", apply: nil),
  ]

  /// The flag so spelled (by its name or an alias).
  static func named(_ spelling: String) -> Flag? {
    table.first { $0.name == spelling || $0.aliases.contains(spelling) }
  }

  /// The flags for `subcommand`, in table order.
  static func flags(for subcommand: Subcommand) -> [Flag] { table.filter { $0.subcommands.contains(subcommand) } }
}
