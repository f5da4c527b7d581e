import CARenderPixels
import CPixelKernels
import CARenderRaster
/// The blurred rounded rectangle of one layer shape (size, corners, sigma), sampled once on a grid
/// in shape space so that a shadow turning or tilting with its layer costs one bilinear lookup
/// per pixel, whatever its corners — the shadow's own texture, mapped through the layer's
/// inverse device map like any image.
///
/// Accuracy: bilinear interpolation of a function errs by at most h²/8 · (|f_uu| + |f_vv|) on a
/// grid of step h. A Gaussian of sigma σ blurring any shape (of alpha 0…1) bounds each second
/// derivative by ∫|g″| = 4φ(1)/σ² ≈ 0.968/σ², so the error is at most 0.24 · h²/σ²: 0.0038,
/// under 1/255 of the shadow colour, at a step of σ/8 (and a quarter of that along straight
/// edges, where only one axis bends) — inside the 2/255 a shadow is held to. Texels are stored
/// as 16-bit fractions of full coverage, which halves the memory a lookup reads (a turned
/// shadow's lookups wait on loads more than on arithmetic) and adds at most about 2⁻¹⁵: 2⁻¹⁷ from
/// rounding each texel and as much from each interpolation step (see `ShadowTextureLookup.bias`),
/// under 1/100 of the 1/255 step of the colour channels.
///
/// Folding: where the shape is symmetric about its vertical midline (equal left and right corners)
/// the blur is too, `f(u) = f(w − u)`, so only the half `u ≤ w/2` is sampled and a lookup reads
/// `min(u, w − u)`; likewise about the horizontal midline. And a folded axis is flat beyond the
/// corners' reach: for `t ≥ reach = extent + 4σ` (`extent` the corner's size) no corner takes
/// anything away (the corner tables are zero there) and the blurred interval `Φ(t/σ) − Φ((t − w)/σ)`
/// lies within `2Φ(−4) ≈ 6.4·10⁻⁵` of 1 up to the midline, so the folded coordinate is clamped
/// there, by the grid's border. A card's texture then holds one corner's neighbourhood: about a
/// seventh of the texels of the whole shape, which keeps turned shadows' lookups in cache.
final class ShadowTexture {
    /// Texels in vertical pairs, so the four texels of a bilinear lookup are 8 contiguous bytes:
    /// pair `(i, j)` at `2 · (j · stride + i)` holds texels `(i, j)` and `(i, j + 1)`. Each row of
    /// pairs has `columns` pairs and a zero guard pair; the texels of row `rows` are zero.
    private let pairs: UnsafeMutablePointer<UInt16>
    let layout: Layout
    private let stride: Int

    /// Grid steps per sigma (see the accuracy note above).
    static let stepsPerSigma = 8.0
    /// Texels beyond which a texture is not built (the closed form is drawn instead): a blur far
    /// narrower than an asymmetric shape, where a texture would be large and the closed form is
    /// cheap.
    static let maximumTexels = 1 << 18

    /// Where a texture's texels lie: on both axes from `origin` at `1 / inverseStep` apart, and
    /// which axes are folded (`foldU`, `foldV`: the mirror line's double, `w` or `h`, or infinity
    /// when the axis is not folded).
    struct Layout {
        let columns: Int
        let rows: Int
        /// Shape coordinate of texel 0 on both axes, and texels per shape unit.
        let origin: Double
        let inverseStep: Double
        let foldU: Double
        let foldV: Double

        /// The layout of a `width × height` shape with `corners` blurred by `sigma`, reaching `margin`
        /// beyond it, with a texel to spare on every side; nil beyond `maximumTexels`.
        init?(width: Double, height: Double, corners: CornerShape, sigma: Double, margin: Double) {
            let step = sigma / ShadowTexture.stepsPerSigma
            guard step > 0, step.isFinite, width.isFinite, height.isFinite else { return nil }
            let r = corners.radii
            // The blur's flat middle begins this far in from each side (see the folding note).
            let extent = r.max() * (corners.continuous ? ContinuousCorner.extent : 1)
            let reach = extent + CornerDeficitTable.sigmas * sigma
            // Mirror-symmetric about the vertical midline: top-left = top-right and
            // bottom-left = bottom-right; about the horizontal one: top-left = bottom-left and
            // top-right = bottom-right.
            let symmetricU = r.x == r.y && r.w == r.z, symmetricV = r.x == r.w && r.y == r.z
            let endU = symmetricU ? min(width / 2, reach) : width + margin
            let endV = symmetricV ? min(height / 2, reach) : height + margin
            let columns = ((endU + margin) / step).rounded(.up) + 3
            let rows = ((endV + margin) / step).rounded(.up) + 3
            guard columns * rows <= Double(ShadowTexture.maximumTexels) else { return nil }
            self.columns = Int(columns)
            self.rows = Int(rows)
            origin = -margin - step
            inverseStep = 1 / step
            foldU = symmetricU ? width : .infinity
            foldV = symmetricV ? height : .infinity
        }
    }

    /// Samples `shape` on the grid of `layout`: the points `[−margin, width + margin] ×
    /// [−margin, height + margin]` of each axis not folded, `[−margin, min(w/2, reach)]` of each
    /// folded one, at step `sigma / stepsPerSigma`.
    init(shape: BlurredRoundedRect, layout: Layout) {
        self.layout = layout
        let columns = layout.columns, rows = layout.rows
        stride = columns + 1
        let step = 1 / layout.inverseStep
        let count = 2 * stride * rows
        pairs = .allocate(capacity: count)
        pairs.initialize(repeating: 0, count: count)
        for j in 0..<rows {
            let v = Float(layout.origin + Double(j) * step)
            for i in 0..<columns {
                let coverage = min(1, max(0, shape.value(Float(layout.origin + Double(i) * step), v)))
                // Rounded to the nearest unit by adding a half and truncating (coverage is in 0…1).
                let value = UInt16(truncatingIfNeeded: min(Int32(coverage * ShadowTextureLookup.unitsPerCoverage + 0.5),
                                                           Int32(UInt16.max)))
                pairs[2 * (j * stride + i)] = value
                if j > 0 { pairs[2 * ((j - 1) * stride + i) + 1] = value }
            }
        }
    }

