#include "ctext_oracle.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <stdlib.h>
#include <string.h>

int ctext_oracle_coverage(const char *path, int index, uint32_t glyph, int embolden, double pixels_per_em,
                          double origin_x, double origin_y, int x0, int y0, int w, int h, int factor, float *out) {
    FT_Library library;
    FT_Face face;
    int code = FT_Init_FreeType(&library);
    if (code) return code;
    if ((code = FT_New_Face(library, path, index, &face))) { FT_Done_FreeType(library); return code; }
    if ((code = FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))) goto done;
    FT_Outline *outline = &face->glyph->outline;
    if (embolden > 0) FT_Outline_EmboldenXY(outline, embolden, embolden);
    /* Font units (y up) to 26.6 bitmap coordinates (y up from the region's bottom) at `factor`×. */
    double s = pixels_per_em / face->units_per_EM * factor * 64;
    FT_Matrix m = { (FT_Fixed)(s * 65536.0 + 0.5), 0, 0, (FT_Fixed)(s * 65536.0 + 0.5) };
    FT_Outline_Transform(outline, &m);
    FT_Outline_Translate(outline, (FT_Pos)((origin_x - x0) * factor * 64 + 0.5),
                         (FT_Pos)((y0 + h - origin_y) * factor * 64 + 0.5));
    int bw = w * factor, bh = h * factor;
    unsigned char *pixels = calloc((size_t)bw * bh, 1);
    FT_Bitmap bitmap;
    memset(&bitmap, 0, sizeof bitmap);
    bitmap.rows = bh;
    bitmap.width = bw;
    bitmap.pitch = bw;
    bitmap.buffer = pixels;
    bitmap.num_grays = 256;
    bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
    code = FT_Outline_Get_Bitmap(library, outline, &bitmap);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            double sum = 0;
            for (int j = 0; j < factor; j++)
                for (int i = 0; i < factor; i++) sum += pixels[(y * factor + j) * bw + x * factor + i];
            out[y * w + x] = (float)(sum / (255.0 * factor * factor));
        }
    }
    free(pixels);
done:
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return code;
}

#include <fribidi/fribidi.h>
#include <stdlib.h>

int ctext_oracle_bidi_line(const uint32_t *text, int length, int direction, int line_start, int line_length,
                           int32_t *visual) {
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *levels = malloc(sizeof *levels * (size_t)length);
    FriBidiStrIndex *map = malloc(sizeof *map * (size_t)length);
    int result = -1;
    if (types && brackets && levels && map) {
        fribidi_get_bidi_types(text, length, types);
        fribidi_get_bracket_types(text, length, types, brackets);
        FriBidiParType base = direction == 0 ? FRIBIDI_PAR_LTR : direction == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        if (fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, levels)) {
            for (int i = 0; i < length; i++) map[i] = i;
            /* No NSM reordering: marks stay after their base in logical order, as in UAX #9's L2. */
            FriBidiFlags flags = FRIBIDI_FLAGS_DEFAULT & ~FRIBIDI_FLAG_REORDER_NSM;
            if (fribidi_reorder_line(flags, types, line_length, line_start, base, levels, NULL, map)) {
                for (int i = 0; i < line_length; i++) visual[i] = map[line_start + i];
                result = FRIBIDI_IS_RTL(base) ? 1 : 0;
            }
        }
    }
    free(types); free(brackets); free(levels); free(map);
    return result;
}
