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
 * aliasing (restrict), so it vectorises. The scores are libpng's heuristic: the sum of the
 * residuals as signed bytes' absolute values. */
#define SCORE(v) ((uint32_t)(((int8_t)(v)) < 0 ? -(int)(int8_t)(v) : (int)(int8_t)(v)))

/* The five scores alone: the row's filter is then written straight to the output row, which costs
 * less than writing all five and copying one. */
#define SCORE_ALL_BODY                                                                      \
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;                                        \
    for (size_t x = 0; x < bpp && x < n; x++) {                                             \
        int b = up[x];                                                                      \
        s0 += SCORE(cur[x]); s1 += SCORE(cur[x]);                                           \
        s2 += SCORE((uint8_t)(cur[x] - b)); s3 += SCORE((uint8_t)(cur[x] - (b >> 1)));      \
        s4 += SCORE((uint8_t)(cur[x] - b));                                                 \
    }                                                                                       \
    for (size_t x = bpp; x < n; x++) {                                                      \
        int a = cur[x - bpp], b = up[x], c = up[x - bpp];                                   \
        s0 += SCORE(cur[x]);                                                                \
        s1 += SCORE((uint8_t)(cur[x] - a));                                                 \
        s2 += SCORE((uint8_t)(cur[x] - b));                                                 \
        s3 += SCORE((uint8_t)(cur[x] - ((a + b) >> 1)));                                    \
        s4 += SCORE((uint8_t)(cur[x] - paeth_predictor(a, b, c)));                          \
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

static void score_all_generic(uint32_t scores[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    SCORE_ALL_BODY
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

/* The five scores 32 bytes at a time, each residual's absolute value (as a signed byte) summed
 * by the "sum of absolute differences from zero" instruction. Average's prediction is the
 * rounded-up byte average less the carry bit; Paeth's is chosen in 16-bit lanes from the
 * distances |b - c|, |a - c| and |a + b - 2c|, ties going to a, then b, as the specification
 * says. */
__attribute__((target("avx2")))
static inline __m256i paeth_avx2(__m256i a, __m256i b, __m256i c) {
    __m256i zero = _mm256_setzero_si256();
    __m256i result[2];
    for (int half = 0; half < 2; half++) {
        __m256i a16 = half ? _mm256_unpackhi_epi8(a, zero) : _mm256_unpacklo_epi8(a, zero);
        __m256i b16 = half ? _mm256_unpackhi_epi8(b, zero) : _mm256_unpacklo_epi8(b, zero);
        __m256i c16 = half ? _mm256_unpackhi_epi8(c, zero) : _mm256_unpacklo_epi8(c, zero);
        __m256i bc = _mm256_sub_epi16(b16, c16), ac = _mm256_sub_epi16(a16, c16);
        __m256i pa = _mm256_abs_epi16(bc), pb = _mm256_abs_epi16(ac), pc = _mm256_abs_epi16(_mm256_add_epi16(bc, ac));
        __m256i not_a = _mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc));
        __m256i b_or_c = _mm256_blendv_epi8(b16, c16, _mm256_cmpgt_epi16(pb, pc));
        result[half] = _mm256_blendv_epi8(a16, b_or_c, not_a);
    }
    return _mm256_packus_epi16(result[0], result[1]);
}

__attribute__((target("avx2")))
static inline void add_score(__m256i *sum, __m256i residual) {
    *sum = _mm256_add_epi64(*sum, _mm256_sad_epu8(_mm256_abs_epi8(residual), _mm256_setzero_si256()));
}

__attribute__((target("avx2")))
static uint64_t lane_sum(__m256i v) {
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)lanes, v);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

