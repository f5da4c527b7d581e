#ifndef CPNG_RUN_DEFLATE_H
#define CPNG_RUN_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// A deflate compressor for filtered PNG rows that looks for one kind of repetition only: a byte
/// or a pixel repeated (matches at distance 1 and at distance `bpp`), which is what filtering
/// makes of flat fills, straight edges and smooth gradients. Every block gets Huffman codes built
/// for its own symbols (or is stored, when that is smaller), so the stream is standard zlib that
/// any inflater reads.
///
/// Its working memory, kept between calls by its owner (one per thread).
typedef struct cpng_run_deflate_scratch {
    uint32_t *tokens;
    size_t token_capacity;
} cpng_run_deflate_scratch;

/// The largest zlib stream `cpng_run_deflate` writes for `size` input bytes.
size_t cpng_run_deflate_bound(size_t size);

/// Compresses `size` bytes into a zlib stream in `out` (at least cpng_run_deflate_bound(size)
/// bytes); returns its length, or 0 when memory for the scratch runs out.
size_t cpng_run_deflate(const uint8_t *in, size_t size, size_t bpp, uint8_t *out,
                        cpng_run_deflate_scratch *scratch);

void cpng_run_deflate_scratch_free(cpng_run_deflate_scratch *scratch);

#endif
