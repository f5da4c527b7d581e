import Foundation

/// Arc-length measurement of a path: its length, and the point and direction at any distance
/// along it — what keyframe animations along a path (paced mode, `rotationMode`) need.
///
/// Lengths are integrated with adaptive Gauss–Legendre quadrature to about 1e-12 relative;
/// arcs and ellipses are measured on the exact conic, not on their cubic approximation. Jumps
/// between subpaths (moves) add no length.
package struct PathMeasure: Sendable {
    /// The drawable segments of the path.
    package let segments: [PathSegment]
    /// The length of each segment.
    package let segmentLengths: [CGFloat]
    /// The total length.
    package let length: CGFloat
    /// Distance from the path start to the start of each segment.
    package let segmentStarts: [CGFloat]
    /// For each segment, the lengths from its start at parameters k/`tableSteps`.
    private let tables: [[CGFloat]]
    /// Where a path with no length sits (its first point).
    private let restingPoint: CGPoint

    private static let tableSteps = 16

    package init(path: CGPath) {
        self.init(segments: path.segments, firstPoint: path.firstPoint)
    }

    init(segments: [PathSegment], firstPoint: CGPoint) {
        self.segments = segments
        var tables: [[CGFloat]] = []
        var lengths: [CGFloat] = []
        var starts: [CGFloat] = []
        var total: CGFloat = 0
        for segment in segments {
            var table: [CGFloat] = [0]
            if segment.kind == .line && segment.arc == nil {
                let l = hypot(segment.p1.x - segment.p0.x, segment.p1.y - segment.p0.y)
                for k in 1...Self.tableSteps { table.append(l * CGFloat(k) / CGFloat(Self.tableSteps)) }
            } else {
                var sum: CGFloat = 0
                for k in 0..<Self.tableSteps {
                    let a = CGFloat(k) / CGFloat(Self.tableSteps), b = CGFloat(k + 1) / CGFloat(Self.tableSteps)
                    sum += Self.integrateSpeed(segment, from: a, to: b)
                    table.append(sum)
                }
            }
            starts.append(total)
            lengths.append(table.last!)
            total += table.last!
            tables.append(table)
        }
        self.tables = tables
        segmentLengths = lengths
        segmentStarts = starts
        length = total
        restingPoint = firstPoint
    }

    /// The point `distance` along the path (clamped to [0, length]).
    package func point(atDistance distance: CGFloat) -> CGPoint {
        guard let (index, t) = location(atDistance: distance) else { return restingPoint }
        return segments[index].point(at: t)
    }

    /// The unit direction of travel `distance` along the path (clamped to [0, length]); (1, 0)
    /// for a path with no length.
    package func tangent(atDistance distance: CGFloat) -> CGVector {
        guard let (index, t) = location(atDistance: distance) else { return CGVector(dx: 1, dy: 0) }
        return segments[index].direction(at: t)
    }

    /// The angle of the tangent, `atan2(dy, dx)`, in radians.
    package func angle(atDistance distance: CGFloat) -> CGFloat {
        let v = tangent(atDistance: distance)
        return atan2(v.dy, v.dx)
    }

    /// The segment and curve parameter at `distance`; segments of zero length are never chosen,
    /// and a distance on a boundary belongs to the segment that starts there (the last one at
    /// the very end). Nil for a path with no length.
    package func location(atDistance distance: CGFloat) -> (segment: Int, t: CGFloat)? {
        guard length > 0 else { return nil }
        let d = min(max(distance, 0), length)
        // The last segment with positive length starting at or before d.
        var index = -1
        var low = 0, high = segments.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if segmentStarts[mid] <= d { index = mid; low = mid + 1 } else { high = mid - 1 }
        }
        while index > 0 && (segmentLengths[index] == 0 || segmentStarts[index] > d) { index -= 1 }
        if segmentLengths[index] == 0 {
            index = segmentLengths.firstIndex { $0 > 0 }!
        }
        let local = min(max(d - segmentStarts[index], 0), segmentLengths[index])
        return (index, parameter(inSegment: index, atLength: local))
    }

    /// Solves s(t) = `target` within one segment: table look-up, then safeguarded Newton.
    package func parameter(inSegment index: Int, atLength target: CGFloat) -> CGFloat {
        let segment = segments[index], table = tables[index]
        let steps = Self.tableSteps
        if target >= table[steps] { return 1 }
        var k = 0
        while k < steps - 1 && table[k + 1] <= target { k += 1 }
        let t0 = CGFloat(k) / CGFloat(steps), t1 = CGFloat(k + 1) / CGFloat(steps)
        let s0 = table[k], s1 = table[k + 1]
        if segment.kind == .line && segment.arc == nil { return t0 + (t1 - t0) * (target - s0) / max(s1 - s0, .leastNonzeroMagnitude) }
        var low = t0, high = t1
        var t = s1 > s0 ? t0 + (t1 - t0) * (target - s0) / (s1 - s0) : t0
        let scale = max(1, segmentLengths[index])
        for _ in 0..<50 {
            let f = s0 + Self.integrateSpeed(segment, from: t0, to: t) - target
            if abs(f) <= 1e-13 * scale { break }
            if f > 0 { high = t } else { low = t }
            let d = hypot(segment.derivative(at: t).x, segment.derivative(at: t).y)
            var next = d > 0 ? t - f / d : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - t) < 1e-15 { break }
            t = next
        }
        return t
    }

    /// ∫ |B'(t)| dt over [a, b], adaptive Gauss–Legendre.
    static func integrateSpeed(_ segment: PathSegment, from a: CGFloat, to b: CGFloat) -> CGFloat {
        guard b > a else { return 0 }
        return adaptive(segment, a, b, gauss(segment, a, b), depth: 0)
    }

    private static func adaptive(_ s: PathSegment, _ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, depth: Int) -> CGFloat {
        let m = (a + b) / 2
        let left = gauss(s, a, m), right = gauss(s, m, b)
        let sum = left + right
        if depth >= 18 || abs(sum - whole) <= 1e-13 * max(1, abs(sum)) { return sum }
        return adaptive(s, a, m, left, depth: depth + 1) + adaptive(s, m, b, right, depth: depth + 1)
    }

    private static func gauss(_ s: PathSegment, _ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum: CGFloat = 0
        for (x, w) in GaussLegendre.rule {
            let d = s.derivative(at: mid + half * x)
            sum += w * hypot(d.x, d.y)
        }
        return sum * half
    }
}

