#ifndef CPNG_MATCH_DEFLATE_H
#define CPNG_MATCH_DEFLATE_H

#include "deflate_stream.h"

/// A deflate compressor for filtered PNG rows of `row_bytes` bytes (filter byte included), `bpp`
/// bytes per pixel: greedy matching over a few candidates per position (the previous byte and
/// pixel, the same place in the row above and a pixel either side, and the last two positions
/// whose next 8 bytes hashed alike). Compresses `size` bytes into
/// a zlib stream in `out` (at least deflate_stream_bound(size) bytes); returns its length, or 0
/// when memory for the scratch runs out.
size_t cpng_match_deflate(const uint8_t *in, size_t size, size_t bpp, size_t row_bytes, uint8_t *out,
                          cpng_deflate_scratch *scratch);

#endif
