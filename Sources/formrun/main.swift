import FormCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(FormrunCommand.main(Array(CommandLine.arguments.dropFirst())))
