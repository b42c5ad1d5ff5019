#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// `--timeout SECONDS`: a wait for input longer than that ends formrun with
/// its own status, the terminal given back and a message said first. The
/// clock runs only while a line is awaited (`awaitingInput`), so a slow
/// handler is not cut short; whatever a draft holds is already on disk.
extension Terminal {
  nonisolated(unsafe) static var timeoutSeconds: UInt32 = 0
  nonisolated(unsafe) static var timeoutStatus: Int32 = 1
  nonisolated(unsafe) static var timeoutMessage: UnsafeMutablePointer<CChar>?

  /// From now on, `seconds` without input ends the run with `status` after
  /// writing `message` (and a line break) to stderr.
  public static func setTimeout(seconds: Int, status: Int32, message: String) {
    timeoutSeconds = UInt32(clamping: seconds)
    timeoutStatus = status
    timeoutMessage = strdup("\n" + message + "\n")
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      Terminal.restore()
      if let m = Terminal.timeoutMessage { _ = Glibc.write(2, m, strlen(m)) }
      _exit(Terminal.timeoutStatus)
    }
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    sigaction(SIGALRM, &action, nil)
    // a parent may have started us with it blocked
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGALRM)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Start the clock (a line is awaited) or stop it (one came).
  public static func awaitingInput(_ on: Bool) {
    guard timeoutSeconds > 0 else { return }
    alarm(on ? timeoutSeconds : 0)
  }
}
