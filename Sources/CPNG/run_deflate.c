// A deflate compressor (RFC 1950 zlib framing around RFC 1951 deflate) specialised for filtered
// PNG rows. After PNG's Sub or Up filter an interface frame is mostly runs: a flat fill becomes a
// run of zero bytes, a straight edge or a smooth gradient a run of one small residual or of one
// repeated pixel. So instead of searching a 32 KiB window through hash chains (what libdeflate's
// and zlib's levels spend their time on), this compressor only asks, at each position, whether the
// previous byte (distance 1) or the previous pixel (distance `bpp`) continues; that question is
// answered 16 positions at a time with two vector compares, and a run's length 8 bytes at a time.
// What is not a run is a literal, entropy-coded with Huffman codes built for each block's own
// symbols, so the skewed residuals of gradients and soft shadows still cost only a few bits each.
//
// The design follows the idea of fpng and fdeflate (fast PNG writers that limit matches to runs);
// the code here is written from RFC 1951.
#include "run_deflate.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------------------------------
 * Deflate's alphabet (RFC 1951, section 3.2.5)
 * ------------------------------------------------------------------------------------------- */

/* Shortest and longest match deflate can express. */
#define MIN_MATCH 3
#define MAX_MATCH 258
/* Literal/length symbols: 256 literals, end-of-block (256), 29 length symbols (257...285). */
#define END_OF_BLOCK 256
#define LITLEN_SYMBOLS 286
/* Distance symbols used here: 0 (distance 1), 2 (distance 3) and 3 (distance 4); deflate's
 * distance symbols 0...3 stand for distances 1...4 with no extra bits. */
#define DISTANCE_SYMBOLS 30
/* Code-length alphabet: lengths 0...15, then 16 (repeat the previous length 3-6 times), 17 (a
 * run of 3-10 zeros) and 18 (a run of 11-138 zeros). */
#define CODELEN_SYMBOLS 19
#define MAX_CODE_BITS 15
#define MAX_CODELEN_BITS 7

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/* The order in which the code-length code's lengths are sent. */
static const uint8_t codelen_order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* For each match length 3...258: its length symbol's index (0...28). */
static uint8_t length_symbol_of[MAX_MATCH + 1];

static void build_length_table(void) {
    for (int s = 0; s < 29; s++) {
        int end = s == 28 ? MAX_MATCH + 1 : length_base[s + 1];
        for (int len = length_base[s]; len < end && len <= MAX_MATCH; len++) length_symbol_of[len] = (uint8_t)s;
    }
    length_symbol_of[MAX_MATCH] = 28; /* 258 has its own symbol, not 227 + 31 */
}

/* ---------------------------------------------------------------------------------------------
 * Blocks and tokens
 * ------------------------------------------------------------------------------------------- */

/* Input bytes per block: each block's codes fit its own part of the frame (a band of about 70
 * rows of a 720p frame: background, shadows and cards differ in their residuals), for a header of
 * some 60-100 bytes each. */
#define BLOCK_INPUT (1 << 18)
/* Tokens per block: every token but the last ends with a match of at least MIN_MATCH bytes. */
#define TOKENS_PER_BLOCK ((BLOCK_INPUT + MAX_MATCH) / MIN_MATCH + 2)

/* A token is two words: how many literals come first, then the match after them (its length in the
 * low 16 bits, 0 for none, and its distance above). */
#define MATCH(length, distance) ((uint32_t)(length) | ((uint32_t)(distance) << 16))

