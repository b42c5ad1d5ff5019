/* Protected calls into form code and their limits: the memory cap, the
 * instruction budget, the time budget, Ctrl-C; formrun's hook chained with a
 * trusted caller's; the trampoline of host functions.
 *
 * Form code is stopped at the first of these places once its call must end:
 * a tick of formrun's count hook (every FORMRUN_HOOK_STEP instructions); the
 * return of any host function (so a handler looping over `item:select()`,
 * whose nested call catches its own stop, still stops); a pcall, xpcall or
 * coroutine.resume of the forms' library returning (so the script cannot
 * catch the stop); the matcher's steps. Time and Ctrl-C cannot wait for a
 * tick (a loop of `("a"):rep(3e8)` runs a handful of instructions a
 * second): a per-thread timer and the SIGINT handler set the hook to fire on
 * the very next instruction, as lua.c's interrupt does. */
#define _GNU_SOURCE
#include "internal.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- the allocator ------------------------------------------------------ */

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  formrun_limits *lim = (formrun_limits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (lim->ceiling && lim->host == 0 && nsize > old && lim->used - old + nsize > lim->ceiling) {
    lim->refused = 1;
    return NULL; /* Lua raises "not enough memory" inside its own frames */
  }
  void *p = realloc(ptr, nsize);
  if (p) lim->used = lim->used - old + nsize;
  return p;
}

formrun_limits *formrun_getlimits(lua_State *L) {
  void *ud = NULL;
  if (lua_getallocf(L, &ud) != counting_alloc) return NULL;
  return (formrun_limits *)ud;
}

/* A Lua error with no protected call below it: a bug in formrun. Say so and
 * exit with the script-error code instead of Lua's silent abort(). */
static int panic(lua_State *L) {
  const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(error object is not a string)";
  fflush(stdout);
  fprintf(stderr, "formrun: internal error: a Lua error escaped its protected call: %s\n", msg);
  fflush(stderr);
  _Exit(2);
  return 0;
}

lua_State *formrun_newstate(formrun_limits *lim) {
  lua_State *L = lua_newstate(counting_alloc, lim);
  if (L) lua_atpanic(L, panic);
  return L;
}

/* ---- time --------------------------------------------------------------- */

static int64_t now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* One timer per thread, firing a signal at that thread only (test runners run
 * states on several threads at once). It is armed when a call's deadline
 * comes before the one it is armed for (a nested call's, usually later, does
 * not re-arm it; when it fires early for an older deadline, the handler arms
 * it again), and disarmed when the outermost form call ends. `active` is the
 * state whose form call runs on this thread. */
static _Thread_local struct {
  int made;
  timer_t timer;
  volatile int64_t armed; /* when it fires; 0 = not armed */
  formrun_limits *volatile active;
} thread_timer;

static int timer_signal(void) { return SIGRTMIN + 3; }

static void arm(int64_t when) {
  struct itimerspec at = {{0, 0}, {(time_t)(when / 1000000000), (long)(when % 1000000000)}};
  if (timer_settime(thread_timer.timer, TIMER_ABSTIME, &at, NULL) == 0) thread_timer.armed = when;
}

static void disarm(void) {
  struct itimerspec off;
  memset(&off, 0, sizeof off);
  timer_settime(thread_timer.timer, 0, &off, NULL);
  thread_timer.armed = 0;
}

static void urge(formrun_limits *lim);

static void on_timer(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)info;
  (void)context;
  int saved = errno;
  thread_timer.armed = 0;
  formrun_limits *lim = thread_timer.active;
  /* while a person is asked (formrun_waiting) the deadline waits too: armed again after */
  if (lim && lim->calls > 0 && lim->deadline && !lim->waiting) {
    if (now() >= lim->deadline) {
      lim->late = 1;
      urge(lim);
    } else {
      arm(lim->deadline);
    }
  }
  errno = saved;
}

