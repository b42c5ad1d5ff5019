/* What the boundary's C files share (not for Swift). */
#ifndef FORMRUN_BOUNDARY_INTERNAL_H
#define FORMRUN_BOUNDARY_INTERNAL_H

#include "../CLua/shim.h"
#include <lauxlib.h>
#include <lualib.h>

/* One protected call under way (on the C stack of formrun_call). */
struct formrun_level {
  formrun_level *outer;
  lua_State *L;           /* the thread it runs on */
  int budgeted;           /* form code: limits apply (else trusted code) */
  /* what formrun's hook passes on to: the hook a trusted caller had set on
   * L (a spec's debug.sethook, a coverage tool), with its own count */
  lua_Hook user;
  int usermask, usercount, countdown;
  lua_Hook installed;     /* the hook formrun set on L for this call (NULL: none) */
  int usercontext;        /* registry reference of the context the user's hook
                           * runs in (LUA_NOREF: the running one) */
  int depth;              /* the levels of L's stack when the call began */
};

/* The number of levels on L1's stack (levels 0 ... depth - 1). */
int formrun_stackdepth(lua_State *L1);

/* Push the traceback luaL_traceback(L, L1, msg, level) pushes, but of the
 * levels up to `last` only (-1: all). */
void formrun_traceback(lua_State *L, lua_State *L1, const char *msg, int level, int last);

/* Whether the form code running now must stop: its budget spent, its time up
 * or Ctrl-C (what `stopped` of formrun_call then says). */
int formrun_stopreason(formrun_limits *lim);

/* Raise the stop of the running form call, naming the nearest line of Lua
 * code from `level` up; `hint` (or NULL) follows the reason. */
int formrun_raisestop(lua_State *L, int level, const char *hint);

/* Spend `n` instructions of the running form call (the matcher's steps),
 * raising the stop when the budget runs out, the time is up or Ctrl-C came. */
void formrun_spend(lua_State *L, formrun_limits *lim, long long n, const char *hint);

/* Keep `co` as the running thread while it runs (coroutine.resume, wrap). */
lua_State *formrun_enterthread(formrun_limits *lim, lua_State *co);
void formrun_leavethread(formrun_limits *lim, lua_State *outer);

/* Install the context at `index` (saving the running one's string metatable
 * and default files into its own table first). */
void formrun_switchcontext(lua_State *L, int index);

/* formrun's hook (count, and whatever a user's chained hook asks for). */
void formrun_hook(lua_State *L, lua_Debug *ar);

/* Instructions between two ticks of formrun's count hook. */
#define FORMRUN_HOOK_STEP 1000

/* Registry keys. */
#define FORMRUN_TEMPLATE "formrun.template"   /* the forms' library, as a template */
#define FORMRUN_TRACEBACK "formrun.traceback" /* debug.traceback (formrun_debug_traceback) */
#define FORMRUN_CONTEXT "formrun.context"     /* the context installed now */

#endif
