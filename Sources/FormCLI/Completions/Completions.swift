import FormCore

/// The shells `formrun --completions SHELL` writes a script for.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}

/// What the shells complete, read from the flag table and the subcommands:
/// each subcommand's flags (their spellings, what their values are), and
/// what its operands are. The three scripts (`BashCompletion`,
/// `ZshCompletion`, `FishCompletion`) are written from this alone, so a flag
/// added to `Flag.table` is completed by every shell.
struct CompletionModel {
  /// One flag as a shell offers it.
  struct Option {
    /// `--set`; `-h` and `--help`
    var spellings: [String]
    var value: Value
    var repeatable: Bool
    /// The spellings of the flags it cannot go with (both ways).
    var excludes: [String]
    /// A few words of what it does.
    var summary: String
    /// Only as the first word (`--version`, `--completions SHELL`).
    var alone: Bool
  }

  /// What follows a flag.
  enum Value: Equatable {
    case none
    /// one of these words
    case words([String])
    /// a file with one of these extensions (any when empty)
    case files([String])
    /// a folder
    case folders
    /// free text: nothing to offer (the placeholder says what)
    case free(String)
  }

  /// A subcommand: its word (none for filling), its flags, its operands.
  struct Command {
    var subcommand: Subcommand
    var options: [Option]
    var operands: Operands
  }

  var commands: [Command]

  /// The flags that stand alone (first word only).
  var standalone: [Option]

  /// The words that may come first: the subcommands, and standalone flags
  /// spelled as words (`help`).
  var firstWords: [(word: String, summary: String)]

  static var current: CompletionModel {
    let alone = Flag.table.filter { $0.subcommands.isEmpty }.map { option($0, alone: true) }
    let help = Flag.named("--help").map { option($0, alone: false) }
    let commands = Subcommand.allCases.map { sub in
      Command(
        subcommand: sub, options: Flag.flags(for: sub).map { option($0, alone: false) } + (help.map { [$0] } ?? []),
        operands: sub.operands)
    }
    var first = Subcommand.allCases.compactMap { sub in sub.word.map { ($0, sub.summary) } }
    for flag in Flag.table where flag.subcommands.isEmpty {
      for word in flag.aliases where !word.hasPrefix("-") { first.append((word, summary(flag.help))) }
    }
    return CompletionModel(commands: commands, standalone: alone, firstWords: first)
  }

  static func option(_ flag: Flag, alone: Bool) -> Option {
    let value: Value
    switch flag.value {
    case .none: value = .none
    case .choice(_, let words): value = .words(words)
    case .number(let p, _): value = .free(p)
    case .text(let p):
      switch flag.completes {
      case .files(let extensions): value = .files(extensions)
      case .folders: value = .folders
      case .nothing: value = .free(p)
      }
    }
    var excludes = flag.excludes
    for other in Flag.table where other.excludes.contains(flag.name) && !excludes.contains(other.name) {
      excludes.append(other.name)
    }
    return Option(
      spellings: flag.aliases.filter { $0.hasPrefix("-") } + [flag.name], value: value, repeatable: flag.repeatable,
      excludes: excludes, summary: summary(flag.help), alone: alone)
  }

  /// The help line without its parentheses, up to its first `;`: a few
  /// words for a shell's description column.
  static func summary(_ help: String) -> String {
    var out = ""
    var depth = 0
    for ch in help {
      if ch == "(" {
        depth += 1
        if out.hasSuffix(" ") { out.removeLast() }
      } else if ch == ")" {
        depth = max(depth - 1, 0)
      } else if depth == 0 {
        if ch == ";" { break }
        out.append(ch)
      }
    }
    return out.trimmingSpaces
  }

  func command(_ sub: Subcommand) -> Command { commands.first { $0.subcommand == sub }! }
}

enum Completions {
  /// The completion script of `shell`.
  static func script(for shell: Shell) -> String {
    let model = CompletionModel.current
    switch shell {
    case .bash: return BashCompletion.script(model)
    case .zsh: return ZshCompletion.script(model)
    case .fish: return FishCompletion.script(model)
    }
  }

  /// `text` in single quotes for a POSIX shell (a quote inside as `'\''`).
  static func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
}