/* Bytes at which p and q first differ, up to `limit`. */
static inline size_t common_length(const uint8_t *p, const uint8_t *q, size_t limit) {
    size_t k = 0;
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

/* Positions (bits 0...15) among the 16 starting at p where the byte equals the one `distance`
 * before and so do the next MIN_MATCH - 1: where a match of at least MIN_MATCH starts. */
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
/* match_starts looks at MIN_MATCH - 1 bytes past a start, so only this many starts are sure. */
#define SCAN_STEP (SCAN_WIDTH - (MIN_MATCH - 1))

typedef struct {
    uint32_t litlen[LITLEN_SYMBOLS];
    uint32_t distance[DISTANCE_SYMBOLS];
} symbol_counts;

/* Splits in[start ..< about start + BLOCK_INPUT] into tokens and counts their symbols; returns
 * where the block ends (a match may run past BLOCK_INPUT, never past `size`). */
static size_t tokenize_block(const uint8_t *in, size_t size, size_t start, size_t bpp, uint32_t *tokens,
                             size_t *token_count, symbol_counts *counts) {
    size_t end = size - start > BLOCK_INPUT ? start + BLOCK_INPUT : size;
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
        size_t limit = size - i < MAX_MATCH ? size - i : MAX_MATCH;
        size_t run = common_length(in + i, in + i - 1, limit);
        size_t distance = 1;
        if (run < limit && bpp > 1) {
            size_t pixel_run = common_length(in + i, in + i - bpp, limit);
            if (pixel_run > run) {
                run = pixel_run;
                distance = bpp;
            }
        }
        if (run < MIN_MATCH) {
            i++;
            continue;
        }
        /* Literals before the match. */
        const uint8_t *literal = in + literal_start;
        size_t literals = i - literal_start, k = 0;
        for (; k + 4 <= literals; k += 4) {
            literal_counts[0][literal[k]]++;
            literal_counts[1][literal[k + 1]]++;
            literal_counts[2][literal[k + 2]]++;
            literal_counts[3][literal[k + 3]]++;
        }
        for (; k < literals; k++) literal_counts[0][literal[k]]++;
        tokens[2 * n] = (uint32_t)literals;
        tokens[2 * n + 1] = MATCH(run, distance);
        n++;
        counts->litlen[257 + length_symbol_of[run]]++;
        counts->distance[distance - 1]++;
        i += run;
        literal_start = i;
    }
    if (i < end) i = end;
    /* Literals up to the block's end (or up to where the last match ended, when it ran past). */
    if (literal_start < i) {
        for (size_t k = literal_start; k < i; k++) literal_counts[0][in[k]]++;
        tokens[2 * n] = (uint32_t)(i - literal_start);
        tokens[2 * n + 1] = 0;
        n++;
    }
    for (int s = 0; s < 256; s++) {
        counts->litlen[s] += literal_counts[0][s] + literal_counts[1][s] + literal_counts[2][s] + literal_counts[3][s];
    }
    counts->litlen[END_OF_BLOCK] = 1;
    *token_count = n;
    return i;
}

/* ---------------------------------------------------------------------------------------------
 * Huffman codes
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    uint32_t weight;
    uint16_t symbol;
} weighted_symbol;

static int by_weight(const void *a, const void *b) {
    const weighted_symbol *x = a, *y = b;
    if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
    return x->symbol < y->symbol ? -1 : (x->symbol > y->symbol);
}

/* Code lengths (at most `max_bits`) of a complete prefix code for the symbols of nonzero count:
 * optimal lengths first, computed in place on the weights sorted ascending (Moffat and
 * Katajainen, "In-Place Calculation of Minimum-Redundancy Codes", 1995), then, when the longest
 * exceeds `max_bits`, codes moved up from the limit until Kraft's sum is one again. A code needs two
 * symbols, so a lone symbol is paired with a neighbour of count zero. Deterministic: ties are
 * broken by symbol. */
