import FormCore
import FormSession

/// The parts of Docs/ written from the flag table, the command table, the
/// catalogue and the exit codes: the reference's synopsis, flag, message
/// and exit-code tables, the man page's SYNOPSIS, OPTIONS, LINE COMMANDS and
/// EXIT STATUS. Each sits between two marker lines in its file; a test
/// (FormCLITests, `DocsTests`) fails when the checked-in text is not what this
/// writes, and `FORMRUN_RECORD=1` writes it (as swift-format's generated files).
enum Documentation {
  /// A generated part: its name in the markers, the file, and its text.
  struct Part {
    var name: String
    var file: String
    var text: String
  }

  static var parts: [Part] {
    [
      Part(
        name: "usage", file: "Docs/reference.md", text: (["```"] + Help.synopsis() + ["```"]).joined(separator: "\n")),
      Part(name: "flags", file: "Docs/reference.md", text: referenceFlags),
      Part(name: "messages", file: "Docs/reference.md", text: referenceMessages),
      Part(name: "exit codes", file: "Docs/reference.md", text: referenceExitCodes),
      Part(name: "synopsis", file: "Docs/formrun.1", text: manSynopsis),
      Part(name: "options", file: "Docs/formrun.1", text: manOptions),
      Part(name: "line commands", file: "Docs/formrun.1", text: manCommands),
      Part(name: "exit status", file: "Docs/formrun.1", text: manExitCodes),
    ]
  }

  /// The marker lines around a part, in the file's comment syntax.
  static func markers(_ part: Part) -> (begin: String, end: String) {
    let note = "generated: \(part.name) (from Sources/FormCLI; FORMRUN_RECORD=1 swift test --filter DocsTests)"
    if part.file.hasSuffix(".md") { return ("<!-- BEGIN \(note) -->", "<!-- END generated: \(part.name) -->") }
    return (".\\\" BEGIN \(note)", ".\\\" END generated: \(part.name)")
  }

  /// `text` with the part put between its markers; nil when the markers are missing.
  static func splice(_ part: Part, into text: String) -> String? {
    let (begin, end) = markers(part)
    guard let a = text.firstRange(of: begin + "\n"), let b = text[a.upperBound...].firstRange(of: "\n" + end)
    else { return nil }
    return String(text[..<a.upperBound]) + part.text + String(text[b.lowerBound...])
  }

  /// What is between a part's markers in `text`; nil when the markers are missing.
  static func checkedIn(_ part: Part, in text: String) -> String? {
    let (begin, end) = markers(part)
    guard let a = text.firstRange(of: begin + "\n"), let b = text[a.upperBound...].firstRange(of: "\n" + end)
    else { return nil }
    return String(text[a.upperBound..<b.lowerBound])
  }

  // MARK: the reference (Markdown)

  static var referenceFlags: String {
    var lines = ["| flag | for | meaning | example |", "|---|---|---|---|"]
    for flag in Flag.table {
      let subcommands = Subcommand.allCases.filter(flag.subcommands.contains).map(\.rawValue)
      let usedBy = subcommands.isEmpty ? "all" : subcommands.joined(separator: ", ")
      lines.append("| `\(flag.spelled)` | \(usedBy) | \(cell(flag.reference)) | `\(flag.example)` |")
    }
    return lines.joined(separator: "\n")
  }