__attribute__((target("avx2")))
static void score_all_avx2(uint32_t scores[5], const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    size_t x = 0;
    for (; x < bpp && x < n; x++) {
        int b = up[x];
        s0 += SCORE(cur[x]); s1 += SCORE(cur[x]);
        s2 += SCORE((uint8_t)(cur[x] - b)); s3 += SCORE((uint8_t)(cur[x] - (b >> 1)));
        s4 += SCORE((uint8_t)(cur[x] - b));
    }
    __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi8(1);
    __m256i v0 = zero, v1 = zero, v2 = zero, v3 = zero, v4 = zero;
    for (; x + 32 <= n; x += 32) {
        __m256i x_ = _mm256_loadu_si256((const __m256i *)(cur + x));
        __m256i a = _mm256_loadu_si256((const __m256i *)(cur + x - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(up + x));
        __m256i c = _mm256_loadu_si256((const __m256i *)(up + x - bpp));
        __m256i average = _mm256_sub_epi8(_mm256_avg_epu8(a, b), _mm256_and_si256(_mm256_xor_si256(a, b), one));
        add_score(&v0, x_);
        add_score(&v1, _mm256_sub_epi8(x_, a));
        add_score(&v2, _mm256_sub_epi8(x_, b));
        add_score(&v3, _mm256_sub_epi8(x_, average));
        add_score(&v4, _mm256_sub_epi8(x_, paeth_avx2(a, b, c)));
    }
    s0 += lane_sum(v0); s1 += lane_sum(v1); s2 += lane_sum(v2); s3 += lane_sum(v3); s4 += lane_sum(v4);
    for (; x < n; x++) {
        int a = cur[x - bpp], b = up[x], c = up[x - bpp];
        s0 += SCORE(cur[x]);
        s1 += SCORE((uint8_t)(cur[x] - a));
        s2 += SCORE((uint8_t)(cur[x] - b));
        s3 += SCORE((uint8_t)(cur[x] - ((a + b) >> 1)));
        s4 += SCORE((uint8_t)(cur[x] - paeth_predictor(a, b, c)));
    }
    scores[0] = (uint32_t)s0; scores[1] = (uint32_t)s1; scores[2] = (uint32_t)s2;
    scores[3] = (uint32_t)s3; scores[4] = (uint32_t)s4;
}

__attribute__((target("avx2")))
static void filter_one_avx2(uint8_t *restrict dst, const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp, int type) {
    FILTER_ONE_BODY
}

/* Sub's and Up's scores 32 bytes at a time: each residual's absolute value as a signed byte
 * (abs of -128 is 128 read unsigned, as SCORE gives), summed by the "sum of absolute differences
 * from zero" instruction into four 64-bit lanes. */
__attribute__((target("avx2")))
static int choose_up_sub_avx2(const uint8_t *restrict cur, const uint8_t *restrict up, size_t n, size_t bpp) {
    uint64_t s1 = 0, s2 = 0;
    size_t x = 0;
    for (; x < bpp && x < n; x++) {
        s1 += SCORE(cur[x]);
        s2 += SCORE((uint8_t)(cur[x] - up[x]));
    }
    __m256i zero = _mm256_setzero_si256(), sub_sum = zero, up_sum = zero;
    for (; x + 32 <= n; x += 32) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(cur + x));
        __m256i left = _mm256_loadu_si256((const __m256i *)(cur + x - bpp));
        __m256i above = _mm256_loadu_si256((const __m256i *)(up + x));
        sub_sum = _mm256_add_epi64(sub_sum, _mm256_sad_epu8(_mm256_abs_epi8(_mm256_sub_epi8(c, left)), zero));
        up_sum = _mm256_add_epi64(up_sum, _mm256_sad_epu8(_mm256_abs_epi8(_mm256_sub_epi8(c, above)), zero));
    }
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)lanes, sub_sum);
    s1 += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    _mm256_storeu_si256((__m256i *)lanes, up_sum);
    s2 += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    for (; x < n; x++) {
        s1 += SCORE((uint8_t)(cur[x] - cur[x - bpp]));
        s2 += SCORE((uint8_t)(cur[x] - up[x]));
    }
    return s2 < s1 ? 2 : 1; /* a tie takes Sub, as the five-way choice does */
}

static int has_avx2(void) {
    static int cached = -1;
    if (cached < 0) cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    return cached;
}
#else
static int has_avx2(void) { return 0; }
#define score_all_avx2 score_all_generic
#define choose_up_sub_avx2 choose_up_sub_generic
#define filter_one_avx2 filter_one_generic
#endif

void cpng_filter_row(uint8_t *dst, const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp, int allowed) {
    allowed &= 0xf8;
    int single = allowed && !(allowed & (allowed - 1));
    int type;
    if (single) {
        type = __builtin_ctz((unsigned)allowed) - 3;
    } else if (allowed == (0x10 | 0x20)) {
        type = has_avx2() ? choose_up_sub_avx2(cur, up, n, bpp) : choose_up_sub_generic(cur, up, n, bpp);
    } else {
        uint32_t scores[5];
        if (has_avx2()) score_all_avx2(scores, cur, up, n, bpp); else score_all_generic(scores, cur, up, n, bpp);
        type = -1;
        for (int k = 0; k < 5; k++) {
            if (!(allowed & (0x08 << k))) continue;
            if (type < 0 || scores[k] < scores[type]) type = k;
        }
        if (type < 0) type = 4;
    }
    /* The chosen filter, written straight to the output row. */
    dst[0] = (uint8_t)type;
    if (has_avx2()) filter_one_avx2(dst + 1, cur, up, n, bpp, type); else filter_one_generic(dst + 1, cur, up, n, bpp, type);
}

void cpng_probe_row(const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp, uint32_t *best_of_all,
                    uint32_t *best_of_up_sub) {
    uint32_t scores[5];
    if (has_avx2()) score_all_avx2(scores, cur, up, n, bpp); else score_all_generic(scores, cur, up, n, bpp);
    uint32_t up_sub = scores[1] < scores[2] ? scores[1] : scores[2];
    uint32_t all = up_sub;
    for (int k = 0; k < 5; k++) if (scores[k] < all) all = scores[k];
    *best_of_all = all;
    *best_of_up_sub = up_sub;
}
