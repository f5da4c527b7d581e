import CARenderPixels
/// The Gaussian blur of an interval `[a, b]` along one axis, `Φ((u − a)/σ) − Φ((u − b)/σ)`,
/// tabulated finely enough that linear interpolation stays within 1/1000. A blurred rectangle is
/// the product of two of these (the Gaussian is separable). Immutable once built, so drawing reads
/// it through a pointer.
final class BlurredIntervalProfile {
    private let values: UnsafeMutablePointer<Float>
    /// Samples, not counting the trailing zero.
    let count: Int
    let origin: Double
    let inverseStep: Double

    /// Tabulates the profile of `[a, b]` blurred by `sigma` over `[a − 4σ, b + 4σ]`.
    init(a: Double, b: Double, sigma: Double) {
        let lo = a - 4 * sigma, hi = b + 4 * sigma
        // Interpolation error is about h²/8 · max|Φ''| ≈ 0.03 h²/σ²: h = σ/6 keeps it under 1/1000.
        let count = min(max(Int(((hi - lo) / (sigma / 6)).rounded(.up)) + 2, 8), 8192)
        let step = (hi - lo) / Double(count - 1)
        self.count = count
        origin = lo
        inverseStep = 1 / step
        values = .allocate(capacity: count + 1)
        for i in 0..<count {
            let u = lo + Double(i) * step
            values[i] = Float(normalCDF((u - a) / sigma) - normalCDF((u - b) / sigma))
        }
        values[count] = 0  // so interpolation may read one past the last sample
    }

    deinit { values.deallocate() }

    /// A pointer-based view for hot loops; valid while the profile is alive.
    var lookup: TableLookup1D {
        TableLookup1D(values: values, origin: Float(origin), inverseStep: Float(inverseStep), last: Float(count - 1))
    }
}

/// Linear interpolation in a tabulated function, without bounds-checked arrays or ARC.
struct TableLookup1D {
    let values: UnsafePointer<Float>
    let origin: Float
    let inverseStep: Float
    /// Index of the last sample.
    let last: Float

    @inline(__always)
    func value(_ u: Float) -> Float {
        let t = (u - origin) * inverseStep
        guard t >= 0, t < last else { return 0 }
        let i = lowerIndex(t)
        let f = t - Float(i)
        return values[i] + (values[i + 1] - values[i]) * f
    }
}
