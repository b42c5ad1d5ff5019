/* The C side of formrun's Lua boundary, as Swift sees it: the API of
 * Sources/CLuaBoundary (its implementation), and shims for the parts of
 * Lua's C API that Swift cannot import (macros, variadic functions).
 *
 * LuaState (FormLua) owns every rule of the boundary; what must be C lives
 * in CLuaBoundary:
 * - the counting allocator and the memory cap of form code;
 * - protected calls (formrun_call) with an instruction budget, a time
 *   budget and Ctrl-C, whatever the code calls (nested host calls, C
 *   functions that run long), and formrun's hook chained with any hook a
 *   trusted caller (a spec, a coverage tool) set;
 * - the trampoline host (Swift) functions are called through;
 * - the forms' library: pattern functions with a budgeted matcher that works
 *   on Lua's own buffers, text-only loading, `require` through
 *   `package.searchers`, pcall and coroutines that cannot swallow a spent
 *   budget, and the isolated environments `formrun.open` gives forms.
 *
 * Nothing there raises a Lua error with a Swift frame between it and the
 * protected call that catches it: errors are raised only from C functions
 * Lua called. */
#ifndef FORMRUN_CLUA_SHIM_H
#define FORMRUN_CLUA_SHIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* Why a protected call stopped (formrun_call's `stopped`). */
enum {
  FORMRUN_RAN = 0,           /* it was not stopped */
  FORMRUN_INSTRUCTIONS = 1,  /* its instruction budget ran out */
  FORMRUN_MEMORY = 2,        /* Lua code asked for more memory than the cap */
  FORMRUN_INTERRUPTED = 3,   /* Ctrl-C */
  FORMRUN_TIME = 4,          /* its time budget ran out */
};

typedef struct formrun_level formrun_level;

/* The state of one lua_State's limits (the allocator's `ud`). */
typedef struct formrun_limits {
  size_t used;           /* bytes Lua holds now */
  size_t limit;          /* the cap of form code, in bytes; 0 = none */
  int relative;          /* the cap counts from what the heap held when
                          * trusted code first called form code (tests),
                          * else from nothing (fill, REPL) */
  size_t ceiling;        /* refuse allocations of Lua code above this; 0 = none */
  int refused;           /* the cap refused an allocation in the running call */
  int host;              /* > 0 while host (Swift) code runs: never refuse then.
                          * It starts at 1: only formrun_call lowers it (for
                          * the Lua code it runs), and the trampoline raises it
                          * again around every host function. */
  long long budget;      /* instructions the running form code may still run; -1 = none */
  int64_t deadline;      /* CLOCK_MONOTONIC nanoseconds it must end by; 0 = none */
  int64_t seconds_ns;    /* the time budget the deadline came from (for messages) */
  lua_State *current;    /* the thread the running host function was called on
                          * (a coroutine's, not always the main one); NULL when
                          * no host function runs */
  lua_State *running;    /* the thread running the innermost form code (what a
                          * timer or Ctrl-C must reach) */
  formrun_level *level;  /* the innermost protected call */
  int printed;           /* bytes `print` kept in the running form call (see formrun_printed) */
  int64_t waited;        /* nanoseconds form calls spent waiting for a person (formrun_waiting) */
  volatile int64_t waiting;         /* when the wait under way began; 0 = none */
  volatile sig_atomic_t calls;      /* protected calls into form code under way */
  volatile sig_atomic_t interrupt;  /* Ctrl-C asked for while calls are under way */
  volatile sig_atomic_t halted;     /* Ctrl-C seen: every form call under way stops */
  volatile sig_atomic_t late;       /* the innermost deadline has passed */
  volatile sig_atomic_t urgent;     /* the hook was set to fire at once */
} formrun_limits;

/* What one protected call runs under. */
typedef struct formrun_callspec {
  long long instructions;  /* its instruction budget; -1 = none */
  double seconds;          /* its time budget; 0 = none */
  int trusted;             /* trusted code (a spec): no budget, no cap, its own hooks */
  int context;             /* registry reference of the context to run in
                            * (string metatable, default files); LUA_NOREF = the current one */
} formrun_callspec;

