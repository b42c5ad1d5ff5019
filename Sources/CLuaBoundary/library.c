/* The forms' library: Lua 5.4's standard library but what could break
 * formrun (see README, "What scripts get"), each replacement a C function
 * so that its errors name the script's line and its name is the one the
 * script called, as Lua's own.
 *
 * - string.find, match, gmatch, gsub: the budgeted matcher (match.c);
 *   string.dump is gone;
 * - load, loadfile, dofile and require read text only, and chunks see the
 *   globals of the form that loaded them; require goes through the form's
 *   own package.searchers (preload, then package.path; no C modules);
 * - pcall, xpcall and coroutine.resume give a spent budget back to the
 *   caller instead of returning it, and xpcall skips its handler for it;
 * - setmetatable refuses __gc, getmetatable hides the files' metatable;
 * - os.exit raises; debug is only debug.traceback; io.stdout and io.stderr
 *   write to stderr with control characters escaped (stdout carries the
 *   values).
 *
 * A form run by `formrun form.lua` gets it in the state's own tables (the
 * real `string` and `package` keep their identity); each form a test opens
 * gets a fresh environment with copies, and a context of its own: its string
 * methods and default files are installed while its code runs, so no form
 * can change what another form's or the spec's strings do. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lua's own functions the forms' versions call (the same C functions in
 * every state: they are liblua's) */
static lua_CFunction lua_load_fn, lua_loadfile_fn, lua_setmetatable_fn, lua_getmetatable_fn, lua_searchpath_fn;

/* ---- standard files for forms ------------------------------------------- */

/* Write `s` to fd 2 with every control character, escape introducer and
 * bidi override written out (as FormCore's Cells.sanitizeLines: newlines
 * and tabs stay; invalid UTF-8 becomes U+FFFD). `carry` holds the start of a
 * character cut by the end of the last write. */
typedef struct Escaper {
  unsigned char carry[4];
  int carried;
} Escaper;

static void put(char *out, size_t *n, const char *s, size_t len) {
  memcpy(out + *n, s, len);
  *n += len;
}

static void flush_out(char *out, size_t *n) {
  size_t done = 0;
  while (done < *n) {
    ssize_t w = write(2, out + done, *n - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      break;
    }
    done += (size_t)w;
  }
  *n = 0;
}

static size_t utf8_length(unsigned char c) {
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return 2;
  if (c >= 0xE0 && c <= 0xEF) return 3;
  if (c >= 0xF0 && c <= 0xF4) return 4;
  return 0;
}

