import Foundation
import CARenderGeometry
import CARenderRaster
import CARenderModel

// # Outer edges of transformed layers: aliased unless the layer allows edge antialiasing
//
// Apple, `CALayer.allowsEdgeAntialiasing`: "When the value is true, the layer is allowed to
// antialias its edges, as requested by the value in the layer's edgeAntialiasingMask property.
// … If no value is found, the default value is false." Apple, `UIViewEdgeAntialiasing`
// (Information Property List): it "indicates whether Core Animation layers use antialiasing when
// drawing a layer that isn't aligned to pixel boundaries." So on the device a rotated, skewed or
// perspective layer shows stair-stepped outer edges, and two such layers sharing an edge show
// pure colours, not the 50/50 mix (and faint seam) of anti-aliased coverage.
//
// What stays smooth: only the layer's quad — the four straight lines of its bounds — is drawn
// aliased. The classic workaround (Stack Overflow, "iPhone - Jagged Edges when applying
// perspective to CALayer") is a transparent one-pixel border inside the *contents*: what lies
// inside the quad is filtered and anti-aliased, only the quad's edge is not. So rounded corners,
// the border's inner edge and contents keep exact-area coverage; a pixel on a straight outer edge
// is in when its centre is inside the edge, out otherwise.
//
// Where the evidence is thin, carender chooses: layers whose map keeps them axis-aligned (scale
// and translation, also at fractional positions) keep exact-area edges — the property list key
// speaks of layers "not aligned to pixel boundaries" without separating translation from
// rotation, and no public Apple snapshot at a fractional frame was found; keeping them smooth
// leaves every axis-aligned picture as it was. Shadows are blurred and never aliased.

/// The lines of a layer's device quad whose pixels are point-sampled (in when the pixel's centre
/// is inside), as `a·x + b·y + c`: the signed distance in pixels, positive inside.
struct AliasedEdges {
    var a = SIMD4<Double>.zero, b = SIMD4<Double>.zero, c = SIMD4<Double>.zero
    /// Which of the four lines are aliased (the others keep exact coverage).
    var aliased = SIMD4<Double>.zero
    /// Each line's straight part, between the rounded corners at its ends, as the interval
    /// `straightFrom … straightTo` of `t = sx·x + sy·y`, a pixel centre's position along the line
    /// (−∞ and +∞ at a square end). Beyond it a corner's curve, not the line, shapes the pixel.
    var sx = SIMD4<Double>.zero, sy = SIMD4<Double>.zero
    var straightFrom = SIMD4<Double>(repeating: -.infinity), straightTo = SIMD4<Double>(repeating: .infinity)

    /// Largest distance from a pixel's centre to a line that still crosses the pixel (half its
    /// diagonal): further away, the line does not touch the pixel's coverage. (Computed, not a
    /// stored `static let`: a global initialised by an expression is reached through a lazy
    /// `swift_once` call at every use, here once per edge pixel, which also spills the vector
    /// registers around it.)
    @inline(__always) static var reach: Double { 0.5 * 2.0.squareRoot() }