static int make_timer(void) {
  static volatile int installed = 0;
  if (!installed) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_timer;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(timer_signal(), &action, NULL) != 0) return 0;
    installed = 1;
  }
  /* a thread pool may start its threads with every signal blocked */
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, timer_signal());
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  struct sigevent event;
  memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = timer_signal();
  event._sigev_un._tid = gettid();
  if (timer_create(CLOCK_MONOTONIC, &event, &thread_timer.timer) != 0) return 0;
  thread_timer.made = 1;
  return 1;
}

static void watch(int64_t deadline) {
  if (!deadline) return;
  if (!thread_timer.made && !make_timer()) return;
  if (thread_timer.armed == 0 || thread_timer.armed > deadline) arm(deadline);
}

/* ---- the hook ----------------------------------------------------------- */

/* The hook's own count: a divisor of the user's count hook's, so both count
 * exactly; else FORMRUN_HOOK_STEP. */
static int hook_count(int usermask, int usercount) {
  if (!(usermask & LUA_MASKCOUNT) || usercount <= 0) return FORMRUN_HOOK_STEP;
  if (usercount <= FORMRUN_HOOK_STEP) return usercount;
  for (int step = FORMRUN_HOOK_STEP; step > 1; step--)
    if (usercount % step == 0) return step;
  return 1;
}

/* formrun's hook goes on L only when it has something to do: count the
 * instructions of a call with an instruction budget, or pass events on to a
 * user's hook. (A count hook makes Lua take its slow path on every
 * instruction: time, Ctrl-C and the nested calls' stops need no hook until
 * they come, see urge.) Returns what it set. */
static lua_Hook install_hook(lua_State *L, formrun_level *lv) {
  formrun_limits *lim = formrun_getlimits(L);
  int counting = lim && lim->level && lim->level->budgeted && lim->budget >= 0;
  int mask = 0, count = 0;
  if (lv && lv->user) {
    mask = lv->usermask;
    count = lv->usercount;
  }
  if (counting) {
    count = hook_count(mask, count);
    mask |= LUA_MASKCOUNT;
  }
  if (!mask) {
    lua_sethook(L, NULL, 0, 0);
    return NULL;
  }
  lua_sethook(L, formrun_hook, mask, count);
  return formrun_hook;
}

/* Set the hook of the thread running form code to fire at its next
 * instruction (async-signal-safe, as lua.c's laction). */
static void urge(formrun_limits *lim) {
  lua_State *T = lim->running;
  if (!T) return;
  int mask = lua_gethook(T) == formrun_hook ? lua_gethookmask(T) : 0;
  lim->urgent = 1;
  lua_sethook(T, formrun_hook, mask | LUA_MASKCOUNT, 1);
}

int formrun_stopreason(formrun_limits *lim) {
  if (!lim->level || !lim->level->budgeted) return FORMRUN_RAN;
  if (lim->interrupt) {
    lim->interrupt = 0;
    lim->halted = 1;
  }
  if (lim->halted) return FORMRUN_INTERRUPTED;
  if (lim->budget == 0) return FORMRUN_INSTRUCTIONS;
  if (lim->late) return FORMRUN_TIME;
  return FORMRUN_RAN;
}

