#ifndef CARENDER_ALLOCATION_COUNTER_H
#define CARENDER_ALLOCATION_COUNTER_H

// Counts heap allocations made by the calling thread, for tests that check a hot path allocates
// nothing. The test executable's malloc family is interposed (forwarding to glibc's own
// allocator), so every allocation — Swift objects, arrays, strings, closure contexts — counts.

/// Starts counting this thread's allocations from zero.
void carender_allocations_start(void);
/// Stops counting and returns how many allocations this thread made since the start.
long carender_allocations_stop(void);

#endif
