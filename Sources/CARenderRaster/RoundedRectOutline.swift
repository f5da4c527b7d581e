/// The corner geometry of one rounded rectangle: a radius per corner and the corner curve.
package struct CornerShape: Equatable {
    /// Radii of the top-left, top-right, bottom-right and bottom-left corners (y-down screen sense:
    /// min X min Y first), already clamped to fit.
    package var radii: SIMD4<Double>
    /// True for Apple's continuous corner; false for a circular one.
    package var continuous: Bool

    static let square = CornerShape(radii: .zero, continuous: false)

    /// Flattening tolerance, in device pixels, for corners whose coverage must be exact: every
    /// pixel's coverage within 1/255 of the true area of the pixel inside the shape. Continuous
    /// corners' cubics are flattened to within this departure: a pixel's error is the area
    /// between curve and polygon inside it, at most the departure times the curve's length in the
    /// pixel (≤ √2), so 0.0021, with room for the accumulation's single-precision rounding.
    /// Circular corners use equal-area chords whose errors cancel (see `chordAngle`); callers
    /// pass this constant times the outline units of one device pixel, which tells those the
    /// pixel size. (Chords that lie inside the arc at the 1/8 px that paths use lose up to 0.1 of
    /// a pixel: Apple's corners are within about 0.01 of the exact area, and such chords were
    /// visibly thin on capsules and thin borders.)
    package static let areaExactDeviation = 0.0015

    /// Largest area error, in square device pixels, that circular corners' chords may leave in
    /// one pixel: 1/255 ≈ 0.0039 less room for single-precision accumulation and for the pixel
    /// edges crossing the thin slivers between arc and chord (second order in the departure).
    static let circularAreaBudget = 0.0025

    /// Largest area error of equal-area chords inside one pixel, as a multiple of r² θ³ (radius
    /// r in device pixels, chord angle θ). Along the arc, the signed area between arc and chord
    /// accumulated from a vertex returns to zero at the next vertex (each chord encloses exactly
    /// its sector); in between it stays within ±0.0080 r² θ³ on interior chords (the chord's
    /// radius R cos θ/2 / cos(φ − θ/2) against r, integrated over φ) and within
    /// [−0.0086, +0.0021] r² θ³ on the end chords. A pixel holds one stretch of arc, whose error
    /// is the difference of two such accumulations: at most 0.0172 r² θ³, however many whole
    /// chords lie between.
    static let chordAreaErrorFactor = 0.0172

    /// Chord angle for a circular corner of `radius` (outline units). When `areaExact`,
    /// `tolerance` is `areaExactDeviation` times the outline units of one device pixel, and
    /// θ keeps each pixel's error, `chordAreaErrorFactor` r² θ³, within `circularAreaBudget`:
    /// about 15 chords at r = 10 px where a 0.0015 px departure needs 37. Otherwise `tolerance`
    /// bounds the departure, outward at the vertices (r θ² / 12) and inward mid-chord
    /// (r θ² / 24). Never coarser than π/8.
    static func chordAngle(radius: Double, tolerance: Double, areaExact: Bool) -> Double {
        let theta: Double
        if areaExact {
            let pixels = radius * areaExactDeviation / tolerance
            theta = cbrt(circularAreaBudget / (chordAreaErrorFactor * pixels * pixels))
        } else {
            theta = (12 * tolerance / radius).squareRoot()
        }
        return min(Double.pi / 8, theta)
    }

    /// How far each corner's curve reaches along its edges.
    package var extents: SIMD4<Double> { continuous ? radii * ContinuousCorner.extent : radii }

    /// Core Animation's corners for a `width × height` box: `radius` clamped to half the shorter
    /// side, applied to the corners in `mask` (bits: min-X-min-Y 1, max-X-min-Y 2, min-X-max-Y 4,
    /// max-X-max-Y 8).
    package init(width: Double, height: Double, radius: Double, mask: UInt, continuous: Bool) {
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

    package init(radii: SIMD4<Double>, continuous: Bool) {
        self.radii = radii
        self.continuous = continuous
    }

    /// The corners of the same shape inset by `inset` on every side (a border's inner edge).
    package func inset(by inset: Double) -> CornerShape {
        CornerShape(radii: (radii - SIMD4(repeating: inset)).replacing(with: 0, where: radii .< SIMD4(repeating: inset)),
                    continuous: continuous)
    }
}

extension Outline {
    /// Adds the closed contour of a rounded rectangle, clockwise on a y-down screen, or
    /// counter-clockwise when `reversed` (a hole under the non-zero rule). When `areaExact`,
    /// `tolerance` is `CornerShape.areaExactDeviation` device pixels in the outline's units and
    /// every pixel's coverage is exact within 1/255; otherwise it is the largest distance between
    /// a flattened corner and its true curve.
    package mutating func addRoundedRect(x0: Double, y0: Double, x1: Double, y1: Double, corners: CornerShape,
                                 tolerance: Double, reversed: Bool = false, areaExact: Bool = true) {
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
                               continuous: corners.continuous, tolerance: tolerance, areaExact: areaExact)
            // The canonical corner runs from the vertical edge to the horizontal one; clockwise
            // travel meets the top-right and bottom-left corners the other way round.
            if k == 1 || k == 3 { reverseRange(cornerStart..<xs.count) }
        }
        if reversed { reverseRange(start..<xs.count) }
        closeContour()
    }

    private mutating func addCanonicalCorner(vertex v: SIMD2<Double>, ex: SIMD2<Double>, ey: SIMD2<Double>,
                                             radius r: Double, continuous: Bool, tolerance: Double,
                                             areaExact: Bool) {
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
            let theta = CornerShape.chordAngle(radius: r, tolerance: tolerance, areaExact: areaExact)
            addCircularCorner(vertex: v, ex: ex * r, ey: ey * r, chordAngle: theta)
        }
    }

    /// A quarter circle of unit radius about (1, 1) of the corner frame, from (0, 1) to (1, 0),
    /// as n equal-area chords of angle θ ≤ `chordAngle` (n θ = π/2), placed at `v` with the
    /// frame's axes `ex`, `ey` already scaled by the radius.
    ///
    /// The interior vertices sit at radius R = √(θ / sin θ) at angles θ, 2θ, …: each triangle
    /// from the centre, R² sin θ / 2, then has exactly its sector's area θ / 2. The end vertices
    /// lie on the straight edges, moved towards the corner by e = (θ − R sin θ) / (1 − R cos θ)
    /// (≈ θ / 5, outside the circle by only ≈ θ² / 50) so that the end chords enclose their
    /// sectors' area exactly too. Vertices are rotated by the step's (cos, sin), no trigonometry
    /// per vertex.
    private mutating func addCircularCorner(vertex v: SIMD2<Double>, ex: SIMD2<Double>, ey: SIMD2<Double>,
                                            chordAngle: Double) {
        @inline(__always) func place(_ p: SIMD2<Double>) -> SIMD2<Double> { v + ex * p.x + ey * p.y }
        let n = max(2, Int((Double.pi / 2 / chordAngle).rounded(.up)))
        let step = Double.pi / 2 / Double(n)
        let cosStep = cos(step), sinStep = sin(step)
        let outward = (step / sinStep).squareRoot()
        let endShift = (step - outward * sinStep) / (1 - outward * cosStep)
        var p = place(SIMD2(0, 1 - endShift))
        add(p.x, p.y)
        var c = outward * cosStep, s = outward * sinStep
        for _ in 1..<n {
            p = place(SIMD2(1 - c, 1 - s))
            add(p.x, p.y)
            (c, s) = (c * cosStep - s * sinStep, s * cosStep + c * sinStep)
        }
        p = place(SIMD2(1 - endShift, 0))
        add(p.x, p.y)
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
