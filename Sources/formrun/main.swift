import FormRender

#if canImport(Glibc)
  import Glibc
#endif

let version = "formrun 0.1.0"

func main() -> Ending {
  Terminal.settleBacktracer()
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
  case .help:
    Terminal.out(Arguments.help + "\n")
    return .shown
  case .version:
    Terminal.out(version + "\n")
    return .shown
  case .fill(let o): return .fill(Fill.run(o))
  case .repl(let path): return .repl(Repl.run(path: path))
  case .test(let paths, let update):
    return .test(TestCommand.run(paths: paths, updateSnapshots: update))
  }
}

exit(main().exitCode.rawValue)
