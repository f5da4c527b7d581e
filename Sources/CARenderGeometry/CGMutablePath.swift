import Foundation

/// A path that can be extended, with Core Graphics' builders. Every builder takes an optional
/// affine transform applied to the points it adds.
// @unchecked Sendable: its builders change it with no lock, so it must be finished before it is
// shared, as Core Graphics' own mutable paths must (a finished one is read-only).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Creates an empty path.
    public init() { super.init(elements: []) }

    override init(elements: [PathElement], arcs: [Int: EllipticalArc] = [:]) {
        super.init(elements: elements, arcs: arcs)
    }

    /// Whether the path has a current point (some element since the start).
    private var hasCurrentPoint: Bool { !elements.isEmpty }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.move(to: point.applying(transform)))
    }

    /// Adds a line from the current point. Without a current point Core Graphics ignores the call.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        elements.append(.line(to: point.applying(transform)))
    }

    /// Moves to the first point and adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds a quadratic Bézier from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        elements.append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    /// Adds a cubic Bézier from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        elements.append(.curve(to: end.applying(transform), control1: control1.applying(transform),
                               control2: control2.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start; the start becomes the current point.
    public func closeSubpath() {
        guard hasCurrentPoint else { return }
        elements.append(.closeSubpath)
    }

    /// Adds a closed rectangle: min corner, (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubics, starting at
    /// (maxX, midY) and turning towards +y (Core Graphics' order).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let unit = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
        let arc = EllipticalArc(transform: unit.concatenating(transform), startAngle: 0, sweep: 2 * .pi)
        move(to: arc.point(at: 0))
        appendCubics(of: arc)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle whose corners are quarter ellipses `cornerWidth ×
    /// cornerHeight` (each clamped to half the side). It starts after the min-x/min-y corner
    /// on the min-y edge and runs towards max x, like `addRect`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else {
            addRect(r, transform: transform)
            return
        }
        move(to: CGPoint(x: r.minX + cw, y: r.minY), transform: transform)
        // Each corner: (corner ellipse centre, start angle); the edges run between them.
        let corners: [(CGPoint, CGFloat, CGPoint)] = [
            (CGPoint(x: r.maxX - cw, y: r.minY + ch), -.pi / 2, CGPoint(x: r.maxX - cw, y: r.minY)),
            (CGPoint(x: r.maxX - cw, y: r.maxY - ch), 0, CGPoint(x: r.maxX, y: r.maxY - ch)),
            (CGPoint(x: r.minX + cw, y: r.maxY - ch), .pi / 2, CGPoint(x: r.minX + cw, y: r.maxY)),
            (CGPoint(x: r.minX + cw, y: r.minY + ch), .pi, CGPoint(x: r.minX, y: r.minY + ch)),
        ]
        for (center, start, edgeEnd) in corners {
            if edgeEnd.applying(transform) != currentPoint { addLine(to: edgeEnd, transform: transform) }
            let unit = CGAffineTransform(a: cw, b: 0, c: 0, d: ch, tx: center.x, ty: center.y)
            appendCubics(of: EllipticalArc(transform: unit.concatenating(transform), startAngle: start, sweep: .pi / 2))
        }
        closeSubpath()
    }

    /// Adds a circular arc. Angles are measured from +x towards +y. `clockwise` is Core Graphics'
    /// sense in a y-up space: true sweeps towards *decreasing* angles — which on iOS's y-down
    /// layers looks counter-clockwise (UIKit's arc methods pass `!clockwise`). A line joins the
    /// current point to the arc's start (or a move starts it); see `arcSweep` for how the angles
    /// become a sweep.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard startAngle.isFinite, endAngle.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite else {
            // Core Graphics logs "invalid value for start or end angle" and adds nothing.
            Diagnostics.warnOnce("CGMutablePath.addArc: the centre, radius and angles must be finite (got centre \(center), radius \(radius), angles \(startAngle) → \(endAngle)); the arc is left out")
            return
        }
        let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// The signed sweep of Core Graphics' arc from `start` to `end` (negative: clockwise in
    /// Core Graphics' sense, towards decreasing angles). The rule fits every public observation:
    /// - when `end − start` already turns the requested way it is the sweep, at most one full
    ///   turn (0 → 2π counter-clockwise and 2π → 0 clockwise are full circles; start = end is
    ///   nothing — Core Plot issue #421);
    /// - otherwise both angles are first brought into [0, 2π] (2π itself kept); if they are then
    ///   equal the arc is empty, else it goes the long way round in the requested direction.
    ///   So UIKit's `addArc(…startAngle: 0, endAngle: 2π, clockwise: false)` (Core Graphics
    ///   clockwise, 0 and 2π distinct) is a full circle — the circle of countless loaders —
    ///   while `startAngle: -π/2, endAngle: 3π/2, clockwise: false` draws nothing, and
    ///   `startAngle: π/2, endAngle: -3π/2, clockwise: true` draws nothing (Stack Overflow, "An
    ///   issue with CAShapeLayer and UIBezierPath drawing circle counterclockwise": both
    ///   reported empty on iOS, the first a full circle).
    /// Sweeps beyond one turn are clamped to one turn, as the HTML canvas specifies; what Core
    /// Graphics does with them is not publicly documented.
    static func arcSweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let fullTurn = 2 * CGFloat.pi
        let delta = end - start
        if clockwise ? delta <= 0 : delta >= 0 {
            return clockwise ? max(delta, -fullTurn) : min(delta, fullTurn)
        }
        let s = reducedAngle(start), e = reducedAngle(end)
        guard s != e else { return 0 }
        let d = e - s
        if clockwise {
            return d < 0 ? d : d - fullTurn * ((d / fullTurn).rounded(.down) + 1)
        }
        return d > 0 ? d : d + fullTurn * ((-d / fullTurn).rounded(.down) + 1)
    }

    /// `angle` brought into [0, 2π] by whole turns; 2π stays 2π.
    private static func reducedAngle(_ angle: CGFloat) -> CGFloat {
        let fullTurn = 2 * CGFloat.pi
        if angle < 0 { return angle + fullTurn * (-angle / fullTurn).rounded(.up) }
        if angle > fullTurn { return angle - fullTurn * (angle / fullTurn).rounded(.down) }
        return angle
    }

    /// Adds a circular arc turning by `delta` radians from `startAngle` (positive towards +y).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let unit = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
        let arc = EllipticalArc(transform: unit.concatenating(transform), startAngle: startAngle, sweep: delta)
        let start = arc.point(at: 0)
        if hasCurrentPoint {
            // A start within rounding of the current point (a rounded rectangle's arc after its
            // edge: cos(3π/2) is not exactly 0) is no line of its own.
            let current = currentPoint
            let tolerance = Self.coincidenceTolerance * max(1, abs(start.x), abs(start.y))
            if abs(start.x - current.x) > tolerance || abs(start.y - current.y) > tolerance {
                elements.append(.line(to: start))
            }
        } else {
            elements.append(.move(to: start))
        }
        appendCubics(of: arc)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, preceded by a line to the first tangent
    /// point. Degenerate input (collinear points, zero radius) adds a line to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        // Work in untransformed coordinates: the current point is stored transformed.
        let inverse = transform.inverted()
        let p0 = currentPoint.applying(inverse), p1 = tangent1End, p2 = tangent2End
        let u = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            addLine(to: p1, transform: transform)
            return
        }
        let (ux, uy, vx, vy) = (u.x / lu, u.y / lu, v.x / lv, v.y / lv)
        let cosine = max(-1, min(1, ux * vx + uy * vy))
        let halfAngle = acos(cosine) / 2
        let distance = radius / tan(halfAngle)
        let t1 = CGPoint(x: p1.x + ux * distance, y: p1.y + uy * distance)
        let t2 = CGPoint(x: p1.x + vx * distance, y: p1.y + vy * distance)
        let bisector = CGPoint(x: ux + vx, y: uy + vy)
        let bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(halfAngle)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        var sweep = atan2(t2.y - center.y, t2.x - center.x) - a0
        // The arc is the short way round (less than half a turn).
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addRelativeArc(center: center, radius: radius, startAngle: a0, delta: sweep, transform: transform)
    }

    /// Relative distance under which two points are the same point (a few units in the last place).
    static let coincidenceTolerance: CGFloat = 1e-12

    /// Appends `path`'s elements mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let offset = elements.count
        elements.append(contentsOf: path.elements.map { $0.applying(transform) })
        for (index, arc) in path.arcs { arcs[index + offset] = arc.applying(transform) }
    }

    /// Appends the cubics approximating `arc` (already in path coordinates), remembering the arcs.
    private func appendCubics(of arc: EllipticalArc) {
        for piece in arc.cubicPieces() {
            arcs[elements.count] = piece.arc
            elements.append(.curve(to: piece.end, control1: piece.control1, control2: piece.control2))
        }
    }
}
