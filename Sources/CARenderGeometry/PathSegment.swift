import Foundation

/// One drawable piece of a path — a line, a quadratic or a cubic Bézier — with its start point,
/// so it can be evaluated on its own. A `closeSubpath` element becomes a line back to the
/// subpath's start; `move` elements start new subpaths and produce no segment.
package struct PathSegment: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case line
        case quadCurve
        case curve
    }

    package var kind: Kind
    /// The control polygon: `p0` is the start; a line ends at `p1`, a quadratic at `p2`, a cubic
    /// at `p3`. Unused points repeat the end point.
    package var p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint
    /// Whether the segment comes right after a `move` (the path jumps to `p0`).
    package var startsSubpath: Bool
    /// Whether the segment is the line a `closeSubpath` element draws.
    package var isClose: Bool
    /// The exact arc a cubic stands for, when the path built it from an arc or ellipse.
    package var arc: EllipticalArc?

    package var start: CGPoint { p0 }

    package var end: CGPoint {
        switch kind {
        case .line: return p1
        case .quadCurve: return p2
        case .curve: return p3
        }
    }

    /// The point at parameter `t` in [0, 1].
    package func point(at t: CGFloat) -> CGPoint {
        if let arc { return arc.point(at: t) }
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
        case .quadCurve:
            let a = u * u, b = 2 * u * t, c = t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        case .curve:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                           y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// The derivative with respect to `t`.
    package func derivative(at t: CGFloat) -> CGPoint {
        if let arc { return arc.derivative(at: t) }
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: p1.x - p0.x, y: p1.y - p0.y)
        case .quadCurve:
            return CGPoint(x: 2 * (u * (p1.x - p0.x) + t * (p2.x - p1.x)),
                           y: 2 * (u * (p1.y - p0.y) + t * (p2.y - p1.y)))
        case .curve:
            let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
            return CGPoint(x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                           y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        }
    }

    /// The direction of travel at `t` as a unit vector; where the derivative vanishes (a cusp, or
    /// a control point on an end point) the direction of a short chord around `t`; (0, 0) only
    /// for a segment of zero extent.
    package func direction(at t: CGFloat) -> CGVector {
        let d = derivative(at: t)
        let length = hypot(d.x, d.y)
        if length > 1e-12 * max(1, extent) { return CGVector(dx: d.x / length, dy: d.y / length) }
        var h: CGFloat = 1e-6
        while h <= 0.5 {
            let a = point(at: max(0, t - h)), b = point(at: min(1, t + h))
            let chord = hypot(b.x - a.x, b.y - a.y)
            if chord > 1e-12 * max(1, extent) { return CGVector(dx: (b.x - a.x) / chord, dy: (b.y - a.y) / chord) }
            h *= 8
        }
        return CGVector(dx: 0, dy: 0)
    }

    /// The size of the control polygon's box, a scale for tolerances.
    var extent: CGFloat {
        let xs = [p0.x, p1.x, p2.x, p3.x], ys = [p0.y, p1.y, p2.y, p3.y]
        return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    package init(line from: CGPoint, to: CGPoint, startsSubpath: Bool, isClose: Bool = false) {
        (kind, p0, p1, p2, p3) = (.line, from, to, to, to)
        self.startsSubpath = startsSubpath
        self.isClose = isClose
    }

    package init(quadFrom from: CGPoint, control: CGPoint, to: CGPoint, startsSubpath: Bool) {
        (kind, p0, p1, p2, p3) = (.quadCurve, from, control, to, to)
        self.startsSubpath = startsSubpath
        isClose = false
    }

    package init(curveFrom from: CGPoint, control1: CGPoint, control2: CGPoint, to: CGPoint, startsSubpath: Bool,
         arc: EllipticalArc?) {
        (kind, p0, p1, p2, p3) = (.curve, from, control1, control2, to)
        self.startsSubpath = startsSubpath
        isClose = false
        self.arc = arc
    }
}

extension CGPath {
    /// The path's drawable segments in order (moves produce none; every `closeSubpath` gives a
    /// line back to the subpath start, possibly of zero length).
    package var segments: [PathSegment] {
        var result: [PathSegment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        var afterMove = true
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
                afterMove = true
                continue
            case .line(let p):
                result.append(PathSegment(line: current, to: p, startsSubpath: afterMove))
                current = p
            case .quadCurve(let p, let c):
                result.append(PathSegment(quadFrom: current, control: c, to: p, startsSubpath: afterMove))
                current = p
            case .curve(let p, let c1, let c2):
                result.append(PathSegment(curveFrom: current, control1: c1, control2: c2, to: p,
                                          startsSubpath: afterMove, arc: arcs[index]))
                current = p
            case .closeSubpath:
                result.append(PathSegment(line: current, to: subpathStart, startsSubpath: afterMove, isClose: true))
                current = subpathStart
            }
            afterMove = false
        }
        return result
    }
}