/* ---- the state ---------------------------------------------------------- */

/* A state whose allocations `lim` counts; NULL when out of memory. */
lua_State *formrun_newstate(formrun_limits *lim);
/* The limits of L's state (NULL for a state formrun did not make). */
formrun_limits *formrun_getlimits(lua_State *L);

/* Call the function below `nargs` arguments under a traceback handler and
 * `spec`. `stopped` tells why the call was stopped, if it was (an error
 * then, unless the code caught it: see LuaState.call). */
int formrun_call(lua_State *L, int nargs, int nresults, const formrun_callspec *spec, int *stopped);

/* Call formrun's own Lua (or a C function) from host code: no budget, the
 * memory guard left raised; only a bug in formrun can fail it. */
int formrun_hostcall(lua_State *L, int nargs, int nresults);

/* From a SIGINT handler: true when a form call is under way and will stop
 * (at once, even inside a long C function, as soon as that returns). */
int formrun_interrupt(formrun_limits *lim);

/* A host function waits for a person (formrun.confirm asks a question):
 * from formrun_waiting to formrun_waited the clock of the running form calls'
 * time budgets stands still, so a slow answer does not stop the handler. */
void formrun_waiting(formrun_limits *lim);
void formrun_waited(formrun_limits *lim);

/* Whether the budget of the form call running now is spent (then nothing in
 * it may go on). */
int formrun_spent(lua_State *L);

/* Count `bytes` of `print` output the host keeps for the running form call;
 * false when that passes `limit` (the print then raises). */
int formrun_printed(lua_State *L, size_t bytes, size_t limit);

/* ---- host functions ----------------------------------------------------- */

/* A host function returns the number of results, or -1 with an error message
 * on top of the stack; only the C trampoline raises it. */
typedef int (*formrun_hostfn)(lua_State *L);

/* Push a Lua function calling `fn`, with `extra` upvalues taken from the
 * stack (they become upvalues 2...). */
void formrun_pushhost(lua_State *L, formrun_hostfn fn, int extra);

/* Push the `__index` of a bound type calling `fn` (its upvalue 2: the
 * integer below the top two), which first looks a string key up in the
 * table below the top (members every object has) for a live object of the
 * tag on top, without calling `fn`. Takes the three values. */
void formrun_pushhostindex(lua_State *L, formrun_hostfn fn);

/* How many results the caller of the running host function takes: 0 for a
 * call statement, LUA_MULTRET (-1) for all or when that cannot be known. */
int formrun_resultswanted(lua_State *L);

/* Whether the `__index` running now was asked by a method call (`o:m()`):
 * 1 yes, 0 no (a read such as `o.m`, or a caller that is not Lua), -1 when
 * that cannot be known (another Lua than the one checked at the start). */
int formrun_indexedformethod(lua_State *L);

/* debug.traceback as Lua's: the same text, the function names found in one
 * walk of package.loaded for all levels instead of one a level. */
int formrun_debug_traceback(lua_State *L);

/* Push "chunk:line: " of the nearest line of Lua code from `level` up ("" when
 * there is none). */
void formrun_where(lua_State *L, int level);

/* ---- the forms' library ------------------------------------------------- */

/* Once per state, with the whole standard library open: keep Lua's own
 * functions formrun wraps, make the forms' library (a template every form
 * environment copies) and the state's first context. */
void formrun_openboundary(lua_State *L);

/* Give the state's own globals (a form run by `formrun form.lua`, the REPL)
 * the forms' library, in place: the real `string`, `io`, `package`… tables
 * keep their identity. With `sandbox`, the sandbox's set. */
void formrun_restrictglobals(lua_State *L, int sandbox);

/* Push a fresh environment for a form (`formrun.open`): its own globals and
 * library tables (copies of the template), its own `print` (the function on
 * top of the stack, popped), `load`, `require` bound to it, and a context of
 * its own (its string methods and default files); the context's registry
 * reference goes to `*context`. */
void formrun_pushenvironment(lua_State *L, int sandbox, int *context);

/* A new registry reference to the context installed now (a handler keeps
 * the context it was made in). */
int formrun_refcontext(lua_State *L);