/* The code point of the sequence at s of `len` bytes, or -1 when invalid. */
static long decode(const unsigned char *s, size_t len) {
  long cp;
  if (len == 1) return s[0];
  for (size_t i = 1; i < len; i++)
    if ((s[i] & 0xC0) != 0x80) return -1;
  if (len == 2) return ((long)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
  if (len == 3) {
    cp = ((long)(s[0] & 0x0F) << 12) | ((long)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
    return cp;
  }
  cp = ((long)(s[0] & 0x07) << 18) | ((long)(s[1] & 0x3F) << 12) | ((long)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
  if (cp < 0x10000 || cp > 0x10FFFF) return -1;
  return cp;
}

static int needs_escape(long cp) {
  return (cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029;
}

static ssize_t escaping_write(void *cookie, const char *buf, size_t size) {
  Escaper *e = (Escaper *)cookie;
  char out[1024];
  size_t n = 0;
  size_t i = 0;
  unsigned char seq[4];
  while (i < size) {
    size_t have = 0;
    if (e->carried) {
      memcpy(seq, e->carry, (size_t)e->carried);
      have = (size_t)e->carried;
      e->carried = 0;
    } else {
      seq[0] = (unsigned char)buf[i++];
      have = 1;
    }
    size_t want = utf8_length(seq[0]);
    if (want == 0) {
      if (n + 3 > sizeof out) flush_out(out, &n);
      put(out, &n, "\xEF\xBF\xBD", 3);
      continue;
    }
    while (have < want && i < size) {
      unsigned char c = (unsigned char)buf[i];
      if ((c & 0xC0) != 0x80) break;
      seq[have++] = c;
      i++;
    }
    if (have < want) {
      if (i == size && have < want) {
        /* cut by the end of this write: the rest comes with the next one */
        memcpy(e->carry, seq, have);
        e->carried = (int)have;
        break;
      }
      if (n + 3 > sizeof out) flush_out(out, &n);
      put(out, &n, "\xEF\xBF\xBD", 3);
      continue;
    }
    long cp = decode(seq, want);
    if (n + 16 > sizeof out) flush_out(out, &n);
    if (cp < 0) {
      put(out, &n, "\xEF\xBF\xBD", 3);
    } else if (!needs_escape(cp)) {
      put(out, &n, (const char *)seq, want);
    } else if (cp == '\r') {
      put(out, &n, "\\r", 2);
    } else if (cp == 0x1B) {
      put(out, &n, "\\e", 2);
    } else if (cp < 0x100) {
      n += (size_t)snprintf(out + n, 8, "\\x%02lX", cp);
    } else {
      n += (size_t)snprintf(out + n, 12, "\\u{%lX}", cp);
    }
  }
  flush_out(out, &n);
  return (ssize_t)size;
}

/* The `closef` of formrun's standard files: they stay open, as liolib's own. */
static int keep_open(lua_State *L) {
  luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  p->closef = keep_open;
  luaL_pushfail(L);
  lua_pushliteral(L, "cannot close standard file");
  return 2;
}

/* Push a Lua file (as io.stdout is) writing to stderr with escapes. */
static void push_escaping_stderr(lua_State *L) {
  static Escaper escaper;
  static FILE *stream = NULL;
  if (!stream) {
    cookie_io_functions_t io = {NULL, escaping_write, NULL, NULL};
    stream = fopencookie(&escaper, "w", io);
    if (stream) setvbuf(stream, NULL, _IONBF, 0);
  }
  luaL_Stream *p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
  p->f = stream ? stream : stderr;
  p->closef = keep_open;
  luaL_setmetatable(L, LUA_FILEHANDLE);
}

/* ---- base functions ----------------------------------------------------- */

static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    /* once the budget is spent nothing in that call goes on */
    if (formrun_spent(L)) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

static int form_pcall(lua_State *L) {
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
  return finish_pcall(L, status, 0);
}

/* xpcall's handler, skipped for a spent budget (it would run with hooks off,
 * where nothing could stop it). */
static int guarded_handler(lua_State *L) {
  if (formrun_spent(L)) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int form_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

static int form_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    int gc = lua_rawget(L, 2);
    lua_pop(L, 1);
    if (gc != LUA_TNIL)
      return luaL_error(L, "setmetatable: __gc is not allowed in form scripts (a finaliser cannot be stopped)");
  }
  return lua_setmetatable_fn(L);
}

static int form_getmetatable(lua_State *L) {
  luaL_checkany(L, 1);
  if (lua_type(L, 1) == LUA_TUSERDATA && lua_getmetatable(L, 1)) {
    luaL_getmetatable(L, LUA_FILEHANDLE);
    int file = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (file) {
      lua_pushboolean(L, 0);
      return 1;
    }
  }
  return lua_getmetatable_fn(L);
}

/* The environment chunks of this form see by default (upvalue 1), or none:
 * the state's globals. */
static void set_env(lua_State *L, int env) {
  if (lua_isnoneornil(L, env)) return;
  lua_pushvalue(L, env);
  if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
}

static int form_load(lua_State *L) {
  int given = lua_gettop(L);
  lua_settop(L, 4);
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  if (given < 4) {
    if (lua_isnil(L, lua_upvalueindex(1)))
      lua_settop(L, 3);
    else {
      lua_pushvalue(L, lua_upvalueindex(1));
      lua_replace(L, 4);
    }
  }
  return lua_load_fn(L);
}

static int form_loadfile(lua_State *L) {
  int given = lua_gettop(L);
  lua_settop(L, 3);
  lua_pushliteral(L, "t");
  lua_replace(L, 2);
  if (given < 3) {
    if (lua_isnil(L, lua_upvalueindex(1)))
      lua_settop(L, 2);
    else {
      lua_pushvalue(L, lua_upvalueindex(1));
      lua_replace(L, 3);
    }
  }
  return lua_loadfile_fn(L);
}

static int after_dofile(lua_State *L, int status, lua_KContext k) {
  (void)status;
  (void)k;
  return lua_gettop(L) - 1;
}

static int form_dofile(lua_State *L) {
  const char *name = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, name, "t") != LUA_OK) {
    /* Lua's message for a binary chunk names no file */
    const char *msg = lua_tostring(L, -1);
    if (name && msg && strncmp(msg, "attempt to load", 15) == 0) {
      lua_pushfstring(L, "%s: %s", name, msg);
      lua_replace(L, -2);
    }
    return lua_error(L);
  }
  set_env(L, lua_upvalueindex(1));
  lua_callk(L, 0, LUA_MULTRET, 0, after_dofile);
  return after_dofile(L, 0, 0);
}

static int form_exit(lua_State *L) {
  return luaL_error(L, "os.exit is not available in formrun: raise error(...) to fail (in the REPL, :q or Ctrl-D leaves)");
}

/* print as lua.c's (luaL_tolstring of each argument, tabs between), into the
 * host function at upvalue 1; a line is cut past LINE_LIMIT, and one form
 * call may keep at most CALL_LIMIT bytes of print output in the host. */
#define LINE_LIMIT (1 << 20)
#define CALL_LIMIT (16 << 20)

static int form_print(lua_State *L) {
  int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  size_t total = 0, more = 0;
  for (int i = 1; i <= n; i++) {
    if (i > 1) {
      if (total < LINE_LIMIT) {
        luaL_addchar(&b, '\t');
        total++;
      } else {
        more++;
      }
    }
    size_t len;
    const char *s = luaL_tolstring(L, i, &len);
    if (total + len > LINE_LIMIT) {
      size_t keep = total < LINE_LIMIT ? LINE_LIMIT - total : 0;
      while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80) keep--;
      for (size_t j = keep; j < len; j++)
        if (((unsigned char)s[j] & 0xC0) != 0x80) more++;
      lua_pushlstring(L, s, keep);
      lua_replace(L, -2);
      len = keep;
    }
    total += len;
    luaL_addvalue(&b);
  }
  if (more > 0) {
    lua_pushfstring(L, "\xE2\x80\xA6 (%I more characters)", (lua_Integer)more);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  if (!formrun_printed(L, total + 1, CALL_LIMIT))
    return luaL_error(
      L, "print: more than %d MiB printed in one call (a print loop?); the rest is not kept", CALL_LIMIT >> 20);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, -2);
  lua_call(L, 1, 0);
  return 0;
}

