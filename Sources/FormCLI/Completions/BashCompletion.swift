/// bash's completion script: one function, `_formrun`, over `COMP_WORDS`
/// (bash-completion's helpers are not needed). A flag's value is completed
/// after the flag or after `--flag=`.
enum BashCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "# bash completion for formrun, written by `formrun --completions bash` from its flag table.",
      "# Load it with: source <(formrun --completions bash)",
      "",
      "_formrun_files() {",
      "  # folders, and the files ending in one of the extensions given (any file when none)",
      "  local IFS=$'\\n' ext",
      "  compopt -o filenames 2>/dev/null",
      "  if (($# == 0)); then",
      "    COMPREPLY+=($(compgen -f -- \"$cur\"))",
      "    return",
      "  fi",
      "  COMPREPLY+=($(compgen -d -- \"$cur\"))",
      "  for ext in \"$@\"; do COMPREPLY+=($(compgen -f -X \"!*.$ext\" -- \"$cur\")); done",
      "}",
      "",
      "_formrun() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" sub=fill first=0",
      "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}",
      "  # bash splits --flag=value at '='",
      "  if [[ $cur == \"=\" ]]; then",
      "    cur=\"\"",
      "  elif [[ $prev == \"=\" ]] && ((COMP_CWORD > 1)); then",
      "    prev=${COMP_WORDS[COMP_CWORD - 2]}",
      "  fi",
      "  COMPREPLY=()",
      "  ((COMP_CWORD == 1)) && first=1",
    ]
    let words = model.commands.compactMap(\.subcommand.word)
    lines += [
      "  if ((COMP_CWORD > 1)); then",
      "    case ${COMP_WORDS[1]} in",
      "      \(words.joined(separator: "|"))) sub=${COMP_WORDS[1]} ;;",
      "    esac",
      "  fi",
      "  # the value of the flag before the word",
      "  case $sub,$prev in",
    ]
    // one case per way of completing, listing every subcommand,flag that completes so
    var cases: [(action: String, patterns: [String])] = []
    func add(_ sub: Subcommand, _ option: CompletionModel.Option) {
      let action = valueCompletion(option.value)
      let patterns = option.spellings.map { "\(sub.rawValue),\($0)" }
      if let i = cases.firstIndex(where: { $0.action == action }) {
        cases[i].patterns += patterns.filter { !cases[i].patterns.contains($0) }
      } else {
        cases.append((action, patterns))
      }
    }
    for option in model.standalone where option.value != .none { add(.fill, option) }
    for command in model.commands {
      for option in command.options where option.value != .none { add(command.subcommand, option) }
    }
    for (action, patterns) in cases {
      lines.append("    \(patterns.joined(separator: "|")))")
      lines.append("      \(action)")
      lines.append("      return ;;")
    }
    lines += ["  esac", "  case $sub in"]
    for command in model.commands {
      var flags = command.options.flatMap(\.spellings)
      lines.append("    \(command.subcommand.rawValue))")
      lines.append("      if [[ $cur == -* ]]; then")
      if command.subcommand == .fill {
        let alone = model.standalone.flatMap(\.spellings)
        lines.append(
          "        ((first)) && COMPREPLY+=($(compgen -W \(Completions.quoted(alone.joined(separator: " "))) -- \"$cur\"))"
        )
        flags.removeAll { alone.contains($0) }
      }
      lines.append("        COMPREPLY+=($(compgen -W \(Completions.quoted(flags.joined(separator: " "))) -- \"$cur\"))")
      lines.append("        return")
      lines.append("      fi")
      if command.subcommand == .fill {
        let first = model.firstWords.map(\.word).joined(separator: " ")
        lines.append("      ((first)) && COMPREPLY+=($(compgen -W \(Completions.quoted(first)) -- \"$cur\"))")
      }
      switch command.operands {
      case .form: lines.append("      _formrun_files lua json")
      case .folders: lines.append("      compopt -o filenames 2>/dev/null; COMPREPLY+=($(compgen -d -- \"$cur\"))")
      case .name: break
      }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "complete -F _formrun formrun", ""]
    return lines.joined(separator: "\n")
  }

  /// The command that fills COMPREPLY with a flag's values.
  static func valueCompletion(_ value: CompletionModel.Value) -> String {
    switch value {
    case .none, .free: return ": free text, nothing to offer"
    case .words(let words):
      return "COMPREPLY=($(compgen -W \(Completions.quoted(words.joined(separator: " "))) -- \"$cur\"))"
    case .files(let extensions): return (["_formrun_files"] + extensions).joined(separator: " ")
    case .folders: return "compopt -o filenames 2>/dev/null; COMPREPLY+=($(compgen -d -- \"$cur\"))"
    }
  }
}
