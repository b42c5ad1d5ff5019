import FormSession

/// The usage lines and `--help`, written from the flag table and the command
/// table (nothing here lists a flag or a command by hand).
enum Help {
  /// The synopsis of each subcommand, wrapped to `width` columns.
  static func synopsis(width: Int = 73) -> [String] {
    wrap("formrun FORM.lua|SCHEMA.json", brackets(Flag.flags(for: .fill)), width: width)
      + wrap("formrun repl [FORM.lua|SCHEMA.json]", brackets(Flag.flags(for: .repl)), width: width)
      + wrap(
        "formrun schema FORM.lua|SCHEMA.json", brackets(Flag.flags(for: .schema)) + ["[DOCUMENT.json...]"], width: width
      )
      + wrap("formrun serve FORM.lua|SCHEMA.json", brackets(Flag.flags(for: .serve)), width: width)
      + wrap("formrun test [busted's options] [ROOT...]", brackets(Flag.flags(for: .test)), width: width)
      + ["formrun new NAME"]
      + ["formrun lua [lua's options] [SCRIPT [ARGS]...]"]
      // the flags that stand alone: those with a value on a line each, then the others together
      + Flag.table.filter { $0.subcommands.isEmpty && $0.value.placeholder != nil }.map { "formrun " + $0.synopsis }
      + [
        "formrun "
          + Flag.table.filter { $0.subcommands.isEmpty && $0.value.placeholder == nil }.map(\.name).joined(
            separator: " | ")
      ]
  }

  /// `[--set NAME=VALUE]...`, `[--format json|sh|tsv | --field NAME]`: each
  /// flag in brackets, those that go apart in one.
  static func brackets(_ flags: [Flag]) -> [String] {
    var groups: [[Flag]] = []
    for flag in flags {
      if flag.sharesBracket, !groups.isEmpty { groups[groups.count - 1].append(flag) } else { groups.append([flag]) }
    }
    return groups.map { group in
      "[" + group.map(\.synopsis).joined(separator: " | ") + "]" + (group.contains { $0.repeatable } ? "..." : "")
    }
  }

  /// `head` then the words, wrapped under the first word after `head`.
  static func wrap(_ head: String, _ words: [String], width: Int) -> [String] {
    var lines = [head]
    let indent = String(repeating: " ", count: head.count + 1)
    for word in words {
      if lines[lines.count - 1].count + 1 + word.count > width, lines[lines.count - 1] != indent {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += (lines[lines.count - 1] == indent ? "" : " ") + word
      }
    }
    return lines
  }

  /// What a command-line mistake is followed by.
  static var usage: String { "usage: " + synopsis().joined(separator: "\n       ") }

  /// Text wrapped at word boundaries to `width`, each line after the first
  /// starting with `indent`.
  static func paragraph(_ text: String, width: Int, first: String = "", indent: String = "") -> [String] {
    var lines = [first]
    for word in text.split(separator: " ") {
      let line = lines[lines.count - 1]
      let fresh = line.isEmpty || line == indent || (lines.count == 1 && line == first)
      if !fresh, line.count + 1 + word.count > width {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += (fresh ? "" : " ") + word
      }
    }
    return lines
  }

  /// A flag and its help line, the line at column 23.
  static func row(_ flag: Flag) -> [String] {
    let head = "  " + flag.spelled
    let first = head.count >= 22 ? head + " " : head + String(repeating: " ", count: 23 - head.count)
    return paragraph(flag.help, width: 90, first: first, indent: String(repeating: " ", count: 23))
  }

  /// The line commands in a sentence, from the fill driver's command table.
  static var commands: [String] {
    let named = CommandSpec.commands(for: .fill).filter { $0.arguments != .editorLine }.map { spec in
      spec.words.count > 1
        ? "\(spec.words[0]) (\(spec.words.dropFirst().joined(separator: ", ")))" : spec.usage.joined(separator: ", ")
    }
    return paragraph(
      "Commands at the prompt (? lists them with what each does): " + named.joined(separator: ", ")
        + ". A row is named by its number, its name or its title (any case; a unique beginning is enough)."
        + " In an editor, an empty line keeps the value and \(Command.editorEscape) leaves it unchanged.",
      width: 84)
  }

  /// The exit codes in a sentence, from `ExitCode`'s table, and where each
  /// is said in full (the man page and the reference are written from the
  /// same table).
  static var exitCodes: [String] {
    let codes = ExitCode.allCases.map { "\($0.rawValue) \($0.meaning.brief)" }
    return paragraph(
      "Exit codes: " + codes.joined(separator: ", ") + ". Each in full: man formrun, EXIT STATUS.", width: 72)
  }

  static var text: String {
    var lines = [
      "formrun runs forms written in Lua: fill them at a terminal or from a pipe,",
      "explore them in a REPL, and test them with scripted acceptance tests.",
      "",
      usage,
      "",
      "Filling a form:",
    ]
    lines += Flag.flags(for: .fill).flatMap(row)
    let repl = Flag.flags(for: .repl).map(\.name)
    lines += [""] + paragraph("formrun repl takes \(Arguments.spoken(repl, "and")) as filling does.", width: 84)
    lines +=
      [""]
      + paragraph(
        "FORM.lua may be - (the script is read from stdin, as lua - reads it; the answers then come from"
          + " --set or --answers, submitted at once, or else from the terminal), or left out when -e gives the form.",
        width: 84)
    lines += ["", "Serving a form in a browser (formrun serve FORM):"]
    lines += Flag.flags(for: .serve).flatMap(row)
    lines +=
      [""]
      + paragraph(
        "Each visitor gets the form run afresh; each submission is kept (a JSON line on stdout, or in the"
          + " --collect file) before the page says it was sent. Ctrl-C or SIGTERM stops serve after the requests"
          + " in flight (exit 0).", width: 84)
    lines += ["", "formrun test takes busted's options (formrun test --help lists them), and:"]
    lines += Flag.flags(for: .test).flatMap(row)
    lines +=
      [""]
      + paragraph(
        "formrun new NAME writes a starter form NAME.lua and its spec spec/NAME_spec.lua (with the spec's"
          + " snapshot) into this folder, over no file. formrun lua runs a Lua script with lua's options"
          + " (-e, -l, -v, -E, -W, -, --) on formrun's own Lua 5.4 and the whole standard library, as lua does"
          + " (no interactive mode: formrun repl is formrun's); it is the interpreter formrun test names in arg."
          + " formrun --completions bash|zsh|fish prints the shell's completion script.", width: 84)
    lines += [""]
    lines += [
      "A JSON Schema (a .json file) is a form too: its properties are the rows, nested",
      "objects sections, values come out in the schema's shape and are checked against it.",
      "formrun schema FORM prints the JSON Schema of a form's values; it takes:",
    ]
    lines += Flag.flags(for: .schema).flatMap(row)
    lines += [
      "",
      "The form and prompts go to stderr; the submitted values go to stdout (JSON unless",
      "--format or --field says otherwise).",
    ]
    lines += commands
    lines += [""] + exitCodes
    return lines.joined(separator: "\n")
  }
}