void formrun_pushprint(lua_State *L) { lua_pushcclosure(L, form_print, 1); }

/* ---- coroutines --------------------------------------------------------- */

static lua_State *check_coroutine(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co, 1, "thread"); /* as lcorolib.c words it */
  return co;
}

/* Resume `co` with `n` arguments from L's top: its results (or the error
 * message, and -1). The resumed thread is the running one while it runs (the
 * timer and Ctrl-C reach it there). */
static int resume(lua_State *L, lua_State *co, int n) {
  if (!lua_checkstack(co, n)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, n);
  formrun_limits *lim = formrun_getlimits(L);
  lua_State *outer = lim ? formrun_enterthread(lim, co) : NULL;
  int results;
  int status = lua_resume(co, L, n, &results);
  if (lim) formrun_leavethread(lim, outer);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, results + 1)) {
      lua_pop(co, results);
      lua_pushliteral(L, "too many results to resume");
      return -1;
    }
    lua_xmove(co, L, results);
    return results;
  }
  lua_xmove(co, L, 1);
  return -1;
}

static int form_resume(lua_State *L) {
  lua_State *co = check_coroutine(L);
  int r = resume(L, co, lua_gettop(L) - 1);
  if (r < 0) {
    if (formrun_spent(L)) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  if (formrun_spent(L)) return formrun_raisestop(L, 1, NULL);
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

static int wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int r = resume(L, co, lua_gettop(L));
  if (r < 0) {
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {
      status = lua_resetthread(co); /* close its to-be-closed variables */
      lua_xmove(co, L, 1);
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
    }
    return lua_error(L);
  }
  if (formrun_spent(L)) return formrun_raisestop(L, 1, NULL);
  return r;
}

static int form_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, wrapped, 1);
  return 1;
}

