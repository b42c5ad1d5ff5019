/// The command line read through `Flag.table`: the subcommand, then its
/// flags (a value after the flag or joined with `=`) and its form.
enum Arguments {
  static func parse(_ args: [String]) throws(UsageError) -> Invocation {
    guard let first = args.first else { throw UsageError(message: "no form given") }
    if let standalone = try alone(args) { return standalone }
    switch Subcommand.named(first) {
    case .repl:
      let rest = Array(args.dropFirst())
      if rest.contains(where: { Flag.named($0)?.name == "--help" && $0 != "help" }) { return .help }
      let o = try options(rest, for: .repl)
      if o.path == "-" {
        throw UsageError(message: "repl reads its lines from stdin: give the form as a file or with -e")
      }
      return .repl(o)
    case .test: return .test(arguments: Array(args.dropFirst()))
    case .serve: return try serve(Array(args.dropFirst()))
    case .lua:
      let rest = Array(args.dropFirst())
      if rest.first == "--help" { return .help }
      return .lua(arguments: rest)
    case .new: return try new(Array(args.dropFirst()))
    case .schema:
      let rest = Array(args.dropFirst())
      if rest.contains(where: { Flag.named($0)?.name == "--help" }) { return .help }
      let o = try options(rest, for: .schema)
      guard o.path != nil, o.path != "-" else {
        throw UsageError(message: "schema takes one form: formrun schema FORM.lua")
      }
      if !o.documents.isEmpty, !o.check {
        throw UsageError(
          message:
            "schema takes one form: formrun schema FORM.lua (documents are checked with --check: formrun schema --check SCHEMA.json DOCUMENT.json)"
        )
      }
      return .schema(o)
    case .fill, nil:
      var o = try options(args, for: .fill)
      guard o.path != nil || !o.chunks.isEmpty else { throw UsageError(message: "no form given") }
      if o.path == "-" || !o.chunks.isEmpty,
        let flag = [("--draft", o.draft != nil), ("--resume", o.resume), ("--fresh", o.fresh)].first(where: \.1)
      {
        throw UsageError(message: "\(flag.0) needs a form file: a form from -e or - keeps no draft")
      }
      // nor the default one at a terminal: the draft's header names a file
      if o.path == "-" || !o.chunks.isEmpty { o.noDraft = true }
      return .fill(o)
    }
  }

