/// The corner geometry of one rounded rectangle: a radius per corner and the corner curve.
struct CornerShape: Equatable {
    /// Radii of the top-left, top-right, bottom-right and bottom-left corners (y-down screen sense:
    /// min X min Y first), already clamped to fit.
    var radii: SIMD4<Double>
    /// True for Apple's continuous corner; false for a circular one.
    var continuous: Bool

    static let square = CornerShape(radii: .zero, continuous: false)

    /// How far each corner's curve reaches along its edges.
    var extents: SIMD4<Double> { continuous ? radii * ContinuousCorner.extent : radii }

    /// Core Animation's corners for a `width × height` box: `radius` clamped to half the shorter
    /// side, applied to the corners in `mask` (bits: min-X-min-Y 1, max-X-min-Y 2, min-X-max-Y 4,
    /// max-X-max-Y 8).
    init(width: Double, height: Double, radius: Double, mask: UInt, continuous: Bool) {
        let limit = max(0, min(width, height) / 2)
        var r = max(0, min(radius.isFinite ? radius : 0, limit))
        var smooth = continuous
        // A continuous corner needs 1.53 r of straight edge; when the box is too small for that
        // it is drawn circular (Apple morphs towards a circle there too).
        if smooth && r * ContinuousCorner.extent > limit { smooth = false }
        if r == 0 { smooth = false; r = 0 }
        radii = SIMD4(mask & 1 != 0 ? r : 0, mask & 2 != 0 ? r : 0, mask & 8 != 0 ? r : 0, mask & 4 != 0 ? r : 0)
        self.continuous = smooth
    }

    init(radii: SIMD4<Double>, continuous: Bool) {
        self.radii = radii
        self.continuous = continuous
    }

    /// The corners of the same shape inset by `inset` on every side (a border's inner edge).
    func inset(by inset: Double) -> CornerShape {
        CornerShape(radii: (radii - SIMD4(repeating: inset)).replacing(with: 0, where: radii .< SIMD4(repeating: inset)),
                    continuous: continuous)
    }
}

extension Outline {
    /// Adds the closed contour of a rounded rectangle, clockwise on a y-down screen, or
    /// counter-clockwise when `reversed` (a hole under the non-zero rule).
    mutating func addRoundedRect(x0: Double, y0: Double, x1: Double, y1: Double, corners: CornerShape,
                                 tolerance: Double, reversed: Bool = false) {
        guard x1 > x0, y1 > y0 else { return }
        let start = xs.count
        // Clockwise: top-left, top-right, bottom-right, bottom-left. Each corner is emitted in its
        // own frame: the vertex plus distances `a` along the horizontal edge and `b` along the
        // vertical edge, both pointing into the rectangle.
        for k in 0..<4 {
            let r = corners.radii[k]
            let vertex = SIMD2(k == 0 || k == 3 ? x0 : x1, k < 2 ? y0 : y1)
            if r <= 0 {
                add(vertex.x, vertex.y)
                continue
            }
            let cornerStart = xs.count
            // The corner's inward axes: along the horizontal edge, then the vertical one.
            let ex = SIMD2<Double>(k == 0 || k == 3 ? 1 : -1, 0), ey = SIMD2<Double>(0, k < 2 ? 1 : -1)
            addCanonicalCorner(vertex: vertex, ex: ex, ey: ey, radius: r,
                               continuous: corners.continuous, tolerance: tolerance)
            // The canonical corner runs from the vertical edge to the horizontal one; clockwise
            // travel meets the top-right and bottom-left corners the other way round.
            if k == 1 || k == 3 { reverseRange(cornerStart..<xs.count) }
        }
        if reversed { reverseRange(start..<xs.count) }
        closeContour()
    }

    private mutating func addCanonicalCorner(vertex v: SIMD2<Double>, ex: SIMD2<Double>, ey: SIMD2<Double>,
                                             radius r: Double, continuous: Bool, tolerance: Double) {
        @inline(__always) func place(_ p: SIMD2<Double>) -> SIMD2<Double> { v + ex * (p.x * r) + ey * (p.y * r) }
        if continuous {
            var current = place(ContinuousCorner.start)
            add(current.x, current.y)
            let segments = ContinuousCorner.segments
            for index in 0..<segments.count {
                let segment = segments[index]
                if segment.count == 1 {
                    current = place(segment[0])
                    add(current.x, current.y)
                } else {
                    let p1 = place(segment[0]), p2 = place(segment[1]), p3 = place(segment[2])
                    addCubic(from: current, p1, p2, p3, tolerance: tolerance)
                    current = p3
                }
            }
        } else {
            // Quarter circle about the point (r, r) of the corner frame, from (0, r) to (r, 0).
            let ratio = max(-1, min(1, 1 - tolerance / r))
            let step = max(2 * acos(ratio), 1e-3)
            let n = max(1, Int((Double.pi / 2 / step).rounded(.up)))
            // Interior vertices sit half a sagitta outside the circle, so the polygon straddles
            // the arc (±half the tolerance) instead of lying inside it and losing area.
            let sagitta = 1 - cos(Double.pi / 4 / Double(n))
            for i in 0...n {
                let t = Double.pi / 2 * Double(i) / Double(n)
                let k = i == 0 || i == n ? 1 : 1 + sagitta / 2
                let p = place(SIMD2(1 - k * cos(t), 1 - k * sin(t)))
                add(p.x, p.y)
            }
        }
    }

    private mutating func reverseRange(_ range: Range<Int>) {
        var i = range.lowerBound, j = range.upperBound - 1
        while i < j {
            let x = xs[i], y = ys[i]
            xs[i] = xs[j]; ys[i] = ys[j]
            xs[j] = x; ys[j] = y
            i += 1; j -= 1
        }
    }
}

import Foundation