/* ---- require ------------------------------------------------------------ */

/* searchers[1] of a form's own package: its package.preload (upvalue 1 is
 * the package table). */
static int search_preload(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, lua_upvalueindex(1), "preload");
  if (!lua_istable(L, -1)) return luaL_error(L, "'package.preload' must be a table");
  if (lua_getfield(L, -1, name) == LUA_TNIL) {
    lua_pushfstring(L, "no field package.preload['%s']", name);
    return 1;
  }
  lua_pushliteral(L, ":preload:");
  return 2;
}

/* The Lua searcher, text only: package.path of upvalue 1 (the package
 * table); a module runs in upvalue 2, the form's environment (none: the
 * state's globals). */
static int search_text(lua_State *L) {
  luaL_checkstring(L, 1);
  lua_getfield(L, lua_upvalueindex(1), "path");
  if (lua_tostring(L, -1) == NULL) return luaL_error(L, "'package.path' must be a string");
  lua_pushcfunction(L, lua_searchpath_fn);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1; /* the message */
  lua_pop(L, 1);
  const char *file = lua_tostring(L, -1);
  if (luaL_loadfilex(L, file, "t") != LUA_OK)
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", lua_tostring(L, 1), file, lua_tostring(L, -1));
  set_env(L, lua_upvalueindex(2));
  lua_pushstring(L, file);
  return 2;
}

/* require for a form's environment: upvalue 1 its package table, upvalue 2
 * its table of loaded modules. As Lua's ll_require, through the form's own
 * package.searchers. */
static int form_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2)); /* 2: loaded */
  lua_getfield(L, 2, name);
  if (lua_toboolean(L, -1)) return 1;
  lua_pop(L, 1);
  if (lua_getfield(L, lua_upvalueindex(1), "searchers") != LUA_TTABLE)
    return luaL_error(L, "'package.searchers' must be a table");
  /* 3: searchers */
  luaL_Buffer why;
  luaL_buffinit(L, &why);
  for (int i = 1;; i++) {
    luaL_addstring(&why, "\n\t");
    if (lua_rawgeti(L, 3, i) == LUA_TNIL) {
      lua_pop(L, 1);
      luaL_buffsub(&why, 2);
      luaL_pushresult(&why);
      return luaL_error(L, "module '%s' not found:%s", name, lua_tostring(L, -1));
    }
    lua_pushstring(L, name);
    lua_call(L, 1, 2);
    if (lua_isfunction(L, -2)) break;
    if (lua_isstring(L, -2)) {
      lua_pop(L, 1);
      luaL_addvalue(&why);
    } else {
      lua_pop(L, 2);
      luaL_buffsub(&why, 2);
    }
  }
  /* loader, data on top (above the message buffer) */
  lua_rotate(L, -2, 1);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 1);
  if (!lua_isnil(L, -1))
    lua_setfield(L, 2, name);
  else
    lua_pop(L, 1);
  if (lua_getfield(L, 2, name) == LUA_TNIL) {
    lua_pushboolean(L, 1);
    lua_copy(L, -1, -2);
    lua_setfield(L, 2, name);
  }
  lua_rotate(L, -2, 1);
  return 2;
}

/* ---- contexts ----------------------------------------------------------- */

/* A context is a table { string metatable, default output, default input }:
 * what a form's code sees of the state that is not in its globals. */

void formrun_switchcontext(lua_State *L, int index) {
  index = lua_absindex(L, index);
  luaL_checkstack(L, 4, NULL);
  lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
  int current = lua_gettop(L);
  if (lua_rawequal(L, current, index)) {
    lua_pop(L, 1);
    return;
  }
  if (lua_istable(L, current)) {
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) lua_pushnil(L);
    lua_rawseti(L, current, 1);
    lua_pop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "_IO_output");
    lua_rawseti(L, current, 2);
    lua_getfield(L, LUA_REGISTRYINDEX, "_IO_input");
    lua_rawseti(L, current, 3);
  }
  lua_pushliteral(L, "");
  lua_rawgeti(L, index, 1);
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  lua_rawgeti(L, index, 2);
  lua_setfield(L, LUA_REGISTRYINDEX, "_IO_output");
  lua_rawgeti(L, index, 3);
  lua_setfield(L, LUA_REGISTRYINDEX, "_IO_input");
  lua_pushvalue(L, index);
  lua_setfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
  lua_pop(L, 1);
}

