#ifndef FORMRUN_CEDITLINE_SHIM_H
#define FORMRUN_CEDITLINE_SHIM_H
#include <dlfcn.h>
#include <stdio.h>

/* libedit, loaded with dlopen when the REPL on a terminal first needs it: a
   form filled from a pipe or a terminal never pays for loading libedit and
   the libraries it pulls in (ncurses, libbsd) at start-up. The declarations
   follow <editline/readline.h>. */
typedef char **formrun_completion_fn(const char *, int, int);

struct formrun_editline {
  char *(*readline)(const char *);
  int (*add_history)(const char *);
  void (*using_history)(void);
  void (*stifle_history)(int);
  int (*read_history)(const char *);
  int (*write_history)(const char *);
  const char **readline_name;
  FILE **outstream;
  char **line_buffer;
  const char **basic_word_break_characters;
  formrun_completion_fn **attempted_completion_function;
  int *attempted_completion_over;
  int *completion_append_character;
};

/* Fill `e` from libedit; 0 when it cannot be loaded (the caller reads plain lines). */
static inline int formrun_editline_load(struct formrun_editline *e) {
  void *h = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
#define FORMRUN_EDITLINE_SYM(field, name) \
  if (!(*(void **)&e->field = dlsym(h, name))) return 0;
  FORMRUN_EDITLINE_SYM(readline, "readline")
  FORMRUN_EDITLINE_SYM(add_history, "add_history")
  FORMRUN_EDITLINE_SYM(using_history, "using_history")
  FORMRUN_EDITLINE_SYM(stifle_history, "stifle_history")
  FORMRUN_EDITLINE_SYM(read_history, "read_history")
  FORMRUN_EDITLINE_SYM(write_history, "write_history")
  FORMRUN_EDITLINE_SYM(readline_name, "rl_readline_name")
  FORMRUN_EDITLINE_SYM(outstream, "rl_outstream")
  FORMRUN_EDITLINE_SYM(line_buffer, "rl_line_buffer")
  FORMRUN_EDITLINE_SYM(basic_word_break_characters, "rl_basic_word_break_characters")
  FORMRUN_EDITLINE_SYM(attempted_completion_function, "rl_attempted_completion_function")
  FORMRUN_EDITLINE_SYM(attempted_completion_over, "rl_attempted_completion_over")
  FORMRUN_EDITLINE_SYM(completion_append_character, "rl_completion_append_character")
#undef FORMRUN_EDITLINE_SYM
  return 1;
}
#endif