static void huffman_lengths(const uint32_t *counts, int symbols, int max_bits, uint8_t *lengths) {
    weighted_symbol sorted[LITLEN_SYMBOLS];
    uint32_t a[LITLEN_SYMBOLS];
    int n = 0;
    memset(lengths, 0, (size_t)symbols);
    for (int s = 0; s < symbols; s++) {
        if (counts[s]) sorted[n++] = (weighted_symbol){counts[s], (uint16_t)s};
    }
    if (n < 2) {
        int only = n ? sorted[0].symbol : 0;
        lengths[only] = 1;
        lengths[only == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(sorted, (size_t)n, sizeof *sorted, by_weight);
    for (int k = 0; k < n; k++) a[k] = sorted[k].weight;

    /* Pass 1, left to right: combine the two lightest of (remaining leaves, internal nodes);
     * each internal node's slot ends up holding its parent's index. */
    int root = 0, leaf = 2;
    a[0] += a[1];
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= n || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] += a[leaf++];
        }
    }
    /* Pass 2, right to left: internal nodes' depths from their parents'. */
    a[n - 2] = 0;
    for (int next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    /* Pass 3, right to left: leaves' depths from how many nodes each level has free. */
    int available = 1, used = 0, depth = 0, next = n - 1;
    root = n - 2;
    while (available > 0) {
        while (root >= 0 && (int)a[root] == depth) {
            used++;
            root--;
        }
        while (available > used) {
            a[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }

    /* Limit the length: count codes per length with the long ones clamped to max_bits, then, while
     * the code is over-full, lengthen a shorter code by one (which frees room for two at the limit
     * in place of one). Lengths are then handed out again, shortest to the heaviest. */
    uint32_t per_length[MAX_CODE_BITS + 1] = {0};
    for (int k = 0; k < n; k++) per_length[a[k] > (uint32_t)max_bits ? max_bits : a[k]]++;
    uint64_t kraft = 0;
    for (int bits = 1; bits <= max_bits; bits++) kraft += (uint64_t)per_length[bits] << (max_bits - bits);
    while (kraft > (1ull << max_bits)) {
        per_length[max_bits]--;
        for (int bits = max_bits - 1; bits > 0; bits--) {
            if (per_length[bits]) {
                per_length[bits]--;
                per_length[bits + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    int k = 0;
    for (int bits = max_bits; bits >= 1; bits--) {
        for (uint32_t c = 0; c < per_length[bits]; c++) lengths[sorted[k++].symbol] = (uint8_t)bits;
    }
}

/* Canonical codes for `lengths` (RFC 1951, section 3.2.2), bit-reversed, since deflate sends a
 * code's first bit first into a stream filled from each byte's lowest bit. */
static void canonical_codes(const uint8_t *lengths, int symbols, uint16_t *codes) {
    uint16_t per_length[MAX_CODE_BITS + 1] = {0}, next[MAX_CODE_BITS + 2];
    for (int s = 0; s < symbols; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint16_t code = 0;
    for (int bits = 1; bits <= MAX_CODE_BITS; bits++) {
        code = (uint16_t)((code + per_length[bits - 1]) << 1);
        next[bits] = code;
    }
    for (int s = 0; s < symbols; s++) {
        int len = lengths[s];
        if (!len) {
            codes[s] = 0;
            continue;
        }
        uint32_t c = next[len]++, reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((c >> b) & 1u) << (len - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

/* ---------------------------------------------------------------------------------------------
 * Bits out
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    uint8_t *out;
    uint64_t bits;
    unsigned count;
} bit_writer;

/* Adds the low `n` bits of `value` without writing anything out: at most 56 bits may be pending,
 * and a flush leaves at most 7, so 49 bits can be added between flushes. */
static inline void add_bits(bit_writer *w, uint64_t value, unsigned n) {
    w->bits |= value << w->count;
    w->count += n;
}

/* Writes out the whole bytes pending. Always stores 8 bytes (the output has that much slack),
 * so there is no branch on how many are ready. */
static inline void flush_bits(bit_writer *w) {
    memcpy(w->out, &w->bits, 8); /* little-endian */
    unsigned bytes = w->count >> 3;
    w->out += bytes;
    w->bits >>= 8 * bytes; /* at most 56: fewer than 64 bits are ever pending */
    w->count &= 7;
}

/* Appends the low `n` (at most 32) bits of `value`. */
static inline void put_bits(bit_writer *w, uint32_t value, unsigned n) {
    add_bits(w, value, n);
    flush_bits(w);
}

/* Pads to a byte boundary. */
static void align_to_byte(bit_writer *w) {
    if (w->count) {
        *w->out++ = (uint8_t)w->bits;
        w->bits = 0;
        w->count = 0;
    }
}

/* ---------------------------------------------------------------------------------------------
 * One block
 * ------------------------------------------------------------------------------------------- */

/* The code lengths of both codes as the header sends them: one sequence, runs replaced by the
 * repeat symbols 16, 17 and 18. Each item is a symbol and its extra bits' value. */
typedef struct {
    uint8_t symbol[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    uint8_t extra[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    int count;
} codelen_items;

static void run_length_code(const uint8_t *lengths, int total, codelen_items *items, uint32_t *counts) {
    items->count = 0;
    for (int s = 0; s < total;) {
        uint8_t len = lengths[s];
        int run = 1;
        while (s + run < total && lengths[s + run] == len) run++;
        int left = run;
        if (len == 0) {
            while (left >= 11) {
                int r = left > 138 ? 138 : left;
                items->symbol[items->count] = 18;
                items->extra[items->count++] = (uint8_t)(r - 11);
                left -= r;
            }
            if (left >= 3) {
                items->symbol[items->count] = 17;
                items->extra[items->count++] = (uint8_t)(left - 3);
                left = 0;
            }
        } else {
            items->symbol[items->count] = len;
            items->extra[items->count++] = 0;
            left--;
            while (left >= 3) {
                int r = left > 6 ? 6 : left;
                items->symbol[items->count] = 16;
                items->extra[items->count++] = (uint8_t)(r - 3);
                left -= r;
            }
        }
        while (left-- > 0) {
            items->symbol[items->count] = len;
            items->extra[items->count++] = 0;
        }
        s += run;
    }
    memset(counts, 0, CODELEN_SYMBOLS * sizeof *counts);
    for (int k = 0; k < items->count; k++) counts[items->symbol[k]]++;
}

static const uint8_t codelen_extra_bits[CODELEN_SYMBOLS] = {[16] = 2, [17] = 3, [18] = 7};

/* Writes in[start ..< end] as stored blocks (at most 65535 bytes each). */
static void write_stored(bit_writer *w, const uint8_t *in, size_t start, size_t end, int final) {
    do {
        size_t len = end - start > 65535 ? 65535 : end - start;
        int last = final && start + len == end;
        put_bits(w, (uint32_t)last, 1);
        put_bits(w, 0, 2);
        align_to_byte(w);
        w->out[0] = (uint8_t)len;
        w->out[1] = (uint8_t)(len >> 8);
        w->out[2] = (uint8_t)~len;
        w->out[3] = (uint8_t)(~len >> 8);
        memcpy(w->out + 4, in + start, len);
        w->out += 4 + len;
        start += len;
    } while (start < end);
}

/* Writes one block: with Huffman codes built for its symbols, or stored when that is smaller. */
static void write_block(bit_writer *w, const uint8_t *in, size_t start, size_t end, const uint32_t *tokens,
                        size_t token_count, const symbol_counts *counts, int final) {
    uint8_t litlen_lengths[LITLEN_SYMBOLS], distance_lengths[DISTANCE_SYMBOLS];
    uint8_t lengths[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    huffman_lengths(counts->litlen, LITLEN_SYMBOLS, MAX_CODE_BITS, litlen_lengths);
    huffman_lengths(counts->distance, DISTANCE_SYMBOLS, MAX_CODE_BITS, distance_lengths);
    int hlit = LITLEN_SYMBOLS, hdist = DISTANCE_SYMBOLS;
    while (hlit > 257 && !litlen_lengths[hlit - 1]) hlit--;
    while (hdist > 1 && !distance_lengths[hdist - 1]) hdist--;
    memcpy(lengths, litlen_lengths, (size_t)hlit);
    memcpy(lengths + hlit, distance_lengths, (size_t)hdist);

    codelen_items items;
    uint32_t codelen_counts[CODELEN_SYMBOLS];
    uint8_t codelen_lengths[CODELEN_SYMBOLS];
    run_length_code(lengths, hlit + hdist, &items, codelen_counts);
    huffman_lengths(codelen_counts, CODELEN_SYMBOLS, MAX_CODELEN_BITS, codelen_lengths);
    int hclen = CODELEN_SYMBOLS;
    while (hclen > 4 && !codelen_lengths[codelen_order[hclen - 1]]) hclen--;

    /* The block's size both ways, in bits. */
    uint64_t dynamic_bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    for (int s = 0; s < CODELEN_SYMBOLS; s++) {
        dynamic_bits += (uint64_t)codelen_counts[s] * (codelen_lengths[s] + codelen_extra_bits[s]);
    }
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        dynamic_bits += (uint64_t)counts->litlen[s] * (litlen_lengths[s] + (s >= 257 ? length_extra[s - 257] : 0));
    }
    for (int s = 0; s < DISTANCE_SYMBOLS; s++) dynamic_bits += (uint64_t)counts->distance[s] * distance_lengths[s];
    uint64_t stored_bits = 8 * ((end - start) + 5 * ((end - start) / 65535 + 1)) + 7;
    if (stored_bits < dynamic_bits) {
        write_stored(w, in, start, end, final);
        return;
    }

    uint16_t litlen_codes[LITLEN_SYMBOLS], distance_codes[DISTANCE_SYMBOLS], codelen_codes[CODELEN_SYMBOLS];
    canonical_codes(litlen_lengths, LITLEN_SYMBOLS, litlen_codes);
    canonical_codes(distance_lengths, DISTANCE_SYMBOLS, distance_codes);
    canonical_codes(codelen_lengths, CODELEN_SYMBOLS, codelen_codes);

    put_bits(w, (uint32_t)final, 1);
    put_bits(w, 2, 2); /* dynamic Huffman codes */
    put_bits(w, (uint32_t)(hlit - 257), 5);
    put_bits(w, (uint32_t)(hdist - 1), 5);
    put_bits(w, (uint32_t)(hclen - 4), 4);
    for (int k = 0; k < hclen; k++) put_bits(w, codelen_lengths[codelen_order[k]], 3);
    for (int k = 0; k < items.count; k++) {
        int s = items.symbol[k];
        put_bits(w, codelen_codes[s], codelen_lengths[s]);
        if (codelen_extra_bits[s]) put_bits(w, items.extra[k], codelen_extra_bits[s]);
    }

    /* Each literal's code and length packed in one word, so the loop below does one load. */
    uint32_t literal_code[256];
    for (int s = 0; s < 256; s++) literal_code[s] = (uint32_t)litlen_codes[s] | ((uint32_t)litlen_lengths[s] << 16);
    const uint8_t *p = in + start;
    for (size_t t = 0; t < token_count; t++) {
        uint32_t literals = tokens[2 * t], match = tokens[2 * t + 1];
        /* Three literals (at most 45 bits) between flushes. */
        uint32_t k = 0;
        for (; k + 3 <= literals; k += 3) {
            uint32_t a = literal_code[p[k]], b = literal_code[p[k + 1]], c = literal_code[p[k + 2]];
            add_bits(w, a & 0xffff, a >> 16);
            add_bits(w, b & 0xffff, b >> 16);
            add_bits(w, c & 0xffff, c >> 16);
            flush_bits(w);
        }
        for (; k < literals; k++) {
            uint32_t a = literal_code[p[k]];
            add_bits(w, a & 0xffff, a >> 16);
        }
        flush_bits(w);
        p += literals;
        if (match) {
            /* Length code (at most 15 bits), its extra bits (at most 5), distance code (at most
             * 15): one flush. */
            uint32_t len = match & 0xffff, distance = match >> 16;
            int s = length_symbol_of[len];
            add_bits(w, litlen_codes[257 + s], litlen_lengths[257 + s]);
            add_bits(w, len - length_base[s], length_extra[s]);
            add_bits(w, distance_codes[distance - 1], distance_lengths[distance - 1]);
            flush_bits(w);
            p += len;
        }
    }
    put_bits(w, litlen_codes[END_OF_BLOCK], litlen_lengths[END_OF_BLOCK]);
}

/* ---------------------------------------------------------------------------------------------
 * The stream
 * ------------------------------------------------------------------------------------------- */

size_t cpng_run_deflate_bound(size_t size) {
    /* Every block is at most its stored form: 5 bytes per 65535 bytes, plus a byte of alignment
     * per block; 2 bytes of zlib header, 4 of Adler-32, 4 of slack for the bit writer. */
    size_t blocks = size / BLOCK_INPUT + 1;
    return size + 5 * (size / 65535 + blocks + 1) + blocks + 2 + 4 + 4 + 8;
}

size_t cpng_run_deflate(const uint8_t *in, size_t size, size_t bpp, uint8_t *out,
                        cpng_run_deflate_scratch *scratch) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_length_table);
    if (!scratch->tokens) {
        scratch->tokens = malloc(2 * TOKENS_PER_BLOCK * sizeof *scratch->tokens);
        if (!scratch->tokens) return 0;
        scratch->token_capacity = TOKENS_PER_BLOCK;
    }
    if (bpp < 1) bpp = 1;
    bit_writer w = {out, 0, 0};
    /* zlib header: deflate with a 32 KiB window (0x78), "fastest" level flag, check bits. */
    put_bits(&w, 0x78, 8);
    put_bits(&w, 0x01, 8);
    size_t start = 0;
    do {
        symbol_counts counts;
        memset(&counts, 0, sizeof counts);
        size_t token_count;
        size_t end = tokenize_block(in, size, start, bpp, scratch->tokens, &token_count, &counts);
        write_block(&w, in, start, end, scratch->tokens, token_count, &counts, end == size);
        start = end;
    } while (start < size);
    align_to_byte(&w);
    uint32_t adler = libdeflate_adler32(1, in, size);
    w.out[0] = (uint8_t)(adler >> 24);
    w.out[1] = (uint8_t)(adler >> 16);
    w.out[2] = (uint8_t)(adler >> 8);
    w.out[3] = (uint8_t)adler;
    w.out += 4;
    return (size_t)(w.out - out);
}

void cpng_run_deflate_scratch_free(cpng_run_deflate_scratch *scratch) {
    free(scratch->tokens);
    scratch->tokens = NULL;
    scratch->token_capacity = 0;
}
