#include "ctext.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>
#include <fribidi/fribidi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ctext_face {
    /* FreeType faces are not thread-safe: each shim face has its own library and a lock around
     * glyph loading. HarfBuzz fonts are immutable after set-up and shape from any thread. */
    FT_Library library;
    FT_Face ft;
    pthread_mutex_t lock;
    hb_font_t *hb;
    hb_buffer_t *buffer;       /* reused by ctext_shape under `shape_lock` */
    pthread_mutex_t shape_lock;
    char postscript[256];
    int color;                 /* a colour bitmap face (no outlines), its largest strike selected */
    int strike_ppem;
};

static void set_error(char *error, size_t capacity, const char *message, const char *path, int code) {
    if (error && capacity) snprintf(error, capacity, "%s '%s' (FreeType error %d)", message, path, code);
}

ctext_face *ctext_face_open(const char *path, int index, char *error, size_t error_capacity) {
    ctext_face *face = calloc(1, sizeof *face);
    if (!face) return NULL;
    int code = FT_Init_FreeType(&face->library);
    if (code) { set_error(error, error_capacity, "cannot start FreeType for", path, code); free(face); return NULL; }
    code = FT_New_Face(face->library, path, index, &face->ft);
    if (code) {
        set_error(error, error_capacity, "cannot open the font", path, code);
        FT_Done_FreeType(face->library);
        free(face);
        return NULL;
    }
    if (!FT_IS_SCALABLE(face->ft) && FT_HAS_COLOR(face->ft) && FT_HAS_FIXED_SIZES(face->ft)) {
        /* A colour bitmap face (Noto Color Emoji's CBDT): draw from its largest strike, scaled. */
        int best = 0;
        for (int i = 1; i < face->ft->num_fixed_sizes; i++)
            if (face->ft->available_sizes[i].y_ppem > face->ft->available_sizes[best].y_ppem) best = i;
        code = FT_Select_Size(face->ft, best);
        face->color = code == 0;
        face->strike_ppem = (int)(face->ft->available_sizes[best].y_ppem >> 6);
    }
    if (!FT_IS_SCALABLE(face->ft) && !face->color) {
        set_error(error, error_capacity, "the font has no outlines:", path, 0);
        FT_Done_Face(face->ft);
        FT_Done_FreeType(face->library);
        free(face);
        return NULL;
    }
    hb_blob_t *blob = hb_blob_create_from_file(path);
    hb_face_t *hbFace = hb_face_create(blob, (unsigned)index);
    hb_blob_destroy(blob);
    face->hb = hb_font_create(hbFace);
    hb_face_destroy(hbFace);
    hb_ot_font_set_funcs(face->hb);
    int upem = (int)hb_face_get_upem(hb_font_get_face(face->hb));
    hb_font_set_scale(face->hb, upem, upem);
    hb_font_make_immutable(face->hb);
    face->buffer = hb_buffer_create();
    pthread_mutex_init(&face->lock, NULL);
    pthread_mutex_init(&face->shape_lock, NULL);
    const char *ps = FT_Get_Postscript_Name(face->ft);
    snprintf(face->postscript, sizeof face->postscript, "%s", ps ? ps : "");
    return face;
}

void ctext_face_close(ctext_face *face) {
    if (!face) return;
    hb_buffer_destroy(face->buffer);
    hb_font_destroy(face->hb);
    FT_Done_Face(face->ft);
    FT_Done_FreeType(face->library);
    pthread_mutex_destroy(&face->lock);
    pthread_mutex_destroy(&face->shape_lock);
    free(face);
}

int ctext_face_count(const char *path) {
    FT_Library library;
    if (FT_Init_FreeType(&library)) return 0;
    FT_Face face;
    int count = 0;
    if (FT_New_Face(library, path, -1, &face) == 0) {
        count = (int)face->num_faces;
        FT_Done_Face(face);
    }
    FT_Done_FreeType(library);
    return count;
}

