// Hot pixel loops with an AVX2 path chosen at run time, for a portable (baseline x86-64) build.
//
// Each kernel computes exactly what the Swift loop it stands for computes, lane by lane (the
// same IEEE single- and double-precision operations in the same order, no fused multiply-add,
// the same integer steps), so the bytes written do not depend on which path ran. The Swift
// loops stay the reference and the path every other processor takes; a unit test runs both on
// the same inputs and compares the bytes.
#ifndef CPIXEL_KERNELS_H
#define CPIXEL_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether this processor runs the AVX2 kernels. It reads the processor's feature bits, which
/// the C runtime fills in once at start-up and never changes: call it once (per drawing
/// context) and keep the answer. Always 0 off x86-64.
int cpk_has_avx2(void);

/// A shadow texture as `ShadowTextureLookup` reads it: texels in vertical pairs of 16-bit
/// fractions, `stride` pairs per row.
typedef struct {
    const uint16_t *pairs;
    int64_t stride;
    float origin, inverse_step, last_column, last_row, fold_u, fold_v;
} cpk_shadow_texture;

/// A shadow's pixels on one row (`ShadowTargetRow`): the canvas and the shadow's packed colour
/// at 257 levels of alpha; and, for pixels `group_start ..< group_end`, a group's offscreen
/// holding the rest of the layer with the colour within the group (see `ShadowTarget`).
typedef struct {
    uint32_t *pixels;               // pixel 0 of the canvas row
    const uint32_t *palette;        // 257 entries
    uint32_t *group;                // where pixel 0 would lie in the offscreen's row
    const uint32_t *group_palette;  // 257 entries
    int64_t group_start, group_end;
} cpk_shadow_row;

/// Pixels `first ..< first + count` of `row` under an affine map: pixel i
/// reads the texture at `(u0 + i·du, v0 + i·dv)` (Float), times `coverage[i]`, and blends the
/// palette's level for it as `ShadowTargetRow.blend` does. `RoundedRectShadowPainter.paintRow`'s
/// affine loop with `ShadowTextureLookup.values` and `ShadowTargetRow.blend4`.
void cpk_shadow_affine_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                            int32_t first, int32_t count, float u0, float v0, float du, float dv);

/// The same under perspective: pixel i's homogeneous point is `a + b·i` in Double, projected in
/// Float; points behind the eye (z ≤ 0) draw nothing.
void cpk_shadow_projective_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                                int32_t first, int32_t count, double ax, double ay, double az,
                                double bx, double by, double bz);

/// `count` pixels of `source` blended source-over onto `target`, each scaled by `scale / 256`
/// first (0…256; 256 leaves it as it is): `FrameDrawing.blendRow`.
void cpk_blend_row_avx2(const uint32_t *source, uint32_t *target, int64_t count, uint32_t scale);

/// One painter call of a swept row: pixels `start ..< start + length` (cell indices), fully
/// covered (`full` = 1) or with their coverage in the sweep's coverage row (`full` = 0).
typedef struct {
    int32_t start, length, full;
} cpk_coverage_run;

/// `CoverageRasterizer.sweep` of one row of `width` cells: the running sum of the cells (each
/// nonzero cell added, in order, and reset to 0), folded by the even-odd rule when `even_odd`,
/// gives each pixel's coverage c; pixels with `partial_low < c < partial_high` get c in
/// `coverage` and form partial runs, a run of unchanged sum with c ≥ `partial_high` is a full
/// run. Writes the runs, in the order the Swift sweep calls its painter, to `runs` (room for
/// `width` + 1) and returns how many.
int64_t cpk_sweep_row_avx2(float *cells, float *coverage, int64_t width, int32_t even_odd, float partial_low,
                           float partial_high, cpk_coverage_run *runs);

#ifdef __cplusplus
}
#endif

#endif