  /// The message catalogue's keys: what each says, its English text and placeholders.
  static var referenceMessages: String {
    var lines = ["| key | says | English | placeholders |", "|---|---|---|---|"]
    for e in Catalogue.documented {
      let english = e.one.map { "`\(code(e.text))` (one: `\(code($0))`)" } ?? "`\(code(e.text))`"
      let slots = (Catalogue.english.placeholders(of: e.key) ?? []).map { "`{\($0)}`" }.joined(separator: " ")
      lines.append("| `\(e.key)` | \(cell(e.about)) | \(cell(english)) | \(slots) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The exit codes and what each means (`ExitCode`).
  static var referenceExitCodes: String {
    let rows = ExitCode.allCases.map { "| `\($0.rawValue)` | \(cell($0.meaning.full)) |" }
    return (["| code | meaning |", "|---|---|"] + rows).joined(separator: "\n")
  }

  /// A phrase in a code span: line breaks shown as `\n`, backticks as quotes.
  static func code(_ text: String) -> String {
    text.replacing("\n", with: "\\n").replacing("`", with: "'")
  }

  /// Text for a table cell: its bars escaped.
  static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }

  // MARK: the man page (roff)

  static var manSynopsis: String {
    Help.synopsis(width: 1000).map { line -> String in
      let words = line.split(separator: " ").map(String.init)
      return ".B formrun\n" + words.dropFirst().map(roffSynopsisWord).joined(separator: "\n")
    }.joined(separator: "\n.br\n")
  }

  /// One word of a synopsis line, bold where it is typed, italic where it is a placeholder.
  static func roffSynopsisWord(_ word: String) -> String {
    if word.hasPrefix("-") || word.hasPrefix("[-") || ["repl", "schema", "test", "new", "lua", "|"].contains(word) {
      return ".RB " + quote(word)
    }
    return ".RI " + quote(word)
  }

  static func quote(_ word: String) -> String { "\"" + escape(word) + "\"" }

  static var manOptions: String {
    Flag.table.map { flag in
      let names = (flag.aliases.filter { $0.hasPrefix("-") } + [flag.name]).map(escape).joined(separator: ", ")
      let head =
        flag.value.placeholder.map { ".BI \"\(names) \" \(escape($0))" } ?? ".B \(names)"
      return ".TP\n\(head)\n" + sentence(roff(flag.manual ?? flag.reference))
    }.joined(separator: "\n")
  }

  static var manCommands: String {
    CommandSpec.commands(for: .fill).map { spec in
      let usage = spec.usage.map { alternative in
        alternative.split(separator: " ").map { token in
          let t = String(token)
          let placeholder = t.allSatisfy { $0.isUppercase || "[]-".contains($0) } && t.contains(where: \.isUppercase)
          return placeholder ? "\\fI\(escape(t))\\fR" : "\\fB\(escape(t))\\fR"
        }.joined(separator: " ")
      }.joined(separator: ", ")
      return ".TP\n\(usage)\n" + sentence(roff(spec.manual))
    }.joined(separator: "\n")
  }

  static var manExitCodes: String {
    ExitCode.allCases.map { ".TP\n.B \($0.rawValue)\n" + sentence(roff($0.meaning.full)) }.joined(separator: "\n")
  }

  /// Capitalised, ending with a full stop.
  static func sentence(_ text: String) -> String {
    var out = text.prefix(1).uppercased() + text.dropFirst()
    if !out.hasSuffix(".") { out += "." }
    return out
  }

  /// Backslashes and hyphens as roff writes them.
  static func escape(_ text: String) -> String { text.replacing("\\", with: "\\e").replacing("-", with: "\\-") }

  /// The docs' Markdown as roff: `code` bold (its hyphens as `\-`), links as
  /// their text, a line never starting with a control character.
  static func roff(_ markdown: String) -> String {
    var out = ""
    var rest = Substring(markdown.replacing("\\", with: "\\e"))
    while let tick = rest.firstIndex(where: { $0 == "`" || $0 == "[" }) {
      out += rest[..<tick]
      if rest[tick] == "`" {
        let after = rest.index(after: tick)
        guard let close = rest[after...].firstIndex(of: "`") else {
          rest = rest[tick...]
          break
        }
        out += "\\fB" + rest[after..<close].replacing("-", with: "\\-") + "\\fR"
        rest = rest[rest.index(after: close)...]
      } else {
        let after = rest.index(after: tick)
        guard let close = rest[after...].firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix("("),
          let paren = rest[close...].firstIndex(of: ")")
        else {
          out += "["
          rest = rest[after...]
          continue
        }
        out += rest[after..<close]
        rest = rest[rest.index(after: paren)...]
      }
    }
    out += rest
    return out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