void ctext_face_metrics(const ctext_face *face, ctext_metrics *out) {
    FT_Face ft = face->ft;
    memset(out, 0, sizeof *out);
    out->units_per_em = ft->units_per_EM;
    out->ascender = ft->ascender;
    out->descender = ft->descender;
    out->line_gap = ft->height - (ft->ascender - ft->descender);
    if (face->color) {
        /* FreeType leaves a bitmap-only face's scalable metrics empty: read hhea through HarfBuzz. */
        hb_face_t *hb_face = hb_font_get_face(face->hb);
        hb_position_t a = 0, d = 0, g = 0;
        out->units_per_em = (int)hb_face_get_upem(hb_face);
        hb_ot_metrics_get_position(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &a);
        hb_ot_metrics_get_position(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &d);
        hb_ot_metrics_get_position(face->hb, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, &g);
        out->ascender = a;
        out->descender = d;
        out->line_gap = g;
    }
    out->underline_position = ft->underline_position;
    out->underline_thickness = ft->underline_thickness;
    out->is_fixed_pitch = FT_IS_FIXED_WIDTH(ft) ? 1 : 0;
    out->num_glyphs = (int)ft->num_glyphs;
    TT_OS2 *os2 = FT_Get_Sfnt_Table(ft, FT_SFNT_OS2);
    TT_Postscript *post = FT_Get_Sfnt_Table(ft, FT_SFNT_POST);
    if (post) out->italic_angle_tenths = (int)(post->italicAngle * 10 / 65536);
    out->weight_class = os2 && os2->version != 0xFFFF && os2->usWeightClass ? os2->usWeightClass : 400;
    if (os2 && os2->version != 0xFFFF) {
        out->strikeout_position = os2->yStrikeoutPosition;
        out->strikeout_size = os2->yStrikeoutSize;
    }
    if (os2 && os2->version != 0xFFFF && os2->version >= 2) {
        out->cap_height = os2->sCapHeight;
        out->x_height = os2->sxHeight;
    }
    hb_position_t extent;
    if (out->cap_height == 0) {
        hb_codepoint_t h;
        hb_glyph_extents_t e;
        if (hb_font_get_nominal_glyph(face->hb, 'H', &h) && hb_font_get_glyph_extents(face->hb, h, &e))
            out->cap_height = e.y_bearing;
        else
            out->cap_height = (int)(out->ascender * 0.7);
    }
    if (out->x_height == 0) {
        hb_codepoint_t x;
        hb_glyph_extents_t e;
        if (hb_font_get_nominal_glyph(face->hb, 'x', &x) && hb_font_get_glyph_extents(face->hb, x, &e))
            out->x_height = e.y_bearing;
    }
    (void)extent;
}

const char *ctext_face_family_name(const ctext_face *face) { return face->ft->family_name ? face->ft->family_name : ""; }
const char *ctext_face_style_name(const ctext_face *face) { return face->ft->style_name ? face->ft->style_name : ""; }
const char *ctext_face_postscript_name(const ctext_face *face) { return face->postscript; }

uint32_t ctext_face_glyph(const ctext_face *face, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(face->hb, codepoint, &glyph) ? glyph : 0;
}

int32_t ctext_face_advance(const ctext_face *face, uint32_t glyph) {
    return hb_font_get_glyph_h_advance(face->hb, glyph);
}

int ctext_shape(ctext_face *face, const uint32_t *text, int text_length, int item_offset, int item_length,
                int rtl, uint32_t features, ctext_glyph *out, int capacity) {
    pthread_mutex_lock(&face->shape_lock);
    hb_buffer_t *buffer = face->buffer;
    hb_buffer_reset(buffer);
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    hb_buffer_add_utf32(buffer, text, text_length, (unsigned)item_offset, item_length);
    hb_buffer_guess_segment_properties(buffer);
    hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_feature_t tabular = { HB_TAG('t', 'n', 'u', 'm'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END };
    int tabular_on = (features & CTEXT_FEATURE_TABULAR_FIGURES) != 0;
    hb_shape(face->hb, buffer, tabular_on ? &tabular : NULL, tabular_on ? 1 : 0);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &count);
    for (unsigned i = 0; i < count && (int)i < capacity; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = pos[i].x_advance;
        out[i].y_advance = pos[i].y_advance;
        out[i].x_offset = pos[i].x_offset;
        out[i].y_offset = pos[i].y_offset;
    }
    pthread_mutex_unlock(&face->shape_lock);
    return (int)count;
}

typedef struct outline_sink {
    uint8_t *verbs;
    int verb_capacity, verb_count;
    float *points;
    int point_capacity, point_count; /* in floats */
} outline_sink;

static void sink_verb(outline_sink *sink, uint8_t verb) {
    if (sink->verb_count < sink->verb_capacity) sink->verbs[sink->verb_count] = verb;
    sink->verb_count++;
}

static void sink_point(outline_sink *sink, const FT_Vector *p) {
    if (sink->point_count + 2 <= sink->point_capacity) {
        sink->points[sink->point_count] = (float)p->x;
        sink->points[sink->point_count + 1] = (float)p->y;
    }
    sink->point_count += 2;
}

