import Foundation

/// A subpath flattened to straight lines.
package struct PathPolyline: Sendable, Equatable {
    /// The vertices in order; a closed polyline does not repeat its first point at the end.
    package var points: [CGPoint]
    /// Whether a `closeSubpath` ended the subpath (an edge joins the last point to the first).
    package var isClosed: Bool

    package init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

extension CGPath {
    /// The path as polylines, one per subpath that draws something, every vertex on the curve
    /// and every chord within `tolerance` of it. Arcs and ellipses follow the exact conic.
    package func flattened(tolerance: CGFloat) -> [PathPolyline] {
        let tolerance = max(tolerance, 1e-9)
        var result: [PathPolyline] = []
        var points: [CGPoint] = []
        var isClosed = false
        func finish() {
            if points.count >= 2 || isClosed {
                if isClosed, points.count > 1, let first = points.first, let last = points.last,
                   hypot(last.x - first.x, last.y - first.y) <= 1e-12 * max(1, abs(first.x), abs(first.y)) {
                    points.removeLast()
                }
                result.append(PathPolyline(points: points, isClosed: isClosed))
            }
            points = []
            isClosed = false
        }
        for segment in segments {
            if segment.startsSubpath {
                finish()
                points = [segment.start]
            }
            if segment.isClose {
                isClosed = true
                continue
            }
            let count = Self.flatteningSteps(for: segment, tolerance: tolerance)
            for i in 1..<count {
                points.append(segment.point(at: CGFloat(i) / CGFloat(count)))
            }
            points.append(segment.end)
        }
        finish()
        return result
    }

    /// How many chords keep `segment` within `tolerance`.
    static func flatteningSteps(for segment: PathSegment, tolerance: CGFloat) -> Int {
        if let arc = segment.arc {
            // Sagitta of a chord spanning δ on a circle of the arc's largest radius: r(1 − cos δ/2).
            let t = arc.transform
            let radius = max(hypot(t.a, t.b), hypot(t.c, t.d), abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))
            guard radius > tolerance else { return 1 }
            let step = 2 * acos(1 - tolerance / radius)
            return min(10_000, max(1, Int((abs(arc.sweep) / step).rounded(.up))))
        }
        // Chord error of n uniform steps is at most max|B''| / (8 n²).
        let secondDerivative: CGFloat
        switch segment.kind {
        case .line:
            return 1
        case .quadCurve:
            let (p0, p1, p2) = (segment.p0, segment.p1, segment.p2)
            secondDerivative = 2 * hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        case .curve:
            let (p0, p1, p2, p3) = (segment.p0, segment.p1, segment.p2, segment.p3)
            secondDerivative = 6 * max(hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                                       hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        }
        let n = (secondDerivative / (8 * tolerance)).squareRoot().rounded(.up)
        return min(10_000, max(1, Int(n)))
    }
}
