/* C library parts that Swift's Glibc module leaves out. */
#ifndef FORMRUN_CSYSTEM_SHIM_H
#define FORMRUN_CSYSTEM_SHIM_H
#include <malloc.h>

/* Bytes the process has allocated with malloc and not freed. */
static inline size_t formrun_heap_in_use(void) { return mallinfo2().uordblks; }

/* Give the heap's free memory back to the system (every thread's arena). */
static inline void formrun_heap_give_back(void) { malloc_trim(0); }
#endif
