#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

/// Counts heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// made by the calling thread while counting is on. The test executable's definitions of these
/// functions take precedence over the C library's (ELF symbol interposition); they forward to
/// glibc's own entry points.

/// Starts counting on this thread from zero.
void allocation_counter_start(void);
/// Stops counting on this thread and returns the number of allocations since the start.
long allocation_counter_stop(void);

#endif
