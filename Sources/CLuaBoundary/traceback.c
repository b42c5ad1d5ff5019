/* Tracebacks: the text luaL_traceback makes, found in one pass.
 *
 * Lua's traceback names a function by looking for it in every module of
 * package.loaded (two levels deep) — once for every level it shows. busted
 * takes a traceback for every test it declares, so under busted most of an
 * empty test's time is that search. Here the search is done once for all
 * the levels shown, in the same order (so the same name wins), and the rest
 * of the text is made as Lua makes it. `formrun_traceback` can also stop
 * above a level (a form call's traceback ends where the call began: the
 * frames below are formrun's, or a spec's that called it).
 */
#include "internal.h"

#include <string.h>

/* Lua shows the first FIRST levels and the last LAST ones of a deep stack. */
#define FIRST 10
#define LAST 11
#define SHOWN (FIRST + LAST + 1)

int formrun_stackdepth(lua_State *L1) {
  lua_Debug ar;
  if (!lua_getstack(L1, 0, &ar)) return 0;
  int known = 0, beyond = 1; /* level `known` exists; `beyond` is not known to */
  while (lua_getstack(L1, beyond, &ar)) {
    known = beyond;
    beyond *= 2;
  }
  while (beyond - known > 1) {
    int mid = known + (beyond - known) / 2;
    if (lua_getstack(L1, mid, &ar)) known = mid;
    else beyond = mid;
  }
  return known + 1;
}

/* One level to show. */
typedef struct {
  lua_Debug ar;
  const void *fn;
  int named;
} shown_level;

/* Give the levels whose function is the value on top, and that have no name
 * yet, the name `outer` (or `outer.inner`; a name in _G without its "_G."),
 * kept in the table at `names` by position. */
static void name_levels(lua_State *L, shown_level *levels, int n, int names, const char *outer,
                        const char *inner) {
  const void *p = lua_topointer(L, -1);
  int name = 0;
  for (int i = 0; i < n; i++) {
    if (levels[i].named || levels[i].fn != p) continue;
    if (!name) {
      if (!inner) lua_pushstring(L, outer);
      else if (strcmp(outer, LUA_GNAME) == 0) lua_pushstring(L, inner);
      else lua_pushfstring(L, "%s.%s", outer, inner);
      name = lua_gettop(L);
    }
    lua_pushvalue(L, name);
    lua_rawseti(L, names, i + 1);
    levels[i].named = 1;
  }
  if (name) lua_remove(L, name);
}

/* The global names of the levels' functions, into the table at `names`: a
 * function that is a module of package.loaded, or a string-keyed field of
 * one, the first found in the order Lua's own search goes (each module, then
 * its fields). One walk for every level. */
static void find_names(lua_State *L, shown_level *levels, int n, int names) {
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  int loaded = lua_gettop(L);
  if (lua_istable(L, loaded)) {
    lua_pushnil(L);
    while (lua_next(L, loaded)) {
      if (lua_type(L, -2) == LUA_TSTRING) {
        if (lua_type(L, -1) == LUA_TFUNCTION) {
          name_levels(L, levels, n, names, lua_tostring(L, -2), NULL);
        } else if (lua_istable(L, -1)) {
          int module = lua_gettop(L);
          lua_pushnil(L);
          while (lua_next(L, module)) {
            if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION)
              name_levels(L, levels, n, names, lua_tostring(L, module - 1), lua_tostring(L, -2));
            lua_pop(L, 1);
          }
        }
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* What a level is called: its global name, how it was called, or what it is. */
static void add_name(lua_State *L, luaL_Buffer *b, const lua_Debug *ar, int names, int i) {
  if (lua_rawgeti(L, names, i + 1) == LUA_TSTRING) {
    lua_pushfstring(L, "function '%s'", lua_tostring(L, -1));
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
    if (*ar->namewhat != '\0') lua_pushfstring(L, "%s '%s'", ar->namewhat, ar->name);
    else if (*ar->what == 'm') lua_pushliteral(L, "main chunk");
    else if (*ar->what != 'C') lua_pushfstring(L, "function <%s:%d>", ar->short_src, ar->linedefined);
    else lua_pushliteral(L, "?");
  }
  luaL_addvalue(b);
}

void formrun_traceback(lua_State *L, lua_State *L1, const char *msg, int level, int last) {
  luaL_checkstack(L, 12, NULL);
  int bottom = formrun_stackdepth(L1) - 1;
  if (last < 0 || last > bottom) last = bottom;
  /* the levels shown: all, or the first and the last of a deep stack, with
   * the count of those left out between them */
  shown_level levels[SHOWN];
  int n = 0, skipped = 0, skip_after = -1;
  int deep = last - level > FIRST + LAST;
  for (int at = level; at <= last && n < SHOWN; at++) {
    if (deep && n == FIRST) {
      /* Lua says it skips one level fewer than it leaves out */
      skipped = last - at - LAST;
      skip_after = n;
      at += skipped + 1;
      if (at > last) break;
    }
    if (!lua_getstack(L1, at, &levels[n].ar)) break;
    lua_getinfo(L1, "Slnt", &levels[n].ar);
    lua_getinfo(L, "f", &levels[n].ar);
    levels[n].fn = lua_topointer(L, -1);
    levels[n].named = 0;
    lua_pop(L, 1);
    n++;
  }
  lua_createtable(L, n, 0);
  int names = lua_gettop(L);
  find_names(L, levels, n, names);

  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (msg) {
    luaL_addstring(&b, msg);
    luaL_addchar(&b, '\n');
  }
  luaL_addstring(&b, "stack traceback:");
  for (int i = 0; i < n; i++) {
    if (i == skip_after) {
      lua_pushfstring(L, "\n\t...\t(skipping %d levels)", skipped);
      luaL_addvalue(&b);
    }
    const lua_Debug *ar = &levels[i].ar;
    if (ar->currentline <= 0) lua_pushfstring(L, "\n\t%s: in ", ar->short_src);
    else lua_pushfstring(L, "\n\t%s:%d: in ", ar->short_src, ar->currentline);
    luaL_addvalue(&b);
    add_name(L, &b, ar, names, i);
    if (ar->istailcall) luaL_addstring(&b, "\n\t(...tail calls...)");
  }
  luaL_pushresult(&b);
  lua_remove(L, names);
}

int formrun_debug_traceback(lua_State *L) {
  lua_State *L1 = L;
  int arg = 0;
  if (lua_isthread(L, 1)) {
    L1 = lua_tothread(L, 1);
    arg = 1;
  }
  const char *msg = lua_tostring(L, arg + 1);
  if (msg == NULL && !lua_isnoneornil(L, arg + 1)) {
    lua_pushvalue(L, arg + 1); /* not a message: given back as it is */
  } else {
    int level = (int)luaL_optinteger(L, arg + 2, L == L1 ? 1 : 0);
    formrun_traceback(L, L1, msg, level, -1);
  }
  return 1;
}
