/// fish's completions: one `complete` line a flag and subcommand, each
/// guarded by the subcommand the command line is in.
enum FishCompletion {
  static func script(_ model: CompletionModel) -> String {
    let words = model.commands.compactMap(\.subcommand.word)
    var lines = [
      "# fish completion for formrun, written by `formrun --completions fish` from its flag table.",
      "# Put it in ~/.config/fish/completions/formrun.fish, or: formrun --completions fish | source",
      "",
      "function __formrun_subcommand",
      "    set -l words (commandline -opc)",
      "    if test (count $words) -ge 2; and contains -- $words[2] \(words.joined(separator: " "))",
      "        echo $words[2]",
      "    else",
      "        echo fill",
      "    end",
      "end",
      "",
      "# folders, and the files ending in one of the suffixes given",
      "function __formrun_files",
      "    set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))",
      "    for suffix in $argv",
      "        for f in $token*$suffix",
      "            test -f $f; and echo $f",
      "        end",
      "    end",
      "    for d in $token*/",
      "        echo $d",
      "    end",
      "end",
      "",
      "function __formrun_first",
      "    test (count (commandline -opc)) -eq 1",
      "end",
      "",
      "complete -c formrun -f",
    ]
    for (word, summary) in model.firstWords {
      lines.append("complete -c formrun -n __formrun_first -a \(word) -d \(quoted(summary))")
    }
    for option in model.standalone {
      lines.append("complete -c formrun -n __formrun_first " + flagWords(option))
    }
    for command in model.commands {
      let guarded = "complete -c formrun -n " + quoted("test (__formrun_subcommand) = \(command.subcommand.rawValue)")
      // filling's standalone flags were offered as first words above
      let alone = command.subcommand == .fill ? model.standalone.map(\.spellings) : []
      for option in command.options where !alone.contains(option.spellings) {
        lines.append(guarded + " " + flagWords(option))
      }
      switch command.operands {
      case .form: lines.append(guarded + " -a " + quoted("(__formrun_files .lua .json)"))
      case .folders: lines.append(guarded + " -a " + quoted("(__fish_complete_directories)"))
      case .name: break
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  /// `-l set -s e -x -a '…' -d '…'`: the spellings, then what the value is.
  static func flagWords(_ option: CompletionModel.Option) -> String {
    var parts: [String] = []
    for spelling in option.spellings {
      if spelling.hasPrefix("--") {
        parts.append("-l " + spelling.dropFirst(2))
      } else {
        parts.append("-s " + spelling.dropFirst())
      }
    }
    switch option.value {
    case .none: break
    case .free: parts.append("-x")
    case .words(let words): parts += ["-x", "-a", quoted(words.joined(separator: " "))]
    case .folders: parts += ["-x", "-a", quoted("(__fish_complete_directories)")]
    case .files(let extensions):
      if extensions.isEmpty {
        parts += ["-r", "-F"]
      } else {
        parts += ["-x", "-a", quoted("(__formrun_files " + extensions.map { "." + $0 }.joined(separator: " ") + ")")]
      }
    }
    parts += ["-d", quoted(option.summary)]
    return parts.joined(separator: " ")
  }

  /// fish's single quotes: a backslash or quote inside escaped.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
