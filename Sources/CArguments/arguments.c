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