    deinit { pairs.deallocate() }

    /// Bytes the texture holds.
    var byteCount: Int { 2 * stride * layout.rows * MemoryLayout<UInt16>.stride }

    /// A pointer-based view for hot loops; valid while the texture is alive.
    var lookup: ShadowTextureLookup {
        ShadowTextureLookup(pairs: pairs, stride: stride, origin: Float(layout.origin),
                            inverseStep: Float(layout.inverseStep), lastColumn: Float(layout.columns - 1),
                            lastRow: Float(layout.rows - 1), foldU: Float(layout.foldU), foldV: Float(layout.foldV))
    }
}

/// Bilinear lookup in a shadow texture, without bounds-checked arrays or ARC. Points outside the
/// grid take the value at its border (there the shadow has faded to nothing).
struct ShadowTextureLookup: BlurredShape {
    let pairs: UnsafePointer<UInt16>
    let stride: Int
    let origin: Float
    let inverseStep: Float
    let lastColumn: Float
    let lastRow: Float
    /// `w` and `h` for the folded axes, infinity for the others (see `ShadowTexture`).
    let foldU: Float
    let foldV: Float

    /// Stored units per unit of coverage (full coverage is stored as 65535, short of it by
    /// 1/65536).
    static let unitsPerCoverage: Float = 65536
    /// A texel `t` is widened to the float `bias + t / unitsPerCoverage` by placing it in the low
    /// mantissa bits of `bias` (one interleave with `biasHighBits`, no integer-to-float
    /// conversion); interpolation is linear, so the bias is subtracted once, after it. The floats
    /// near 128 are spaced 2⁻¹⁶ apart, so the texel values are exact and each interpolation step
    /// rounds by at most 2⁻¹⁷.
    static let bias: Float = 128
    /// The upper 16 bits of `bias`'s bit pattern, 0x4300_0000; its lower 16 bits are zero.
    static let biasHighBits = UInt16(truncatingIfNeeded: bias.bitPattern >> 16)

    @inline(__always)
    func value(_ u: Float, _ v: Float) -> Float {
        // Written as comparisons so that NaN (a degenerate map) lands on texel 0 too (and stays
        // NaN through the fold).
        let mu = foldU - u, mv = foldV - v
        let su = ((mu < u ? mu : u) - origin) * inverseStep, sv = ((mv < v ? mv : v) - origin) * inverseStep
        let tu = su > 0 ? (su < lastColumn ? su : lastColumn) : 0
        let tv = sv > 0 ? (sv < lastRow ? sv : lastRow) : 0
        let i = lowerIndex(tu), j = lowerIndex(tv)
        let fu = tu - Float(i), fv = tv - Float(j)
        // (i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1).
        let q = load(2 &* (j &* stride &+ i))
        let column = q.lowHalf + (q.highHalf - q.lowHalf) * fu
        return column.x + (column.y - column.x) * fv - Self.bias
    }

    /// Four lookups at once: the same arithmetic as `value`, lane by lane.
    @inline(__always)
    func values(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
        let mu = foldU - u, mv = foldV - v
        let su = (u.replacing(with: mu, where: mu .< u) - origin) * inverseStep
        let sv = (v.replacing(with: mv, where: mv .< v) - origin) * inverseStep
        let zero = SIMD4<Float>.zero
        let tu = su.replacing(with: lastColumn, where: su .>= lastColumn).replacing(with: zero, where: .!(su .> zero))
        let tv = sv.replacing(with: lastRow, where: sv .>= lastRow).replacing(with: zero, where: .!(sv .> zero))
        let i = lowerIndices(tu), j = lowerIndices(tv)
        let fu = tu - SIMD4<Float>(i), fv = tv - SIMD4<Float>(j)
        let offsets = (j &* Int32(truncatingIfNeeded: stride) &+ i) &* 2
        let q0 = load(Int(offsets.x)), q1 = load(Int(offsets.y)), q2 = load(Int(offsets.z)), q3 = load(Int(offsets.w))
        // (i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1) of each lane.
        let a = SIMD4(q0.x, q1.x, q2.x, q3.x), b = SIMD4(q0.y, q1.y, q2.y, q3.y)
        let c = SIMD4(q0.z, q1.z, q2.z, q3.z), d = SIMD4(q0.w, q1.w, q2.w, q3.w)
        let top = a + (c - a) * fu, bottom = b + (d - b) * fu
        return top + (bottom - top) * fv - Self.bias
    }

    /// This lookup as the AVX2 kernels read it.
    var kernelTexture: cpk_shadow_texture {
        cpk_shadow_texture(pairs: pairs, stride: Int64(stride), origin: origin, inverse_step: inverseStep,
                           last_column: lastColumn, last_row: lastRow, fold_u: foldU, fold_v: foldV)
    }

    @inline(__always)
    private func load(_ offset: Int) -> SIMD4<Float> {
        let t = UnsafeRawPointer(pairs + offset).loadUnaligned(as: SIMD4<UInt16>.self)
        let h = Self.biasHighBits
        return unsafeBitCast(SIMD8(t.x, h, t.y, h, t.z, h, t.w, h), to: SIMD4<Float>.self)
    }
}

