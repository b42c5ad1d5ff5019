import CArguments
import FormCore
import FormLua
import FormTerminal

/// The `formrun` command: what `main` hands its arguments to.
public enum FormrunCommand {
  /// The version line `--version` prints.
  public static let version = "formrun 0.1.0"

  /// The process's arguments after the program's name, as the C library
  /// passed them (`CArguments`: no /proc needed), else `CommandLine`'s.
  public static func processArguments() -> [String] {
    let argc = Int(formrun_argc())
    guard argc > 0 else { return Array(CommandLine.arguments.dropFirst()) }
    return (1..<argc).map { String(cString: formrun_argv(Int32($0))) }
  }

  /// Run `formrun` with `arguments` (without the program's name) and give
  /// the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    Terminal.settleBacktracer()
    Terminal.catchCrashes()
    Terminal.prepareStreams()
    Terminal.stopsRunningCode = { LuaInterrupt.request() }
    return run(arguments).exitCode.rawValue
  }

  static func run(_ args: [String]) -> Ending {
    let invocation: Invocation
    do throws(UsageError) {
      // the arguments as given, when they are the process's own (not for
      // `formrun test`: busted's are passed on as they are)
      let raw = RawArguments.current()
      if args.first != "test", args.first != "lua", raw.count == args.count, let problem = RawArguments.problem(raw) {
        throw problem
      }
      invocation = try Arguments.parse(args)
    } catch {
      Terminal.ui(["formrun: \(Cells.sanitize(error.message))", Help.usage, "(formrun --help says more)"])
      return .badArguments
    }
    switch invocation {
    case .help: return show(Help.text)
    case .version: return show(version)
    case .fill(let o): return .fill(Fill.run(o))
    case .repl(let o): return .repl(Repl.run(o))
    case .schema(let o): return .schema(SchemaCommand.run(o))
    case .test(let arguments): return .test(TestCommand.run(arguments: arguments))
    case .new(let name): return .new(NewCommand.run(name: name))
    case .serve(let o): return .serve(ServeCommand.run(o))
    case .lua(let arguments): return .lua(LuaCommand.run(arguments: arguments))
    case .completions(let shell): return show(Completions.script(for: shell), newline: false)
    }
  }

  /// `--help`, `--version` and `--completions` on stdout; a failed write is said.
  static func show(_ text: String, newline: Bool = true) -> Ending {
    if let error = Terminal.out(newline ? text + "\n" : text) {
      Terminal.ui(["formrun: stdout could not be written: \(error)"])
      return .notShown
    }
    return .shown
  }
}
