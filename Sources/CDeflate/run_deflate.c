// A deflate compressor (RFC 1950 zlib framing around RFC 1951 deflate) specialised for filtered
// PNG rows. After PNG's Sub or Up filter an interface frame is mostly runs: a flat fill becomes a
// run of zero bytes, a straight edge or a smooth gradient a run of one small residual or of one
// repeated pixel. So instead of searching a 32 KiB window through hash chains (what libdeflate's
// and zlib's levels spend their time on), this compressor only asks, at each position, whether the
// previous byte (distance 1) or the previous pixel (distance `bpp`) continues; that question is
// answered 16 positions at a time with two vector compares, and a run's length 8 bytes at a time.
// What is not a run is a literal, entropy-coded with Huffman codes built for each block's own
// symbols (deflate_stream.c), so the skewed residuals of gradients and soft shadows still cost only
// a few bits each.
//
// The design follows the idea of fpng and fdeflate (fast PNG writers that limit matches to runs);
// the code here is written from RFC 1951.
#include "run_deflate.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Positions (bits 0...15) among the 16 starting at p where the byte equals the one `distance`
 * before and so do the next DEFLATE_MIN_MATCH - 1: where a match of at least DEFLATE_MIN_MATCH starts. */
#if defined(__SSE2__)
static inline uint32_t match_starts(const uint8_t *p, size_t distance) {
    __m128i here = _mm_loadu_si128((const __m128i *)p);
    __m128i before = _mm_loadu_si128((const __m128i *)(p - distance));
    uint32_t equal = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(here, before));
    return equal & (equal >> 1) & (equal >> 2);
}
#define SCAN_WIDTH 16
#else
static inline uint32_t match_starts(const uint8_t *p, size_t distance) {
    uint32_t equal = 0;
    for (int k = 0; k < 16; k++) equal |= (uint32_t)(p[k] == p[k - (ptrdiff_t)distance]) << k;
    return equal & (equal >> 1) & (equal >> 2);
}
#define SCAN_WIDTH 16
#endif
/* match_starts looks at DEFLATE_MIN_MATCH - 1 bytes past a start, so only this many starts are sure. */
#define SCAN_STEP (SCAN_WIDTH - (DEFLATE_MIN_MATCH - 1))

/* A deflate_tokenizer (deflate_stream.h) whose state is the pixel size. */
static size_t tokenize_block(const uint8_t *in, size_t size, size_t start, void *state, uint32_t *tokens,
                             size_t *token_count, deflate_symbol_counts *counts) {
    size_t bpp = *(const size_t *)state;
    size_t end = size - start > DEFLATE_BLOCK_INPUT ? start + DEFLATE_BLOCK_INPUT : size;
    size_t literal_start = start, i = start, n = 0;
    /* Vector scans read SCAN_WIDTH bytes from i and bpp bytes before it. */
    size_t scan_end = size >= SCAN_WIDTH ? size - SCAN_WIDTH : 0;
    if (i < bpp) i = bpp < end ? bpp : end;
    uint32_t literal_counts[4][256];
    memset(literal_counts, 0, sizeof literal_counts);
    while (i < end) {
        if (i <= scan_end) {
            uint32_t starts = (match_starts(in + i, 1) | match_starts(in + i, bpp)) & ((1u << SCAN_STEP) - 1);
            if (!starts) {
                i += SCAN_STEP;
                continue;
            }
            i += (size_t)__builtin_ctz(starts);
            if (i >= end) break;
        }
        size_t limit = size - i < DEFLATE_MAX_MATCH ? size - i : DEFLATE_MAX_MATCH;
        size_t run = deflate_common_length(in + i, in + i - 1, limit);
        size_t distance = 1;
        if (run < limit && bpp > 1) {
            size_t pixel_run = deflate_common_length(in + i, in + i - bpp, limit);
            if (pixel_run > run) {
                run = pixel_run;
                distance = bpp;
            }
        }
        if (run < DEFLATE_MIN_MATCH) {
            i++;
            continue;
        }
        /* Literals before the match. */
        size_t literals = i - literal_start;
        deflate_count_literals(literal_counts, in + literal_start, literals);
        tokens[2 * n] = (uint32_t)literals;
        tokens[2 * n + 1] = DEFLATE_MATCH(run, distance);
        n++;
        deflate_count_match(counts, run, distance);
        i += run;
        literal_start = i;
    }
    if (i < end) i = end;
    /* Literals up to the block's end (or up to where the last match ended, when it ran past). */
    *token_count = deflate_finish_tokens(in, literal_start, i, tokens, n, literal_counts, counts);
    return i;
}

size_t cpng_run_deflate(const uint8_t *in, size_t size, size_t bpp, uint8_t *out, cpng_deflate_scratch *scratch) {
    if (!deflate_scratch_reserve_tokens(scratch)) return 0;
    if (bpp < 1) bpp = 1;
    return deflate_stream_compress(in, size, out, scratch->tokens, tokenize_block, &bpp);
}
