/* Shims for the parts of Lua's C API that Swift cannot import (macros,
 * variadic functions), and the few C functions that must be C because they
 * may raise a Lua error (longjmp) and so must never have a Swift frame
 * between them and the protected call that catches it. */
#ifndef FORMRUN_CLUA_SHIM_H
#define FORMRUN_CLUA_SHIM_H

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
  int host;             /* > 0 while host (Swift) code runs: never refuse then */
  long long budget;     /* hook ticks left before a runaway error; < 0 = none */
  int tripped;          /* 1 = instruction budget, 2 = memory cap */
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

#define FORMRUN_HOOK_STEP 1000

static inline void formrun_counthook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  formrun_limits *lim = formrun_getlimits(L);
  /* once spent, the budget stays at 0 and every later tick raises again, so
   * a script's own pcall cannot swallow the error and loop on */
  if (lim->budget >= 0 && (lim->budget == 0 || --lim->budget == 0)) {
    lim->tripped = 1;
    luaL_where(L, 0); /* in a hook, level 0 is the Lua function running */
    lua_pushstring(L, "instruction budget exceeded (endless loop?)");
    lua_concat(L, 2);
    lua_error(L);
  }
}

static inline lua_State *formrun_newstate(formrun_limits *lim) {
  lua_State *L = lua_newstate(formrun_alloc, lim);
  if (L) lua_sethook(L, formrun_counthook, LUA_MASKCOUNT, FORMRUN_HOOK_STEP);
  return L;
}

/* ---- calling Swift from Lua ------------------------------------------ */

/* A host function returns the number of results, or -1 with an error
 * message on top of the stack; only this C trampoline raises it. */
typedef int (*formrun_hostfn)(lua_State *L);

static inline int formrun_trampoline(lua_State *L) {
  formrun_hostfn fn = (formrun_hostfn)lua_touserdata(L, lua_upvalueindex(1));
  formrun_limits *lim = formrun_getlimits(L);
  lim->host++;
  int n = fn(L);
  lim->host--;
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
  int status = lua_pcall(L, nargs, nresults, base);
  /* an inner call spends from the outer one's budget */
  lim->budget = outer >= 0 ? outer - (start - lim->budget) : -1;
  lim->host = savedhost;
  lua_remove(L, base);
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
static inline void formrun_openlibs(lua_State *L) { luaL_openlibs(L); }
static inline int formrun_ok(void) { return LUA_OK; }
static inline int formrun_errsyntax(void) { return LUA_ERRSYNTAX; }

#endif