void formrun_where(lua_State *L, int level) {
  lua_Debug ar;
  for (; lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar)) break;
    if (ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

int formrun_raisestop(lua_State *L, int level, const char *hint) {
  formrun_limits *lim = formrun_getlimits(L);
  int why = formrun_stopreason(lim);
  formrun_where(L, level);
  if (why == FORMRUN_INTERRUPTED) {
    lua_pushliteral(L, "interrupted");
  } else if (why == FORMRUN_TIME) {
    /* whole seconds as such, others as Lua writes a number */
    if (lim->seconds_ns % 1000000000 == 0)
      lua_pushfstring(L, "%d", (int)(lim->seconds_ns / 1000000000));
    else
      lua_pushfstring(L, "%f", (lua_Number)lim->seconds_ns / 1e9);
    lua_pushfstring(
      L, "time budget exceeded (%s s%s%s)", lua_tostring(L, -1), hint ? "; " : "", hint ? hint : "; endless loop?");
    lua_remove(L, -2);
  } else {
    lua_pushfstring(L, "instruction budget exceeded (%s)", hint ? hint : "endless loop?");
  }
  lua_concat(L, 2);
  return lua_error(L);
}

int formrun_spent(lua_State *L) {
  formrun_limits *lim = formrun_getlimits(L);
  return lim && formrun_stopreason(lim) != FORMRUN_RAN;
}

void formrun_spend(lua_State *L, formrun_limits *lim, long long n, const char *hint) {
  if (!lim->level || !lim->level->budgeted) return;
  if (lim->budget > 0) lim->budget = lim->budget > n ? lim->budget - n : 0;
  if (formrun_stopreason(lim) != FORMRUN_RAN) formrun_raisestop(L, 1, hint);
}

/* Pass an event on to the user's hook, in the user's context (a hostile
 * form's string methods must not reach a spec's coverage hook). */
static void pass_on(lua_State *L, formrun_limits *lim, formrun_level *lv, lua_Debug *ar) {
  (void)lim;
  int switched = 0;
  if (lv->usercontext != LUA_NOREF && lua_checkstack(L, 4)) {
    lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
    lua_rawgeti(L, LUA_REGISTRYINDEX, lv->usercontext);
    if (!lua_rawequal(L, -1, -2)) {
      formrun_switchcontext(L, -1);
      switched = 1;
    }
    lua_pop(L, 1);
    if (!switched) lua_pop(L, 1);
  }
  lv->user(L, ar);
  if (switched) {
    formrun_switchcontext(L, -1);
    lua_pop(L, 1);
  }
  /* the user's hook may have set another hook (or none): that is theirs now,
   * and formrun's goes on in front of it */
  lua_Hook now_set = lua_gethook(L);
  if (now_set != formrun_hook) {
    lv->user = now_set;
    lv->usermask = lua_gethookmask(L);
    lv->usercount = lua_gethookcount(L);
    lv->countdown = lv->usercount;
    install_hook(L, lv);
  }
}

void formrun_hook(lua_State *L, lua_Debug *ar) {
  formrun_limits *lim = formrun_getlimits(L);
  if (!lim) return;
  formrun_level *lv = lim->level;
  if (lv && !lv->budgeted) lv = NULL; /* trusted code's own hooks are Lua's */
  if (ar->event != LUA_HOOKCOUNT) {
    static const int masks[] = {LUA_MASKCALL, LUA_MASKRET, LUA_MASKLINE, LUA_MASKCOUNT, LUA_MASKCALL};
    if (lv && lv->user && (lv->usermask & masks[ar->event])) pass_on(L, lim, lv, ar);
    return;
  }
  int n = lua_gethookcount(L);
  if (lv) {
    if (lim->budget > 0) lim->budget = lim->budget > n ? lim->budget - n : 0;
    if (formrun_stopreason(lim) != FORMRUN_RAN) {
      formrun_raisestop(L, 0, NULL); /* in a hook, level 0 is the Lua function running */
    }
  }
  if (lim->urgent) {
    /* the timer or Ctrl-C came for a call that has ended: back to ticks */
    lim->urgent = 0;
    install_hook(L, lv && lv->L == L ? lv : NULL);
  }
  if (lv && lv->user && (lv->usermask & LUA_MASKCOUNT)) {
    lv->countdown -= n;
    if (lv->countdown <= 0) {
      lv->countdown += lv->usercount;
      pass_on(L, lim, lv, ar);
    }
  }
}

int formrun_interrupt(formrun_limits *lim) {
  if (!lim || lim->calls <= 0 || lim->interrupt || lim->halted) return 0;
  lim->interrupt = 1;
  urge(lim);
  return 1;
}

void formrun_waiting(formrun_limits *lim) {
  if (!lim || lim->waiting) return;
  lim->waiting = now();
}

void formrun_waited(formrun_limits *lim) {
  if (!lim || !lim->waiting) return;
  int64_t waited = now() - lim->waiting;
  lim->waiting = 0;
  lim->waited += waited;
  if (lim->deadline) {
    lim->deadline += waited;
    if (lim->calls > 0) watch(lim->deadline);
  }
}

int formrun_printed(lua_State *L, size_t bytes, size_t limit) {
  formrun_limits *lim = formrun_getlimits(L);
  if (!lim || !lim->level || !lim->level->budgeted) return 1;
  if ((size_t)lim->printed + bytes > limit) return 0;
  lim->printed += (int)bytes;
  return 1;
}

lua_State *formrun_enterthread(formrun_limits *lim, lua_State *co) {
  lua_State *outer = lim->running;
  lim->running = co;
  return outer;
}

void formrun_leavethread(formrun_limits *lim, lua_State *outer) { lim->running = outer; }

/* ---- calling Swift from Lua --------------------------------------------- */

static int trampoline(lua_State *L) {
  formrun_hostfn fn = (formrun_hostfn)lua_touserdata(L, lua_upvalueindex(1));
  formrun_limits *lim = formrun_getlimits(L);
  /* the host function works on the thread it was called on (saved and
   * restored, so nested calls and coroutine switches come back right) */
  lua_State *outer = lim->current;
  lim->current = L;
  lim->host++;
  int n = fn(L);
  lim->host--;
  lim->current = outer;
  if (n < 0) return lua_error(L);
  /* form code it ran (a nested handler) may have used up this call's budget */
  if (formrun_stopreason(lim) != FORMRUN_RAN) return formrun_raisestop(L, 1, NULL);
  return n;
}

/* ---- how many results the caller takes ----------------------------------
 *
 * A call statement (`s:send(line)`) takes no result: a host function whose
 * result costs (a session's answer, the form drawn again) can skip making
 * it. Lua's API does not say how many results the caller takes, but its
 * call record does (CallInfo.nresults, lstate.h). Its layout is mirrored
 * here and checked once against calls whose counts are known; when the
 * check fails (another Lua), every caller is taken to want every result. */
struct mirror_callinfo {
  void *func, *top, *previous, *next;
  union {
    struct {
      const void *savedpc;
      volatile sig_atomic_t trap;
      int nextraargs;
    } l;
    struct {
      void *k;
      ptrdiff_t old_errfunc;
      lua_KContext ctx;
    } c;
  } u;
  union {
    int funcidx;
    int nyield;
    int nres;
    struct {
      unsigned short ftransfer, ntransfer;
    } transferinfo;
  } u2;
  short nresults;
  unsigned short callstatus;
};

static int read_nresults(lua_State *L) {
  lua_Debug ar;
  if (!lua_getstack(L, 0, &ar) || ar.i_ci == NULL) return -1;
  return ((const struct mirror_callinfo *)(const void *)ar.i_ci)->nresults;
}

static int probe_seen[4], probe_calls;
static int probe(lua_State *L) {
  if (probe_calls < 4) probe_seen[probe_calls] = read_nresults(L);
  probe_calls++;
  return 0;
}

static int results_known = -1; /* -1: not checked yet; 0: no; 1: yes */
static pthread_mutex_t results_check = PTHREAD_MUTEX_INITIALIZER;

int formrun_resultswanted(lua_State *L) {
  pthread_mutex_lock(&results_check);
  if (results_known < 0) {
    results_known = 0;
    probe_calls = 0;
    if (lua_checkstack(L, 3) && luaL_loadstring(L, "local p = ... p() local a = p() local b, c = p() return p()") == LUA_OK) {
      lua_pushcfunction(L, probe);
      if (lua_pcall(L, 1, 0, 0) == LUA_OK)
        results_known = probe_calls == 4 && probe_seen[0] == 0 && probe_seen[1] == 1 && probe_seen[2] == 2 &&
                        probe_seen[3] == LUA_MULTRET;
      else
        lua_pop(L, 1);
    } else {
      lua_pop(L, 1);
    }
  }
  int known = results_known;
  pthread_mutex_unlock(&results_check);
  return known ? read_nresults(L) : LUA_MULTRET;
}

/* ---- whether an index is a method call's ---------------------------------
 *
 * `o:m(x)` and `o.m` both ask `__index` for "m"; only the instruction that
 * asked tells them apart (OP_SELF against OP_GETFIELD and the rest). The
 * calling Lua function's record (the mirror above) holds its saved pc, one
 * past that instruction. Checked once, as the results' count is, against a
 * chunk whose accesses are known; when the check fails (another Lua) the
 * answer is "cannot tell". */
enum { OPCODE_MASK = 0x7F, OP_SELF_54 = 20, OP_GETFIELD_54 = 14 };

static int read_opcode(lua_State *L) {
  lua_Debug ar;
  if (!lua_getstack(L, 1, &ar) || ar.i_ci == NULL) return -1;
  const struct mirror_callinfo *ci = (const struct mirror_callinfo *)(const void *)ar.i_ci;
  if (!lua_getinfo(L, "S", &ar) || ar.what == NULL || ar.what[0] == 'C') return -1;
  const uint32_t *pc = (const uint32_t *)ci->u.l.savedpc;
  if (pc == NULL) return -1;
  return (int)(pc[-1] & OPCODE_MASK);
}

static int opcode_seen[2], opcode_calls;
static int nothing(lua_State *L) {
  (void)L;
  return 0;
}
static int opcode_probe(lua_State *L) {
  if (opcode_calls < 2) opcode_seen[opcode_calls] = read_opcode(L);
  opcode_calls++;
  lua_pushcfunction(L, nothing);
  return 1;
}

static int opcodes_known = -1; /* -1: not checked yet; 0: no; 1: yes */
static pthread_mutex_t opcodes_check = PTHREAD_MUTEX_INITIALIZER;

int formrun_indexedformethod(lua_State *L) {
  pthread_mutex_lock(&opcodes_check);
  if (opcodes_known < 0) {
    opcodes_known = 0;
    opcode_calls = 0;
    if (lua_checkstack(L, 4) && luaL_loadstring(L, "local o = ... o:m() local f = o.m") == LUA_OK) {
      lua_createtable(L, 0, 0);
      lua_createtable(L, 0, 1);
      lua_pushcfunction(L, opcode_probe);
      lua_setfield(L, -2, "__index");
      lua_setmetatable(L, -2);
      if (lua_pcall(L, 1, 0, 0) == LUA_OK)
        opcodes_known = opcode_calls == 2 && opcode_seen[0] == OP_SELF_54 && opcode_seen[1] == OP_GETFIELD_54;
      else
        lua_pop(L, 1);
    } else {
      lua_pop(L, 1);
    }
  }
  int known = opcodes_known;
  pthread_mutex_unlock(&opcodes_check);
  if (!known) return -1;
  return read_opcode(L) == OP_SELF_54;
}

/* `__index` of a bound type whose objects all have some members (the
 * makers of the built-in kinds, `section:text`): a string key found in the
 * table of upvalue 3 gives its value at once for a live object of the tag
 * in upvalue 4, with no call into the host; any other key goes to the host
 * function, which has its upvalues 1 and 2 as every host function does. */
static int fixedindex(lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING &&
      formrun_toobject(L, 1, (uint64_t)lua_tointegerx(L, lua_upvalueindex(4), NULL)) != NULL) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
  }
  return trampoline(L);
}

