import Foundation

/// A path read as keyframes (SPEC-semantics §4.6): every element but `moveTo` is one segment
/// whose end point is a keyframe; `closeSubpath` is a line back to the subpath's start (omitted
/// when it has zero length, so a closed ellipse does not pause at its seam).
struct PathKeyframes {
    /// One segment of the path.
    enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var start: CGPoint {
            switch self {
            case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): return p
            }
        }

        var end: CGPoint {
            switch self {
            case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): return p
            }
        }

        /// The control points in order, as doubles.
        private var controls: [(x: Double, y: Double)] {
            func d(_ p: CGPoint) -> (x: Double, y: Double) { (Double(p.x), Double(p.y)) }
            switch self {
            case .line(let a, let b): return [d(a), d(b)]
            case .quad(let a, let c, let b): return [d(a), d(c), d(b)]
            case .cubic(let a, let c1, let c2, let b): return [d(a), d(c1), d(c2), d(b)]
            }
        }

        /// The point at curve parameter `u`.
        func point(at u: Double) -> CGPoint {
            let p = position(at: u)
            return CGPoint(x: p.x, y: p.y)
        }

        private func position(at u: Double) -> (x: Double, y: Double) {
            let c = controls
            let v = 1 - u
            let w: [Double]
            switch c.count {
            case 2: w = [v, u]
            case 3: w = [v * v, 2 * v * u, u * u]
            default: w = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u]
            }
            var x = 0.0, y = 0.0
            for k in c.indices {
                x += w[k] * c[k].x
                y += w[k] * c[k].y
            }
            return (x, y)
        }

        /// The direction of travel at `u` as (dx, dy); a nearby chord when the derivative
        /// vanishes (cusps, control points on the end points).
        func tangent(at u: Double) -> (dx: Double, dy: Double) {
            let c = controls
            let v = 1 - u
            // The derivative of a Bézier is a Bézier of the control-point differences.
            let diffs = (1..<c.count).map { k in (x: c[k].x - c[k - 1].x, y: c[k].y - c[k - 1].y) }
            let w: [Double]
            switch diffs.count {
            case 1: w = [1]
            case 2: w = [2 * v, 2 * u]
            default: w = [3 * v * v, 6 * v * u, 3 * u * u]
            }
            var dx = 0.0, dy = 0.0
            for k in diffs.indices {
                dx += w[k] * diffs[k].x
                dy += w[k] * diffs[k].y
            }
            if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
                let p = position(at: max(u - 1e-4, 0)), q = position(at: min(u + 1e-4, 1))
                (dx, dy) = (q.x - p.x, q.y - p.y)
                if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
                    (dx, dy) = (c[c.count - 1].x - c[0].x, c[c.count - 1].y - c[0].y)
                }
            }
            return (dx, dy)
        }

        /// Samples for arc length: the cumulative length at `samples + 1` evenly spaced
        /// parameters (a line is exact with one step).
        func lengthTable() -> [Double] {
            let steps: Int
            if case .line = self { steps = 1 } else { steps = 256 }
            var table = [0.0]
            var previous = position(at: 0)
            for k in 1...steps {
                let p = position(at: Double(k) / Double(steps))
                table.append(table[k - 1] + hypot(p.x - previous.x, p.y - previous.y))
                previous = p
            }
            return table
        }
    }

    let segments: [Segment]
    /// The keyframe points: the first point, then each segment's end.
    let points: [CGPoint]

    init?(_ path: CGPath) {
        var segments: [Segment] = []
        var first: CGPoint?
        var current: CGPoint?
        var subpathStart: CGPoint?
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = current
                if first == nil { first = current }
            case .line(let p):
                segments.append(.line(current ?? p, p))
                current = p
            case .quadCurve(let p, let c):
                let from = current ?? c
                segments.append(.quad(from, c, p))
                current = p
            case .curve(let p, let c1, let c2):
                let from = current ?? c1
                segments.append(.cubic(from, c1, c2, p))
                current = p
            case .closeSubpath:
                if let from = current, let to = subpathStart, from != to { segments.append(.line(from, to)) }
                current = subpathStart
            }
            if first == nil, let start = segments.first?.start { first = start }
        }
        guard let start = first else { return nil }
        self.segments = segments
        points = [start] + segments.map(\.end)
    }

    /// Per-segment arc-length tables.
    func lengthTables() -> [[Double]] { segments.map { $0.lengthTable() } }

    /// The curve parameter at which `table` (from `lengthTable`) reaches `distance`.
    static func parameter(forDistance distance: Double, in table: [Double]) -> Double {
        let steps = table.count - 1
        guard let total = table.last, total > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= total { return 1 }
        var low = 0, high = steps
        while high - low > 1 {
            let mid = (low + high) / 2
            if table[mid] <= distance { low = mid } else { high = mid }
        }
        let span = table[high] - table[low]
        let fraction = span > 0 ? (distance - table[low]) / span : 0
        return (Double(low) + fraction) / Double(steps)
    }
}
