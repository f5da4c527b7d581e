// Hints to the processor's memory system, for Swift code that knows which cache lines it will
// read soon (Swift has no prefetch of its own).
//
// A prefetch changes no value and never faults (an address that is not mapped is ignored), so a
// call can be left out or added anywhere without changing what a program computes: only when
// the lines arrive.
#ifndef CMEMORY_HINTS_H
#define CMEMORY_HINTS_H

#ifdef __cplusplus
extern "C" {
#endif

/// Asks for the cache line holding `address` to be brought into every cache level for reading,
/// without waiting for it: the loads that follow find it there, or on its way, instead of each
/// waiting for memory in turn.
static inline __attribute__((always_inline)) void cmh_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// As `cmh_prefetch`, for a line that will be written.
static inline __attribute__((always_inline)) void cmh_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#ifdef __cplusplus
}
#endif

#endif
