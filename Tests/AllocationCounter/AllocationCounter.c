#define _GNU_SOURCE
#include "AllocationCounter.h"

#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

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

// Reference counting: `swift_retain`, `swift_release` and their `_n` forms interposed like the
// malloc family (forwarding to the Swift runtime's own), so every retain and release the test
// executable's Swift code makes is seen. (The runtime's instrumentation hooks are no use here:
// its adapter strips a value's tag bits before calling the hook, so the hook cannot tell a
// tagged non-object, such as a small string's bits, from an object.)
static __thread int counting_references;
static __thread long retains, releases;
static __thread const void *counted_class;

static inline void count_reference(void *object, long *counter, long n) {
    if (!counting_references) return;
    // What the runtime treats as an object: a positive value, with the tag bits (the top byte
    // and the low three bits) cleared. Other values are not objects and are left alone.
    if ((intptr_t)object <= 0) return;
    const void *address = (const void *)((uintptr_t)object & 0x00fffffffffffff8ULL);
    if (counted_class && *(const void *const *)address != counted_class) return;
    *counter += n;
}

void *swift_retain(void *object) {
    static void *(*original)(void *);
    if (!original) original = (void *(*)(void *))dlsym(RTLD_NEXT, "swift_retain");
    count_reference(object, &retains, 1);
    return original(object);
}

void *swift_retain_n(void *object, unsigned int n) {
    static void *(*original)(void *, unsigned int);
    if (!original) original = (void *(*)(void *, unsigned int))dlsym(RTLD_NEXT, "swift_retain_n");
    count_reference(object, &retains, n);
    return original(object, n);
}

void swift_release(void *object) {
    static void (*original)(void *);
    if (!original) original = (void (*)(void *))dlsym(RTLD_NEXT, "swift_release");
    // Counted before the call, which may free the object.
    count_reference(object, &releases, 1);
    original(object);
}

void swift_release_n(void *object, unsigned int n) {
    static void (*original)(void *, unsigned int);
    if (!original) original = (void (*)(void *, unsigned int))dlsym(RTLD_NEXT, "swift_release_n");
    count_reference(object, &releases, n);
    original(object, n);
}

void carender_reference_counting_start(const void *onlyClass) {
    counted_class = onlyClass;
    retains = 0;
    releases = 0;
    counting_references = 1;
}

void carender_reference_counting_stop(long *retainCount, long *releaseCount) {
    counting_references = 0;
    *retainCount = retains;
    *releaseCount = releases;
}
