/// The exit codes (Docs/reference.md, *Exit codes*).
enum ExitCode: Int32 {
  case submitted = 0
  case cancelled = 1
  case usage = 2
  case inputEnded = 3
  case interrupted = 130
}
