// AVX2 kernels for turned shadows, offscreen blends and the rasterizer's sweep (see
// cpixel_kernels.h). Every step mirrors the Swift loop it stands for; the comments name the Swift
// expression each line computes. Only plain IEEE operations are used (no FMA: the target is
// "avx2" alone, and contraction is off), so each lane rounds exactly as Swift's SSE2 code does.
#include "cpixel_kernels.h"

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

int cpk_has_avx2(void) {
    // The feature bits the C runtime read once at start-up (compiler-rt / libgcc's
    // __cpu_model); nothing here is written.
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

/// `ShadowTextureLookup.values`, eight lanes.
__attribute__((target("avx2")))
static inline __m256 texture_values(const cpk_shadow_texture *t, __m256 u, __m256 v) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256 fold_u = _mm256_set1_ps(t->fold_u), fold_v = _mm256_set1_ps(t->fold_v);
    const __m256 origin = _mm256_set1_ps(t->origin), inverse_step = _mm256_set1_ps(t->inverse_step);
    const __m256 last_column = _mm256_set1_ps(t->last_column), last_row = _mm256_set1_ps(t->last_row);
    // mu = foldU − u; su = (u.replacing(with: mu, where: mu .< u) − origin) · inverseStep
    __m256 mu = _mm256_sub_ps(fold_u, u), mv = _mm256_sub_ps(fold_v, v);
    __m256 su = _mm256_mul_ps(_mm256_sub_ps(_mm256_blendv_ps(u, mu, _mm256_cmp_ps(mu, u, _CMP_LT_OQ)), origin), inverse_step);
    __m256 sv = _mm256_mul_ps(_mm256_sub_ps(_mm256_blendv_ps(v, mv, _mm256_cmp_ps(mv, v, _CMP_LT_OQ)), origin), inverse_step);
    // tu = su.replacing(with: lastColumn, where: su .>= lastColumn).replacing(with: 0, where: .!(su .> 0))
    __m256 tu = _mm256_blendv_ps(su, last_column, _mm256_cmp_ps(su, last_column, _CMP_GE_OQ));
    tu = _mm256_blendv_ps(tu, zero, _mm256_cmp_ps(su, zero, _CMP_NGT_UQ));
    __m256 tv = _mm256_blendv_ps(sv, last_row, _mm256_cmp_ps(sv, last_row, _CMP_GE_OQ));
    tv = _mm256_blendv_ps(tv, zero, _mm256_cmp_ps(sv, zero, _CMP_NGT_UQ));
    // lowerIndices: bits(x − 0.5 + 12_582_912) & 0x3F_FFFF
    const __m256 half = _mm256_set1_ps(0.5f), magic = _mm256_set1_ps(12582912.0f);
    const __m256i index_mask = _mm256_set1_epi32(0x3FFFFF);
    __m256i i = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(_mm256_sub_ps(tu, half), magic)), index_mask);
    __m256i j = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(_mm256_sub_ps(tv, half), magic)), index_mask);
    __m256 fu = _mm256_sub_ps(tu, _mm256_cvtepi32_ps(i)), fv = _mm256_sub_ps(tv, _mm256_cvtepi32_ps(j));
    // offsets = (j &* stride &+ i) &* 2 (Int32, wrapping), in texels.
    __m256i offsets = _mm256_slli_epi32(_mm256_add_epi32(_mm256_mullo_epi32(j, _mm256_set1_epi32((int32_t)t->stride)), i), 1);
    // Texels (i, j) and (i, j + 1) in one 32-bit load, (i + 1, j) and (i + 1, j + 1) in the next.
    const int *base = (const int *)(const void *)t->pairs;
    __m256i ab = _mm256_i32gather_epi32(base, offsets, 2);
    __m256i cd = _mm256_i32gather_epi32(base, _mm256_add_epi32(offsets, _mm256_set1_epi32(2)), 2);
    // Each texel in the low mantissa bits of `bias` (128): bias + texel / 65536.
    const __m256i low16 = _mm256_set1_epi32(0xFFFF), bias_bits = _mm256_set1_epi32(0x43000000);
    __m256 a = _mm256_castsi256_ps(_mm256_or_si256(_mm256_and_si256(ab, low16), bias_bits));
    __m256 b = _mm256_castsi256_ps(_mm256_or_si256(_mm256_srli_epi32(ab, 16), bias_bits));
    __m256 c = _mm256_castsi256_ps(_mm256_or_si256(_mm256_and_si256(cd, low16), bias_bits));
    __m256 d = _mm256_castsi256_ps(_mm256_or_si256(_mm256_srli_epi32(cd, 16), bias_bits));
    // top = a + (c − a)·fu, bottom = b + (d − b)·fu; top + (bottom − top)·fv − bias
    __m256 top = _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(c, a), fu));
    __m256 bottom = _mm256_add_ps(b, _mm256_mul_ps(_mm256_sub_ps(d, b), fu));
    return _mm256_sub_ps(_mm256_add_ps(top, _mm256_mul_ps(_mm256_sub_ps(bottom, top), fv)), _mm256_set1_ps(128.0f));
}