static void make_context(lua_State *L, int strmt, int out, int in) {
  strmt = lua_absindex(L, strmt);
  out = lua_absindex(L, out);
  in = lua_absindex(L, in);
  lua_createtable(L, 3, 0);
  lua_pushvalue(L, strmt);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, out);
  lua_rawseti(L, -2, 2);
  lua_pushvalue(L, in);
  lua_rawseti(L, -2, 3);
}

int formrun_refcontext(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

/* ---- building the library ----------------------------------------------- */

static void copy_table(lua_State *L, int from) {
  from = lua_absindex(L, from);
  lua_createtable(L, 0, (int)lua_rawlen(L, from) + 16);
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

static void set_function(lua_State *L, int table, const char *name, lua_CFunction f) {
  table = lua_absindex(L, table);
  lua_pushcfunction(L, f);
  lua_setfield(L, table, name);
}

/* Turn the string, os, coroutine and io tables at index t into the forms'
 * versions (in place). */
static void restrict_libraries(lua_State *L, int g) {
  g = lua_absindex(L, g);
  lua_getfield(L, g, "string");
  set_function(L, -1, "find", formrun_str_find);
  set_function(L, -1, "match", formrun_str_match);
  set_function(L, -1, "gmatch", formrun_str_gmatch);
  set_function(L, -1, "gsub", formrun_str_gsub);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  lua_getfield(L, g, "os");
  set_function(L, -1, "exit", form_exit);
  lua_pop(L, 1);
  lua_getfield(L, g, "coroutine");
  set_function(L, -1, "resume", form_resume);
  set_function(L, -1, "wrap", form_wrap);
  lua_pop(L, 1);
  lua_getfield(L, g, "io");
  push_escaping_stderr(L);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "stdout");
  lua_setfield(L, -2, "stderr");
  lua_pop(L, 1);
  lua_createtable(L, 0, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_TRACEBACK);
  lua_setfield(L, -2, "traceback");
  lua_setfield(L, g, "debug");
  set_function(L, g, "pcall", form_pcall);
  set_function(L, g, "xpcall", form_xpcall);
  set_function(L, g, "setmetatable", form_setmetatable);
  set_function(L, g, "getmetatable", form_getmetatable);
}

void formrun_openboundary(lua_State *L) {
  luaL_checkstack(L, 20, NULL);
  lua_pushglobaltable(L);
  lua_getfield(L, -1, "load");
  lua_load_fn = lua_tocfunction(L, -1);
  lua_getfield(L, -2, "loadfile");
  lua_loadfile_fn = lua_tocfunction(L, -1);
  lua_getfield(L, -3, "setmetatable");
  lua_setmetatable_fn = lua_tocfunction(L, -1);
  lua_getfield(L, -4, "getmetatable");
  lua_getmetatable_fn = lua_tocfunction(L, -1);
  lua_getfield(L, -5, "package");
  lua_getfield(L, -1, "searchpath");
  lua_searchpath_fn = lua_tocfunction(L, -1);
  /* the check of how many results a caller takes, made now (host code) */
  (void)formrun_resultswanted(L);
  (void)formrun_indexedformethod(L);
  /* debug.traceback: the same text, made faster (traceback.c) */
  lua_getfield(L, -7, "debug");
  lua_pushcfunction(L, formrun_debug_traceback);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "traceback");
  lua_setfield(L, LUA_REGISTRYINDEX, FORMRUN_TRACEBACK);
  lua_pop(L, 8);

  /* the state's own context: its string metatable and default files */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_getfield(L, LUA_REGISTRYINDEX, "_IO_output");
  lua_getfield(L, LUA_REGISTRYINDEX, "_IO_input");
  make_context(L, -3, -2, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
  lua_pop(L, 4);

  /* the template every form environment copies: the libraries as a form
   * sees them, made now, before any script could change the originals */
  lua_createtable(L, 0, 24);
  int template = lua_gettop(L);
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_istable(L, -1) && strcmp(lua_tostring(L, -2), "_G") != 0) {
      copy_table(L, -1);
      lua_replace(L, -2);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, template);
  }
  lua_pop(L, 1);
  restrict_libraries(L, template);
  lua_pushnil(L);
  lua_setfield(L, template, "_G");
  lua_setfield(L, LUA_REGISTRYINDEX, FORMRUN_TEMPLATE);
}

