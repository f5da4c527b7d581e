import Foundation
import CARenderGeometry

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
    /// `segments.count`, kept here so that a lookup does not wait for the segments' buffer
    /// before it can start reading the length tables (each is a separate fetch from memory when
    /// many layers animate).
    let segmentCount: Int
    /// The keyframe points: the first point, then each segment's end.
    let points: [CGPoint]
    /// The segments again and their arc-length tables, in one block of memory that a frame reads
    /// through plain pointers (`PathLengths`).
    let lengthStorage: PathLengthStorage

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
        segmentCount = segments.count
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
        lengthStorage = PathLengthStorage(segments: segments, tables: flat,
                                          totalLength: tables.reduce(0) { $0 + $1[$1.count - 1] })
    }

    /// The segment and curve parameter at fraction `s` of the path's length (paced mode).
    func location(atFraction s: Double) -> (segment: Int, u: Double) {
        lengthStorage.lengths.location(atFraction: s)
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
}