static int move_to(const FT_Vector *to, void *user) { sink_verb(user, CTEXT_MOVE); sink_point(user, to); return 0; }
static int line_to(const FT_Vector *to, void *user) { sink_verb(user, CTEXT_LINE); sink_point(user, to); return 0; }
static int conic_to(const FT_Vector *c, const FT_Vector *to, void *user) {
    sink_verb(user, CTEXT_QUAD); sink_point(user, c); sink_point(user, to); return 0;
}
static int cubic_to(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *user) {
    sink_verb(user, CTEXT_CUBIC); sink_point(user, c1); sink_point(user, c2); sink_point(user, to); return 0;
}

int ctext_glyph_outline(ctext_face *face, uint32_t glyph, int embolden, uint8_t *verbs, int verb_capacity,
                        float *points, int point_capacity, int *verbs_needed, int *points_needed) {
    *verbs_needed = 0;
    *points_needed = 0;
    pthread_mutex_lock(&face->lock);
    int code = FT_Load_Glyph(face->ft, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (code || face->ft->glyph->format != FT_GLYPH_FORMAT_OUTLINE) {
        pthread_mutex_unlock(&face->lock);
        return -1;
    }
    if (embolden > 0) FT_Outline_EmboldenXY(&face->ft->glyph->outline, embolden, embolden);
    static const FT_Outline_Funcs funcs = { move_to, line_to, conic_to, cubic_to, 0, 0 };
    outline_sink sink = { verbs, verb_capacity, 0, points, point_capacity, 0 };
    FT_Outline_Decompose(&face->ft->glyph->outline, &funcs, &sink);
    pthread_mutex_unlock(&face->lock);
    *verbs_needed = sink.verb_count;
    *points_needed = sink.point_count;
    if (sink.verb_count > verb_capacity || sink.point_count > point_capacity) return -1;
    return sink.verb_count;
}

int ctext_face_is_color(const ctext_face *face) { return face->color; }

int ctext_glyph_color_bitmap(ctext_face *face, uint32_t glyph, uint8_t *rgba, int capacity, int *width, int *height,
                             int *left, int *top, int *pixels_per_em) {
    *width = *height = *left = *top = 0;
    *pixels_per_em = face->strike_ppem;
    if (!face->color) return 0;
    pthread_mutex_lock(&face->lock);
    FT_GlyphSlot slot = face->ft->glyph;
    if (FT_Load_Glyph(face->ft, glyph, FT_LOAD_COLOR) || slot->format != FT_GLYPH_FORMAT_BITMAP
        || slot->bitmap.pixel_mode != FT_PIXEL_MODE_BGRA) {
        pthread_mutex_unlock(&face->lock);
        return 0;
    }
    int w = (int)slot->bitmap.width, h = (int)slot->bitmap.rows;
    *width = w;
    *height = h;
    *left = slot->bitmap_left;
    *top = slot->bitmap_top;
    if ((long)w * h * 4 > capacity) {
        pthread_mutex_unlock(&face->lock);
        return -1;
    }
    /* FreeType's BGRA is premultiplied, as carender's pixels are: only the channel order changes. */
    for (int y = 0; y < h; y++) {
        const uint8_t *src = slot->bitmap.buffer + (long)y * slot->bitmap.pitch;
        uint8_t *dst = rgba + (long)y * w * 4;
        for (int x = 0; x < w; x++) {
            dst[4 * x] = src[4 * x + 2];
            dst[4 * x + 1] = src[4 * x + 1];
            dst[4 * x + 2] = src[4 * x];
            dst[4 * x + 3] = src[4 * x + 3];
        }
    }
    pthread_mutex_unlock(&face->lock);
    return 1;
}

int ctext_bidi_levels(const uint32_t *text, int length, int direction, uint8_t *levels, uint8_t *classes) {
    if (length <= 0) return direction == 1 ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *resolved = malloc(sizeof *resolved * (size_t)length);
    if (!types || !brackets || !resolved) {
        free(types); free(brackets); free(resolved);
        return -1;
    }
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType base = direction == 0 ? FRIBIDI_PAR_LTR : direction == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
    int ok = fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, resolved) != 0;
    for (int i = 0; i < length; i++) {
        levels[i] = ok ? (uint8_t)resolved[i] : 0;
        classes[i] = FRIBIDI_IS_SEPARATOR(types[i]) ? CTEXT_BIDI_SEPARATOR
                   : (FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(types[i]) || FRIBIDI_IS_ISOLATE(types[i])) ? CTEXT_BIDI_WHITESPACE : CTEXT_BIDI_OTHER;
    }
    free(types); free(brackets); free(resolved);
    if (!ok) return -1;
    return FRIBIDI_IS_RTL(base) ? 1 : 0;
}
