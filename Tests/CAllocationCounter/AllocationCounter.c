#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>

// glibc's exported implementations (GLIBC_2.2.5), which the interposers below forward to.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Per thread, so allocations on other threads (the test runner, Dispatch) are not counted.
// initial-exec: reading the variables must never allocate (general-dynamic TLS may).
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread long count __attribute__((tls_model("initial-exec")));

void allocation_counter_start(void) {
    count = 0;
    counting = 1;
}

long allocation_counter_stop(void) {
    counting = 0;
    return count;
}

void *malloc(size_t size) {
    if (counting) count++;
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    if (counting) count++;
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) count++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) count++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) count++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (counting) count++;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}