/* Replace the host function on top of the stack by the forms' `print`, which
 * writes each line (as lua.c's print makes it, cut past 1 MiB) into it. */
void formrun_pushprint(lua_State *L);

/* Push the function on top as a binary chunk (a string), from formrun's own
 * compiling of a form file it caches; LUA_OK or an error. */
int formrun_pushdump(lua_State *L);
/* Load a binary chunk formrun made with formrun_pushdump (never a script's). */
int formrun_loadcompiled(lua_State *L, const char *chunk, size_t length, const char *name);

/* The forms' string.find, match, gmatch and gsub (the fuzz target compares
 * them with Lua's own). */
int formrun_str_find(lua_State *L);
int formrun_str_match(lua_State *L);
int formrun_str_gmatch(lua_State *L);
int formrun_str_gsub(lua_State *L);

/* ---- macros as functions --------------------------------------------- */

static inline int formrun_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int formrun_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void formrun_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void formrun_newtable(lua_State *L) { lua_newtable(L); }
static inline int formrun_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline void **formrun_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }
static inline void formrun_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void formrun_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void formrun_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline void formrun_gc_generational(lua_State *L) { lua_gc(L, LUA_GCGEN, 0, 0); }
static inline int formrun_loadbuffer(lua_State *L, const char *s, size_t n, const char *name) {
  return luaL_loadbufferx(L, s, n, name, "t");
}
static inline void *formrun_newuserdata(lua_State *L, size_t size) {
  return lua_newuserdatauv(L, size, 0);
}

/* ---- userdata standing for host objects ------------------------------ */

/* Every bound object's userdata is this block: the retained object and a tag
 * naming its binding. A userdata is taken for an object only when its size
 * and tag match, so a foreign userdata given our metatable (or ours given
 * to the wrong binding, or one already released) is never dereferenced. */
typedef struct formrun_object {
  void *object;   /* NULL once released */
  uint64_t tag;   /* FORMRUN_TAG_MAGIC | the binding's own bits */
} formrun_object;

#define FORMRUN_TAG_MAGIC 0x46524d0000000000ULL /* "FRM" in the top bytes */
#define FORMRUN_TAG_MASK 0xffffff0000000000ULL

static inline void formrun_pushobject(lua_State *L, void *object, uint64_t tag) {
  formrun_object *o = (formrun_object *)lua_newuserdatauv(L, sizeof(formrun_object), 0);
  o->object = object;
  o->tag = FORMRUN_TAG_MAGIC | (tag & ~FORMRUN_TAG_MASK);
}

/* The block at `i` when it is one of ours, else NULL. */
static inline formrun_object *formrun_objectblock(lua_State *L, int i) {
  if (lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) != sizeof(formrun_object)) return NULL;
  formrun_object *o = (formrun_object *)lua_touserdata(L, i);
  if (o == NULL || (o->tag & FORMRUN_TAG_MASK) != FORMRUN_TAG_MAGIC || o->object == NULL) return NULL;
  return o;
}

/* The object of the userdata at `i` when it carries exactly `tag`. */
static inline void *formrun_toobject(lua_State *L, int i, uint64_t tag) {
  formrun_object *o = formrun_objectblock(L, i);
  if (o == NULL || o->tag != (FORMRUN_TAG_MAGIC | (tag & ~FORMRUN_TAG_MASK))) return NULL;
  return o->object;
}

/* Take the object out of the userdata at `i` (for __gc): it is returned
 * once, and NULL for anything that is not a live object of ours. */
static inline void *formrun_takeobject(lua_State *L, int i) {
  formrun_object *o = formrun_objectblock(L, i);
  if (o == NULL) return NULL;
  void *object = o->object;
  o->object = NULL;
  return object;
}
static inline void formrun_openlibs(lua_State *L) { luaL_openlibs(L); }
/* lua.c's version line: "Lua 5.4.4  Copyright (C) 1994-2022 Lua.org, PUC-Rio". */
static inline const char *formrun_lua_copyright(void) { return LUA_COPYRIGHT; }
/* C's stdout (a global Swift 6 cannot read safely). */
static inline FILE *formrun_cstdout(void) { return stdout; }

#endif