/* Give `package` at index pkg the forms' searchers: preload (Lua's own when
 * `own_preload` is 0, else the table's own), then text files through
 * package.path, loading into `env` (0: the state's globals). */
static void set_searchers(lua_State *L, int pkg, int env, int own_preload) {
  pkg = lua_absindex(L, pkg);
  if (env) env = lua_absindex(L, env);
  lua_createtable(L, 2, 0);
  if (own_preload) {
    lua_pushvalue(L, pkg);
    lua_pushcclosure(L, search_preload, 1);
  } else {
    lua_getfield(L, pkg, "searchers");
    lua_rawgeti(L, -1, 1);
    lua_remove(L, -2);
  }
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, pkg);
  if (env)
    lua_pushvalue(L, env);
  else
    lua_pushnil(L);
  lua_pushcclosure(L, search_text, 2);
  lua_rawseti(L, -2, 2);
  lua_setfield(L, pkg, "searchers");
  lua_pushnil(L);
  lua_setfield(L, pkg, "loadlib");
}

static const char *const sandbox_removes[] = {"io", "require", "dofile", "loadfile", "package", NULL};
static const char *const sandbox_os[] = {"clock", "date", "getenv", "time", NULL};

static void restrict_to_sandbox(lua_State *L, int g) {
  g = lua_absindex(L, g);
  for (const char *const *name = sandbox_removes; *name; name++) {
    lua_pushnil(L);
    lua_setfield(L, g, *name);
  }
  lua_createtable(L, 0, 4);
  lua_getfield(L, g, "os");
  for (const char *const *name = sandbox_os; *name; name++) {
    lua_getfield(L, -1, *name);
    lua_setfield(L, -3, *name);
  }
  lua_pop(L, 1);
  lua_setfield(L, g, "os");
}

void formrun_restrictglobals(lua_State *L, int sandbox) {
  luaL_checkstack(L, 20, NULL);
  lua_pushglobaltable(L);
  int g = lua_gettop(L);
  restrict_libraries(L, g);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, g, "debug");
  lua_setfield(L, -2, "debug");
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_pushcclosure(L, form_load, 1);
  lua_setfield(L, g, "load");
  lua_pushnil(L);
  lua_pushcclosure(L, form_loadfile, 1);
  lua_setfield(L, g, "loadfile");
  lua_pushnil(L);
  lua_pushcclosure(L, form_dofile, 1);
  lua_setfield(L, g, "dofile");
  lua_getfield(L, g, "package");
  set_searchers(L, -1, 0, 0);
  lua_pop(L, 1);
  lua_getfield(L, g, "io");
  lua_getfield(L, -1, "stdout");
  lua_setfield(L, LUA_REGISTRYINDEX, "_IO_output");
  lua_pop(L, 1);
  if (sandbox) restrict_to_sandbox(L, g);
  /* the state's context now has the forms' default output */
  lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_CONTEXT);
  lua_getfield(L, LUA_REGISTRYINDEX, "_IO_output");
  lua_rawseti(L, -2, 2);
  lua_pop(L, 2);
}