/// `sourceOverPacked` of eight pixels, in 16-bit lanes as the SIMD4 version.
__attribute__((target("avx2")))
static inline __m256i source_over(__m256i dst, __m256i src) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(128);
    __m256i inverse = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(src, 24));
    __m256i factor = _mm256_or_si256(inverse, _mm256_slli_epi32(inverse, 16));
    __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(dst, low), factor), half);
    __m256i ag = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(dst, 8), low), factor), half);
    __m256i scaled_rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
    __m256i scaled_ag = _mm256_srli_epi16(_mm256_add_epi16(ag, _mm256_srli_epi16(ag, 8)), 8);
    return _mm256_add_epi32(src, _mm256_or_si256(scaled_rb, _mm256_slli_epi32(scaled_ag, 8)));
}

/// `ShadowTargetRow.blend` of pixels `i ..< i + 8`, lane by lane as `blend4` and
/// `blendIntoGroup4` do: a lane in the group's offscreen over an opaque pixel there changes
/// nothing, over a partly transparent one goes beneath it in the offscreen, over an empty one
/// goes onto the canvas; any other lane goes onto the canvas. A lane whose alpha is too small to
/// show picks level 0, the transparent colour, which changes nothing. Only the lanes of `valid`
/// are read or written (all eight unless `partial`: a row's last pixels).
__attribute__((target("avx2")))
static inline void blend8(cpk_shadow_row row, int32_t i, __m256 k, __m256i valid, int partial) {
    const __m256 one = _mm256_set1_ps(1.0f);
    // guard any(k .> 0.001)
    if (_mm256_movemask_ps(_mm256_cmp_ps(k, _mm256_set1_ps(0.001f), _CMP_GT_OQ)) == 0) return;
    // nearestIndices(k.replacing(with: 1, where: k .> 1) · 256)
    __m256 clamped = _mm256_blendv_ps(k, one, _mm256_cmp_ps(k, one, _CMP_GT_OQ));
    __m256i levels = _mm256_and_si256(
        _mm256_castps_si256(_mm256_add_ps(_mm256_mul_ps(clamped, _mm256_set1_ps(256.0f)), _mm256_set1_ps(12582912.0f))),
        _mm256_set1_epi32(0x3FFFFF));
    __m256i *canvas = (__m256i *)(void *)(row.pixels + i);
    __m256i shadow = _mm256_i32gather_epi32((const int *)(const void *)row.palette, levels, 4);
    if ((int64_t)i + 8 <= row.group_start || (int64_t)i >= row.group_end) {
        if (partial) {
            __m256i below = _mm256_maskload_epi32((const int *)(const void *)canvas, valid);
            _mm256_maskstore_epi32((int *)(void *)canvas, valid, source_over(below, shadow));
        } else {
            _mm256_storeu_si256(canvas, source_over(_mm256_loadu_si256(canvas), shadow));
        }
        return;
    }
    // Lanes in the offscreen: groupStart ≤ i + lane < groupEnd.
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i index = _mm256_add_epi32(_mm256_set1_epi32(i), lanes);
    __m256i in_group = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)row.group_start), index),
                                           _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)row.group_end), index));
    in_group = _mm256_and_si256(in_group, valid);
    __m256i *group = (__m256i *)(void *)(row.group + i);
    __m256i rest = _mm256_maskload_epi32((const int *)(const void *)group, in_group);
    // empty: rest == 0; under: rest != 0 and rest < 0xFF00_0000 (unsigned: alpha below 255)
    __m256i empty = _mm256_and_si256(in_group, _mm256_cmpeq_epi32(rest, _mm256_setzero_si256()));
    __m256i opaque = _mm256_cmpeq_epi32(_mm256_srli_epi32(rest, 24), _mm256_set1_epi32(255));
    __m256i under = _mm256_andnot_si256(_mm256_or_si256(empty, opaque), in_group);
    if (!_mm256_testz_si256(under, under)) {
        __m256i group_shadow = _mm256_i32gather_epi32((const int *)(const void *)row.group_palette, levels, 4);
        // sourceOverPacked(groupPalette[level], rest): the rest over the shadow.
        _mm256_maskstore_epi32((int *)(void *)group, under, source_over(group_shadow, rest));
    }
    __m256i onto_canvas = _mm256_or_si256(_mm256_andnot_si256(in_group, valid), empty);
    if (!_mm256_testz_si256(onto_canvas, onto_canvas)) {
        if (partial) {
            __m256i below = _mm256_maskload_epi32((const int *)(const void *)canvas, onto_canvas);
            _mm256_maskstore_epi32((int *)(void *)canvas, onto_canvas, source_over(below, shadow));
        } else {
            __m256i below = _mm256_loadu_si256(canvas);
            _mm256_storeu_si256(canvas, _mm256_blendv_epi8(below, source_over(below, shadow), onto_canvas));
        }
    }
}

