/* The forms' string.find, string.match, string.gmatch and string.gsub.
 *
 * Lua's count hook cannot stop a C function, and Lua's own matcher can run
 * for minutes inside one call on a catastrophic pattern (`("a*"):rep(26) ..
 * "c"`). This matcher follows the pattern language of Lua 5.4 (the manual's
 * §6.4.1) step for step — the same results, the same errors at the same
 * places, the same recursion limit — on the subject's own buffer, and counts
 * its steps: every so many it spends them from the running form call's
 * instruction budget and looks at its time and at Ctrl-C, so a runaway
 * match stops like a runaway loop. That costs a decrement per step; nothing
 * is copied and nothing is measured first. Trusted code (specs) keeps Lua's
 * own functions. */
#include "internal.h"

#include <ctype.h>
#include <string.h>

#define ESCAPE '%'
#define SPECIALS "^$*+?.([%-"
#define CAPTURES 32   /* as Lua's LUA_MAXCAPTURES */
#define DEPTH 200     /* as Lua's MAXCCALLS for its matcher */
#define CHUNK 4096    /* steps between two looks at the budget */
#define COST 4        /* instructions a step is charged as (a step does about
                       * the work of a few VM instructions) */
#define OPEN (-1)     /* a capture not closed yet */
#define POSITION (-2) /* a position capture `()` */

typedef struct Matcher {
  const char *subject, *subject_end, *pattern_end;
  lua_State *L;
  formrun_limits *lim;
  int depth;  /* recursion left */
  int count;  /* captures made (closed or not) */
  long steps; /* steps left before the budget is looked at */
  struct {
    const char *start;
    ptrdiff_t length; /* or OPEN, POSITION */
  } capture[CAPTURES];
} Matcher;

static void look_at_budget(Matcher *m) {
  m->steps = CHUNK;
  if (m->lim) formrun_spend(m->L, m->lim, CHUNK * COST, "in a pattern match: a pattern too complex for its text?");
}

#define STEP(m) \
  do { \
    if (--(m)->steps <= 0) look_at_budget(m); \
  } while (0)

static void start(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->lim = formrun_getlimits(L);
  m->depth = DEPTH;
  m->subject = s;
  m->subject_end = s + ls;
  m->pattern_end = p + lp;
  m->steps = CHUNK;
  m->count = 0;
}

static const char *match(Matcher *m, const char *s, const char *p);