void formrun_pushhostindex(lua_State *L, formrun_hostfn fn) {
  lua_pushlightuserdata(L, (void *)fn);
  lua_insert(L, -4);
  lua_pushcclosure(L, fixedindex, 4);
}

void formrun_pushhost(lua_State *L, formrun_hostfn fn, int extra) {
  lua_pushlightuserdata(L, (void *)fn);
  if (extra > 0) lua_insert(L, -(extra + 1));
  lua_pushcclosure(L, trampoline, extra + 1);
}

/* ---- calling Lua from Swift --------------------------------------------- */

/* Messages longer than this are cut (a script's `error(("x"):rep(5e8))`
 * would otherwise be copied, traced and printed whole). */
#define MESSAGE_LIMIT 4000

static void push_cut(lua_State *L, const char *msg, size_t length) {
  if (length <= MESSAGE_LIMIT) {
    lua_pushlstring(L, msg, length);
    return;
  }
  size_t keep = MESSAGE_LIMIT;
  while (keep > 0 && ((unsigned char)msg[keep] & 0xC0) == 0x80) keep--; /* a whole character */
  size_t more = 0;
  for (size_t i = keep; i < length; i++)
    if (((unsigned char)msg[i] & 0xC0) != 0x80) more++;
  lua_pushlstring(L, msg, keep);
  lua_pushfstring(L, "… (%I more characters)", (lua_Integer)more);
  lua_concat(L, 2);
}

