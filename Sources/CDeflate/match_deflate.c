// A deflate compressor (RFC 1951 inside RFC 1950's zlib framing) for filtered PNG rows, about 5%
// above zlib's default level in size, in about half of libdeflate level 4's time.
//
// zlib and libdeflate search hash chains: at each position they walk up to dozens of earlier
// positions whose next bytes hash alike and keep the longest match. On a filtered interface frame
// most of that search is wasted: the matches worth having are at a few places known in advance --
// the previous byte and the previous pixel (a flat fill or a gradient is a run of one residual),
// the same place in the row above and one pixel either side of it (an edge, straight or slanted,
// leaves the same residuals row after row) -- plus repeats further back (a card's edge next to the
// same card's, a shadow's falloff under the next card), which a small hash table finds: it keeps
// the last LONG_WAYS positions of each 8-byte sequence's hash. The longest candidate wins (greedy:
// a step of lazy evaluation was measured to cost more than a deeper table for the same bytes).
// Positions inside a match are entered into the table sparsely (see INSERT_STEP), and never inside
// runs, whose positions predict nothing.
//
// Two ways and no table of 4-byte sequences: on the 48 spinning cards (1280x720) four ways and a
// second table of the last position of each 4-byte sequence's hash made files 3.5% smaller (1.015x
// instead of 1.05x the size of zlib level 6 through Pillow) for about 18% more encoding time.
//
// Blocks, Huffman codes and the zlib framing are deflate_stream.c's, shared with run_deflate.c.
#include "match_deflate.h"

#include <stdlib.h>
#include <string.h>

/* Hash table: positions (0 = none; position 0 never starts a match) of the last LONG_WAYS 8-byte
 * sequences per hash value, most recent first: 2 × 2^14 entries (128 KiB) stay in the L2 cache. */
#define LONG_HASH_BITS 14
#define LONG_WAYS 2
#define TABLE_ENTRIES (LONG_WAYS << LONG_HASH_BITS)
/* Shortest match taken from each kind of candidate: 3 bytes at distance 1 or bpp (a short code,
 * no extra bits), 4 from the row above or the table (about 10-13 extra bits of distance). */
#define NEAR_MIN 3
#define ROW_MIN 4
/* Inside a match that is not a run, every INSERT_STEP-th position and each of the last INSERT_TAIL
 * go into the hash table, so repeats of what it covered can be found later (the tail, where the
 * next match starts, matters most: denser insertion costs more than it saves). */
#define INSERT_STEP 32
#define INSERT_TAIL 16

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint32_t long_hash(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return (uint32_t)((v * 0x9E3779B185EBCA87ull) >> (64 - LONG_HASH_BITS));
}

typedef struct {
    size_t length, distance;
} found_match;

/* Enters position p (p + 8 <= size) into the table. */
static inline void insert(const uint8_t *in, size_t p, uint32_t *long_table) {
    uint32_t *bucket = long_table + LONG_WAYS * long_hash(in + p);
    memmove(bucket + 1, bucket, (LONG_WAYS - 1) * sizeof *bucket);
    bucket[0] = (uint32_t)p;
}

/* Keeps the match at `distance` when its first 4 bytes (3 when `three`) equal `v`'s and it is at
 * least `minimum` long and longer than `best`. A candidate can only be longer than `best` when it
 * also agrees at the byte just past `best`'s end, so one byte compare settles most candidates that
 * a longer one has already beaten, without measuring them (zlib's chain walk uses the same test).
 * The matches chosen are the same; on the 48 spinning cards it saves about 6% of the encoder's
 * instructions (the row-above candidates and the table's often all match their first bytes). */
static inline __attribute__((always_inline)) void consider(const uint8_t *in, size_t i, size_t distance, uint32_t v,
                                                          int three, size_t minimum, size_t limit, found_match *best) {
    uint32_t difference = v ^ load32(in + i - distance);
    if (three) difference &= 0xffffff;
    if (difference) return;
    size_t known = best->length;
    if (known && (known >= limit || in[i + known] != in[i - distance + known])) return;
    size_t length = deflate_common_length(in + i, in + i - distance, limit);
    if (length >= minimum && length > best->length) {
        best->length = length;
        best->distance = distance;
    }
}

/* The longest match at i (1 <= i, i + 8 <= size) among the candidates; enters i into the hash
 * table. `rows` says whether the row-above candidates are in reach (i >= row_bytes + bpp, within
 * the window). */
