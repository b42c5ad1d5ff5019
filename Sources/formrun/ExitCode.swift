/// The exit codes of the contract (API.md).
enum ExitCode: Int32 {
  case submitted = 0
  case cancelled = 1
  case usage = 2
  case inputEnded = 3
  case interrupted = 130
}