/* Message handler: the error message (cut) with a traceback, as lua.c's. */
static int message_handler(lua_State *L) {
  size_t length;
  const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &length) : NULL;
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      msg = lua_tolstring(L, -1, &length);
      push_cut(L, msg, length);
      return 1;
    }
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    length = strlen(msg);
  }
  push_cut(L, msg, length);
  /* the levels of the call only: those below it are whoever called it (a
   * spec's, busted's, formrun's own) */
  formrun_limits *lim = formrun_getlimits(L);
  int last = -1;
  if (lim && lim->level && lim->level->L == L) last = formrun_stackdepth(L) - lim->level->depth - 1;
  formrun_traceback(L, L, lua_tostring(L, -1), 1, last);
  return 1;
}

int formrun_call(lua_State *L, int nargs, int nresults, const formrun_callspec *spec, int *stopped) {
  formrun_limits *lim = formrun_getlimits(L);
  int base = lua_gettop(L) - nargs;
  /* base: the context to go back to (or nil); base + 1: the message handler */
  lua_pushnil(L);
  lua_insert(L, base);
  lua_pushcfunction(L, message_handler);
  lua_insert(L, base + 1);

  formrun_level lv;
  memset(&lv, 0, sizeof lv);
  lv.outer = lim->level;
  lv.L = L;
  lv.budgeted = !spec->trusted;
  lv.usercontext = LUA_NOREF;
  lv.depth = formrun_stackdepth(L);

  /* what the enclosing call had, given back after */
  long long outer_budget = lim->budget;
  int64_t outer_deadline = lim->deadline, outer_seconds = lim->seconds_ns, outer_waited = lim->waited;
  size_t outer_ceiling = lim->ceiling;
  int outer_host = lim->host, outer_refused = lim->refused, outer_printed = lim->printed;
  lua_State *outer_running = lim->running;
  formrun_limits *outer_active = thread_timer.active;
  lua_Hook entry_hook = lua_gethook(L);
  int entry_mask = lua_gethookmask(L), entry_count = lua_gethookcount(L);
  long long start = -1;

  if (lv.budgeted) {
    start = spec->instructions;
    if (outer_budget >= 0 && (start < 0 || outer_budget < start)) start = outer_budget;
    lim->budget = start;
    if (spec->seconds > 0) {
      int64_t own = now() + (int64_t)(spec->seconds * 1e9);
      if (!outer_deadline || own < outer_deadline) {
        lim->deadline = own;
        lim->seconds_ns = (int64_t)(spec->seconds * 1e9);
      }
    }
    if (!lim->ceiling && lim->limit) lim->ceiling = (lim->relative ? lim->used : 0) + lim->limit;
    /* formrun's hook goes in front of whatever hook the thread has */
    if (entry_hook == formrun_hook) {
      if (lv.outer) {
        lv.user = lv.outer->user;
        lv.usermask = lv.outer->usermask;
        lv.usercount = lv.outer->usercount;
        lv.countdown = lv.outer->countdown;
        if (lv.outer->usercontext != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, lv.outer->usercontext);
        lv.usercontext = luaL_ref(L, LUA_REGISTRYINDEX);
      }
      }
    } else if (entry_hook) {
      lv.user = entry_hook;
      lv.usermask = entry_mask;
      lv.usercount = entry_count;
      lv.countdown = entry_count;
      lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
      lv.usercontext = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lim->level = &lv;
    lv.installed = install_hook(L, &lv);
    lim->running = L;
    if (lim->calls++ == 0) {
      lim->printed = 0;
      thread_timer.active = lim;
    }
    watch(lim->deadline);
  } else {
    lim->budget = -1;
    lim->deadline = 0;
    lim->ceiling = 0;
    lim->level = &lv;
  }
  int switched = 0;
  if (spec->context != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, spec->context);
    lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
    if (!lua_rawequal(L, -1, -2)) {
      lua_replace(L, base);
      formrun_switchcontext(L, -1);
      switched = 1;
    } else {
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lim->host = 0;
  lim->refused = 0;

  int status = lua_pcall(L, nargs, nresults, base + 1);

  *stopped = lv.budgeted ? formrun_stopreason(lim) : FORMRUN_RAN;
  if (*stopped == FORMRUN_RAN && lim->refused) *stopped = FORMRUN_MEMORY;
  lim->host = outer_host;
  if (switched) formrun_switchcontext(L, base);
  if (lv.usercontext != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, lv.usercontext);
  lim->level = lv.outer;
  if (lv.budgeted) {
    /* an inner call spends from the outer one's budget */
    lim->budget = outer_budget >= 0 ? outer_budget - (start - lim->budget) : -1;
    if (lim->budget < -1) lim->budget = 0;
    /* the enclosing call's deadline moves on by what this one waited for a person */
    lim->deadline = outer_deadline ? outer_deadline + (lim->waited - outer_waited) : 0;
    lim->seconds_ns = outer_seconds;
    if (lim->late) lim->late = lim->deadline && now() >= lim->deadline;
    lim->running = outer_running;
    if (--lim->calls == 0) {
      /* nothing runs any more that Ctrl-C could stop */
      lim->interrupt = 0;
      lim->halted = 0;
      lim->urgent = 0;
      lim->late = 0;
      thread_timer.active = outer_active;
      lim->printed = outer_printed;
      /* no signal after the call: it would cut short a wait (a poll at the
       * prompt) that has nothing to do with it */
      if (!outer_active && thread_timer.armed) disarm();
    }
    /* give the thread its hook back: the user's (as the user's hook last
     * left it), or formrun's own for the call around this one */
    lua_Hook now_set = lua_gethook(L);
    if (now_set != formrun_hook && now_set != lv.installed) {
      /* trusted code this call ran (a spec's function as a handler) set a
       * hook of its own: it stays */
    } else if (lv.outer && lv.outer->budgeted) {
      if (lv.outer->L == L) {
        lv.outer->user = lv.user;
        lv.outer->usermask = lv.usermask;
        lv.outer->usercount = lv.usercount;
        lv.outer->countdown = lv.countdown;
      }
      install_hook(L, lv.outer->L == L ? lv.outer : NULL);
    } else {
      lua_sethook(L, lv.user, lv.user ? lv.usermask : 0, lv.user ? lv.usercount : 0);
    }
  } else {
    lim->budget = outer_budget;
    lim->deadline = outer_deadline ? outer_deadline + (lim->waited - outer_waited) : 0;
    lim->seconds_ns = outer_seconds;
  }
  lim->ceiling = outer_ceiling;
  lim->refused = outer_refused || lim->refused;
  lua_remove(L, base + 1);
  lua_remove(L, base);
  return status;
}

int formrun_hostcall(lua_State *L, int nargs, int nresults) {
  formrun_limits *lim = formrun_getlimits(L);
  long long budget = lim->budget;
  int outer_host = lim->host;
  formrun_level *level = lim->level;
  lim->budget = -1;
  lim->level = NULL; /* nothing stops it */
  if (lim->host == 0) lim->host = 1;
  int status = lua_pcall(L, nargs, nresults, 0);
  lim->budget = budget;
  lim->level = level;
  lim->host = outer_host;
  return status;
}
