/// zsh's completion function `_formrun` for compinit (`#compdef formrun`),
/// over `_arguments`: each subcommand's flags with their descriptions, what
/// their values are, the flags each excludes, and its operands.
enum ZshCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "#compdef formrun",
      "# zsh completion for formrun, written by `formrun --completions zsh` from its flag table.",
      "# Put it in a folder of $fpath as _formrun (before compinit), or after compinit: source <(formrun --completions zsh)",
      "",
      "_formrun_first() {",
      "  local -a words",
      "  words=(",
    ]
    for (word, summary) in model.firstWords {
      lines.append("    \(Completions.quoted(escapeColon(word) + ":" + summary))")
    }
    lines += [
      "  )",
      "  _alternative 'words:subcommand:{_describe -t subcommands subcommand words}' 'files:form:_files -g \"*.(lua|json)\"'",
      "}",
      "",
      "_formrun() {",
      "  local sub=fill",
      "  if ((CURRENT > 2)); then",
      "    case $words[2] in",
      "      \(model.commands.compactMap(\.subcommand.word).joined(separator: "|"))) sub=$words[2] ;;",
      "    esac",
      "  fi",
      "  case $sub in",
    ]
    for command in model.commands {
      var specs: [String] = []
      lines.append("    \(command.subcommand.rawValue))")
      if command.subcommand == .fill {
        // the flags that stand alone, only as the first word
        lines.append("      local -a alone")
        lines.append("      ((CURRENT == 2)) && alone=(")
        for spec in model.standalone.flatMap({ self.specs($0, alone: true) }) {
          lines.append("        \(Completions.quoted(spec))")
        }
        lines.append("      )")
      }
      let shown =
        command.subcommand == .fill
        ? command.options.filter { o in !model.standalone.contains { $0.spellings == o.spellings } } : command.options
      specs += shown.flatMap { self.specs($0, alone: false) }
      switch (command.subcommand, command.operands) {
      case (.fill, _): specs.append("1: :_formrun_first")
      case (_, .form): specs.append("1:form:_files -g \"*.(lua|json)\"")
      case (_, .folders): specs.append("*:folder:_files -/")
      case (_, .name): specs.append("1:name: ")
      }
      if command.subcommand != .fill {
        // the subcommand's own words: _arguments starts after its name
        lines.append("      shift words")
        lines.append("      ((CURRENT--))")
      }
      lines.append("      _arguments -s -S " + (command.subcommand == .fill ? "$alone " : "") + "\\")
      for spec in specs { lines.append("        \(Completions.quoted(spec)) \\") }
      lines[lines.count - 1].removeLast(2)
      lines.append("      ;;")
    }
    lines += [
      "  esac", "}", "",
      "# autoloaded from $fpath: complete now; sourced: register the function",
      "if [[ $funcstack[1] == _formrun ]]; then", "  _formrun \"$@\"", "else", "  compdef _formrun formrun", "fi", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// `_arguments` specs of one option, one per spelling.
  static func specs(_ option: CompletionModel.Option, alone: Bool) -> [String] {
    let others = option.spellings.count > 1 ? option.spellings : []
    let exclusion: String
    if alone {
      exclusion = "(- *)"
    } else if !(option.excludes + others).isEmpty && !option.repeatable {
      exclusion = "(" + (option.excludes + others).joined(separator: " ") + ")"
    } else {
      exclusion = ""
    }
    return option.spellings.map { spelling in
      let star = option.repeatable ? "*" : ""
      let description = "[" + escapeBrackets(option.summary) + "]"
      let joined = spelling.hasPrefix("--") ? "=" : "+"
      switch option.value {
      case .none: return exclusion + star + spelling + description
      case .free(let placeholder):
        return exclusion + star + spelling + joined + description + ":" + escapeColon(placeholder) + ": "
      case .words(let words):
        return exclusion + star + spelling + joined + description + ":value:(" + words.joined(separator: " ") + ")"
      case .folders: return exclusion + star + spelling + joined + description + ":folder:_files -/"
      case .files(let extensions):
        let glob = extensions.isEmpty ? "" : " -g \"" + extensions.map { "*." + $0 }.joined(separator: " ") + "\""
        return exclusion + star + spelling + joined + description + ":file:_files" + glob
      }
    }
  }

  static func escapeBrackets(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
      .replacing(":", with: "\\:")
  }

  static func escapeColon(_ text: String) -> String { text.replacing("\\", with: "\\\\").replacing(":", with: "\\:") }
}
