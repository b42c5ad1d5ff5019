import FormServe

/// The exit codes of the contract, named for what they mean. `meaning` is
/// the one table of what each says: `--help`'s list, the reference's *Exit
/// codes* and the man page's EXIT STATUS are written from it.
enum ExitCode: Int32, CaseIterable {
  /// the work was done: values submitted, tests passed, help shown
  case success = 0
  /// the work was not done: the form cancelled, a test failed
  case failure = 1
  /// a bad flag or argument, an unreadable file, or a script error
  case usage = 2
  /// input ended before a submit was accepted
  case inputEnded = 3
  /// the values could not be written to stdout (a full disk, a closed pipe)
  case outputFailed = 4
  /// `--timeout SECONDS` passed with no input (as coreutils' timeout(1) ends)
  case timedOut = 124
  /// Ctrl-C
  case interrupted = 130

  /// What the code means: a few words for `--help`, and the reference's
  /// sentence (Markdown; the man page has it as roff).
  var meaning: (brief: String, full: String) {
    switch self {
    case .success:
      return (
        "submitted",
        "submitted (values on stdout); `--help`, `--version`; `formrun test` with no failure; the REPL left with Ctrl-D;"
          + " `formrun serve` stopped by Ctrl-C or SIGTERM (without `--once`); `formrun lua` whose script ran"
      )
    case .failure:
      return (
        "cancelled",
        "cancelled (also in the page, `formrun serve --once`); `formrun test` with a failing or erroring test (or no"
          + " test files); `formrun lua` after an error or a bad option (lua.c's status; `os.exit(n)` exits with `n`)"
      )
    case .usage:
      return (
        "usage or script error",
        "usage error or script error (the message names `file:line`); a draft that cannot be read, or one neither"
          + " resumed nor removed without a terminal ([Drafts](#drafts)); `formrun test` with a bad option, or"
          + " without busted installed"
      )
    case .inputEnded:
      return (
        "input ended before a submit was accepted",
        "input ended before a submit was accepted — also `--submit` with errors"
      )
    case .outputFailed:
      return (
        "the values could not be written to stdout",
        "the values could not be written to stdout (a full disk, stdout closed, a closed pipe); the message says why"
      )
    case .timedOut:
      return (
        "no input for --timeout's seconds",
        "`--timeout SECONDS` passed with no input while formrun waited for a line (the message says so; a draft"
          + " keeps what was entered)"
      )
    case .interrupted:
      return (
        "interrupted",
        "interrupted (Ctrl-C at the prompt, or `Ctrl-\\`; `formrun serve --once` before a submission); Ctrl-C while a"
          + " handler runs stops only the handler (`file:line: interrupted`) and the form goes on"
      )
    }
  }
}

/// How a run ended, per subcommand; `exitCode` is the one place that maps an
/// ending to its code.
enum Ending {
  /// `--help`, `--version`
  case shown
  /// `--help`, `--version` when stdout could not be written
  case notShown
  /// a bad command line, before any subcommand ran
  case badArguments
  case fill(Fill.End)
  case repl(Repl.End)
  case test(TestCommand.End)
  case new(NewCommand.End)
  case serve(ServeEnd)
  case schema(SchemaCommand.End)
  case lua(LuaCommand.End)

  var exitCode: ExitCode {
    switch self {
    case .shown: return .success
    case .notShown: return .outputFailed
    case .badArguments: return .usage
    case .fill(let end):
      switch end {
      case .submitted: return .success
      case .cancelled: return .failure
      case .scriptError, .badFlag: return .usage
      case .inputEnded: return .inputEnded
      case .valuesNotWritten: return .outputFailed
      case .timedOut: return .timedOut
      case .interrupted: return .interrupted
      }
    case .repl(let end):
      switch end {
      case .submitted, .inputEnded: return .success
      case .cancelled: return .failure
      case .scriptError: return .usage
      case .valuesNotWritten: return .outputFailed
      }
    case .test(let end):
      switch end {
      case .passed: return .success
      case .failed: return .failure
      case .badArguments: return .usage
      case .reportNotWritten: return .outputFailed
      }
    case .new(let end):
      switch end {
      case .written: return .success
      case .refused: return .usage
      }
    case .serve(let end):
      switch end {
      case .stopped, .submitted: return .success
      case .cancelled: return .failure
      case .failed: return .usage
      case .notWritten: return .outputFailed
      case .interrupted: return .interrupted
      }
    case .schema(let end):
      switch end {
      case .done: return .success
      case .refused: return .usage
      case .notValid: return .inputEnded
      case .notWritten: return .outputFailed
      }
    // lua.c's EXIT_SUCCESS and EXIT_FAILURE (os.exit ends the process itself)
    case .lua(let end): return end == .ran ? .success : .failure
    }
  }
}