__attribute__((target("avx2")))
void cpk_shadow_affine_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                            int32_t first, int32_t count, float u0, float v0, float du, float dv) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), all = _mm256_set1_epi32(-1);
    const __m256 u0v = _mm256_set1_ps(u0), v0v = _mm256_set1_ps(v0), duv = _mm256_set1_ps(du), dvv = _mm256_set1_ps(dv);
    for (int32_t n = 0; n < count; n += 8) {
        int32_t i = first + n;
        int partial = count - n < 8;
        // The lanes inside the run; the last block's others read no coverage (0) and write nothing.
        __m256i valid = partial ? _mm256_cmpgt_epi32(_mm256_set1_epi32(count - n), lanes) : all;
        // fi = Float(i) + lanes (exact); u = u0 + fi·du
        __m256 fi = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(i), lanes));
        __m256 u = _mm256_add_ps(u0v, _mm256_mul_ps(fi, duv)), v = _mm256_add_ps(v0v, _mm256_mul_ps(fi, dvv));
        __m256 c = partial ? _mm256_maskload_ps(coverage + i, valid) : _mm256_loadu_ps(coverage + i);
        blend8(row, i, _mm256_mul_ps(texture_values(texture, u, v), c), valid, partial);
    }
}

__attribute__((target("avx2")))
void cpk_shadow_projective_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                                int32_t first, int32_t count, double a_x, double a_y, double a_z,
                                double b_x, double b_y, double b_z) {
    const __m256d ax = _mm256_set1_pd(a_x), ay = _mm256_set1_pd(a_y), az = _mm256_set1_pd(a_z);
    const __m256d bx = _mm256_set1_pd(b_x), by = _mm256_set1_pd(b_y), bz = _mm256_set1_pd(b_z);
    const __m128i lanes = _mm_setr_epi32(0, 1, 2, 3);
    const __m256i lanes8 = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), all = _mm256_set1_epi32(-1);
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    for (int32_t n = 0; n < count; n += 8) {
        int32_t i = first + n;
        int partial = count - n < 8;
        __m256i valid = partial ? _mm256_cmpgt_epi32(_mm256_set1_epi32(count - n), lanes8) : all;
        // fi = Double(i) + lanes, for the two halves
        __m256d f0 = _mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(i), lanes));
        __m256d f1 = _mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(i + 4), lanes));
        // hx = SIMD4<Float>(a.x + b.x·fi), likewise hy, hz
        __m256 hx = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_add_pd(ax, _mm256_mul_pd(bx, f1))),
                                    _mm256_cvtpd_ps(_mm256_add_pd(ax, _mm256_mul_pd(bx, f0))));
        __m256 hy = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_add_pd(ay, _mm256_mul_pd(by, f1))),
                                    _mm256_cvtpd_ps(_mm256_add_pd(ay, _mm256_mul_pd(by, f0))));
        __m256 hz = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_add_pd(az, _mm256_mul_pd(bz, f1))),
                                    _mm256_cvtpd_ps(_mm256_add_pd(az, _mm256_mul_pd(bz, f0))));
        // ahead = hz .> 0; inverse = 1 / hz.replacing(with: 1, where: .!ahead)
        __m256 ahead = _mm256_cmp_ps(hz, zero, _CMP_GT_OQ);
        __m256 inverse = _mm256_div_ps(one, _mm256_blendv_ps(one, hz, ahead));
        // coverage, zero behind the eye
        __m256 covered = partial ? _mm256_maskload_ps(coverage + i, valid) : _mm256_loadu_ps(coverage + i);
        __m256 c = _mm256_blendv_ps(zero, covered, ahead);
        __m256 values = texture_values(texture, _mm256_mul_ps(hx, inverse), _mm256_mul_ps(hy, inverse));
        blend8(row, i, _mm256_mul_ps(values, c), valid, partial);
    }
}

