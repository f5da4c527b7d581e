/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two inner control points, solved for y
/// at a given x the way WebKit's UnitBezier (Source/WebCore/platform/graphics/UnitBezier.h) does: Newton–Raphson from
/// `t = x`, falling back to bisection. Precision is far tighter than Core Animation needs (about
/// 1e−14 in `t`), so results are exact to double rounding. The output is not clamped, so control
/// points outside [0, 1] overshoot.
struct UnitBezier: Equatable {
    // Polynomial coefficients: X(t) = ((ax·t + bx)·t + cx)·t, likewise Y.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(at t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(at t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(at t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter whose x is `x` (x is clamped to [0, 1]).
    func parameter(forX x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let epsilon = 1e-14
        var t = x
        for _ in 0..<8 {
            let error = self.x(at: t) - x
            if abs(error) < epsilon { return t }
            let slope = dx(at: t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        // Bisection: X is monotonic on [0, 1] because the control x values lie in [0, 1].
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<100 {
            let value = self.x(at: t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            let next = (low + high) / 2
            if next == t { return t }
            t = next
        }
        return t
    }

    /// The curve's y at `x`.
    func solve(_ x: Double) -> Double {
        y(at: parameter(forX: x))
    }
}