    /// The outer edges of `bounds` under `map`, or nil when they are all anti-aliased.
    ///
    /// Edges run, in the layer's bounds space, min-y (Core Animation's `layerBottomEdge`, the
    /// layer's unflipped y-up naming), max-x (`layerRightEdge`), max-y (`layerTopEdge`), min-x
    /// (`layerLeftEdge`).
    ///
    /// `corners` are the bounds' rounded corners (radii in the order of the lines' starts).
    init?(bounds box: (x0: Double, y0: Double, x1: Double, y1: Double), map: ProjectiveMap,
          corners: CornerShape, allowsEdgeAntialiasing: Bool, mask: CAEdgeAntialiasingMask) {
        guard box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        if Self.keepsPixelGrid(map) { return nil }
        var cx = SIMD4<Double>.zero, cy = SIMD4<Double>.zero
        let xs = SIMD4(box.x0, box.x1, box.x1, box.x0), ys = SIMD4(box.y0, box.y0, box.y1, box.y1)
        for k in 0..<4 {
            // A quad crossing the eye plane keeps anti-aliased edges (its clipped outline has
            // other lines than these four).
            let p = map.apply(xs[k], ys[k])
            guard p.w >= nearPlaneW else { return nil }
            cx[k] = p.x / p.w; cy[k] = p.y / p.w
        }
        let centre = SIMD2(cx.sum() / 4, cy.sum() / 4)
        var any = false
        for k in 0..<4 {
            let p = SIMD2(cx[k], cy[k]), q = SIMD2(cx[(k + 1) & 3], cy[(k + 1) & 3])
            let d = q - p
            let length = (d * d).sum().squareRoot()
            guard length > 1e-9 else { continue }
            var na = -d.y / length, nb = d.x / length
            var nc = -(na * p.x + nb * p.y)
            if na * centre.x + nb * centre.y + nc < 0 { na = -na; nb = -nb; nc = -nc }
            a[k] = na; b[k] = nb; c[k] = nc
            let smooth = allowsEdgeAntialiasing && mask.contains(Self.maskBit(k))
            aliased[k] = smooth ? 0 : 1
            any = any || !smooth
            // The straight part: from the start corner's reach to the end corner's, mapped to
            // the device (a projective map keeps a line's points in order along it).
            let ux = d.x / length, uy = d.y / length
            sx[k] = ux; sy[k] = uy
            // How far along the edge a corner's curve runs, per unit of its radius.
            let cornerExtent = corners.continuous ? ContinuousCorner.extent : 1
            let startRadius = corners.radii[k], endRadius = corners.radii[(k + 1) & 3]
            let (px, py) = (xs[k], ys[k]), (qx, qy) = (xs[(k + 1) & 3], ys[(k + 1) & 3])
            let side = abs(qx - px) + abs(qy - py)
            func along(_ distance: Double) -> Double? {
                let f = min(max(distance / side, 0), 1)
                let point = map.apply(px + (qx - px) * f, py + (qy - py) * f)
                guard point.w >= nearPlaneW else { return nil }
                return ux * point.x / point.w + uy * point.y / point.w
            }
            if startRadius > 0, let t = along(startRadius * cornerExtent) { straightFrom[k] = t }
            if endRadius > 0, let t = along(side - endRadius * cornerExtent) { straightTo[k] = t }
        }
        guard any else { return nil }
    }

    /// Whether `map` keeps a layer on the pixel grid (scale and translation, or a quarter turn of
    /// them), where its edges stay anti-aliased.
    static func keepsPixelGrid(_ map: ProjectiveMap) -> Bool {
        map.m13 == 0 && map.m23 == 0 && ((map.m12 == 0 && map.m21 == 0) || (map.m11 == 0 && map.m22 == 0))
    }

    /// The mask bit of line `k` (min-y, max-x, max-y, min-x).
    private static func maskBit(_ k: Int) -> CAEdgeAntialiasingMask {
        switch k {
        case 0: return .layerBottomEdge
        case 1: return .layerRightEdge
        case 2: return .layerTopEdge
        default: return .layerLeftEdge
        }
    }

    /// Turns a pixel's exact coverage `coverage` into the coverage with the aliased lines
    /// point-sampled: the quad's own exact share of the pixel (inside every aliased line that
    /// crosses it) is divided out and replaced by 1 or 0 by the pixel's centre.
    /// What else shapes the pixel (a rounded corner, the border's inner edge) keeps its share.
    @inline(__always)
    func apply(_ coverage: Float, x: Int, y: Int) -> Float {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        // Most pixels handed over lie on no aliased line (a rounded corner, the border's inner
        // edge): all four distances at once settle those.
        let distances = a * px + b * py + c
        guard any((distances .< Self.reach) .& (distances .> -Self.reach) .& (aliased .!= 0)) else { return coverage }
        return applyNearLines(coverage, px: px, py: py)
    }

    /// `apply` for a pixel some aliased line crosses. Kept out of line: its per-line loop indexes
    /// the lines' vectors, which would otherwise copy them to memory for every pixel.
    @inline(never)
    private func applyNearLines(_ coverage: Float, px: Double, py: Double) -> Float {
        var near = SIMD4<Double>.zero
        var nearCount = 0, last = 0
        for k in 0..<4 where aliased[k] != 0 {
            let d = a[k] * px + b[k] * py + c[k]
            guard abs(d) < Self.reach else { continue }
            // Centre on the line: in for lines facing right or down (so two quads sharing an
            // edge take each pixel exactly once), out otherwise.
            let inside = d > 0 || (d == 0 && (a[k] > 0 || (a[k] == 0 && b[k] > 0)))
            guard inside else { return 0 }
            // Beside a rounded corner the pixel keeps the curve's exact coverage (on the device
            // the quad's point sample multiplies the corner mask's anti-aliased coverage):
            // dividing by the line's share there would swell the curve where it runs just
            // inside the line, flattening a turned circle where it touches its bounds.
            let t = sx[k] * px + sy[k] * py
            guard t >= straightFrom[k] && t <= straightTo[k] else { continue }
            near[k] = 1
            nearCount += 1
            last = k
        }
        guard nearCount > 0 else { return coverage }
        // The quad's own share of the pixel: one line's half-plane, or (at a corner of the quad)
        // the pixel clipped by every nearby line.
        let share: Double
        if nearCount == 1 {
            share = Self.halfPlaneShare(a: a[last], b: b[last], distance: a[last] * px + b[last] * py + c[last])
        } else {
            share = clippedPixelArea(x: px, y: py, lines: near)
        }
        guard share > 0 else { return coverage }
        let result = Double(coverage) / share
        // Dividing single-precision coverage by the exact share leaves a hair below 1 where an
        // aliased line alone shaped the pixel: that pixel is fully in.
        return result >= Self.fullyIn ? 1 : Float(result)
    }