  /// `--help`, `--version`, `--completions SHELL`: a flag that stands alone
  /// (first, with nothing after it but its value).
  static func alone(_ args: [String]) throws(UsageError) -> Invocation? {
    var word = args[0]
    var inline: String?
    if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
      inline = String(word[word.index(after: eq)...])
      word = String(word[..<eq])
    }
    guard let flag = Flag.named(word), flag.subcommands.isEmpty else { return nil }
    guard let placeholder = flag.value.placeholder else {
      if inline != nil { throw UsageError(message: "\(flag.name) takes no value") }
      return flag.name == "--version" ? .version : .help
    }
    guard let value = inline ?? args.dropFirst().first else { throw UsageError(message: "\(flag.name) needs a value") }
    try check(value, of: flag, placeholder)
    let rest = args.dropFirst(inline == nil ? 2 : 1)
    if let extra = rest.first { throw UsageError(message: "\(flag.name) stands alone (got '\(extra)' after it)") }
    return .completions(Shell(rawValue: value)!)
  }

  /// `formrun serve FORM`: a form file (not `-`: each visitor's form is
  /// loaded afresh from it); the output flags only with `--once`.
  static func serve(_ args: [String]) throws(UsageError) -> Invocation {
    if args.contains(where: { Flag.named($0)?.name == "--help" && $0 != "help" }) { return .help }
    let o = try options(args, for: .serve)
    guard let path = o.path else { throw UsageError(message: "serve needs a form: formrun serve FORM.lua") }
    if path == "-" {
      throw UsageError(message: "serve loads the form afresh for each visitor: give it as a file, not -")
    }
    if o.outputGiven && !o.serve.once {
      throw UsageError(message: "--format and --field go with --once (without it each submission is a JSON line)")
    }
    return .serve(o)
  }

  /// `formrun new NAME`: one name, a file name without a folder (`.lua` may end it).
  static func new(_ args: [String]) throws(UsageError) -> Invocation {
    if args.contains(where: { Flag.named($0)?.name == "--help" }) { return .help }
    guard let given = args.first else { throw UsageError(message: "new needs a NAME: formrun new NAME") }
    if args.count > 1 { throw UsageError(message: "new takes one NAME (got '\(given)' and '\(args[1])')") }
    let name = given.hasSuffix(".lua") ? String(given.dropLast(4)) : given
    guard let first = name.first, first != "-", first != ".", !name.contains("/"),
      name.unicodeScalars.allSatisfy({ $0.value > 0x20 && !(0x7F...0x9F).contains($0.value) })
    else {
      throw UsageError(
        message:
          "new takes a NAME for NAME.lua in this folder: no '/', no spaces, not starting with '-' or '.' (got '\(given)')"
      )
    }
    return .new(name: name)
  }

  /// The flags and the form of `subcommand`.
  static func options(_ args: [String], for subcommand: Subcommand) throws(UsageError) -> Options {
    var o = Options()
    var given: [String] = []
    var i = 0
    while i < args.count {
      var a = args[i]
      var inline: String?
      if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
        inline = String(a[a.index(after: eq)...])
        a = String(a[..<eq])
      } else if a.hasPrefix("-e"), a.count > 2 {
        // lua.c's -eCHUNK, the chunk joined to the flag
        inline = String(a.dropFirst(2))
        a = "-e"
      }
      guard a.hasPrefix("-") && a != "-" else {
        if o.path != nil, subcommand == .schema {
          // `schema --check SCHEMA DOCUMENT...`
          o.documents.append(a)
          i += 1
          continue
        }
        if let path = o.path { throw UsageError(message: "one form at a time (got '\(path)' and '\(a)')") }
        o.path = a
        i += 1
        continue
      }
      guard let flag = Flag.named(a), a != "help" else { throw UsageError(message: "unknown option '\(a)'") }
      if flag.subcommands.isEmpty { throw UsageError(message: "\(flag.name) goes first: formrun \(flag.name)") }
      guard flag.subcommands.contains(subcommand), let apply = flag.apply else {
        throw UsageError(message: "\(flag.name) is not for \(name(of: subcommand)) (formrun --help lists the flags)")
      }
      var value = ""
      if let placeholder = flag.value.placeholder {
        if let inline {
          value = inline
        } else {
          i += 1
          guard i < args.count else { throw UsageError(message: "\(flag.name) needs a value") }
          value = args[i]
        }
        try check(value, of: flag, placeholder)
      } else if inline != nil {
        throw UsageError(message: "\(flag.name) takes no value")
      }
      given.append(flag.name)
      try apply(&o, value)
      i += 1
    }
    for name in given {
      for other in Flag.named(name)!.excludes where given.contains(other) {
        throw UsageError(message: "\(name) and \(other) go apart: choose one")
      }
    }
    return o
  }

  /// A value that is not of the flag's kind is refused, saying what it takes.
  static func check(_ value: String, of flag: Flag, _ placeholder: String) throws(UsageError) {
    switch flag.value {
    case .none, .text: return
    case .number(_, let range):
      guard let n = Int(value), range.contains(n) else {
        throw UsageError(
          message: "\(flag.name) takes a number from \(range.lowerBound) to \(range.upperBound) (got '\(value)')")
      }
    case .choice(_, let words):
      guard words.contains(value) else {
        throw UsageError(message: "\(flag.name) takes \(spoken(words)) (got '\(value)')")
      }
    }
  }

  /// `json, sh or tsv` (`and` for all of them)
  static func spoken(_ words: [String], _ conjunction: String = "or") -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
  }

  static func name(of subcommand: Subcommand) -> String {
    switch subcommand {
    case .fill: return "filling a form"
    case .repl: return "repl"
    case .test: return "test"
    case .schema: return "schema"
    case .new: return "new"
    case .serve: return "serve"
    case .lua: return "lua"
    }
  }
}
