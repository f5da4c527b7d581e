// PNG row filtering (the five filters of the PNG specification) and libpng's heuristic for
// choosing one per row. The loops carry no dependency between iterations, so the compiler
// vectorises them; an AVX2 copy is picked at run time where the processor has it.
#include "png_filters.h"

#include <stdlib.h>
#include <string.h>

/* The first pixel has no left neighbour (a = c = 0); after it the loop has no branches and no
 * aliasing (restrict), so it vectorises. */
#define FILTER_BODY                                                                         \
    uint8_t *restrict o0 = out[0], *restrict o1 = out[1], *restrict o2 = out[2];            \
    uint8_t *restrict o3 = out[3], *restrict o4 = out[4];                                   \
    for (size_t x = 0; x < bpp && x < n; x++) {                                             \
        int b = up[x];                                                                      \
        o0[x] = cur[x];                                                                     \
        o1[x] = cur[x];                                                                     \
        o2[x] = (uint8_t)(cur[x] - b);                                                      \
        o3[x] = (uint8_t)(cur[x] - (b >> 1));                                               \
        o4[x] = (uint8_t)(cur[x] - b);                                                      \
    }                                                                                       \
    for (size_t x = bpp; x < n; x++) {                                                      \
        int a = cur[x - bpp], b = up[x], c = up[x - bpp];                                   \
        int pa = b - c; pa = pa < 0 ? -pa : pa;                                             \
        int pb = a - c; pb = pb < 0 ? -pb : pb;                                             \
        int pc = a + b - 2 * c; pc = pc < 0 ? -pc : pc;                                     \
        int bc = pb <= pc ? b : c;                                                          \
        int pbc = pb <= pc ? pb : pc;                                                       \
        int paeth = pa <= pbc ? a : bc;                                                     \
        o0[x] = cur[x];                                                                     \
        o1[x] = (uint8_t)(cur[x] - a);                                                      \
        o2[x] = (uint8_t)(cur[x] - b);                                                      \
        o3[x] = (uint8_t)(cur[x] - ((a + b) >> 1));                                         \
        o4[x] = (uint8_t)(cur[x] - paeth);                                                  \
    }

#define SCORE_BODY                                                                          \
    uint32_t sum = 0;                                                                       \
    for (size_t x = 0; x < n; x++) {                                                        \
        int v = (int8_t)row[x];                                                             \
        sum += (uint32_t)(v < 0 ? -v : v);                                                  \
    }                                                                                       \
    return sum;

static void filter_all_generic(uint8_t *out[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    FILTER_BODY
}

static uint32_t score_generic(const uint8_t *row, size_t n) { SCORE_BODY }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void filter_all_avx2(uint8_t *out[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    FILTER_BODY
}

__attribute__((target("avx2")))
static uint32_t score_avx2(const uint8_t *row, size_t n) { SCORE_BODY }

static int has_avx2(void) {
    static int cached = -1;
    if (cached < 0) cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    return cached;
}
#else
static int has_avx2(void) { return 0; }
#define filter_all_avx2 filter_all_generic
#define score_avx2 score_generic
#endif

void cpng_filter_row(uint8_t *dst, const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp,
                     int allowed, uint8_t *scratch) {
    uint8_t *out[5];
    for (int k = 0; k < 5; k++) out[k] = scratch + (size_t)k * n;
    int avx2 = has_avx2();
    if (avx2) filter_all_avx2(out, cur, up, n, bpp); else filter_all_generic(out, cur, up, n, bpp);
    int best = -1;
    uint32_t best_score = 0;
    for (int k = 0; k < 5; k++) {
        if (!(allowed & (0x08 << k))) continue;
        /* With a single filter allowed there is nothing to score. */
        if ((allowed & 0xf8) == (0x08 << k)) { best = k; break; }
        uint32_t score = avx2 ? score_avx2(out[k], n) : score_generic(out[k], n);
        if (best < 0 || score < best_score) { best = k; best_score = score; }
    }
    if (best < 0) best = 4;
    dst[0] = (uint8_t)best;
    memcpy(dst + 1, out[best], n);
}
