/* SQLite, for `formrun serve --collect FILE.sqlite`, opened with dlopen when
   such a file is asked for: no other run loads it. One wrapper per use;
   only FormServe's SQLiteCollector.swift calls these. */
#ifndef FORMRUN_CSQLITE_SHIM_H
#define FORMRUN_CSQLITE_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <sqlite3.h>

/* The SQLite functions formrun calls, found by name in the library. */
struct formrun_sqlite {
  int (*open_v2)(const char *, sqlite3 **, int, const char *);
  int (*close)(sqlite3 *);
  int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
  int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
  int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
  int (*step)(sqlite3_stmt *);
  int (*reset)(sqlite3_stmt *);
  int (*finalize)(sqlite3_stmt *);
  const char *(*errmsg)(sqlite3 *);
  void (*free)(void *);
};

static inline struct formrun_sqlite *formrun_sqlite(void) {
  static struct formrun_sqlite lib;
  return &lib;
}

/* 1 when SQLite is loaded (the first call loads it; it stays); 0 when it
   cannot be had. */
static inline int formrun_sqlite_open(void) {
  static int state; /* 0 not tried, 1 loaded, -1 missing */
  if (state) return state > 0;
  state = -1;
  void *h = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libsqlite3.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
  struct formrun_sqlite *s = formrun_sqlite();
#define FORMRUN_SQLITE_FIND(field) \
  if (!(*(void **)&s->field = dlsym(h, "sqlite3_" #field))) return 0;
  FORMRUN_SQLITE_FIND(open_v2)
  FORMRUN_SQLITE_FIND(close)
  FORMRUN_SQLITE_FIND(exec)
  FORMRUN_SQLITE_FIND(prepare_v2)
  FORMRUN_SQLITE_FIND(bind_text)
  FORMRUN_SQLITE_FIND(step)
  FORMRUN_SQLITE_FIND(reset)
  FORMRUN_SQLITE_FIND(finalize)
  FORMRUN_SQLITE_FIND(errmsg)
  FORMRUN_SQLITE_FIND(free)
#undef FORMRUN_SQLITE_FIND
  state = 1;
  return 1;
}

/* Callers ask formrun_sqlite_open() first. Opens (creating) the file in
   serialized mode: one connection shared by the server's threads. */
static inline int formrun_sqlite_connect(const char *path, sqlite3 **db) {
  return formrun_sqlite()->open_v2(
    path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW, NULL);
}
static inline int formrun_sqlite_close(sqlite3 *db) { return formrun_sqlite()->close(db); }
/* Run SQL with no result rows; the error's message into *error (free it with formrun_sqlite_free). */
static inline int formrun_sqlite_exec(sqlite3 *db, const char *sql, char **error) {
  return formrun_sqlite()->exec(db, sql, NULL, NULL, error);
}
static inline void formrun_sqlite_free(void *p) { formrun_sqlite()->free(p); }
static inline int formrun_sqlite_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **statement) {
  return formrun_sqlite()->prepare_v2(db, sql, -1, statement, NULL);
}
/* Bind text (copied) to the 1-based parameter `index`. */
static inline int formrun_sqlite_bind(sqlite3_stmt *statement, int index, const char *text, int bytes) {
  return formrun_sqlite()->bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}
static inline int formrun_sqlite_step(sqlite3_stmt *statement) { return formrun_sqlite()->step(statement); }
static inline int formrun_sqlite_reset(sqlite3_stmt *statement) { return formrun_sqlite()->reset(statement); }
static inline int formrun_sqlite_finalize(sqlite3_stmt *statement) { return formrun_sqlite()->finalize(statement); }
static inline const char *formrun_sqlite_message(sqlite3 *db) { return formrun_sqlite()->errmsg(db); }
#endif
