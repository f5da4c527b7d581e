/// The blurred rounded rectangle of one layer shape (size, corners, sigma), sampled once on a grid
/// in shape space so that a shadow turning or tilting with its layer costs one bilinear lookup
/// per pixel, whatever its corners — the shadow's own texture, mapped through the layer's
/// inverse device map like any image.
///
/// Accuracy: bilinear interpolation of a function errs by at most h²/8 · (|f_uu| + |f_vv|) on a
/// grid of step h. A Gaussian of sigma σ blurring any shape (of alpha 0…1) bounds each second
/// derivative by ∫|g″| = 4φ(1)/σ² ≈ 0.968/σ², so the error is at most 0.24 · h²/σ²: 0.0038,
/// under 1/255 of the shadow colour, at a step of σ/8 (and a quarter of that along straight
/// edges, where only one axis bends) — inside the 2/255 a shadow is held to.
final class ShadowTexture {
    /// Texels, row-major in v, `stride × (rows + 1)`: `columns` samples and a zero guard column
    /// per row, then a zero guard row (bilinear lookups may read one past the last sample).
    private let values: UnsafeMutablePointer<Float>
    let columns: Int
    let rows: Int
    private let stride: Int
    /// Shape coordinate of texel 0 on both axes, and texels per shape unit.
    let origin: Double
    let inverseStep: Double

    /// Grid steps per sigma (see the accuracy note above).
    static let stepsPerSigma = 8.0
    /// Texels beyond which a texture is not built (the closed form is drawn instead): a blur far
    /// narrower than its shape, where a texture would be large and the closed form is cheap.
    static let maximumTexels = 1 << 18

    /// How many texels the texture of a `width × height` shape blurred by `sigma` reaching
    /// `margin` beyond it has: columns, rows.
    static func size(width: Double, height: Double, sigma: Double, margin: Double) -> (Int, Int)? {
        let step = sigma / stepsPerSigma
        guard step > 0, step.isFinite else { return nil }
        let columns = ((width + 2 * margin) / step).rounded(.up) + 3
        let rows = ((height + 2 * margin) / step).rounded(.up) + 3
        guard columns * rows <= Double(maximumTexels) else { return nil }
        return (Int(columns), Int(rows))
    }

    /// Samples `shape` on the grid covering `[−margin, width + margin] × [−margin, height + margin]`
    /// (with a texel to spare on every side), at step `sigma / stepsPerSigma`.
    init(shape: BlurredRoundedRect, width: Double, height: Double, sigma: Double, margin: Double) {
        let step = sigma / Self.stepsPerSigma
        let (columns, rows) = Self.size(width: width, height: height, sigma: sigma, margin: margin) ?? (2, 2)
        self.columns = columns
        self.rows = rows
        stride = columns + 1
        origin = -margin - step
        inverseStep = 1 / step
        values = .allocate(capacity: stride * (rows + 1))
        values.initialize(repeating: 0, count: stride * (rows + 1))
        for j in 0..<rows {
            let v = Float(origin + Double(j) * step)
            let row = values + j * stride
            for i in 0..<columns {
                row[i] = max(0, shape.value(Float(origin + Double(i) * step), v))
            }
        }
    }

    deinit { values.deallocate() }

    /// Bytes the texture holds.
    var byteCount: Int { stride * (rows + 1) * MemoryLayout<Float>.stride }

    /// A pointer-based view for hot loops; valid while the texture is alive.
    var lookup: ShadowTextureLookup {
        ShadowTextureLookup(values: values, stride: stride, origin: Float(origin), inverseStep: Float(inverseStep),
                            lastColumn: Float(columns - 1), lastRow: Float(rows - 1))
    }
}

/// Bilinear lookup in a shadow texture, without bounds-checked arrays or ARC. Points outside the
/// grid take the value at its border (there the shadow has faded to nothing).
struct ShadowTextureLookup: BlurredShape {
    let values: UnsafePointer<Float>
    let stride: Int
    let origin: Float
    let inverseStep: Float
    let lastColumn: Float
    let lastRow: Float

    @inline(__always)
    func value(_ u: Float, _ v: Float) -> Float {
        // Written as comparisons so that NaN (a degenerate map) lands on texel 0 too.
        let su = (u - origin) * inverseStep, sv = (v - origin) * inverseStep
        let tu = su > 0 ? (su < lastColumn ? su : lastColumn) : 0
        let tv = sv > 0 ? (sv < lastRow ? sv : lastRow) : 0
        let i = lowerIndex(tu), j = lowerIndex(tv)
        let fu = tu - Float(i), fv = tv - Float(j)
        let p = values + (j &* stride &+ i)
        let top = p[0] + (p[1] - p[0]) * fu
        let bottom = p[stride] + (p[stride + 1] - p[stride]) * fu
        return top + (bottom - top) * fv
    }
}