/// `scalePacked` of eight pixels: each channel times `scale / 256`, rounded, in 16-bit lanes
/// (a channel times at most 256, plus 128, stays below 2¹⁶, so no lane carries into the next).
__attribute__((target("avx2")))
static inline __m256i scale_packed(__m256i p, __m256i factor) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(128);
    __m256i rb = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), factor), half), 8);
    __m256i ag = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(p, 8), low), factor), half),
                                  _mm256_set1_epi32((int)0xFF00FF00));
    return _mm256_or_si256(rb, ag);
}

__attribute__((target("avx2")))
void cpk_blend_row_avx2(const uint32_t *source, uint32_t *target, int64_t count, uint32_t scale) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i factor = _mm256_set1_epi32((int)(scale | scale << 16));
    for (int64_t n = 0; n < count; n += 8) {
        const __m256i *s = (const __m256i *)(const void *)(source + n);
        __m256i *d = (__m256i *)(void *)(target + n);
        if (count - n >= 8) {
            __m256i p = _mm256_loadu_si256(s);
            // Transparent black leaves the target as it was: skip a block of it.
            if (_mm256_testz_si256(p, p)) continue;
            __m256i src = scale >= 256 ? p : scale_packed(p, factor);
            _mm256_storeu_si256(d, source_over(_mm256_loadu_si256(d), src));
        } else {
            // The last pixels: masked, so nothing past the row is read or written.
            __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)(count - n)), lanes);
            __m256i p = _mm256_maskload_epi32((const int *)(const void *)s, valid);
            if (_mm256_testz_si256(p, p)) continue;
            __m256i src = scale >= 256 ? p : scale_packed(p, factor);
            __m256i below = _mm256_maskload_epi32((const int *)(const void *)d, valid);
            _mm256_maskstore_epi32((int *)(void *)d, valid, source_over(below, src));
        }
    }
}

