import Foundation
import CARenderPixels
import CARenderRaster

/// What rounding one corner removes from a Gaussian-blurred rectangle.
///
/// A rounded rectangle is its rectangle minus four corner pieces (between the corner's curve and
/// the vertex). Blurring is linear, so the blurred rounded rectangle is the separable blurred
/// rectangle minus the blurred corner pieces. Those depend only on (curve, radius, sigma); each is
/// tabulated once on a grid in corner coordinates (`a` from the vertical edge, `b` from the
/// horizontal edge, both pointing inwards) once, and kept by the compositor's `ShadowCache` — the
/// corners of an exact nine-patch.
final class CornerDeficitTable {
    /// Grid samples, row-major in `b`, `count × count`, then a zero guard row.
    private let values: UnsafeMutablePointer<Float>
    let count: Int
    /// Corner coordinate of sample 0 on both axes, and samples per unit.
    let origin: Double
    let inverseStep: Double
    /// Beyond this corner coordinate the deficit is zero.
    let reach: Double
    /// How far beyond the corner piece, in sigmas, the table reaches: there the blurred piece
    /// has faded below `Φ(−4) ≈ 3.2·10⁻⁵` of it.
    static let sigmas = 4.0

    init(curve continuous: Bool, radius r: Double, sigma: Double) {
        let extent = continuous ? r * ContinuousCorner.extent : r
        let margin = Self.sigmas * sigma
        origin = -margin
        reach = extent + margin
        let n = min(max(Int(((reach - origin) / (sigma / 5)).rounded(.up)) + 1, 8), 160)
        count = n
        let step = (reach - origin) / Double(n - 1)
        inverseStep = 1 / step

        // The corner piece as columns: at distance a' from the vertical edge it spans
        // b' ∈ [0, depth(a')) from the horizontal edge.
        let k = min(max(Int((2 * extent / sigma).rounded(.up)) * 2, 48), 320)
        let da = extent / Double(k)
        var depths = [Double](repeating: 0, count: k)
        let profile = continuous ? Self.continuousProfile(radius: r) : []
        for i in 0..<k {
            let a = (Double(i) + 0.5) * da
            depths[i] = continuous ? Self.interpolate(profile, at: a) : r - (r * r - (r - a) * (r - a)).squareRoot()
        }
        // D(a, b) = Σ_k da·g(a − a'_k) · [Φ(b/σ) − Φ((b − depth_k)/σ)].
        var weights = [Double](repeating: 0, count: n * k)
        for i in 0..<n {
            let a = origin + Double(i) * step
            for j in 0..<k { weights[i * k + j] = da * gaussian(a - (Double(j) + 0.5) * da, sigma: sigma) }
        }
        var table = [Float](repeating: 0, count: n * n)
        var columns = [Double](repeating: 0, count: k)
        for jb in 0..<n {
            let b = origin + Double(jb) * step
            let top = normalCDF(b / sigma)
            for j in 0..<k { columns[j] = top - normalCDF((b - depths[j]) / sigma) }
            for i in 0..<n {
                var sum = 0.0
                for j in 0..<k { sum += weights[i * k + j] * columns[j] }
                table[jb * n + i] = Float(sum)
            }
        }
        values = .allocate(capacity: n * n + n + 1)
        values.initialize(repeating: 0, count: n * n + n + 1)  // the tail: guard row for interpolation
        for i in 0..<(n * n) { values[i] = table[i] }
    }

    deinit { values.deallocate() }

    /// A pointer-based view for hot loops; valid while the table is alive.
    var lookup: CornerLookup {
        CornerLookup(values: values, count: count, origin: Float(origin), inverseStep: Float(inverseStep),
                     reach: Float(reach))
    }

    /// Depth of the continuous corner piece, sampled along `a`, as (a, depth) pairs.
    private static func continuousProfile(radius r: Double) -> [SIMD2<Double>] {
        var outline = Outline()
        // The canonical corner from (0, extent) to (extent, 0) with its vertex at the origin.
        outline.add(0, ContinuousCorner.start.y * r)
        var current = ContinuousCorner.start * r
        for segment in ContinuousCorner.segments {
            if segment.count == 1 {
                current = segment[0] * r
                outline.add(current.x, current.y)
            } else {
                outline.addCubic(from: current, segment[0] * r, segment[1] * r, segment[2] * r, tolerance: r * 1e-4)
                current = segment[2] * r
            }
        }
        return (0..<outline.pointCount).map { SIMD2(outline.xs[$0], outline.ys[$0]) }
    }

    private static func interpolate(_ points: [SIMD2<Double>], at a: Double) -> Double {
        for i in 1..<points.count where points[i].x >= a {
            let p = points[i - 1], q = points[i]
            let t = q.x > p.x ? (a - p.x) / (q.x - p.x) : 0
            return p.y + (q.y - p.y) * t
        }
        return 0
    }
}

/// Bilinear lookup in a corner deficit table, without bounds-checked arrays or ARC.
struct CornerLookup {
    let values: UnsafePointer<Float>
    let count: Int
    let origin: Float
    let inverseStep: Float
    let reach: Float

    @inline(__always)
    func value(_ a: Float, _ b: Float) -> Float {
        let ta = (a - origin) * inverseStep, tb = (b - origin) * inverseStep
        let last = Float(count - 1)
        guard ta >= 0, tb >= 0, ta < last, tb < last else { return 0 }
        let i = lowerIndex(ta), j = lowerIndex(tb)
        let fa = ta - Float(i), fb = tb - Float(j)
        let p = values + (j &* count &+ i)
        let top = p[0] + (p[1] - p[0]) * fa
        let bottom = p[count] + (p[count + 1] - p[count]) * fa
        return top + (bottom - top) * fb
    }

    /// Where corner coordinate `a` lies in a row filled by `addRow`: its sample position, or
    /// `count + 1/4` (between the row's two zero guards) where `value` is zero for every `b`.
    @inline(__always)
    func rowPosition(_ a: Float) -> Float {
        let ta = (a - origin) * inverseStep
        return ta >= 0 && ta < Float(count - 1) ? ta : Float(count) + 0.25
    }

    /// Adds the deficit along corner coordinate `b` at each sample of `a` — `value(a, b)` on the
    /// samples, interpolated between two of the table's rows once for a whole row of pixels — to
    /// `row[0 ..< count]`; nothing where `b` is out of reach. Between samples the row interpolates
    /// linearly in `a`, which makes it `value`'s bilinear interpolation again.
    func addRow(at b: Float, to row: UnsafeMutablePointer<Float>) {
        let tb = (b - origin) * inverseStep
        guard tb >= 0, tb < Float(count - 1) else { return }
        let j = lowerIndex(tb)
        let fb = tb - Float(j)
        let upper = values + j &* count, lower = upper + count
        for i in 0..<count { row[i] += upper[i] + (lower[i] - upper[i]) * fb }
    }
}
