import FormCLI

#if canImport(Glibc)
  import Glibc
#endif

// No closure here: top-level code is the main actor's, and a closure made in
// it is checked to run there, which links Swift's concurrency runtime (and
// libdispatch, and their start-up work) into the binary for nothing.
exit(FormrunCommand.main(FormrunCommand.processArguments()))
