import CArguments
import FormCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The arguments after the program's name: as the C library passed them (which needs no /proc,
/// where Swift's CommandLine looks for them on Linux), else CommandLine's.
let arguments =
  formrun_argc() > 0
  ? (1..<formrun_argc()).map { String(cString: formrun_argv(Int32($0))) }
  : Array(CommandLine.arguments.dropFirst())
exit(FormrunCommand.main(arguments))
