import FormTerminal
import Testing

@testable import FormCLI

/// Every ending's code comes from `Ending.exitCode`: the ones the timer and
/// Ctrl-C end with too (the timer is given its code; the terminal's own
/// Ctrl-C handler exits with the shell's 128 + SIGINT, which must agree).
struct ExitCodeTests {
  @Test(arguments: [
    (Fill.End.submitted, ExitCode.success), (.cancelled, .failure), (.badFlag, .usage), (.scriptError, .usage),
    (.inputEnded, .inputEnded), (.valuesNotWritten, .outputFailed), (.timedOut, .timedOut),
    (.interrupted, .interrupted),
  ])
  func aFillsEndingHasItsCode(end: Fill.End, code: ExitCode) {
    #expect(Ending.fill(end).exitCode == code)
  }

  @Test func theTerminalsCtrlCIsTheInterruptedCode() {
    #expect(ExitCode.interrupted.rawValue == Terminal.interruptedStatus)
    #expect(ExitCode.timedOut.rawValue == 124)
  }
}