void formrun_pushenvironment(lua_State *L, int sandbox, int *context) {
  luaL_checkstack(L, 24, NULL);
  int print = lua_gettop(L);
  lua_getfield(L, LUA_REGISTRYINDEX, FORMRUN_TEMPLATE);
  int template = lua_gettop(L);
  lua_createtable(L, 0, 48);
  int env = lua_gettop(L);
  /* its package.loaded: its own libraries and the modules it loads, over
   * the state's (a spec hands a form a module through package.loaded) */
  lua_createtable(L, 0, 16);
  int loaded = lua_gettop(L);
  lua_createtable(L, 0, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, loaded);
  lua_pushnil(L);
  while (lua_next(L, template)) {
    if (lua_istable(L, -1)) {
      copy_table(L, -1);
      lua_replace(L, -2);
      lua_pushvalue(L, -2);
      lua_pushvalue(L, -2);
      lua_rawset(L, loaded);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, env);
  }
  lua_pushvalue(L, env);
  lua_setfield(L, env, "_G");
  lua_pushvalue(L, env);
  lua_setfield(L, loaded, "_G");
  lua_pushvalue(L, print);
  lua_pushcclosure(L, form_print, 1);
  lua_setfield(L, env, "print");
  lua_pushvalue(L, env);
  lua_pushcclosure(L, form_load, 1);
  lua_setfield(L, env, "load");
  lua_pushvalue(L, env);
  lua_pushcclosure(L, form_loadfile, 1);
  lua_setfield(L, env, "loadfile");
  lua_pushvalue(L, env);
  lua_pushcclosure(L, form_dofile, 1);
  lua_setfield(L, env, "dofile");

  /* its own package: loaded, preload (falling back to the state's, so a
   * spec can hand a form a module), searchers into this environment */
  lua_getfield(L, env, "package");
  int pkg = lua_gettop(L);
  lua_pushvalue(L, loaded);
  lua_setfield(L, pkg, "loaded");
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_setfield(L, pkg, "preload");
  set_searchers(L, pkg, env, 1);
  lua_pushvalue(L, pkg);
  lua_pushvalue(L, loaded);
  lua_pushcclosure(L, form_require, 2);
  lua_setfield(L, env, "require");
  lua_pop(L, 1);
  if (sandbox) {
    restrict_to_sandbox(L, env);
    lua_pushnil(L);
    lua_setfield(L, loaded, "io");
    lua_pushnil(L);
    lua_setfield(L, loaded, "package");
    lua_getfield(L, env, "os");
    lua_setfield(L, loaded, "os");
  }

  /* its context: string methods of its own `string`, default files */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  int shared = lua_gettop(L);
  copy_table(L, shared);
  lua_getfield(L, env, "string");
  lua_setfield(L, -2, "__index");
  if (sandbox) {
    lua_getfield(L, template, "io");
  } else {
    lua_getfield(L, env, "io");
  }
  lua_getfield(L, -1, "stdout");
  lua_replace(L, -2);
  lua_getfield(L, LUA_REGISTRYINDEX, "_IO_input");
  make_context(L, -3, -2, -1);
  *context = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, env);
  lua_copy(L, env, print);
  lua_settop(L, print);
}

/* ---- compiled chunks ---------------------------------------------------- */

typedef struct Dump {
  char *bytes;
  size_t length, room;
  int failed;
} Dump;

static int collect_dump(lua_State *L, const void *p, size_t size, void *ud) {
  (void)L;
  Dump *d = (Dump *)ud;
  if (d->length + size > d->room) {
    size_t room = (d->room ? d->room * 2 : 4096) + size;
    char *bytes = realloc(d->bytes, room);
    if (!bytes) {
      d->failed = 1;
      return 1;
    }
    d->bytes = bytes;
    d->room = room;
  }
  memcpy(d->bytes + d->length, p, size);
  d->length += size;
  return 0;
}

/* The function at 1 as a binary chunk (with its line information). */
static int dump_function(lua_State *L) {
  lua_settop(L, 1);
  Dump d = {NULL, 0, 0, 0};
  lua_dump(L, collect_dump, &d, 0);
  if (d.failed) {
    free(d.bytes);
    return luaL_error(L, "not enough memory");
  }
  lua_pushlstring(L, d.bytes, d.length);
  free(d.bytes);
  return 1;
}

int formrun_pushdump(lua_State *L) {
  lua_pushcfunction(L, dump_function);
  lua_pushvalue(L, -2);
  return formrun_hostcall(L, 1, 1);
}

int formrun_loadcompiled(lua_State *L, const char *chunk, size_t length, const char *name) {
  return luaL_loadbufferx(L, chunk, length, name, "b");
}
