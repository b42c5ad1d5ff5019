#if canImport(Glibc)
  import Glibc
#endif

let version = "formrun 0.1.0"

func main() -> ExitCode {
  let args = Array(CommandLine.arguments.dropFirst())
  let invocation: Invocation
  do {
    invocation = try Arguments.parse(args)
  } catch {
    Terminal.ui(["formrun: \(error.message)", Arguments.usage, "(formrun --help says more)"])
    return .usage
  }
  switch invocation {
  case .help:
    Terminal.out(Arguments.help + "\n")
    return .submitted
  case .version:
    Terminal.out(version + "\n")
    return .submitted
  case .fill(let o): return Fill.run(o)
  case .repl(let path): return Repl.run(path: path)
  case .test(let arguments): return TestCommand.run(arguments: arguments)
  }
}

exit(main().rawValue)
