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
  const unsigned char *(*column_text)(sqlite3_stmt *, int);
  int (*column_count)(sqlite3_stmt *);
  void (*free)(void *);
};

/* Fill `s` with the library's functions, loading it; 1 when every one was
   found, 0 when it cannot be had. The table lives in Swift (as CMicroHTTPD's). */
static inline int formrun_sqlite_load(struct formrun_sqlite *s) {
  void *h = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libsqlite3.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
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
  FORMRUN_SQLITE_FIND(column_text)
  FORMRUN_SQLITE_FIND(column_count)
  FORMRUN_SQLITE_FIND(free)
#undef FORMRUN_SQLITE_FIND
  return 1;
}

/* `s` is a table formrun_sqlite_load filled. Opens (creating) the file in
   serialized mode: one connection shared by the server's threads. */
static inline int formrun_sqlite_connect(const struct formrun_sqlite *s, const char *path, sqlite3 **db) {
  return s->open_v2(
    path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW, NULL);
}
static inline int formrun_sqlite_close(const struct formrun_sqlite *s, sqlite3 *db) { return s->close(db); }
/* Run SQL with no result rows; the error's message into *error (free it with formrun_sqlite_free). */
static inline int formrun_sqlite_exec(const struct formrun_sqlite *s, sqlite3 *db, const char *sql, char **error) {
  return s->exec(db, sql, NULL, NULL, error);
}
static inline void formrun_sqlite_free(const struct formrun_sqlite *s, void *p) { s->free(p); }
static inline int formrun_sqlite_prepare(const struct formrun_sqlite *s, sqlite3 *db, const char *sql, sqlite3_stmt **statement) {
  return s->prepare_v2(db, sql, -1, statement, NULL);
}
/* Bind text (copied) to the 1-based parameter `index`. */
static inline int formrun_sqlite_bind(const struct formrun_sqlite *s, sqlite3_stmt *statement, int index, const char *text, int bytes) {
  return s->bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}
static inline int formrun_sqlite_step(const struct formrun_sqlite *s, sqlite3_stmt *statement) { return s->step(statement); }
static inline int formrun_sqlite_reset(const struct formrun_sqlite *s, sqlite3_stmt *statement) { return s->reset(statement); }
static inline int formrun_sqlite_finalize(const struct formrun_sqlite *s, sqlite3_stmt *statement) { return s->finalize(statement); }
/* A result row's column as text (NULL for a NULL). */
static inline const char *formrun_sqlite_text(const struct formrun_sqlite *s, sqlite3_stmt *statement, int column) {
  return (const char *)s->column_text(statement, column);
}
static inline int formrun_sqlite_columns(const struct formrun_sqlite *s, sqlite3_stmt *statement) { return s->column_count(statement); }
static inline const char *formrun_sqlite_message(const struct formrun_sqlite *s, sqlite3 *db) { return s->errmsg(db); }
#endif
