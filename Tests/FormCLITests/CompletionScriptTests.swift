import Testing

@testable import FormCLI

/// The completion scripts are written from the flag table and the
/// subcommands: every flag, value and subcommand reaches every shell. (The
/// scripts are run through bash, zsh and fish by Tests/Completions/check,
/// which CLITests' `CompletionCLITests` calls.)
struct CompletionScriptTests {
  @Test(arguments: Shell.allCases)
  func everyFlagOfTheTableIsOffered(shell: Shell) {
    let script = Completions.script(for: shell)
    for flag in Flag.table {
      for spelling in flag.aliases.filter({ $0.hasPrefix("-") }) + [flag.name] {
        // fish spells them -l name / -s e
        let word =
          shell == .fish
          ? (spelling.hasPrefix("--") ? "-l " + spelling.dropFirst(2) : "-s " + spelling.dropFirst()) : spelling
        #expect(script.contains(word), "the \(shell) script lacks \(spelling)")
      }
      if case .choice(_, let words) = flag.value {
        let list = shell == .zsh ? "(" + words.joined(separator: " ") + ")" : words.joined(separator: " ")
        #expect(script.contains(list), "the \(shell) script lacks the values of \(flag.name)")
      }
    }
    for sub in Subcommand.allCases {
      if let word = sub.word { #expect(script.contains(word), "the \(shell) script lacks \(word)") }
    }
  }

  @Test func theModelReadsTheTable() {
    let model = CompletionModel.current
    #expect(model.firstWords.map(\.word) == ["repl", "test", "schema", "new", "serve", "lua", "help"])
    #expect(model.standalone.map(\.spellings) == [["--completions"], ["-h", "--help"], ["--version"]])
    let fill = model.command(.fill)
    let format = fill.options.first { $0.spellings == ["--format"] }
    #expect(format?.value == .words(["json", "sh", "tsv"]))
    // --field excludes --format; --format, in turn, names --field
    #expect(format?.excludes == ["--field"])
    #expect(fill.options.first { $0.spellings == ["--answers"] }?.value == .files(["json"]))
    #expect(fill.options.first { $0.spellings == ["-e"] }?.repeatable == true)
    #expect(model.command(.test).operands == .folders)
    #expect(model.command(.repl).options.contains { $0.spellings == ["--sandbox"] })
    #expect(!model.command(.repl).options.contains { $0.spellings == ["--guided"] })
  }

  @Test func descriptionsAreTheHelpWithoutItsAsides() {
    #expect(
      CompletionModel.summary("auto (default: when stderr is a terminal), always or never") == "auto, always or never")
    #expect(
      CompletionModel.summary("keep the values in FILE (a draft); at a terminal, more") == "keep the values in FILE")
  }

  @Test func quotingSurvivesQuotes() {
    #expect(Completions.quoted("it's") == #"'it'\''s'"#)
    #expect(FishCompletion.quoted(#"it's a\b"#) == #"'it\'s a\\b'"#)
    #expect(ZshCompletion.escapeBrackets("a [b]: c") == #"a \[b\]\: c"#)
  }
}
