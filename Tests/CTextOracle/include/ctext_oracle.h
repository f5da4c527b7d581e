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

/// Test oracle for bidi line reordering: FriBidi's own `fribidi_reorder_line` (rules L1–L2) on
/// code points `line_start ..< line_start + line_length` of a paragraph whose levels it resolves
/// itself (`direction` 0 left to right, 1 right to left, -1 from the text). Writes the line's
/// visual order as paragraph indices to `visual` (`line_length` entries); returns the paragraph's
/// level, or -1 on failure.
int ctext_oracle_bidi_line(const uint32_t *text, int length, int direction, int line_start, int line_length,
                           int32_t *visual);

#endif
