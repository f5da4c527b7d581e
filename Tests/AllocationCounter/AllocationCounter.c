#include "AllocationCounter.h"

#include <errno.h>
#include <stddef.h>

// glibc's own entry points, which the interposed functions forward to.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Per thread, so allocations of other threads (the test runner's) do not count.
static __thread int counting;
static __thread long allocations;

void carender_allocations_start(void) {
    allocations = 0;
    counting = 1;
}

long carender_allocations_stop(void) {
    counting = 0;
    return allocations;
}

static inline void count(void) {
    if (counting) allocations += 1;
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    count();
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *result = pointer;
    return 0;
}
