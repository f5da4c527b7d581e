#ifndef CPNG_RUN_DEFLATE_H
#define CPNG_RUN_DEFLATE_H

#include "deflate_stream.h"

/// A deflate compressor for filtered PNG rows that looks for one kind of repetition only: a byte
/// or a pixel repeated (matches at distance 1 and at distance `bpp`), which is what filtering
/// makes of flat fills, straight edges and smooth gradients. Compresses `size` bytes into a zlib
/// stream in `out` (at least deflate_stream_bound(size) bytes); returns its length, or 0 when
/// memory for the scratch runs out.
size_t cpng_run_deflate(const uint8_t *in, size_t size, size_t bpp, uint8_t *out, cpng_deflate_scratch *scratch);

#endif
