/// Flattening of Bézier curves into line segments that stay within a distance tolerance of the
/// curve (the compositor asks for 1/8 pixel).
extension Outline {
    /// Appends a quadratic Bézier from the current point; the start point is not re-added.
    package mutating func addQuad(from p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, tolerance: Double) {
        // A quadratic's deviation from its chord after n uniform steps is at most |p0 − 2p1 + p2| / (4n²).
        let dd = p0 - 2 * p1 + p2
        let n = segmentCount(deviation: (dd * dd).sum().squareRoot() / 4, tolerance: tolerance)
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let p = u * u * p0 + 2 * u * t * p1 + t * t * p2
            add(p.x, p.y)
        }
    }

    /// Appends a cubic Bézier from the current point; the start point is not re-added.
    package mutating func addCubic(from p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                           tolerance: Double) {
        // Uniform subdivision of a cubic deviates at most (3/4)·max|second differences| / n².
        let a = p0 - 2 * p1 + p2, b = p1 - 2 * p2 + p3
        let dd = max((a * a).sum(), (b * b).sum()).squareRoot() * 0.75
        let n = segmentCount(deviation: dd, tolerance: tolerance)
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let p = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            add(p.x, p.y)
        }
    }

    /// Appends a circular arc around `center` from angle `a0` to `a1` (radians, y-down screen
    /// angles), excluding its start point.
    mutating func addArc(center: SIMD2<Double>, radius: Double, from a0: Double, to a1: Double, tolerance: Double) {
        guard radius > 0 else { add(center.x, center.y); return }
        // A chord of angle θ deviates r(1 − cos(θ/2)) from its arc.
        let ratio = max(-1, min(1, 1 - tolerance / radius))
        let step = max(2 * acosApprox(ratio), 1e-3)
        let n = max(1, Int((abs(a1 - a0) / step).rounded(.up)))
        for i in 1...n {
            let a = a0 + (a1 - a0) * Double(i) / Double(n)
            add(center.x + radius * cosine(a), center.y + radius * sine(a))
        }
    }

    private func segmentCount(deviation: Double, tolerance: Double) -> Int {
        guard deviation > tolerance else { return 1 }
        return min(Int((deviation / tolerance).squareRoot().rounded(.up)), 500)
    }
}

import Foundation

@inline(__always) private func acosApprox(_ x: Double) -> Double { Foundation.acos(x) }
@inline(__always) private func cosine(_ x: Double) -> Double { Foundation.cos(x) }
@inline(__always) private func sine(_ x: Double) -> Double { Foundation.sin(x) }
