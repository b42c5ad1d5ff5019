import FormCore
import FormRender

#if canImport(Glibc)
  import Glibc
#endif

let version = "formrun 0.1.0"

func main() -> Ending {
  Terminal.settleBacktracer()
  Terminal.catchCrashes()
  Terminal.prepareStreams()
  let args = Array(CommandLine.arguments.dropFirst())
  let invocation: Invocation
  do {
    invocation = try Arguments.parse(args)
  } catch {
    Terminal.ui(["formrun: \(Cells.sanitize(error.message))", Arguments.usage, "(formrun --help says more)"])
    return .badArguments
  }
  switch invocation {
  case .help: return show(Arguments.help)
  case .version: return show(version)
  case .fill(let o): return .fill(Fill.run(o))
  case .repl(let path, let sandbox): return .repl(Repl.run(path: path, sandbox: sandbox))
  case .test(let arguments): return .test(TestCommand.run(arguments: arguments))
  }
}

/// `--help` and `--version` on stdout; a failed write is said.
func show(_ text: String) -> Ending {
  if let error = Terminal.out(text + "\n") {
    Terminal.ui(["formrun: stdout could not be written: \(error)"])
    return .notShown
  }
  return .shown
}

exit(main().exitCode.rawValue)
