/* C library parts that Swift's Glibc module leaves out. */
#ifndef FORMRUN_CSYSTEM_SHIM_H
#define FORMRUN_CSYSTEM_SHIM_H
#include <malloc.h>

/* Bytes the process has allocated with malloc and not freed. */
static inline size_t formrun_heap_in_use(void) { return mallinfo2().uordblks; }

/* Give the heap's free memory back to the system (every thread's arena). */
static inline void formrun_heap_give_back(void) { malloc_trim(0); }

/* At most `n` malloc arenas (glibc makes up to eight a core, one a thread
   as threads contend): serve's pool of threads otherwise spreads sessions
   over as many arenas, and memory freed there is not all given back. */
static inline void formrun_heap_arenas(int n) { mallopt(M_ARENA_MAX, n); }
#endif
