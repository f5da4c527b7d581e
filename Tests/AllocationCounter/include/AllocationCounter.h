#ifndef CARENDER_ALLOCATION_COUNTER_H
#define CARENDER_ALLOCATION_COUNTER_H

// Counts heap allocations made by the calling thread, for tests that check a hot path allocates
// nothing. The test executable's malloc family is interposed (forwarding to glibc's own
// allocator), so every allocation — Swift objects, arrays, strings, closure contexts — counts.

/// Starts counting this thread's allocations from zero.
void carender_allocations_start(void);
/// Stops counting and returns how many allocations this thread made since the start.
long carender_allocations_stop(void);

// Counts strong retains and releases made by the calling thread (`swift_retain`, `swift_release`
// and their `_n` forms, interposed in the test executable), for tests that check a hot path does
// no reference counting.

/// Starts counting this thread's retains and releases from zero: of every object when
/// `onlyClass` is null, else only of instances whose class (type metadata, the object's first
/// word) is `onlyClass`.
void carender_reference_counting_start(const void *onlyClass);
/// Stops counting and returns how many retains and releases this thread made since the start.
void carender_reference_counting_stop(long *retains, long *releases);

#endif
