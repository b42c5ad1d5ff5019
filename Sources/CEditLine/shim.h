/* libedit's native API (histedit.h). Its el_set and history calls are
   variadic, which Swift cannot call: one small wrapper per use. */
#ifndef FORMRUN_CEDITLINE_SHIM_H
#define FORMRUN_CEDITLINE_SHIM_H
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

static inline int formrun_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return el_set(el, EL_PROMPT, prompt);
}
static inline int formrun_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
/* 0: formrun handles the signals itself (restoring the terminal is its job). */
static inline int formrun_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int formrun_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int formrun_el_set_getc(EditLine *el, el_rfunc_t getc) { return el_set(el, EL_GETCFN, getc); }
static inline int formrun_el_add_function(
  EditLine *el, const char *name, const char *help, unsigned char (*fn)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int formrun_el_bind(EditLine *el, const char *key, const char *function) {
  return el_set(el, EL_BIND, key, function, (const char *)NULL);
}
/* Redraw the prompt and the line (after the process was stopped and continued). */
static inline void formrun_el_refresh(EditLine *el) { el_set(el, EL_REFRESH); }

/* A history of at most `size` lines, a line typed twice in a row kept once. */
static inline History *formrun_history_new(int size) {
  HistEvent ev;
  History *h = history_init();
  if (h) {
    history(h, &ev, H_SETSIZE, size);
    history(h, &ev, H_SETUNIQUE, 1);
  }
  return h;
}
static inline int formrun_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}
#endif
