import Foundation
import CARenderGeometry

/// Turns a path and a `StrokeStyle` into the outline of its stroke, to be filled with the
/// non-zero rule by the coverage rasterizer.
///
/// The path is first cut into *chains* — the runs of the path that are painted, after dashing
/// each subpath and trimming the whole path to `start…end` by arc length (see `strokeChains`).
/// Each chain becomes one closed contour (an open chain: left side forward, end cap, right side
/// backward, start cap) or two (a closed chain: the left loop and the reversed right loop).
///
/// Offsets are taken from the exact curve (`PathSegment` evaluates arcs on the true circle), not
/// from a flattened centre line: each curve is subdivided until both offset sides and the centre
/// stay within `tolerance` of their chords, so every vertex lies exactly `lineWidth / 2` from
/// the curve along its normal. Inner corners are joined through the corner point itself (the
/// overlap is filled by the non-zero rule); outer corners get the join.
///
/// Scratch storage lives in the instance and is reused, so a stroker kept by its owner does not
/// allocate once its buffers have grown.
package final class Stroker {
    package init() {}

    /// A stretch of one segment, between two curve parameters.
    struct Piece: Equatable {
        var segment: Int
        var t0: Double
        var t1: Double
    }

    /// Deepest subdivision of one curve piece (2^16 steps: far below any tolerance asked for).
    private static let maxDepth = 16
    /// The largest turn of the normal between two offset vertices, whatever the tolerance: keeps
    /// subdivision from missing a wiggle whose chord midpoint happens to lie on the chord.
    private static let maxTurnPerStep = Double.pi / 8
    /// Directions closer than this (as the sine of the angle between them) need no join.
    private static let smoothCornerSine = 1e-9

    private var left: [SIMD2<Double>] = []
    private var right: [SIMD2<Double>] = []
    /// One piece's samples (offsets and centre) before they join a side pass.
    private var pieceLeft: [SIMD2<Double>] = []
    private var pieceRight: [SIMD2<Double>] = []
    private var pieceCentre: [SIMD2<Double>] = []
    /// A contour being built on its own (wedges, caps and triangles of folded pieces).
    private var contour: [SIMD2<Double>] = []
    private var joinPoints: [SIMD2<Double>] = []
    var pieces: [Piece] = []

    private var halfWidth = 0.5
    private var tolerance = 0.125
    private var cosMaxTurn = 1.0
    private var style = StrokeStyle()

    /// Appends the outline of `measure`'s path stroked with `style` to `outline`, curves and
    /// round parts within `tolerance` (path units).
    package func stroke(_ measure: PathMeasure, style: StrokeStyle, tolerance: Double, into outline: inout Outline) {
        guard style.lineWidth > 0, style.lineWidth.isFinite, tolerance > 0 else { return }
        self.style = style
        halfWidth = style.lineWidth / 2
        self.tolerance = tolerance
        let turnForTolerance = 2 * acos(max(0, 1 - tolerance / halfWidth))
        cosMaxTurn = cos(min(Self.maxTurnPerStep, turnForTolerance))
        forEachChain(measure, style: style) { closed, dot in
            if let dot {
                strokeDot(at: dot.point, direction: dot.direction, into: &outline)
            } else {
                strokeChain(measure, closed: closed, into: &outline)
            }
        }
    }

    // MARK: - Chains

    /// Calls `body` once per painted chain, with `pieces` holding it. `closed` when it is a whole
    /// closed subpath (joined all round, no caps); `dot` instead of pieces when the chain has no
    /// length (a zero-length dash, or a subpath that never moves): its point and direction.
    private func forEachChain(_ m: PathMeasure, style: StrokeStyle,
                              _ body: (_ closed: Bool, _ dot: (point: SIMD2<Double>, direction: SIMD2<Double>)?) -> Void) {
        let total = Double(m.length)
        let trimStart = min(max(style.start, 0), 1) * total
        let trimEnd = min(max(style.end, 0), 1) * total
        let wholePath = style.start <= 0 && style.end >= 1
        // Apple draws nothing when the trimmed range is empty (strokeStart ≥ strokeEnd).
        guard trimStart < trimEnd || (wholePath && total == 0) else { return }
        let dashes = style.effectiveDashes
        var first = 0
        let count = m.segments.count
        while first < count {
            var last = first
            while last + 1 < count && !m.segments[last + 1].startsSubpath { last += 1 }
            defer { first = last + 1 }
            let offset = Double(m.segmentStarts[first])
            var length = 0.0
            for k in first...last { length += Double(m.segmentLengths[k]) }
            let closed = m.segments[last].isClose

            if length == 0 {
                // A subpath that stays on one point: a dot (for round and square caps) when the whole
                // path is stroked or the trimmed range covers it.
                if wholePath || (offset >= trimStart && offset <= trimEnd) {
                    body(false, (point(m.segments[first].start), SIMD2(1, 0)))
                }
                continue
            }
            let a = max(trimStart - offset, 0), b = min(trimEnd - offset, length)
            guard a < b else { continue }
            guard let dashes else {
                let whole = a == 0 && b == length
                emit(m, first: first, last: last, from: a, to: b, body: { body(closed && whole, $0) })
                continue
            }
            // Walk the pattern from the phase; every subpath starts the pattern afresh.
            let period = dashes.reduce(0, +)
            var phase = style.dashPhase.truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            var index = 0
            while phase > 0 && phase >= dashes[index] {
                phase -= dashes[index]
                index = (index + 1) % dashes.count
            }
            var s = -phase
            var guardCount = 0
            while s <= length && guardCount < Self.maxDashes {
                let next = s + dashes[index]
                if index % 2 == 0 {
                    let lo = max(s, a), hi = min(next, b)
                    if lo < hi || (dashes[index] == 0 && s >= a && s <= b) {
                        emit(m, first: first, last: last, from: lo, to: max(lo, hi), body: { body(false, $0) })
                    }
                }
                s = next
                index = (index + 1) % dashes.count
                guardCount += 1
            }
        }
    }

    /// Dashes stroked per subpath at most (a pattern far finer than a pixel would otherwise
    /// spend unbounded time).
    private static let maxDashes = 100_000

    /// Fills `pieces` with the stretch `a…b` (distances from the subpath's start) of the
    /// subpath made of segments `first…last`, then calls `body` (with a dot when it has no length).
    private func emit(_ m: PathMeasure, first: Int, last: Int, from a: Double, to b: Double,
                      body: ((point: SIMD2<Double>, direction: SIMD2<Double>)?) -> Void) {
        pieces.removeAll(keepingCapacity: true)
        let base = Double(m.segmentStarts[first])
        for k in first...last {
            let l = Double(m.segmentLengths[k])
            guard l > 0 else { continue }
            let s0 = Double(m.segmentStarts[k]) - base
            let lo = max(a, s0), hi = min(b, s0 + l)
            guard lo < hi else { continue }
            pieces.append(Piece(segment: k, t0: parameter(m, k, lo - s0, l), t1: parameter(m, k, hi - s0, l)))
        }
        if !pieces.isEmpty {
            body(nil)
            return
        }
        // No length: a dot where the stretch sits, along the path's direction there.
        guard let (k, t) = m.location(atDistance: CGFloat(base + a)) else { return }
        let segment = m.segments[k]
        body((point(segment.point(at: t)), direction(segment, t)))
    }

    private func parameter(_ m: PathMeasure, _ k: Int, _ local: Double, _ length: Double) -> Double {
        if local <= 0 { return 0 }
        if local >= length { return 1 }
        return Double(m.parameter(inSegment: k, atLength: CGFloat(local)))
    }

    // MARK: - One chain

    private func strokeChain(_ m: PathMeasure, closed: Bool, into outline: inout Outline) {
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
        var firstPoint = SIMD2<Double>(0, 0), firstDirection = SIMD2<Double>(1, 0)
        var lastPoint = firstPoint, lastDirection = firstDirection
        // A run of pieces whose offsets do not fold is one side-by-side pass; a piece whose inner
        // offset folds back (the half width exceeds its radius of curvature) would make regions
        // of opposite winding there, so it is drawn as its own triangles, all wound alike, and
        // the corners and ends next to it as their own contours.
        var runOpen = false, runStartsChain = false, anyFold = false
        var firstFolds = false, lastFolds = false
        for (i, piece) in pieces.enumerated() {
            let segment = m.segments[piece.segment]
            let p0 = point(segment.point(at: piece.t0)), d0 = direction(segment, piece.t0)
            sampleOffsets(segment, piece.t0, piece.t1, start: p0, startDirection: d0)
            let folds = pieceFolds()
            if i == 0 {
                firstPoint = p0
                firstDirection = d0
                firstFolds = folds
            } else if runOpen && !folds {
                join(at: p0, from: lastDirection, to: d0)
            } else {
                addJoinWedge(at: p0, from: lastDirection, to: d0, into: &outline)
            }
            if folds {
                anyFold = true
                if runOpen {
                    flushRun(startCap: runStartsChain && !closed ? (firstPoint, firstDirection) : nil, endCap: nil, into: &outline)
                    runOpen = false
                }
                addStepTriangles(into: &outline)
            } else {
                if !runOpen {
                    runOpen = true
                    runStartsChain = i == 0
                }
                left.append(contentsOf: pieceLeft)
                right.append(contentsOf: pieceRight)
            }
            lastPoint = point(segment.point(at: piece.t1))
            lastDirection = direction(segment, piece.t1)
            lastFolds = folds
        }
        if closed && !anyFold {
            join(at: firstPoint, from: lastDirection, to: firstDirection)
            for p in left { outline.add(p.x, p.y) }
            outline.closeContour()
            for p in right.reversed() { outline.add(p.x, p.y) }
            outline.closeContour()
            return
        }
        if closed { addJoinWedge(at: firstPoint, from: lastDirection, to: firstDirection, into: &outline) }
        if runOpen {
            flushRun(startCap: runStartsChain && !closed ? (firstPoint, firstDirection) : nil,
                     endCap: closed ? nil : (lastPoint, lastDirection), into: &outline)
        }
        if !closed && firstFolds { addCapContour(at: firstPoint, direction: -firstDirection, into: &outline) }
        if !closed && lastFolds { addCapContour(at: lastPoint, direction: lastDirection, into: &outline) }
    }

    /// Closes the side-by-side pass built so far into one contour: left side, end cap (or a
    /// straight cut), right side backwards, start cap (or a straight cut).
    private func flushRun(startCap: (SIMD2<Double>, SIMD2<Double>)?, endCap: (SIMD2<Double>, SIMD2<Double>)?,
                          into outline: inout Outline) {
        for p in left { outline.add(p.x, p.y) }
        if let (p, d) = endCap { addCap(at: p, direction: d, into: &outline) }
        for p in right.reversed() { outline.add(p.x, p.y) }
        if let (p, d) = startCap { addCap(at: p, direction: -d, into: &outline) }
        outline.closeContour()
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
    }

    /// Whether either offset of the piece just sampled runs backwards against the centre line
    /// somewhere.
    private func pieceFolds() -> Bool {
        guard pieceCentre.count > 1 else { return false }
        for k in 1..<pieceCentre.count {
            let dc = pieceCentre[k] - pieceCentre[k - 1]
            if ((pieceLeft[k] - pieceLeft[k - 1]) * dc).sum() < 0 { return true }
            if ((pieceRight[k] - pieceRight[k - 1]) * dc).sum() < 0 { return true }
        }
        return false
    }

    /// The piece just sampled as triangles between the centre line and each offset, every one
    /// wound like the side-by-side passes, so their union fills whatever the offsets fold over.
    private func addStepTriangles(into outline: inout Outline) {
        guard pieceCentre.count > 1 else { return }
        for k in 1..<pieceCentre.count {
            let c0 = pieceCentre[k - 1], c1 = pieceCentre[k]
            let l0 = pieceLeft[k - 1], l1 = pieceLeft[k], r0 = pieceRight[k - 1], r1 = pieceRight[k]
            addTriangle(c0, c1, l1, into: &outline)
            addTriangle(c0, l1, l0, into: &outline)
            addTriangle(c0, r0, r1, into: &outline)
            addTriangle(c0, r1, c1, into: &outline)
        }
    }

    private func addTriangle(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, into outline: inout Outline) {
        contour.removeAll(keepingCapacity: true)
        contour.append(a); contour.append(b); contour.append(c)
        addContour(into: &outline)
    }

    /// Adds `contour` wound like the side-by-side passes (negative shoelace area with x right,
    /// y down), reversing it when it runs the other way; contours without area are dropped.
    private func addContour(into outline: inout Outline) {
        guard contour.count >= 3 else { return }
        var area = 0.0
        for i in 0..<contour.count {
            let a = contour[i], b = contour[(i + 1) % contour.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        if area > 0 {
            for p in contour.reversed() { outline.add(p.x, p.y) }
        } else {
            for p in contour { outline.add(p.x, p.y) }
        }
        outline.closeContour()
    }

    /// A corner's join on its own: the corner point, the outer offsets and the join between them.
    private func addJoinWedge(at p: SIMD2<Double>, from d0: SIMD2<Double>, to d1: SIMD2<Double>,
                              into outline: inout Outline) {
        guard let outerSign = outerJoin(at: p, from: d0, to: d1) else { return }
        contour.removeAll(keepingCapacity: true)
        contour.append(p)
        contour.append(p + outerSign * halfWidth * normal(d0))
        contour.append(contentsOf: joinPoints)
        contour.append(p + outerSign * halfWidth * normal(d1))
        addContour(into: &outline)
    }

    /// A cap on its own: the cap at `p` ahead of `direction`, closed by the straight cut.
    private func addCapContour(at p: SIMD2<Double>, direction d: SIMD2<Double>, into outline: inout Outline) {
        guard style.lineCap != .butt else { return }
        var capOutline = Outline()
        let n = normal(d)
        let a = p + halfWidth * n, b = p - halfWidth * n
        capOutline.add(a.x, a.y)
        addCap(at: p, direction: d, into: &capOutline)
        capOutline.add(b.x, b.y)
        contour.removeAll(keepingCapacity: true)
        for i in 0..<capOutline.pointCount { contour.append(SIMD2(capOutline.xs[i], capOutline.ys[i])) }
        addContour(into: &outline)
    }

    /// A chain without length: round caps make a disc, square caps a square along `direction`,
    /// butt caps nothing.
    private func strokeDot(at p: SIMD2<Double>, direction d: SIMD2<Double>, into outline: inout Outline) {
        let w = halfWidth, n = normal(d)
        switch style.lineCap {
        case .butt:
            return
        case .square:
            for c in [w * (n + d), w * (-n + d), w * (-n - d), w * (n - d)] { outline.add(p.x + c.x, p.y + c.y) }
        case .round:
            let steps = arcSteps(2 * .pi)
            for i in 0..<steps {
                let a = 2 * Double.pi * Double(i) / Double(steps)
                outline.add(p.x + w * cos(a), p.y + w * sin(a))
            }
        }
        outline.closeContour()
    }

    /// Adds the cap at the end of a side-by-side pass: from the left offset (`p + w·n`) round to
    /// the right one (`p − w·n`) ahead of `direction`.
    private func addCap(at p: SIMD2<Double>, direction d: SIMD2<Double>, into outline: inout Outline) {
        let w = halfWidth, n = normal(d)
        switch style.lineCap {
        case .butt:
            break
        case .square:
            let a = p + w * (n + d), b = p + w * (-n + d)
            outline.add(a.x, a.y)
            outline.add(b.x, b.y)
        case .round:
            // From +n turning by −π passes through +d.
            let start = atan2(n.y, n.x)
            let steps = arcSteps(.pi)
            for i in 1..<steps {
                let a = start - Double.pi * Double(i) / Double(steps)
                outline.add(p.x + w * cos(a), p.y + w * sin(a))
            }
        }
    }

    // MARK: - Offsets

    /// Samples `segment` from `t0` to `t1` into the piece buffers: centre and both offsets.
    private func sampleOffsets(_ segment: PathSegment, _ t0: Double, _ t1: Double,
                               start p0: SIMD2<Double>, startDirection d0: SIMD2<Double>) {
        pieceLeft.removeAll(keepingCapacity: true)
        pieceRight.removeAll(keepingCapacity: true)
        pieceCentre.removeAll(keepingCapacity: true)
        let n0 = normal(d0)
        appendSample(p0, n0)
        let p1 = point(segment.point(at: t1)), n1 = normal(direction(segment, t1))
        if segment.kind == .line && segment.arc == nil {
            appendSample(p1, n1)
            return
        }
        subdivide(segment, t0, p0, n0, t1, p1, n1, depth: 0)
    }

    /// Appends the vertices after `pa` up to `pb`, splitting at the middle parameter until each
    /// step's offsets (both sides and the centre) stay within tolerance of their chords and the
    /// normal turns by less than the step limit.
    private func subdivide(_ segment: PathSegment, _ ta: Double, _ pa: SIMD2<Double>, _ na: SIMD2<Double>,
                           _ tb: Double, _ pb: SIMD2<Double>, _ nb: SIMD2<Double>, depth: Int) {
        let tm = (ta + tb) / 2
        let pm = point(segment.point(at: tm)), nm = normal(direction(segment, tm))
        var split = false
        if depth < Self.maxDepth {
            if (na * nb).sum() < cosMaxTurn || (na * nm).sum() < cosMaxTurn {
                split = true
            } else {
                let w = halfWidth
                split = distanceToChord(pm, pa, pb) > tolerance
                    || distanceToChord(pm + w * nm, pa + w * na, pb + w * nb) > tolerance
                    || distanceToChord(pm - w * nm, pa - w * na, pb - w * nb) > tolerance
            }
        }
        if split {
            subdivide(segment, ta, pa, na, tm, pm, nm, depth: depth + 1)
            subdivide(segment, tm, pm, nm, tb, pb, nb, depth: depth + 1)
        } else {
            appendSample(pb, nb)
        }
    }

    @inline(__always)
    private func appendSample(_ p: SIMD2<Double>, _ n: SIMD2<Double>) {
        pieceLeft.append(p + halfWidth * n)
        pieceRight.append(p - halfWidth * n)
        pieceCentre.append(p)
    }

    // MARK: - Joins

    /// Joins the side passes at corner `p` where the direction changes from `d0` to `d1`: the
    /// outer side gets the join, the inner side passes through `p`.
    private func join(at p: SIMD2<Double>, from d0: SIMD2<Double>, to d1: SIMD2<Double>) {
        guard let outerSign = outerJoin(at: p, from: d0, to: d1) else { return }
        if outerSign > 0 {
            right.append(p)
            left.append(contentsOf: joinPoints)
        } else {
            left.append(p)
            right.append(contentsOf: joinPoints)
        }
    }

    /// Fills `joinPoints` with the outer join's vertices strictly between the two outer offsets
    /// (`p ± w·n0` and `p ± w·n1`) and returns the outer side's sign (+1: the +n side); nil for
    /// a smooth corner.
    private func outerJoin(at p: SIMD2<Double>, from d0: SIMD2<Double>, to d1: SIMD2<Double>) -> Double? {
        joinPoints.removeAll(keepingCapacity: true)
        let cross = d0.x * d1.y - d0.y * d1.x, dot = (d0 * d1).sum()
        if abs(cross) < Self.smoothCornerSine && dot > 0 { return nil }
        // The turn from d0 to d1; a reversal (cusp) turns by −π so its join bulges ahead.
        let turn = abs(cross) < Self.smoothCornerSine ? -Double.pi : atan2(cross, dot)
        // Turning towards +n makes the +n (left) side the inner one.
        let outerSign: Double = turn > 0 ? -1 : 1
        let w = halfWidth
        let n0 = normal(d0), n1 = normal(d1)
        switch style.lineJoin {
        case .bevel:
            break
        case .miter:
            let half = abs(turn) / 2
            // Miter length / line width = 1 / sin(φ/2) with φ = π − |turn| the corner's angle.
            if cos(half) > 0 && 1 / cos(half) <= style.miterLimit {
                let bisector = n0 + n1
                let length = (bisector * bisector).sum().squareRoot()
                if length > 0 {
                    joinPoints.append(p + outerSign * w / cos(half) * bisector / length)
                }
            }
        case .round:
            let start = atan2(outerSign * n0.y, outerSign * n0.x)
            let steps = arcSteps(abs(turn))
            if steps > 1 {
                for i in 1..<steps {
                    let a = start + turn * Double(i) / Double(steps)
                    joinPoints.append(p + SIMD2(w * cos(a), w * sin(a)))
                }
            }
        }
        return outerSign
    }

    // MARK: - Helpers

    /// Steps for a round part of `sweep` radians at the half width, each chord within tolerance
    /// (a chord of angle θ deviates r(1 − cos θ/2) from its arc).
    private func arcSteps(_ sweep: Double) -> Int {
        let ratio = max(-1, min(1, 1 - tolerance / halfWidth))
        let step = max(2 * acos(ratio), 1e-3)
        return max(1, Int((sweep / step).rounded(.up)))
    }

    @inline(__always)
    private func point(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }

    @inline(__always)
    private func direction(_ segment: PathSegment, _ t: Double) -> SIMD2<Double> {
        let v = segment.direction(at: CGFloat(t))
        return v.dx == 0 && v.dy == 0 ? SIMD2(1, 0) : SIMD2(Double(v.dx), Double(v.dy))
    }

    /// The direction rotated a quarter turn from +x towards +y.
    @inline(__always)
    private func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }

    private func distanceToChord(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let l2 = (ab * ab).sum()
        guard l2 > 0 else { return (ap * ap).sum().squareRoot() }
        let t = min(max((ap * ab).sum() / l2, 0), 1)
        let q = ap - t * ab
        return (q * q).sum().squareRoot()
    }
}
