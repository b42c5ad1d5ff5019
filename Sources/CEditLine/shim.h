/* libedit's native API (histedit.h), opened with dlopen when a terminal
   first asks for the line editor: a piped run (scripts, tests, the start-up
   benchmark) never loads libedit and what it links (libtinfo, libbsd, libmd).
   Its el_set and history calls are variadic, which Swift cannot call: one
   small wrapper per use. Only FormTerminal's LineEditor.swift calls these
   (the library's state below is one per file that includes this header). */
#ifndef FORMRUN_CEDITLINE_SHIM_H
#define FORMRUN_CEDITLINE_SHIM_H
#include <dlfcn.h>
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/* The libedit functions formrun calls, found by name in the library. */
struct formrun_editline {
  EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
  void (*el_end)(EditLine *);
  int (*el_set)(EditLine *, int, ...);
  int (*el_source)(EditLine *, const char *);
  void (*el_push)(EditLine *, const char *);
  const char *(*el_gets)(EditLine *, int *);
  void (*el_resize)(EditLine *);
  const LineInfo *(*el_line)(EditLine *);
  int (*el_insertstr)(EditLine *, const char *);
  void (*el_deletestr)(EditLine *, int);
  History *(*history_init)(void);
  void (*history_end)(History *);
  int (*history)(History *, HistEvent *, int, ...);
};

static inline struct formrun_editline *formrun_editline(void) {
  static struct formrun_editline lib;
  return &lib;
}

/* 1 when libedit is loaded (it is loaded the first time this is asked, and
   stays loaded); 0 when it cannot be had: the caller reads plain lines. */
static inline int formrun_editline_open(void) {
  static int state; /* 0 not tried, 1 loaded, -1 missing */
  if (state) return state > 0;
  state = -1;
  void *h = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
  struct formrun_editline *e = formrun_editline();
#define FORMRUN_EL_FIND(name) \
  if (!(*(void **)&e->name = dlsym(h, #name))) return 0;
  FORMRUN_EL_FIND(el_init)
  FORMRUN_EL_FIND(el_end)
  FORMRUN_EL_FIND(el_set)
  FORMRUN_EL_FIND(el_source)
  FORMRUN_EL_FIND(el_push)
  FORMRUN_EL_FIND(el_gets)
  FORMRUN_EL_FIND(el_resize)
  FORMRUN_EL_FIND(el_line)
  FORMRUN_EL_FIND(el_insertstr)
  FORMRUN_EL_FIND(el_deletestr)
  FORMRUN_EL_FIND(history_init)
  FORMRUN_EL_FIND(history_end)
  FORMRUN_EL_FIND(history)
#undef FORMRUN_EL_FIND
  state = 1;
  return 1;
}

/* Callers ask formrun_editline_open() first. */
static inline EditLine *formrun_el_init(const char *prog, FILE *in, FILE *out, FILE *err) {
  return formrun_editline()->el_init(prog, in, out, err);
}
static inline void formrun_el_end(EditLine *el) { formrun_editline()->el_end(el); }
static inline int formrun_el_source(EditLine *el, const char *file) { return formrun_editline()->el_source(el, file); }
static inline void formrun_el_push(EditLine *el, const char *text) { formrun_editline()->el_push(el, text); }
static inline const char *formrun_el_gets(EditLine *el, int *count) { return formrun_editline()->el_gets(el, count); }
static inline void formrun_el_resize(EditLine *el) { formrun_editline()->el_resize(el); }
static inline const LineInfo *formrun_el_line(EditLine *el) { return formrun_editline()->el_line(el); }
static inline int formrun_el_insertstr(EditLine *el, const char *text) {
  return formrun_editline()->el_insertstr(el, text);
}
static inline void formrun_el_deletestr(EditLine *el, int count) { formrun_editline()->el_deletestr(el, count); }
static inline void formrun_history_end(History *h) { formrun_editline()->history_end(h); }

static inline int formrun_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return formrun_editline()->el_set(el, EL_PROMPT, prompt);
}
static inline int formrun_el_set_editor(EditLine *el, const char *mode) {
  return formrun_editline()->el_set(el, EL_EDITOR, mode);
}
/* 0: formrun handles the signals itself (restoring the terminal is its job). */
static inline int formrun_el_set_signal(EditLine *el, int on) { return formrun_editline()->el_set(el, EL_SIGNAL, on); }
static inline int formrun_el_set_history(EditLine *el, History *h) {
  return formrun_editline()->el_set(el, EL_HIST, formrun_editline()->history, h);
}
static inline int formrun_el_set_getc(EditLine *el, el_rfunc_t getc) {
  return formrun_editline()->el_set(el, EL_GETCFN, getc);
}
static inline int formrun_el_add_function(
  EditLine *el, const char *name, const char *help, unsigned char (*fn)(EditLine *, int)) {
  return formrun_editline()->el_set(el, EL_ADDFN, name, help, fn);
}
static inline int formrun_el_bind(EditLine *el, const char *key, const char *function) {
  return formrun_editline()->el_set(el, EL_BIND, key, function, (const char *)NULL);
}
/* Redraw the prompt and the line (after the process was stopped and continued). */
static inline void formrun_el_refresh(EditLine *el) { formrun_editline()->el_set(el, EL_REFRESH); }

/* A history of at most `size` lines, a line typed twice in a row kept once. */
static inline History *formrun_history_new(int size) {
  HistEvent ev;
  struct formrun_editline *e = formrun_editline();
  History *h = e->history_init();
  if (h) {
    e->history(h, &ev, H_SETSIZE, size);
    e->history(h, &ev, H_SETUNIQUE, 1);
  }
  return h;
}
static inline int formrun_history_enter(History *h, const char *line) {
  HistEvent ev;
  return formrun_editline()->history(h, &ev, H_ENTER, line);
}
#endif
