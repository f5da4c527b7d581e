// The deflate stream writer shared by the shim's compressors: given a block's tokens (literal
// counts and matches, see deflate_stream.h) it builds length-limited Huffman codes for the block's
// own symbols, sends them as RFC 1951's dynamic-code header and then the symbols, or stores the
// block when that is smaller, so noise never grows; around the blocks goes RFC 1950's zlib
// framing. Written from the RFCs.
#include "deflate_stream.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>

#define END_OF_BLOCK DEFLATE_END_OF_BLOCK
#define LITLEN_SYMBOLS DEFLATE_LITLEN_SYMBOLS
#define DISTANCE_SYMBOLS DEFLATE_DISTANCE_SYMBOLS
#define MAX_MATCH DEFLATE_MAX_MATCH
/* Code-length alphabet: lengths 0...15, then 16 (repeat the previous length 3-6 times), 17 (a
 * run of 3-10 zeros) and 18 (a run of 11-138 zeros). */
#define CODELEN_SYMBOLS 19
#define MAX_CODE_BITS 15
#define MAX_CODELEN_BITS 7

/* ---------------------------------------------------------------------------------------------
 * Deflate's alphabet (RFC 1951, section 3.2.5)
 * ------------------------------------------------------------------------------------------- */

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[DISTANCE_SYMBOLS] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                                      193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                                                      6145, 8193, 12289, 16385, 24577};
/* The order in which the code-length code's lengths are sent. */
static const uint8_t codelen_order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static inline unsigned distance_extra_bits(unsigned symbol) { return symbol < 4 ? 0 : symbol / 2 - 1; }

uint8_t deflate_length_symbol_of[MAX_MATCH + 1];

static void build_length_table(void) {
    for (int s = 0; s < 29; s++) {
        int end = s == 28 ? MAX_MATCH + 1 : length_base[s + 1];
        for (int len = length_base[s]; len < end && len <= MAX_MATCH; len++) deflate_length_symbol_of[len] = (uint8_t)s;
    }
    deflate_length_symbol_of[MAX_MATCH] = 28; /* 258 has its own symbol, not 227 + 31 */
}

void deflate_tables_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_length_table);
}

int deflate_scratch_reserve_tokens(cpng_deflate_scratch *scratch) {
    if (!scratch->tokens) scratch->tokens = malloc(2 * DEFLATE_TOKENS_PER_BLOCK * sizeof *scratch->tokens);
    return scratch->tokens != NULL;
}

void cpng_deflate_scratch_free(cpng_deflate_scratch *scratch) {
    free(scratch->tokens);
    free(scratch->hash_table);
    scratch->tokens = NULL;
    scratch->hash_table = NULL;
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

/* Bits out, filled from each byte's lowest bit. */
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
                        size_t token_count, const deflate_symbol_counts *counts, int final) {
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
    for (int s = 0; s < DISTANCE_SYMBOLS; s++) {
        dynamic_bits += (uint64_t)counts->distance[s] * (distance_lengths[s] + distance_extra_bits((unsigned)s));
    }
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
            int s = deflate_length_symbol_of[len];
            add_bits(w, litlen_codes[257 + s], litlen_lengths[257 + s]);
            add_bits(w, len - length_base[s], length_extra[s]);
            unsigned d = deflate_distance_symbol(distance);
            add_bits(w, distance_codes[d], distance_lengths[d]);
            add_bits(w, distance - distance_base[d], distance_extra_bits(d));
            flush_bits(w);
            p += len;
        }
    }
    put_bits(w, litlen_codes[END_OF_BLOCK], litlen_lengths[END_OF_BLOCK]);
}

/* ---------------------------------------------------------------------------------------------
 * The stream
 * ------------------------------------------------------------------------------------------- */

size_t deflate_stream_bound(size_t size) {
    /* Every block is at most its stored form: 5 bytes per 65535 bytes, plus a byte of alignment
     * per block; 2 bytes of zlib header, 4 of Adler-32, 4 of slack for the bit writer. */
    size_t blocks = size / DEFLATE_BLOCK_INPUT + 1;
    return size + 5 * (size / 65535 + blocks + 1) + blocks + 2 + 4 + 4 + 8;
}

size_t deflate_stream_compress(const uint8_t *in, size_t size, uint8_t *out, uint32_t *tokens,
                               deflate_tokenizer tokenize, void *state) {
    deflate_tables_init();
    bit_writer w = {out, 0, 0};
    /* zlib header: deflate with a 32 KiB window (0x78), "fastest" level flag, check bits. */
    put_bits(&w, 0x78, 8);
    put_bits(&w, 0x01, 8);
    size_t start = 0;
    do {
        deflate_symbol_counts counts;
        memset(&counts, 0, sizeof counts);
        size_t token_count;
        size_t end = tokenize(in, size, start, state, tokens, &token_count, &counts);
        write_block(&w, in, start, end, tokens, token_count, &counts, end == size);
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
