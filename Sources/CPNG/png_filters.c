// PNG row filtering (the five filters of the PNG specification) and libpng's heuristic for
// choosing one per row. The loops carry no dependency between iterations, so the compiler
// vectorises them; an AVX2 copy is picked at run time where the processor has it.
#include "png_filters.h"

#include <stdlib.h>
#include <string.h>

/* The PNG specification's Paeth predictor of a pixel byte from its left (a), upper (b) and
 * upper-left (c) neighbours: whichever is closest to a + b - c, ties going to a, then b. Written
 * without branches so the loops around it vectorise. */
static inline __attribute__((always_inline)) int paeth_predictor(int a, int b, int c) {
    int pa = b - c; pa = pa < 0 ? -pa : pa;
    int pb = a - c; pb = pb < 0 ? -pb : pb;
    int pc = a + b - 2 * c; pc = pc < 0 ? -pc : pc;
    int bc = pb <= pc ? b : c;
    int pbc = pb <= pc ? pb : pc;
    return pa <= pbc ? a : bc;
}

/* The first pixel has no left neighbour (a = c = 0); after it the loop has no branches and no
 * aliasing (restrict), so it vectorises. Each filter's score (the sum of its residuals as
 * signed bytes, libpng's heuristic) is accumulated in the same pass. */
#define SCORE(v) ((uint32_t)(((int8_t)(v)) < 0 ? -(int)(int8_t)(v) : (int)(int8_t)(v)))
#define FILTER_BODY                                                                         \
    uint8_t *restrict o0 = out[0], *restrict o1 = out[1], *restrict o2 = out[2];            \
    uint8_t *restrict o3 = out[3], *restrict o4 = out[4];                                   \
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;                                        \
    for (size_t x = 0; x < bpp && x < n; x++) {                                             \
        int b = up[x];                                                                      \
        o0[x] = cur[x];                                                                     \
        o1[x] = cur[x];                                                                     \
        o2[x] = (uint8_t)(cur[x] - b);                                                      \
        o3[x] = (uint8_t)(cur[x] - (b >> 1));                                               \
        o4[x] = (uint8_t)(cur[x] - b);                                                      \
        s0 += SCORE(o0[x]); s1 += SCORE(o1[x]); s2 += SCORE(o2[x]);                         \
        s3 += SCORE(o3[x]); s4 += SCORE(o4[x]);                                             \
    }                                                                                       \
    for (size_t x = bpp; x < n; x++) {                                                      \
        int a = cur[x - bpp], b = up[x], c = up[x - bpp];                                   \
        int paeth = paeth_predictor(a, b, c);                                               \
        uint8_t v0 = cur[x];                                                                \
        uint8_t v1 = (uint8_t)(cur[x] - a);                                                 \
        uint8_t v2 = (uint8_t)(cur[x] - b);                                                 \
        uint8_t v3 = (uint8_t)(cur[x] - ((a + b) >> 1));                                    \
        uint8_t v4 = (uint8_t)(cur[x] - paeth);                                             \
        o0[x] = v0; o1[x] = v1; o2[x] = v2; o3[x] = v3; o4[x] = v4;                         \
        s0 += SCORE(v0); s1 += SCORE(v1); s2 += SCORE(v2); s3 += SCORE(v3); s4 += SCORE(v4); \
    }                                                                                       \
    scores[0] = s0; scores[1] = s1; scores[2] = s2; scores[3] = s3; scores[4] = s4;

/* Only Sub and Up, the two cheapest filters: on interface frames (flat fills, straight edges,
 * soft shadows) choosing between these two per row deflates smaller than choosing among all five,
 * and the pass is a third of the work. Only the scores here: the chosen filter is then written
 * straight to the output row, which costs less than writing both and copying one. */
#define SCORE_UP_SUB_BODY                                                                   \
    uint32_t s1 = 0, s2 = 0;                                                                \
    for (size_t x = 0; x < bpp && x < n; x++) {                                             \
        s1 += SCORE(cur[x]); s2 += SCORE((uint8_t)(cur[x] - up[x]));                        \
    }                                                                                       \
    for (size_t x = bpp; x < n; x++) {                                                      \
        s1 += SCORE((uint8_t)(cur[x] - cur[x - bpp]));                                      \
        s2 += SCORE((uint8_t)(cur[x] - up[x]));                                             \
    }                                                                                       \
    return s2 < s1 ? 2 : 1; /* a tie takes Sub, as the five-way choice does */

