#include "CArguments.h"

static int saved_argc;
static char **saved_argv;

/* glibc calls the main program's constructors with argc, argv and envp
 * (before main, before any Swift code), so they are kept here. */
__attribute__((constructor)) static void formrun_keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  if (argc > 0 && argv != 0) {
    saved_argc = argc;
    saved_argv = argv;
  }
}

int formrun_argc(void) { return saved_argc; }

const char *formrun_argv(int index) {
  return index >= 0 && index < saved_argc ? saved_argv[index] : "";
}

/* Where Swift's CommandLine takes argc and argv from. The runtime's own
 * (CommandLine.cpp in the Swift library) finds them at start-up by reading
 * /proc/self/maps for the stack's bounds, in a constructor that runs in every
 * process whether CommandLine is used or not: an open and a few reads of a
 * file the kernel writes out, about a fiftieth of a piped fill's start, and
 * nothing at all where /proc is not mounted. In the binary linked with the
 * Swift library inside it, this definition comes first, so the library's
 * is not linked (nor its constructor); where the library is shared, its own
 * stays in use and gives the same. */
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  static char *none[] = {0};
  if (saved_argc > 0) {
    *outArgLen = saved_argc;
    return saved_argv;
  }
  *outArgLen = 0;
  return none;
}

#ifdef FORMRUN_STATIC_SWIFT
#include <stdlib.h>
#include <unistd.h>

/* Swift's crash handler reads SWIFT_BACKTRACE once, in the runtime's own
 * constructor; its default at a terminal is interactive (after a crash it
 * holds the terminal 30 s waiting for a key). When the runtime is linked into
 * the binary (Scripts/lib.sh's release flags, which define
 * FORMRUN_STATIC_SWIFT), this constructor runs before the runtime's (a
 * constructor with a priority runs before those without one in the same
 * binary), so `interactive=no` is set here, where formrun would otherwise
 * have to start itself once more with it (Terminal.settleBacktracer, which
 * then finds the variable set and does nothing). A setting the user made is
 * kept. */
__attribute__((constructor(101))) static void formrun_settle_backtracer(void) {
  if (getenv("SWIFT_BACKTRACE") == 0 && (isatty(0) || isatty(1) || isatty(2)))
    setenv("SWIFT_BACKTRACE", "interactive=no", 1);
}
#endif
