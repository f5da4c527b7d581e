#ifndef CTEXT_ORACLE_H
#define CTEXT_ORACLE_H

#include <stdint.h>

/* Test oracle: FreeType's own anti-aliasing rasterizer, independent of carender's. */

/// Renders glyph `glyph` of face `index` in `path` (unhinted outline, `pixels_per_em`, origin at
/// device point (`origin_x`, `origin_y`), y down) with FreeType's gray rasterizer at `factor`×
/// resolution over the device pixels [x0, x0 + w) × [y0, y0 + h), box-filters it back to one value
/// per pixel (0…1) and writes `w × h` values to `out`, row by row. A positive `embolden` (font
/// units) thickens the outline first with FT_Outline_EmboldenXY. Returns 0, or a FreeType error.
int ctext_oracle_coverage(const char *path, int index, uint32_t glyph, int embolden, double pixels_per_em,
                          double origin_x, double origin_y, int x0, int y0, int w, int h, int factor, float *out);

#endif