    /// Coverage from which a point-sampled pixel counts as fully in (within half a level).
    @inline(__always) static var fullyIn: Double { 1 - 0.5 / 255 }

    /// The area of the unit pixel centred at (x, y) inside every line selected by `lines`
    /// (Sutherland–Hodgman clipping of the square; at most 8 vertices remain).
    func clippedPixelArea(x: Double, y: Double, lines: SIMD4<Double>) -> Double {
        var xs = SIMD8<Double>(x - 0.5, x + 0.5, x + 0.5, x - 0.5, 0, 0, 0, 0)
        var ys = SIMD8<Double>(y - 0.5, y - 0.5, y + 0.5, y + 0.5, 0, 0, 0, 0)
        var count = 4
        for k in 0..<4 where lines[k] != 0 {
            var ox = SIMD8<Double>.zero, oy = SIMD8<Double>.zero
            var n = 0
            for i in 0..<count {
                let j = i + 1 < count ? i + 1 : 0
                let di = a[k] * xs[i] + b[k] * ys[i] + c[k], dj = a[k] * xs[j] + b[k] * ys[j] + c[k]
                if di >= 0, n < 8 { ox[n] = xs[i]; oy[n] = ys[i]; n += 1 }
                if (di >= 0) != (dj >= 0), n < 8 {
                    let t = di / (di - dj)
                    ox[n] = xs[i] + (xs[j] - xs[i]) * t; oy[n] = ys[i] + (ys[j] - ys[i]) * t
                    n += 1
                }
            }
            xs = ox; ys = oy; count = n
            if count < 3 { return 0 }
        }
        var twice = 0.0
        for i in 0..<count {
            let j = i + 1 < count ? i + 1 : 0
            twice += xs[i] * ys[j] - xs[j] * ys[i]
        }
        return abs(twice) / 2
    }

    /// The area of a unit pixel on the inner side of a line with unit normal (a, b) at signed
    /// distance `distance` from the pixel's centre: the distribution function of the pixel's
    /// projection onto the normal, a box of width |a| convolved with one of width |b| (ramp,
    /// plateau, ramp).
    @inline(__always)
    static func halfPlaneShare(a: Double, b: Double, distance t: Double) -> Double {
        let u = max(abs(a), abs(b)), v = min(abs(a), abs(b))
        let s = t + (u + v) / 2
        if s <= 0 { return 0 }
        if s >= u + v { return 1 }
        if v < 1e-12 { return min(1, max(0, s / u)) }
        if s < v { return s * s / (2 * u * v) }
        if s <= u { return v / (2 * u) + (s - v) / u }
        let r = u + v - s
        return 1 - r * r / (2 * u * v)
    }
}

/// Wraps a painter, point-sampling the aliased outer edges of the layer it paints.
struct AliasedEdgePainter<Inner: CoveragePainter>: CoveragePainter {
    var inner: Inner
    let edges: AliasedEdges
    /// A coverage row of at least the widest run (lent by `DrawingScratch`).
    let row: UnsafeMutablePointer<Float>

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let out = row
        for i in 0..<count {
            let c = coverage[i]
            out[i] = c > 0 ? edges.apply(c, x: x0 + i, y: y) : 0
        }
        inner.paint(row: y, x0: x0, count: count, coverage: out)
    }

    @inline(__always)
    mutating func paintFull(row y: Int, x0: Int, count: Int) {
        inner.paintFull(row: y, x0: x0, count: count)
    }
}

extension FrameDrawing {
    /// The aliased outer edges of layer state `s` drawn under `map`, or nil when its edges are
    /// anti-aliased (on the pixel grid, allowed by the layer, or by the stage for all layers).
    func aliasedEdges(_ s: UnsafePointer<LayerState>, map: ProjectiveMap) -> AliasedEdges? {
        guard !antialiasesAllEdges, !AliasedEdges.keepsPixelGrid(map) else { return nil }
        return AliasedEdges(bounds: s.boundsBox, map: map, corners: s.cornerShape,
                            allowsEdgeAntialiasing: s.pointee.allowsEdgeAntialiasing, mask: s.pointee.edgeAntialiasingMask)
    }
}