/* Past the single-character class at p (`x`, `%x`, `[...]`). */
static const char *class_end(Matcher *m, const char *p) {
  char c = *p++;
  if (c == ESCAPE) {
    if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {
      if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
      c = *p++;
      if (c == ESCAPE && p < m->pattern_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

/* Whether character c is in class `%cl` (an upper-case letter complements). */
static int in_class(int c, int cl) {
  int yes;
  switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break; /* still read by Lua 5.4 */
    default: return cl == c;
  }
  return islower(cl) ? yes : !yes;
}

/* Whether c is in the set `[...]` from p (at '[') to last (at its ']'). */
static int in_set(int c, const char *p, const char *last) {
  int wanted = 1;
  if (p[1] == '^') {
    wanted = 0;
    p++;
  }
  for (p++; p < last; p++) {
    if (*p == ESCAPE) {
      p++;
      if (in_class(c, (unsigned char)*p)) return wanted;
    } else if (p[1] == '-' && p + 2 < last) {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return wanted;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return wanted;
    }
  }
  return !wanted;
}

/* Whether the character at s matches the class from p to ep. */
static int one(Matcher *m, const char *s, const char *p, const char *ep) {
  if (s >= m->subject_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case ESCAPE: return in_class(c, (unsigned char)p[1]);
    case '[': return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

static const char *balanced(Matcher *m, const char *s, const char *p) {
  if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return NULL;
  char open = p[0], close = p[1];
  int nesting = 1;
  while (++s < m->subject_end) {
    STEP(m);
    if (*s == close) {
      if (--nesting == 0) return s + 1;
    } else if (*s == open) {
      nesting++;
    }
  }
  return NULL;
}

/* `x*` and `x+` (after its first): as many as match, then fewer. */
static const char *longest(Matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  while (one(m, s + n, p, ep)) {
    STEP(m);
    n++;
  }
  for (; n >= 0; n--) {
    const char *end = match(m, s + n, ep + 1);
    if (end) return end;
  }
  return NULL;
}

/* `x-`: as few as will do. */
static const char *shortest(Matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *end = match(m, s, ep + 1);
    if (end) return end;
    if (!one(m, s, p, ep)) return NULL;
    s++;
  }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
  int i = m->count;
  if (i >= CAPTURES) luaL_error(m->L, "too many captures");
  m->capture[i].start = s;
  m->capture[i].length = kind;
  m->count = i + 1;
  const char *end = match(m, s, p);
  if (!end) m->count--;
  return end;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
  int i = m->count - 1;
  while (i >= 0 && m->capture[i].length != OPEN) i--;
  if (i < 0) luaL_error(m->L, "invalid pattern capture");
  m->capture[i].length = s - m->capture[i].start;
  const char *end = match(m, s, p);
  if (!end) m->capture[i].length = OPEN;
  return end;
}

/* `%1`…`%9`: the text of an earlier capture again. */
static const char *same_as(Matcher *m, const char *s, int digit) {
  int i = digit - '1';
  if (i < 0 || i >= m->count || m->capture[i].length == OPEN)
    luaL_error(m->L, "invalid capture index %%%d", i + 1);
  size_t n = (size_t)m->capture[i].length;
  STEP(m);
  if ((size_t)(m->subject_end - s) >= n && memcmp(m->capture[i].start, s, n) == 0) return s + n;
  return NULL;
}

/* The end of a match of p at s, or NULL. Lua's recursion, depth for depth:
 * the same patterns are "too complex" at the same places. */
static const char *match(Matcher *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  while (p != m->pattern_end) {
    STEP(m);
    if (*p == '(') {
      s = p[1] == ')' ? open_capture(m, s, p + 2, POSITION) : open_capture(m, s, p + 1, OPEN);
      break;
    }
    if (*p == ')') {
      s = close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->pattern_end) {
      if (s != m->subject_end) s = NULL;
      break;
    }
    if (*p == ESCAPE && p[1] == 'b') {
      s = balanced(m, s, p + 2);
      if (!s) break;
      p += 4;
      continue;
    }
    if (*p == ESCAPE && p[1] == 'f') {
      p += 2;
      if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
      const char *ep = class_end(m, p);
      int before = s == m->subject ? 0 : (unsigned char)s[-1];
      if (!in_set(before, p, ep - 1) && in_set((unsigned char)*s, p, ep - 1)) {
        p = ep;
        continue;
      }
      s = NULL;
      break;
    }
    if (*p == ESCAPE && p[1] >= '0' && p[1] <= '9') {
      s = same_as(m, s, (unsigned char)p[1]);
      if (!s) break;
      p += 2;
      continue;
    }
    /* a class, perhaps with a suffix */
    const char *ep = class_end(m, p);
    if (!one(m, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') {
        p = ep + 1;
        continue;
      }
      s = NULL;
      break;
    }
    if (*ep == '?') {
      const char *end = match(m, s + 1, ep + 1);
      if (end) {
        s = end;
        break;
      }
      p = ep + 1;
      continue;
    }
    if (*ep == '+') {
      s = longest(m, s + 1, p, ep);
      break;
    }
    if (*ep == '*') {
      s = longest(m, s, p, ep);
      break;
    }
    if (*ep == '-') {
      s = shortest(m, s, p, ep);
      break;
    }
    s++;
    p = ep;
  }
  m->depth++;
  return s;
}

/* Capture i of the match from s to e: pushes a position and returns POSITION,
 * else gives the text (the whole match when there are no captures). */
static ptrdiff_t capture_text(Matcher *m, int i, const char *s, const char *e, const char **text) {
  if (i >= m->count) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *text = s;
    return e - s;
  }
  ptrdiff_t n = m->capture[i].length;
  *text = m->capture[i].start;
  if (n == OPEN) luaL_error(m->L, "unfinished capture");
  if (n == POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
  return n;
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
  const char *text;
  ptrdiff_t n = capture_text(m, i, s, e, &text);
  if (n != POSITION) lua_pushlstring(m->L, text, (size_t)n);
}

/* Push the captures (the whole match when none; nothing for s == NULL and
 * none); returns how many. */
static int push_captures(Matcher *m, const char *s, const char *e) {
  int n = (m->count == 0 && s) ? 1 : m->count;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

/* A 1-based position, negative from the end, as a 0-based offset + 1. */
static size_t position(lua_Integer pos, size_t length) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)length) return 1;
  return length + (size_t)pos + 1;
}

static int plain(const char *p, size_t lp) {
  size_t at = 0;
  do {
    if (strpbrk(p + at, SPECIALS)) return 0;
    at += strlen(p + at) + 1; /* a pattern may hold '\0' */
  } while (at <= lp);
  return 1;
}

static const char *plain_find(const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  const char *last = s + (ls - lp);
  while (s <= last) {
    const char *hit = memchr(s, *p, (size_t)(last - s) + 1);
    if (!hit) return NULL;
    if (memcmp(hit + 1, p + 1, lp - 1) == 0) return hit;
    s = hit + 1;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t from = position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (from > ls) {
    lua_pushnil(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || plain(p, lp))) {
    const char *hit = plain_find(s + from, ls - from, p, lp);
    if (hit) {
      lua_pushinteger(L, (hit - s) + 1);
      lua_pushinteger(L, (lua_Integer)((hit - s) + (ptrdiff_t)lp));
      return 2;
    }
    lua_pushnil(L);
    return 1;
  }
  Matcher m;
  int anchored = *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  start(&m, L, s, ls, p, lp);
  const char *at = s + from;
  do {
    m.count = 0;
    const char *end = match(&m, at, p);
    if (end) {
      if (find) {
        lua_pushinteger(L, (at - s) + 1);
        lua_pushinteger(L, end - s);
        return push_captures(&m, NULL, 0) + 2;
      }
      return push_captures(&m, at, end);
    }
  } while (at++ < m.subject_end && !anchored);
  lua_pushnil(L);
  return 1;
}

int formrun_str_find(lua_State *L) { return find_or_match(L, 1); }

int formrun_str_match(lua_State *L) { return find_or_match(L, 0); }

/* gmatch's iterator state (a userdata kept as its upvalue 3, beside the
 * subject and the pattern, which it keeps from being collected). */
typedef struct Iteration {
  const char *at, *pattern, *last_end;
  Matcher m;
} Iteration;

static int next_match(lua_State *L) {
  Iteration *it = (Iteration *)lua_touserdata(L, lua_upvalueindex(3));
  it->m.L = L;
  it->m.lim = formrun_getlimits(L);
  it->m.steps = CHUNK;
  for (const char *at = it->at; at <= it->m.subject_end; at++) {
    it->m.count = 0;
    const char *end = match(&it->m, at, it->pattern);
    if (end && end != it->last_end) {
      it->at = it->last_end = end;
      return push_captures(&it->m, at, end);
    }
  }
  return 0;
}

int formrun_str_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t from = position(luaL_optinteger(L, 3, 1), ls) - 1;
  lua_settop(L, 2);
  Iteration *it = (Iteration *)lua_newuserdatauv(L, sizeof(Iteration), 0);
  if (from > ls) from = ls + 1;
  start(&it->m, L, s, ls, p, lp);
  it->at = s + from;
  it->pattern = p;
  it->last_end = NULL;
  lua_pushcclosure(L, next_match, 3);
  return 1;
}

/* The replacement string (argument 3) for the match from s to e. */
static void add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  size_t n;
  const char *r = lua_tolstring(m->L, 3, &n);
  const char *esc;
  while ((esc = memchr(r, ESCAPE, n)) != NULL) {
    luaL_addlstring(b, r, (size_t)(esc - r));
    esc++;
    if (*esc == ESCAPE) {
      luaL_addchar(b, *esc);
    } else if (*esc == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*esc)) {
      const char *text;
      ptrdiff_t length = capture_text(m, *esc - '1', s, e, &text);
      if (length == POSITION)
        luaL_addvalue(b);
      else
        luaL_addlstring(b, text, (size_t)length);
    } else {
      luaL_error(m->L, "invalid use of '%c' in replacement string", ESCAPE);
    }
    n -= (size_t)(esc + 1 - r);
    r = esc + 1;
  }
  luaL_addlstring(b, r, n);
}

/* Add what replaces the match from s to e; whether the subject changed (a
 * function or table giving nil or false keeps the match). */
static int replace(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(m, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_replacement(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

int formrun_str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *last_end = NULL;
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchored = *p == '^';
  lua_Integer n = 0;
  int changed = 0;
  luaL_argexpected(
    L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
    "string/function/table");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (anchored) {
    p++;
    lp--;
  }
  Matcher m;
  start(&m, L, s, ls, p, lp);
  while (n < most) {
    m.count = 0;
    const char *end = match(&m, s, p);
    if (end && end != last_end) {
      n++;
      changed = replace(&m, &b, s, end, kind) | changed;
      s = last_end = end;
    } else if (s < m.subject_end) {
      luaL_addchar(&b, *s++);
    } else {
      break;
    }
    if (anchored) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}
