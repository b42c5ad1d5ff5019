/* Shims for the parts of Lua's C API that Swift cannot import (macros,
 * variadic functions), and the few C functions that must be C because they
 * may raise a Lua error (longjmp) and so must never have a Swift frame
 * between them and the protected call that catches it. */
#ifndef FORMRUN_CLUA_SHIM_H
#define FORMRUN_CLUA_SHIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* ---- limits: a counting allocator and an instruction budget ---------- */

typedef struct formrun_limits {
  size_t used;          /* bytes currently allocated by this state */
  size_t peak;          /* most bytes ever allocated at once */
  size_t limit;         /* refuse Lua's allocations above this; 0 = none */
  int host;             /* > 0 while host (Swift) code runs: never refuse then.
                         * It starts at 1: only formrun_pcall lowers it (to 0,
                         * for the Lua code it runs), and the trampoline raises
                         * it again around every host function. */
  long long budget;     /* hook ticks left before a runaway error; < 0 = none */
  int tripped;          /* 1 = instruction budget, 2 = memory cap */
  lua_State *current;   /* the thread the running host function was called on
                         * (a coroutine's, not always the main one); NULL when
                         * no host function runs */
} formrun_limits;

static inline void *formrun_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  formrun_limits *lim = (formrun_limits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (lim->limit && lim->host == 0 && nsize > old &&
      lim->used - old + nsize > lim->limit) {
    lim->tripped = 2;
    return NULL; /* Lua raises "not enough memory" inside its own frames */
  }
  void *p = realloc(ptr, nsize);
  if (p) {
    lim->used = lim->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
  }
  return p;
}

static inline formrun_limits *formrun_getlimits(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (formrun_limits *)ud;
}

/* Push "chunk:line: " for the script code that called in: the first level
 * from `level` up that runs a line of a script (not a C function, not a tail
 * call's lost frame, not formrun's own prelude); "" when there is none. */
static inline void formrun_where(lua_State *L, int level) {
  lua_Debug ar;
  for (; lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar)) break;
    if (ar.currentline > 0 && strcmp(ar.source, "=formrun") != 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

#define FORMRUN_HOOK_STEP 1000

static inline void formrun_counthook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  formrun_limits *lim = formrun_getlimits(L);
  /* once spent, the budget stays at 0 and every later tick raises again, so
   * a script's own pcall cannot swallow the error and loop on */
  if (lim->budget >= 0 && (lim->budget == 0 || --lim->budget == 0)) {
    lim->tripped = 1;
    formrun_where(L, 0); /* in a hook, level 0 is the Lua function running */
    lua_pushstring(L, "instruction budget exceeded (endless loop?)");
    lua_concat(L, 2);
    lua_error(L);
  }
}

/* Whether the budget of the protected call running now is spent: then
 * nothing in that call may go on (the pcall wrappers re-raise). */
static inline int formrun_budgetspent(lua_State *L) {
  formrun_limits *lim = formrun_getlimits(L);
  lua_pushboolean(L, lim->budget == 0);
  return 1;
}

static inline void formrun_pushbudgetspent(lua_State *L) { lua_pushcfunction(L, formrun_budgetspent); }

/* A Lua error with no protected call below it: a bug in formrun. Say so and
 * exit with the script-error code instead of Lua's silent abort(). */
static inline int formrun_panic(lua_State *L) {
  const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(error object is not a string)";
  fflush(stdout);
  fprintf(stderr, "formrun: internal error: a Lua error escaped its protected call: %s\n", msg);
  fflush(stderr);
  _Exit(2);
  return 0;
}

static inline lua_State *formrun_newstate(formrun_limits *lim) {
  lua_State *L = lua_newstate(formrun_alloc, lim);
  if (L) {
    lua_atpanic(L, formrun_panic);
    lua_sethook(L, formrun_counthook, LUA_MASKCOUNT, FORMRUN_HOOK_STEP);
  }
  return L;
}

/* ---- calling Swift from Lua ------------------------------------------ */

/* A host function returns the number of results, or -1 with an error
 * message on top of the stack; only this C trampoline raises it. */
typedef int (*formrun_hostfn)(lua_State *L);

static inline int formrun_trampoline(lua_State *L) {
  formrun_hostfn fn = (formrun_hostfn)lua_touserdata(L, lua_upvalueindex(1));
  formrun_limits *lim = formrun_getlimits(L);
  /* the host function works on the thread it was called on: the runtime's
   * `L` is this one until it returns (saved and restored, so nested calls and
   * coroutine switches come back right) */
  lua_State *outer = lim->current;
  lim->current = L;
  lim->host++;
  int n = fn(L);
  lim->host--;
  lim->current = outer;
  if (n < 0) return lua_error(L);
  return n;
}

/* Push a Lua function calling `fn`, with `extra` upvalues taken from the
 * stack (they become upvalues 2...). */
static inline void formrun_pushhost(lua_State *L, formrun_hostfn fn, int extra) {
  lua_pushlightuserdata(L, (void *)fn);
  if (extra > 0) lua_insert(L, -(extra + 1));
  lua_pushcclosure(L, formrun_trampoline, extra + 1);
}

/* ---- calling Lua from Swift ------------------------------------------ */

/* Message handler: the error message with a traceback (as lua.c does). */
static inline int formrun_msgh(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* Call the function below `nargs` arguments under a traceback handler, with
 * the limits armed (budget in hook ticks of FORMRUN_HOOK_STEP instructions). */
static inline int formrun_pcall(lua_State *L, int nargs, int nresults, long long budget) {
  formrun_limits *lim = formrun_getlimits(L);
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, formrun_msgh);
  lua_insert(L, base);
  int savedhost = lim->host;
  long long outer = lim->budget; /* what the enclosing call has left; -1 = none */
  long long start = budget;
  if (outer >= 0 && (start < 0 || outer < start)) start = outer;
  lim->budget = start;
  lim->host = 0;
  lim->tripped = 0;
  /* re-armed on every call: nothing a script did can leave it off */
  lua_sethook(L, formrun_counthook, LUA_MASKCOUNT, FORMRUN_HOOK_STEP);
  int status = lua_pcall(L, nargs, nresults, base);
  /* an inner call spends from the outer one's budget */
  lim->budget = outer >= 0 ? outer - (start - lim->budget) : -1;
  lim->host = savedhost;
  lua_remove(L, base);
  return status;
}

/* Call formrun's own Lua (closures its prelude makes) from host code: under
 * no budget and with the memory guard left raised, so neither a spent budget
 * nor a full cap can fail it; only a bug in formrun can. */
static inline int formrun_hostcall(lua_State *L, int nargs, int nresults) {
  formrun_limits *lim = formrun_getlimits(L);
  long long budget = lim->budget;
  int savedhost = lim->host;
  lim->budget = -1;
  if (lim->host == 0) lim->host = 1;
  int status = lua_pcall(L, nargs, nresults, 0);
  lim->budget = budget;
  lim->host = savedhost;
  return status;
}

/* ---- macros as functions --------------------------------------------- */

static inline int formrun_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int formrun_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void formrun_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void formrun_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *formrun_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline int formrun_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int formrun_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline void **formrun_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }
static inline void formrun_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void formrun_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline int formrun_gc_count(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0); }
static inline void formrun_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
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
static inline int formrun_ok(void) { return LUA_OK; }
static inline int formrun_errsyntax(void) { return LUA_ERRSYNTAX; }

#endif