static inline __attribute__((always_inline)) found_match find_match(const uint8_t *in, size_t size, size_t i,
                                                                   size_t bpp, size_t row_bytes, int rows,
                                                                   uint32_t *long_table) {
    uint32_t v = load32(in + i);
    uint32_t *bucket = long_table + LONG_WAYS * long_hash(in + i);
    uint32_t long_candidates[LONG_WAYS];
    memcpy(long_candidates, bucket, sizeof long_candidates);
    memmove(bucket + 1, bucket, (LONG_WAYS - 1) * sizeof *bucket);
    bucket[0] = (uint32_t)i;
    size_t limit = size - i < DEFLATE_MAX_MATCH ? size - i : DEFLATE_MAX_MATCH;
    found_match best = {0, 0};
    consider(in, i, 1, v, 1, NEAR_MIN, limit, &best);
    if (best.length == limit) return best;
    if (i >= bpp) consider(in, i, bpp, v, 1, NEAR_MIN, limit, &best);
    if (rows) {
        consider(in, i, row_bytes, v, 0, ROW_MIN, limit, &best);
        consider(in, i, row_bytes - bpp, v, 0, ROW_MIN, limit, &best);
        consider(in, i, row_bytes + bpp, v, 0, ROW_MIN, limit, &best);
    }
    /* Most recent first: on a tie the nearer match wins, whose distance costs fewer bits. */
    for (int way = 0; way < LONG_WAYS && best.length < limit; way++) {
        size_t candidate = long_candidates[way];
        if (!candidate || i - candidate > DEFLATE_WINDOW) break;
        consider(in, i, i - candidate, v, 0, ROW_MIN, limit, &best);
    }
    return best;
}

/* What the tokenizer needs besides the bytes. */
typedef struct {
    size_t bpp, row_bytes;
    uint32_t *long_table;
} match_state;

/* A deflate_tokenizer (deflate_stream.h) over a match_state. */
static size_t tokenize_block(const uint8_t *in, size_t size, size_t start, void *state, uint32_t *tokens,
                             size_t *token_count, deflate_symbol_counts *counts) {
    const match_state *m = state;
    size_t bpp = m->bpp, row_bytes = m->row_bytes;
    uint32_t *long_table = m->long_table;
    size_t end = size - start > DEFLATE_BLOCK_INPUT ? start + DEFLATE_BLOCK_INPUT : size;
    size_t literal_start = start, i = start > 0 ? start : 1, n = 0;
    /* Candidates read 8 bytes from i (the long hash); the last few bytes are literals. */
    size_t last = size >= 8 ? size - 8 : 0;
    /* Where the row-above candidates come in reach (never, when a row is wider than the window). */
    size_t row_start = row_bytes + bpp <= DEFLATE_WINDOW ? row_bytes + bpp : SIZE_MAX;
    uint32_t literal_counts[4][256];
    memset(literal_counts, 0, sizeof literal_counts);
    while (i < end && i <= last) {
        found_match best = find_match(in, size, i, bpp, row_bytes, i >= row_start, long_table);
        if (best.length < DEFLATE_MIN_MATCH) {
            i++;
            continue;
        }
        deflate_count_literals(literal_counts, in + literal_start, i - literal_start);
        tokens[2 * n] = (uint32_t)(i - literal_start);
        tokens[2 * n + 1] = DEFLATE_MATCH(best.length, best.distance);
        n++;
        deflate_count_match(counts, best.length, best.distance);
        if (best.distance > bpp) {
            size_t match_end = i + best.length < last + 1 ? i + best.length : last + 1;
            size_t dense = match_end > i + 1 + INSERT_TAIL ? match_end - INSERT_TAIL : i + 1;
            size_t p = i + 1;
            for (; p < dense; p += INSERT_STEP) insert(in, p, long_table);
            for (; p < match_end; p++) insert(in, p, long_table);
        }
        i += best.length;
        literal_start = i;
    }
    if (i < end) i = end;
    /* Literals up to the block's end (or up to where the last match ended, when it ran past). */
    *token_count = deflate_finish_tokens(in, literal_start, i, tokens, n, literal_counts, counts);
    return i;
}

size_t cpng_match_deflate(const uint8_t *in, size_t size, size_t bpp, size_t row_bytes, uint8_t *out,
                          cpng_deflate_scratch *scratch) {
    if (!deflate_scratch_reserve_tokens(scratch)) return 0;
    if (!scratch->hash_table) scratch->hash_table = malloc(TABLE_ENTRIES * sizeof *scratch->hash_table);
    if (!scratch->hash_table) return 0;
    /* Each frame starts with an empty table, so its bytes never depend on the frame before. */
    memset(scratch->hash_table, 0, TABLE_ENTRIES * sizeof *scratch->hash_table);
    match_state state = {bpp < 1 ? 1 : bpp, row_bytes, scratch->hash_table};
    if (state.row_bytes < state.bpp + 1) state.row_bytes = state.bpp + 1;
    return deflate_stream_compress(in, size, out, scratch->tokens, tokenize_block, &state);
}
