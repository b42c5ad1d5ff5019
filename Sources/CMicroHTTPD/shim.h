/* libmicrohttpd, the HTTP server of `formrun serve`, opened with dlopen when
   serve starts: every other run (a fill, the tests, the start-up benchmark)
   loads neither it nor what it links (GnuTLS and eight more libraries).
   MHD_start_daemon is variadic, which Swift cannot call: its options go in
   one array (MHD_OPTION_ARRAY). Only FormServe's HTTPServer.swift calls these. */
#ifndef FORMRUN_CMICROHTTPD_SHIM_H
#define FORMRUN_CMICROHTTPD_SHIM_H
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* The libmicrohttpd functions formrun calls, found by name in the library. */
struct formrun_mhd {
  struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                     MHD_AccessHandlerCallback, void *, ...);
  void (*stop_daemon)(struct MHD_Daemon *);
  MHD_socket (*quiesce_daemon)(struct MHD_Daemon *);
  const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
  struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
  enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
  enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
  void (*destroy_response)(struct MHD_Response *);
  const char *(*get_version)(void);
};

/* Fill `m` with the library's functions, loading it (once: dlopen gives
   the same handle again); 1 when every one was found, 0 when the library
   cannot be had (serve says which package to install). The table lives in
   Swift, one for the process: a static one here would be one per object
   file that calls these (an optimised build splits a module into several). */
static inline int formrun_mhd_load(struct formrun_mhd *m) {
  void *h = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (!h) h = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
#define FORMRUN_MHD_FIND(field, name) \
  if (!(*(void **)&m->field = dlsym(h, #name))) return 0;
  FORMRUN_MHD_FIND(start_daemon, MHD_start_daemon)
  FORMRUN_MHD_FIND(stop_daemon, MHD_stop_daemon)
  FORMRUN_MHD_FIND(quiesce_daemon, MHD_quiesce_daemon)
  FORMRUN_MHD_FIND(lookup_connection_value, MHD_lookup_connection_value)
  FORMRUN_MHD_FIND(create_response_from_buffer, MHD_create_response_from_buffer)
  FORMRUN_MHD_FIND(add_response_header, MHD_add_response_header)
  FORMRUN_MHD_FIND(queue_response, MHD_queue_response)
  FORMRUN_MHD_FIND(destroy_response, MHD_destroy_response)
  FORMRUN_MHD_FIND(get_version, MHD_get_version)
#undef FORMRUN_MHD_FIND
  return 1;
}

/* How serve runs the daemon (see HTTPServer.swift for why these values). */
struct formrun_mhd_settings {
  /* the socket formrun bound and listens on */
  int listen_fd;
  /* threads of the pool, each with its own epoll set */
  unsigned int threads;
  /* seconds a connection may stay idle (a slow client is cut off) */
  unsigned int idle_timeout;
  /* connections open at once (more are refused) */
  unsigned int connection_limit;
  /* bytes of a connection's memory pool: the request line and headers */
  size_t connection_memory;
};

/* Start the daemon: one pool of `threads` threads polling with epoll,
   answering through `handler`, telling `completed` when a request is done. */
static inline struct MHD_Daemon *formrun_mhd_start(
  const struct formrun_mhd *m, struct formrun_mhd_settings s, MHD_AccessHandlerCallback handler, void *handler_cls,
  MHD_RequestCompletedCallback completed, void *completed_cls) {
  struct MHD_OptionItem options[] = {
    {MHD_OPTION_LISTEN_SOCKET, s.listen_fd, NULL},
    {MHD_OPTION_THREAD_POOL_SIZE, s.threads, NULL},
    {MHD_OPTION_CONNECTION_TIMEOUT, s.idle_timeout, NULL},
    {MHD_OPTION_CONNECTION_LIMIT, s.connection_limit, NULL},
    {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s.connection_memory, NULL},
    {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
    {MHD_OPTION_END, 0, NULL},
  };
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
  return m->start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* `m` is a table formrun_mhd_load filled. */
static inline void formrun_mhd_stop(const struct formrun_mhd *m, struct MHD_Daemon *d) { m->stop_daemon(d); }
static inline int formrun_mhd_quiesce(const struct formrun_mhd *m, struct MHD_Daemon *d) {
  return m->quiesce_daemon(d);
}
/* A header's value (any case of its name), a cookie's, a query argument's (decoded); NULL when absent. */
static inline const char *formrun_mhd_header(const struct formrun_mhd *m, struct MHD_Connection *c, const char *key) {
  return m->lookup_connection_value(c, MHD_HEADER_KIND, key);
}
static inline const char *formrun_mhd_cookie(const struct formrun_mhd *m, struct MHD_Connection *c, const char *key) {
  return m->lookup_connection_value(c, MHD_COOKIE_KIND, key);
}
static inline const char *formrun_mhd_query(const struct formrun_mhd *m, struct MHD_Connection *c, const char *key) {
  return m->lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
}

/* Queue a response of `size` bytes (copied), with `count` headers given as
   name, value, name, value…; 1 when queued. */
static inline int formrun_mhd_respond(const struct formrun_mhd *m, struct MHD_Connection *c, unsigned int status,
                                      const void *body, size_t size, const char *const *headers, size_t count) {
  struct MHD_Response *r = m->create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (!r) return 0;
  for (size_t i = 0; i + 1 < count * 2; i += 2) m->add_response_header(r, headers[i], headers[i + 1]);
  enum MHD_Result ok = m->queue_response(c, status, r);
  m->destroy_response(r);
  return ok == MHD_YES;
}
#endif
