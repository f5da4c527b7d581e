#ifndef CTEXT_H
#define CTEXT_H

/* A thin C shim over HarfBuzz (shaping), FreeType (glyph outlines and colour bitmaps) and FriBidi
 * (the Unicode Bidirectional Algorithm) for carender's text engine.
 * Everything is in font units: HarfBuzz's scale is set to the face's units per em and FreeType
 * loads outlines unscaled (FT_LOAD_NO_SCALE), so there is no hinting and no rounding to pixels —
 * the caller scales to the point size, as Core Text lays out unhinted outlines. The header
 * exposes no library types, so Swift imports it without their include paths. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ctext_face ctext_face;

/// Vertical metrics and names of a face, in font units.
typedef struct ctext_metrics {
    int units_per_em;
    int ascender;          /* hhea (or OS/2 typo when USE_TYPO_METRICS) ascender, positive up */
    int descender;         /* negative below the baseline */
    int line_gap;
    int cap_height;        /* OS/2 sCapHeight, or the height of 'H' when the table lacks it */
    int x_height;
    int underline_position;
    int underline_thickness;
    int italic_angle_tenths;
    int is_fixed_pitch;
    int num_glyphs;
    int weight_class;      /* OS/2 usWeightClass (400 regular, 700 bold), 400 when missing */
    int strikeout_position;/* OS/2 yStrikeoutPosition above the baseline, 0 when missing */
    int strikeout_size;    /* OS/2 yStrikeoutSize, 0 when missing */
} ctext_metrics;

/// One shaped glyph: its id, the index (into the shaped text) of the first code point of its
/// cluster, and its advance and offset in font units (y up).
typedef struct ctext_glyph {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} ctext_glyph;

/// Path verbs of a glyph outline.
enum {
    CTEXT_MOVE = 0,   /* one point */
    CTEXT_LINE = 1,   /* one point */
    CTEXT_QUAD = 2,   /* control, end */
    CTEXT_CUBIC = 3   /* control 1, control 2, end */
};

/// Opens face `index` of the font file at `path`; NULL on failure with a message in `error`.
/// Faces need outlines, except colour bitmap faces (CBDT/sbix emoji), whose largest strike is
/// selected for `ctext_glyph_color_bitmap`.
ctext_face *ctext_face_open(const char *path, int index, char *error, size_t error_capacity);
void ctext_face_close(ctext_face *face);

/// The number of faces in the file (a .ttc holds several), 0 when it is not a font.
int ctext_face_count(const char *path);

void ctext_face_metrics(const ctext_face *face, ctext_metrics *out);

/// Family, style and PostScript names (empty strings when missing). Valid while the face is open.
const char *ctext_face_family_name(const ctext_face *face);
const char *ctext_face_style_name(const ctext_face *face);
const char *ctext_face_postscript_name(const ctext_face *face);

/// The nominal glyph of a code point, 0 when the face does not map it.
uint32_t ctext_face_glyph(const ctext_face *face, uint32_t codepoint);

/// The horizontal advance of a glyph in font units.
int32_t ctext_face_advance(const ctext_face *face, uint32_t glyph);

/// Shapes code points `item_offset ..< item_offset + item_length` of `text` (the rest is context)
/// with the face's default features (kerning, ligatures on). Writes at most `capacity` glyphs and
/// returns how many there are; the caller retries with more room when that exceeds `capacity`.
/// Script is guessed from the text; `rtl` nonzero shapes right to left (glyphs then come in visual
/// order, right-to-left runs' mirrored characters such as brackets replaced by their mirrors);
/// `features` (CTEXT_FEATURE_*) turns on OpenType features beyond the defaults.
int ctext_shape(ctext_face *face, const uint32_t *text, int text_length, int item_offset, int item_length,
                int rtl, uint32_t features, ctext_glyph *out, int capacity);

/// Feature flags of `ctext_shape`.
enum { CTEXT_FEATURE_TABULAR_FIGURES = 1 };

/// Whether the face draws colour bitmaps (an emoji face) rather than outlines.
int ctext_face_is_color(const ctext_face *face);

/// The colour bitmap of a glyph at the face's strike: premultiplied RGBA8 rows written to `rgba`
/// (room for `capacity` bytes), its size, its top-left corner relative to the glyph origin in
/// strike pixels (`left` rightwards, `top` upwards), and the strike's pixels per em. Returns 1, or
/// 0 when the glyph has no colour bitmap, or -1 when `rgba` is too small (`*width × *height × 4`
/// bytes are needed). Thread-safe per face.
int ctext_glyph_color_bitmap(ctext_face *face, uint32_t glyph, uint8_t *rgba, int capacity, int *width, int *height,
                             int *left, int *top, int *pixels_per_em);

/// Bidi classes `ctext_bidi_levels` reports for rule L1 of the Unicode Bidirectional Algorithm.
enum {
    CTEXT_BIDI_OTHER = 0,
    CTEXT_BIDI_WHITESPACE = 1,   /* WS, isolate controls, BN and embedding controls: reset at a line's end */
    CTEXT_BIDI_SEPARATOR = 2     /* segment (tab) and paragraph separators: always reset */
};

/// Resolves the embedding level of each code point of one paragraph with FriBidi (rules P2–I2 of
/// UAX #9, brackets included): `direction` 0 left to right, 1 right to left, -1 from the first
/// strong character (P2–P3, left to right when there is none). Writes `levels` and, for L1,
/// `classes` (CTEXT_BIDI_*), and returns the paragraph's level (0 or 1), or -1 when out of memory.
int ctext_bidi_levels(const uint32_t *text, int length, int direction, uint8_t *levels, uint8_t *classes);

/// Decomposes a glyph's outline, unhinted, in font units (y up): `verbs` receives CTEXT_* codes,
/// `points` x,y pairs. A positive `embolden` thickens every stroke by that many font units
/// (FreeType's FT_Outline_EmboldenXY: synthetic bold for a face that has no bold). Returns the number of verbs (points follow from the verbs), or -1 when the
/// glyph has no outline (a bitmap glyph) or the buffers are too small: `*verbs_needed` and
/// `*points_needed` then hold the sizes required. Thread-safe per face.
int ctext_glyph_outline(ctext_face *face, uint32_t glyph, int embolden, uint8_t *verbs, int verb_capacity,
                        float *points, int point_capacity, int *verbs_needed, int *points_needed);

#ifdef __cplusplus
}
#endif

#endif