/// `CoverageRasterizer.nextNonzeroCell`: the first cell at or after `j` (before `width`) whose
/// value is not 0 as a float (−0 counts as 0, NaN does not), or `width`. 32 cells per step
/// where a shape's interior or the space around it leaves them empty.
__attribute__((target("avx2")))
static inline int64_t next_nonzero_cell(const float *cells, int64_t j, int64_t width) {
    const __m256 zero = _mm256_setzero_ps();
    while (j + 32 <= width) {
        __m256 a = _mm256_cmp_ps(_mm256_loadu_ps(cells + j), zero, _CMP_NEQ_UQ);
        __m256 b = _mm256_cmp_ps(_mm256_loadu_ps(cells + j + 8), zero, _CMP_NEQ_UQ);
        __m256 c = _mm256_cmp_ps(_mm256_loadu_ps(cells + j + 16), zero, _CMP_NEQ_UQ);
        __m256 d = _mm256_cmp_ps(_mm256_loadu_ps(cells + j + 24), zero, _CMP_NEQ_UQ);
        // The compares' lanes are all ones or all zeros: testing their sign bits is enough.
        __m256 any = _mm256_or_ps(_mm256_or_ps(a, b), _mm256_or_ps(c, d));
        if (!_mm256_testz_ps(any, any)) break;
        j += 32;
    }
    while (j + 8 <= width) {
        unsigned nonzero = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(cells + j), zero, _CMP_NEQ_UQ));
        if (nonzero) return j + __builtin_ctz(nonzero);
        j += 8;
    }
    while (j < width && cells[j] == 0) j++;
    return j;
}

__attribute__((target("avx2")))
int64_t cpk_sweep_row_avx2(float *cells, float *coverage, int64_t width, int32_t even_odd, float partial_low,
                           float partial_high, cpk_coverage_run *runs) {
    int64_t count = 0, partial_start = -1, i = 0;
    float sum = 0;
    while (i < width) {
        // a = cells[i]; if a != 0 { sum += a; cells[i] = 0 }; c = abs(sum)
        float a = cells[i];
        if (a != 0) {
            sum += a;
            cells[i] = 0;
        }
        float c = __builtin_fabsf(sum);
        if (even_odd) {
            // c -= 2 * (c * 0.5).rounded(.down); if c > 1 { c = 2 - c }
            c -= 2 * __builtin_floorf(c * 0.5f);
            if (c > 1) c = 2 - c;
        }
        if (c > partial_low && c < partial_high) {
            if (partial_start < 0) partial_start = i;
            coverage[i] = c;
            i++;
            continue;
        }
        if (partial_start >= 0) {
            runs[count++] = (cpk_coverage_run){(int32_t)partial_start, (int32_t)(i - partial_start), 0};
            partial_start = -1;
        }
        int64_t j = next_nonzero_cell(cells, i + 1, width);
        if (c >= partial_high) runs[count++] = (cpk_coverage_run){(int32_t)i, (int32_t)(j - i), 1};
        i = j;
    }
    if (partial_start >= 0) runs[count++] = (cpk_coverage_run){(int32_t)partial_start, (int32_t)(width - partial_start), 0};
    return count;
}

#else

int cpk_has_avx2(void) { return 0; }

int64_t cpk_sweep_row_avx2(float *cells, float *coverage, int64_t width, int32_t even_odd, float partial_low,
                           float partial_high, cpk_coverage_run *runs) {
    (void)cells; (void)coverage; (void)width; (void)even_odd; (void)partial_low; (void)partial_high; (void)runs;
    return 0;
}

void cpk_blend_row_avx2(const uint32_t *source, uint32_t *target, int64_t count, uint32_t scale) {
    (void)source; (void)target; (void)count; (void)scale;
}

void cpk_shadow_affine_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                            int32_t first, int32_t count, float u0, float v0, float du, float dv) {
    (void)texture; (void)row; (void)coverage; (void)first; (void)count; (void)u0; (void)v0; (void)du; (void)dv;
}

void cpk_shadow_projective_avx2(const cpk_shadow_texture *texture, cpk_shadow_row row, const float *coverage,
                                int32_t first, int32_t count, double ax, double ay, double az,
                                double bx, double by, double bz) {
    (void)texture; (void)row; (void)coverage; (void)first; (void)count;
    (void)ax; (void)ay; (void)az; (void)bx; (void)by; (void)bz;
}

#endif
