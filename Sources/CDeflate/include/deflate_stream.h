#ifndef CPNG_DEFLATE_STREAM_H
#define CPNG_DEFLATE_STREAM_H

// What the shim's two deflate compressors share (run_deflate.c, match_deflate.c): deflate's
// alphabet (RFC 1951), the token format a block is described in, and the writer that turns a
// block's tokens into Huffman-coded bits (codes built for each block's own symbols, or a stored
// block when that is smaller) inside a zlib stream (RFC 1950). The compressors differ only in how
// they find matches.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Shortest and longest match deflate can express, and how far back a match may reach. */
#define DEFLATE_MIN_MATCH 3
#define DEFLATE_MAX_MATCH 258
#define DEFLATE_WINDOW 32768
/* Literal/length symbols: 256 literals, end-of-block (256), 29 length symbols (257...285);
 * distance symbols 0...29. */
#define DEFLATE_END_OF_BLOCK 256
#define DEFLATE_LITLEN_SYMBOLS 286
#define DEFLATE_DISTANCE_SYMBOLS 30

/* Input bytes per block: each block's codes fit its own part of the frame (a band of about 70
 * rows of a 720p frame: background, shadows and cards differ in their residuals), for a header of
 * some 60-100 bytes each. */
#define DEFLATE_BLOCK_INPUT (1 << 18)
/* Tokens per block: every token but the last ends with a match of at least DEFLATE_MIN_MATCH
 * bytes, and a block ends at most one match past DEFLATE_BLOCK_INPUT. */
#define DEFLATE_TOKENS_PER_BLOCK ((DEFLATE_BLOCK_INPUT + DEFLATE_MAX_MATCH) / DEFLATE_MIN_MATCH + 2)

/* A token is two words: how many literals come first, then the match after them (its length in
 * the low 16 bits, 0 for none, and its distance above). */
#define DEFLATE_MATCH(length, distance) ((uint32_t)(length) | ((uint32_t)(distance) << 16))

/// Working memory of the compressors, kept between frames by its owner (one per thread).
typedef struct cpng_deflate_scratch {
    uint32_t *tokens;      /* 2 × DEFLATE_TOKENS_PER_BLOCK words */
    uint32_t *hash_table;  /* match_deflate.c's tables, allocated on first use */
} cpng_deflate_scratch;

void cpng_deflate_scratch_free(cpng_deflate_scratch *scratch);

/* Allocates the token buffer on first use; 0 when memory runs out. */
int deflate_scratch_reserve_tokens(cpng_deflate_scratch *scratch);

/* How often each symbol occurs in a block: what its Huffman codes are built from. */
typedef struct {
    uint32_t litlen[DEFLATE_LITLEN_SYMBOLS];
    uint32_t distance[DEFLATE_DISTANCE_SYMBOLS];
} deflate_symbol_counts;

/* For each match length 3...258: its length symbol's index (0...28), once deflate_tables_init
 * has run. */
extern uint8_t deflate_length_symbol_of[DEFLATE_MAX_MATCH + 1];
void deflate_tables_init(void);

/* The distance symbol of a match distance 1...32768: symbols 0...3 stand for 1...4, then each
 * power of two is split into two symbols, with (symbol / 2 - 1) extra bits. */
static inline unsigned deflate_distance_symbol(uint32_t distance) {
    if (distance <= 4) return distance - 1;
    unsigned bits = 31u - (unsigned)__builtin_clz(distance - 1);
    return 2 * bits + (((distance - 1) >> (bits - 1)) & 1);
}

static inline void deflate_count_match(deflate_symbol_counts *counts, size_t length, size_t distance) {
    counts->litlen[257 + deflate_length_symbol_of[length]]++;
    counts->distance[deflate_distance_symbol((uint32_t)distance)]++;
}

/* Counts `n` literals into four tables (summed at the block's end), so consecutive equal bytes do
 * not wait on each other's increment. */
static inline void deflate_count_literals(uint32_t counts[4][256], const uint8_t *literal, size_t n) {
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        counts[0][literal[k]]++;
        counts[1][literal[k + 1]]++;
        counts[2][literal[k + 2]]++;
        counts[3][literal[k + 3]]++;
    }
    for (; k < n; k++) counts[0][literal[k]]++;
}

/* Ends a block's tokens: in[literal_start ..< end] as a last token of literals, the four literal
 * tables summed into `counts`, and the end-of-block symbol. Returns the number of tokens. */
static inline size_t deflate_finish_tokens(const uint8_t *in, size_t literal_start, size_t end, uint32_t *tokens,
                                           size_t n, uint32_t literal_counts[4][256], deflate_symbol_counts *counts) {
    if (literal_start < end) {
        deflate_count_literals(literal_counts, in + literal_start, end - literal_start);
        tokens[2 * n] = (uint32_t)(end - literal_start);
        tokens[2 * n + 1] = 0;
        n++;
    }
    for (int s = 0; s < 256; s++) {
        counts->litlen[s] += literal_counts[0][s] + literal_counts[1][s] + literal_counts[2][s] + literal_counts[3][s];
    }
    counts->litlen[DEFLATE_END_OF_BLOCK] = 1;
    return n;
}

/* Bytes at which p and q first differ, up to `limit`: 16 bytes per compare where SSE2 is there
 * (every x86-64 processor), then 8, then one. */
static inline size_t deflate_common_length(const uint8_t *p, const uint8_t *q, size_t limit) {
    size_t k = 0;
#if defined(__SSE2__)
    while (k + 16 <= limit) {
        __m128i a = _mm_loadu_si128((const __m128i *)(p + k)), b = _mm_loadu_si128((const __m128i *)(q + k));
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b));
        if (equal != 0xffff) return k + (size_t)__builtin_ctz(~equal);
        k += 16;
    }
#endif
    while (k + 8 <= limit) {
        uint64_t a, b;
        memcpy(&a, p + k, 8);
        memcpy(&b, q + k, 8);
        uint64_t difference = a ^ b;
        if (difference) {
            k += (size_t)__builtin_ctzll(difference) >> 3; /* little-endian: first differing byte */
            return k < limit ? k : limit;
        }
        k += 8;
    }
    while (k < limit && p[k] == q[k]) k++;
    return k;
}

/* The largest zlib stream the writer makes of `size` input bytes (every block at most stored). */
size_t deflate_stream_bound(size_t size);

/* Splits in[start ..< about start + DEFLATE_BLOCK_INPUT] into tokens and counts their symbols;
 * returns where the block ends (a match may run past DEFLATE_BLOCK_INPUT, never past `size`).
 * `state` is the compressor's own (its pixel size, its hash tables). */
typedef size_t (*deflate_tokenizer)(const uint8_t *in, size_t size, size_t start, void *state, uint32_t *tokens,
                                    size_t *token_count, deflate_symbol_counts *counts);

/* Compresses in[0 ..< size] into a zlib stream in `out` (at least deflate_stream_bound(size)
 * bytes), block by block, each block's tokens found by `tokenize` into `tokens` (2 ×
 * DEFLATE_TOKENS_PER_BLOCK words) and written with codes built for it, or stored when that is
 * smaller; returns the stream's length. */
size_t deflate_stream_compress(const uint8_t *in, size_t size, uint8_t *out, uint32_t *tokens,
                               deflate_tokenizer tokenize, void *state);

#endif