/* One filter, written straight to the output row (no scores, no copy). */
#define FILTER_ONE_BODY                                                                     \
    size_t first = bpp < n ? bpp : n;                                                       \
    switch (type) {                                                                         \
    case 0:                                                                                 \
        memcpy(dst, cur, n);                                                                \
        break;                                                                              \
    case 1:                                                                                 \
        memcpy(dst, cur, first);                                                            \
        for (size_t x = bpp; x < n; x++) dst[x] = (uint8_t)(cur[x] - cur[x - bpp]);          \
        break;                                                                              \
    case 2:                                                                                 \
        for (size_t x = 0; x < n; x++) dst[x] = (uint8_t)(cur[x] - up[x]);                  \
        break;                                                                              \
    case 3:                                                                                 \
        for (size_t x = 0; x < first; x++) dst[x] = (uint8_t)(cur[x] - (up[x] >> 1));       \
        for (size_t x = bpp; x < n; x++)                                                    \
            dst[x] = (uint8_t)(cur[x] - ((cur[x - bpp] + up[x]) >> 1));                      \
        break;                                                                              \
    default:                                                                                \
        for (size_t x = 0; x < first; x++) dst[x] = (uint8_t)(cur[x] - up[x]);              \
        for (size_t x = bpp; x < n; x++) {                                                  \
            dst[x] = (uint8_t)(cur[x] - paeth_predictor(cur[x - bpp], up[x], up[x - bpp])); \
        }                                                                                   \
    }

static void filter_one_generic(uint8_t *restrict dst, const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp, int type) {
    FILTER_ONE_BODY
}

static int choose_up_sub_generic(const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    SCORE_UP_SUB_BODY
}

static void filter_all_generic(uint8_t *out[5], uint32_t scores[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    FILTER_BODY
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void filter_all_avx2(uint8_t *out[5], uint32_t scores[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    FILTER_BODY
}

__attribute__((target("avx2")))
static void filter_one_avx2(uint8_t *restrict dst, const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp, int type) {
    FILTER_ONE_BODY
}

__attribute__((target("avx2")))
static int choose_up_sub_avx2(const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    SCORE_UP_SUB_BODY
}

static int has_avx2(void) {
    static int cached = -1;
    if (cached < 0) cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    return cached;
}
#else
static int has_avx2(void) { return 0; }
#define filter_all_avx2 filter_all_generic
#define choose_up_sub_avx2 choose_up_sub_generic
#define filter_one_avx2 filter_one_generic
#endif

void cpng_filter_row(uint8_t *dst, const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp,
                     int allowed, uint8_t *scratch) {
    allowed &= 0xf8;
    int single = allowed && !(allowed & (allowed - 1));
    if (single || allowed == (0x10 | 0x20)) {
        /* One filter, or Sub or Up by their scores: written straight to the output row. */
        int type = single ? __builtin_ctz((unsigned)allowed) - 3
                 : has_avx2() ? choose_up_sub_avx2(cur, up, n, bpp) : choose_up_sub_generic(cur, up, n, bpp);
        dst[0] = (uint8_t)type;
        if (has_avx2()) filter_one_avx2(dst + 1, cur, up, n, bpp, type); else filter_one_generic(dst + 1, cur, up, n, bpp, type);
        return;
    }
    uint8_t *out[5];
    for (int k = 0; k < 5; k++) out[k] = scratch + (size_t)k * n;
    uint32_t scores[5];
    if (has_avx2()) {
        filter_all_avx2(out, scores, cur, up, n, bpp);
    } else {
        filter_all_generic(out, scores, cur, up, n, bpp);
    }
    int best = -1;
    for (int k = 0; k < 5; k++) {
        if (!(allowed & (0x08 << k))) continue;
        if (best < 0 || scores[k] < scores[best]) best = k;
    }
    if (best < 0) best = 4;
    dst[0] = (uint8_t)best;
    memcpy(dst + 1, out[best], n);
}

void cpng_probe_row(const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp, uint8_t *scratch,
                    uint32_t *best_of_all, uint32_t *best_of_up_sub) {
    uint8_t *out[5];
    for (int k = 0; k < 5; k++) out[k] = scratch + (size_t)k * n;
    uint32_t scores[5];
    if (has_avx2()) filter_all_avx2(out, scores, cur, up, n, bpp); else filter_all_generic(out, scores, cur, up, n, bpp);
    uint32_t up_sub = scores[1] < scores[2] ? scores[1] : scores[2];
    uint32_t all = up_sub;
    for (int k = 0; k < 5; k++) if (scores[k] < all) all = scores[k];
    *best_of_all = all;
    *best_of_up_sub = up_sub;
}