/// Gauss–Legendre nodes and weights on [−1, 1], computed once by Newton's method on the
/// Legendre polynomial (exact for polynomials of degree < 2n).
enum GaussLegendre {
    static let rule: [(CGFloat, CGFloat)] = {
        let n = 10
        var rule: [(CGFloat, CGFloat)] = []
        for i in 1...n {
            var x = cos(CGFloat.pi * (CGFloat(i) - 0.25) / (CGFloat(n) + 0.5))
            var derivative: CGFloat = 0
            for _ in 0..<100 {
                // Legendre recurrence for P_n(x) and P_n'(x).
                var p0: CGFloat = 1, p1 = x
                for k in 2...n {
                    let p2 = ((2 * CGFloat(k) - 1) * x * p1 - (CGFloat(k) - 1) * p0) / CGFloat(k)
                    p0 = p1
                    p1 = p2
                }
                derivative = CGFloat(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / derivative
                x -= dx
                if abs(dx) < 1e-16 { break }
            }
            rule.append((x, 2 / ((1 - x * x) * derivative * derivative)))
        }
        return rule
    }()
}

extension CGPath {
    /// The first point of the path (its first move), `.zero` for an empty path.
    var firstPoint: CGPoint {
        for element in elements {
            if case .move(let p) = element { return p }
        }
        return .zero
    }
}
