import Foundation

/// A path read as keyframes, measured once when the animation is added: every element but
/// `moveTo` is one segment whose end point is a keyframe; `closeSubpath` is a line back to the
/// subpath's start (omitted when it has zero length, so a closed ellipse does not pause at its
/// seam). `CAKeyframeAnimation`'s documentation: "each point in the path, except for moveTo
/// points, defines a single keyframe segment".
///
/// Segments are evaluated as the Bézier curves the path holds (`PathSegment` without its exact
/// arc), and paced mode spaces time by arc length from per-segment tables of
/// `lengthTableSteps` chords.
struct PathKeyframes {
    /// The path's segments, as Bézier curves.
    let segments: [PathSegment]
    /// The keyframe points: the first point, then each segment's end.
    let points: [CGPoint]
    /// One flat array (so a lookup allocates nothing and reads one buffer): first, for each
    /// segment, its length and where its table starts (`segmentCount × 2` entries); then all
    /// segments' length tables end to end: for each segment, the cumulative chord length at
    /// evenly spaced parameters, starting at 0 (a line needs one step, a curve
    /// `lengthTableSteps`).
    private let lengthTables: [Double]
    /// The sum of the segments' lengths.
    private let totalLength: Double

    /// Chords per curved segment: enough that the polyline length is within about 1e-5 of the
    /// arc length for the curves paths hold, and that equal steps of distance look even.
    static let lengthTableSteps = 256

    init?(_ path: CGPath) {
        var segments: [PathSegment] = []
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
                segments.append(PathSegment(line: current ?? p, to: p, startsSubpath: false))
                current = p
            case .quadCurve(let p, let c):
                segments.append(PathSegment(quadFrom: current ?? c, control: c, to: p, startsSubpath: false))
                current = p
            case .curve(let p, let c1, let c2):
                segments.append(PathSegment(curveFrom: current ?? c1, control1: c1, control2: c2, to: p,
                                            startsSubpath: false, arc: nil))
                current = p
            case .closeSubpath:
                if let from = current, let to = subpathStart, from != to {
                    segments.append(PathSegment(line: from, to: to, startsSubpath: false, isClose: true))
                }
                current = subpathStart
            }
            if first == nil, let start = segments.first?.start { first = start }
        }
        guard let start = first else { return nil }
        self.segments = segments
        points = [start] + segments.map(\.end)
        let tables = segments.map(Self.lengthTable)
        var flat: [Double] = []
        var tableStart = 2 * tables.count
        for table in tables {
            flat.append(table[table.count - 1])
            flat.append(Double(tableStart))
            tableStart += table.count
        }
        flat += tables.joined()
        lengthTables = flat
        totalLength = tables.reduce(0) { $0 + $1[$1.count - 1] }
    }

    /// The segment and curve parameter at fraction `s` of the path's length (paced mode).
    func location(atFraction s: Double) -> (segment: Int, u: Double) {
        var remaining = min(max(s, 0), 1) * totalLength
        var k = 0
        let count = segments.count
        while k < count {
            let length = lengthTables[2 * k]
            if remaining <= length || k == count - 1 {
                return (k, parameter(forDistance: remaining, inTableOf: k))
            }
            remaining -= length
            k += 1
        }
        return (segments.count - 1, 1)
    }

    /// The direction of travel along `segment` at `u` as (dx, dy); a nearby chord when the
    /// derivative vanishes (cusps, control points on the end points), the chord from start to
    /// end as the last resort.
    static func tangent(of segment: PathSegment, at u: Double) -> (dx: Double, dy: Double) {
        let d = segment.derivative(at: CGFloat(u))
        var (dx, dy) = (Double(d.x), Double(d.y))
        if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
            let p = segment.point(at: CGFloat(max(u - 1e-4, 0))), q = segment.point(at: CGFloat(min(u + 1e-4, 1)))
            (dx, dy) = (Double(q.x - p.x), Double(q.y - p.y))
            if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
                (dx, dy) = (Double(segment.end.x - segment.start.x), Double(segment.end.y - segment.start.y))
            }
        }
        return (dx, dy)
    }

    /// The cumulative length at evenly spaced parameters (a line is exact with one step).
    private static func lengthTable(_ segment: PathSegment) -> [Double] {
        let steps = segment.kind == .line ? 1 : lengthTableSteps
        var table = [0.0]
        table.reserveCapacity(steps + 1)
        var previous = segment.point(at: 0)
        for k in 1...steps {
            let p = segment.point(at: CGFloat(k) / CGFloat(steps))
            table.append(table[k - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
            previous = p
        }
        return table
    }

    /// The curve parameter at which segment `k`'s length table reaches `distance`.
    private func parameter(forDistance distance: Double, inTableOf k: Int) -> Double {
        let total = lengthTables[2 * k], base = Int(lengthTables[2 * k + 1])
        let steps = (k + 1 < segments.count ? Int(lengthTables[2 * k + 3]) : lengthTables.count) - base - 1
        guard total > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= total { return 1 }
        // The entry is the last one ≤ `distance` (unique: the table never decreases). Tables of
        // the usual curves grow almost evenly, so the search starts where an even table would
        // have it and gallops outwards to a bracket before bisecting: it touches a cache line or
        // two instead of one per bisection step (every animated layer looks one up per frame).
        // Invariant: table[low] ≤ distance < table[high].
        var low = 0, high = steps
        let guess = min(max(Int(distance / total * Double(steps)), 0), steps - 1)
        var step = 1
        if lengthTables[base + guess] <= distance {
            low = guess
            while low + step < high, lengthTables[base + low + step] <= distance {
                low += step
                step *= 2
            }
            high = min(low + step, high)
        } else {
            high = guess
            while high - step > low, lengthTables[base + high - step] > distance {
                high -= step
                step *= 2
            }
            low = max(high - step, low)
        }
        while high - low > 1 {
            let mid = (low + high) / 2
            if lengthTables[base + mid] <= distance { low = mid } else { high = mid }
        }
        let span = lengthTables[base + high] - lengthTables[base + low]
        let fraction = span > 0 ? (distance - lengthTables[base + low]) / span : 0
        return (Double(low) + fraction) / Double(steps)
    }
}
