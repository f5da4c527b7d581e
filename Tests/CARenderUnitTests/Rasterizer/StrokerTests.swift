import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderRaster

/// The stroker against oracles computed here, independently of it: a dense polyline of each
/// centre line (evaluated from the Bézier and circle formulas directly), distances to it, and arc
/// lengths summed along it.
final class StrokerTests: XCTestCase {
    // MARK: - Oracle helpers

    /// A centre line sampled densely enough that its chords are within 1e-4 of the curve, with
    /// the arc length at each sample.
    fileprivate struct DensePolyline {
        var points: [SIMD2<Double>] = []
        var lengths: [Double] = []

        mutating func append(_ p: SIMD2<Double>) {
            if let last = points.last {
                let d = p - last
                lengths.append(lengths.last! + (d * d).sum().squareRoot())
            } else {
                lengths.append(lengths.last ?? 0)
            }
            points.append(p)
        }

        /// The distance from `p` to the polyline.
        func distance(to p: SIMD2<Double>) -> Double {
            var best = Double.infinity
            for i in 1..<points.count {
                let a = points[i - 1], b = points[i]
                let ab = b - a, ap = p - a
                let l2 = (ab * ab).sum()
                let t = l2 > 0 ? min(max((ap * ab).sum() / l2, 0), 1) : 0
                let q = ap - t * ab
                best = min(best, (q * q).sum())
            }
            return best.squareRoot()
        }

        /// The point `s` along the polyline.
        func point(atLength s: Double) -> SIMD2<Double> {
            var i = 1
            while i < points.count - 1 && lengths[i] < s { i += 1 }
            let span = lengths[i] - lengths[i - 1]
            let t = span > 0 ? (s - lengths[i - 1]) / span : 0
            return points[i - 1] + t * (points[i] - points[i - 1])
        }

        var length: Double { lengths.last ?? 0 }
    }

    private static let samplesPerCurve = 1_000

    private func cubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                       into line: inout DensePolyline) {
        for i in 0...Self.samplesPerCurve {
            let t = Double(i) / Double(Self.samplesPerCurve), u = 1 - t
            line.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
        }
    }

    private func quad(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, into line: inout DensePolyline) {
        for i in 0...Self.samplesPerCurve {
            let t = Double(i) / Double(Self.samplesPerCurve), u = 1 - t
            line.append(u * u * p0 + 2 * u * t * p1 + t * t * p2)
        }
    }

    private func circleArc(center: SIMD2<Double>, radius: Double, from a0: Double, to a1: Double,
                           into line: inout DensePolyline) {
        for i in 0...Self.samplesPerCurve {
            let a = a0 + (a1 - a0) * Double(i) / Double(Self.samplesPerCurve)
            line.append(center + radius * SIMD2(cos(a), sin(a)))
        }
    }

    /// The non-zero winding number of `outline` around `p`.
    private func winding(_ outline: Outline, _ p: SIMD2<Double>) -> Int {
        var w = 0
        var start = 0
        for end in outline.contourEnds {
            for i in start..<end {
                let j = i + 1 < end ? i + 1 : start
                let (x0, y0, x1, y1) = (outline.xs[i], outline.ys[i], outline.xs[j], outline.ys[j])
                if y0 <= p.y {
                    if y1 > p.y && (x1 - x0) * (p.y - y0) - (p.x - x0) * (y1 - y0) > 0 { w += 1 }
                } else if y1 <= p.y && (x1 - x0) * (p.y - y0) - (p.x - x0) * (y1 - y0) < 0 {
                    w -= 1
                }
            }
            start = end
        }
        return w
    }

    private func stroke(_ path: CGPath, _ style: StrokeStyle, tolerance: Double = 0.05) -> Outline {
        var outline = Outline()
        Stroker().stroke(PathMeasure(path: path), style: style, tolerance: tolerance, into: &outline)
        return outline
    }

    /// With round caps and joins a stroke is exactly the set of points within half the line
    /// width of the centre line: checks that on a grid, away from a band of `margin` around the
    /// boundary.
    private func assertRoundStrokeMatchesDistance(_ path: CGPath, centre: DensePolyline, width: Double,
                                                  tolerance: Double = 0.05, file: StaticString = #filePath, line: UInt = #line) {
        let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
        let outline = stroke(path, style, tolerance: tolerance)
        XCTAssertFalse(outline.isEmpty, file: file, line: line)
        let margin = 2 * tolerance
        let box = path.boundingBoxOfPath.insetBy(dx: -width, dy: -width)
        var checked = 0, wrong = 0
        var y = Double(box.minY) + 0.37
        while y < Double(box.maxY) {
            var x = Double(box.minX) + 0.11
            while x < Double(box.maxX) {
                let p = SIMD2(x, y)
                let d = centre.distance(to: p)
                if abs(d - width / 2) > margin {
                    checked += 1
                    if (winding(outline, p) != 0) != (d < width / 2) { wrong += 1 }
                }
                x += 1.57
            }
            y += 1.51
        }
        XCTAssertGreaterThan(checked, 300, file: file, line: line)
        XCTAssertEqual(wrong, 0, "points on the wrong side of the stroke", file: file, line: line)

        // No vertex lies outside the stroke, and every edge between vertices on its boundary (half
        // the width from the curve) stays within tolerance of that boundary.
        var start = 0
        for end in outline.contourEnds {
            for i in start..<end {
                let j = i + 1 < end ? i + 1 : start
                let a = SIMD2(outline.xs[i], outline.ys[i]), b = SIMD2(outline.xs[j], outline.ys[j])
                let da = centre.distance(to: a), db = centre.distance(to: b)
                XCTAssertLessThan(da, width / 2 + 1e-3, "vertex \(a) is \(da) from the curve", file: file, line: line)
                if abs(da - width / 2) < 1e-3 && abs(db - width / 2) < 1e-3 {
                    let dm = centre.distance(to: (a + b) / 2)
                    XCTAssertLessThanOrEqual(width / 2 - dm, tolerance + 1e-3, file: file, line: line)
                }
            }
            start = end
        }
    }

    // MARK: - Offsets, caps and joins against the distance oracle

    func testCubicStrokeIsTheSetWithinHalfTheWidth() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 60))
        path.addCurve(to: CGPoint(x: 110, y: 40), control1: CGPoint(x: 20, y: -20), control2: CGPoint(x: 90, y: 120))
        var centre = DensePolyline()
        cubic(SIMD2(10, 60), SIMD2(20, -20), SIMD2(90, 120), SIMD2(110, 40), into: &centre)
        assertRoundStrokeMatchesDistance(path, centre: centre, width: 12)
    }

    func testQuadraticAndLinesWithSharpCornersStroke() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addQuadCurve(to: CGPoint(x: 90, y: 20), control: CGPoint(x: 50, y: 90))
        path.addLine(to: CGPoint(x: 20, y: 30))      // a sharp turn back
        path.addLine(to: CGPoint(x: 60, y: 5))
        var centre = DensePolyline()
        quad(SIMD2(10, 10), SIMD2(50, 90), SIMD2(90, 20), into: &centre)
        centre.append(SIMD2(20, 30))
        centre.append(SIMD2(60, 5))
        assertRoundStrokeMatchesDistance(path, centre: centre, width: 9)
    }

    func testArcStrokeFollowsTheCircle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0.3, endAngle: 4.5, clockwise: false)
        var centre = DensePolyline()
        circleArc(center: SIMD2(50, 50), radius: 30, from: 0.3, to: 4.5, into: &centre)
        assertRoundStrokeMatchesDistance(path, centre: centre, width: 14)
    }

    func testClosedEllipseStrokeIsARing() {
        let path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        var centre = DensePolyline()
        circleArc(center: SIMD2(50, 50), radius: 30, from: 0, to: 2 * .pi, into: &centre)
        assertRoundStrokeMatchesDistance(path, centre: centre, width: 8)
        // The hole is empty: a closed subpath has no caps reaching into it.
        let outline = stroke(path, StrokeStyle(lineWidth: 8, lineCap: .round, lineJoin: .round))
        XCTAssertEqual(winding(outline, SIMD2(50, 50)), 0)
    }

    func testMiterBevelAndSquareCapsOnARightAngle() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let miter = stroke(path, StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .miter))
        // The region: [0, 105] × [−5, 5] ∪ [95, 105] × [−5, 100].
        for y in stride(from: -9.5, through: 104.5, by: 1.0) {
            for x in stride(from: -4.5, through: 109.5, by: 1.0) {
                let inside = (x > 0 && x < 105 && y > -5 && y < 5) || (x > 95 && x < 105 && y > -5 && y < 100)
                XCTAssertEqual(winding(miter, SIMD2(x, y)) != 0, inside, "miter at (\(x), \(y))")
            }
        }
        let bevel = stroke(path, StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .bevel))
        // The bevel cuts the outer corner along the line from (100, −5) to (105, 0).
        XCTAssertEqual(winding(bevel, SIMD2(104, -4)), 0)
        XCTAssertNotEqual(winding(bevel, SIMD2(102, -2)), 0)
        let square = stroke(path, StrokeStyle(lineWidth: 10, lineCap: .square, lineJoin: .miter))
        XCTAssertNotEqual(winding(square, SIMD2(-4.5, 0)), 0)
        XCTAssertEqual(winding(square, SIMD2(-5.5, 0)), 0)
        XCTAssertNotEqual(winding(square, SIMD2(100, 104.5)), 0)
        XCTAssertEqual(winding(square, SIMD2(100, 105.5)), 0)
    }

    func testMiterLimitSwitchesToBevel() {
        // A 60° corner: the miter is 1 / sin(30°) = 2 line widths long.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100 - 100 * cos(CGFloat.pi / 3), y: 100 * sin(CGFloat.pi / 3)))
        // The tip lies on the corner's outer bisector, (w/2) / cos(60°) = 10 from the corner.
        let tip = SIMD2(100 + 10 * cos(Double.pi / 6), -10 * sin(Double.pi / 6))
        let nearTip = SIMD2(100, 0) + 0.97 * (tip - SIMD2(100, 0))
        let allowed = stroke(path, StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 2.01))
        XCTAssertNotEqual(winding(allowed, nearTip), 0)
        let limited = stroke(path, StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 1.99))
        XCTAssertEqual(winding(limited, nearTip), 0)
    }

    // MARK: - Dashes and trimming by arc length

    /// Checks points along the centre line: painted exactly where `painted(s)` says, away from
    /// `margin` of each change.
    private func assertPainted(_ outline: Outline, along centre: DensePolyline, margin: Double = 0.2,
                               _ painted: (Double) -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        var s = 0.0
        var checked = 0
        while s <= centre.length {
            let here = painted(s)
            if painted(s - margin) == here && painted(s + margin) == here {
                checked += 1
                let p = centre.point(atLength: s)
                XCTAssertEqual(winding(outline, p) != 0, here, "at arc length \(s), \(p)", file: file, line: line)
            }
            s += 0.25
        }
        XCTAssertGreaterThan(checked, 50, file: file, line: line)
    }

    func testDashesFollowTheCircleByArcLength() {
        let path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 100, height: 100), transform: nil)
        var centre = DensePolyline()
        circleArc(center: SIMD2(60, 60), radius: 50, from: 0, to: 2 * .pi, into: &centre)
        let outline = stroke(path, StrokeStyle(lineWidth: 3, dashPattern: [20, 10], dashPhase: 5))
        assertPainted(outline, along: centre) { s in
            let u = (s + 5).truncatingRemainder(dividingBy: 30)
            return s >= 0 && s <= centre.length && u < 20
        }
    }

    func testDashesFollowACubicByArcLengthAndOddPatternsRepeat() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 50))
        path.addCurve(to: CGPoint(x: 200, y: 50), control1: CGPoint(x: 50, y: -50), control2: CGPoint(x: 150, y: 150))
        var centre = DensePolyline()
        cubic(SIMD2(0, 50), SIMD2(50, -50), SIMD2(150, 150), SIMD2(200, 50), into: &centre)
        // [7, 3, 5] repeats as [7, 3, 5, 7, 3, 5]: on 7, off 3, on 5, off 7, on 3, off 5.
        let outline = stroke(path, StrokeStyle(lineWidth: 2, dashPattern: [7, 3, 5]))
        let on: [(Double, Double)] = [(0, 7), (10, 15), (22, 25)]
        assertPainted(outline, along: centre) { s in
            let u = s.truncatingRemainder(dividingBy: 30)
            return s >= 0 && s <= centre.length && on.contains { u >= $0.0 && u < $0.1 }
        }
    }

    func testStrokeStartAndEndMeasureTheWholePathAcrossSubpaths() {
        // Two subpaths of lengths 100 and 50: 0.2…0.9 of 150 is 30…135, so the first from 30 to
        // its end and the second up to 35.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 100, y: 10))
        path.move(to: CGPoint(x: 0, y: 40))
        path.addLine(to: CGPoint(x: 50, y: 40))
        let outline = stroke(path, StrokeStyle(lineWidth: 4, start: 0.2, end: 0.9))
        for x in stride(from: 0.5, to: 100, by: 1.0) {
            XCTAssertEqual(winding(outline, SIMD2(x, 10)) != 0, x > 30, "first subpath at \(x)")
        }
        for x in stride(from: 0.5, to: 50, by: 1.0) {
            XCTAssertEqual(winding(outline, SIMD2(x, 40)) != 0, x < 35, "second subpath at \(x)")
        }
    }

    func testStrokeEndOnAnArcIsMeasuredOnTheCircle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 60, y: 60), radius: 40, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        var centre = DensePolyline()
        circleArc(center: SIMD2(60, 60), radius: 40, from: -.pi / 2, to: 3 * .pi / 2, into: &centre)
        let outline = stroke(path, StrokeStyle(lineWidth: 6, start: 0.1, end: 0.65))
        let total = 2 * Double.pi * 40
        assertPainted(outline, along: centre) { s in s >= 0.1 * total && s <= 0.65 * total }
    }

    func testZeroLengthDashesWithRoundCapsAreDots() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        let dots = stroke(path, StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [0, 20]))
        XCTAssertEqual(dots.contourEnds.count, 6)    // at 0, 20, 40, 60, 80, 100
        for x in stride(from: 0.0, through: 100, by: 20) {
            XCTAssertNotEqual(winding(dots, SIMD2(x + 2.9, 0)), 0)
            XCTAssertEqual(winding(dots, SIMD2(x + 3.1, 0)), 0)
        }
        let none = stroke(path, StrokeStyle(lineWidth: 6, lineCap: .butt, dashPattern: [0, 20]))
        XCTAssertTrue(none.isEmpty)
    }

    func testEmptyTrimAndZeroWidthDrawNothing() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertTrue(stroke(path, StrokeStyle(lineWidth: 2, start: 0.5, end: 0.5)).isEmpty)
        XCTAssertTrue(stroke(path, StrokeStyle(lineWidth: 2, start: 0.7, end: 0.2)).isEmpty)
        XCTAssertTrue(stroke(path, StrokeStyle(lineWidth: 0)).isEmpty)
    }
}

extension StrokerTests {
    /// Records coverage per pixel.
    private struct Coverage: CoveragePainter {
        var width: Int
        var values: [Float]
        mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
            for i in 0..<count { values[y * width + x0 + i] = coverage[i] }
        }
    }

    /// A stroke wider than the curve's diameter: the inner offset folds over the centre. The
    /// rasterized coverage is still full everywhere within the half width of the curve (an
    /// exact-area rasterizer would cancel regions of opposite winding if the outline kept them).
    func testStrokeWiderThanTheCurvatureStaysSolid() {
        for (join, cap) in [(CGLineJoin.round, CGLineCap.round), (.miter, .butt), (.bevel, .square)] {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 30))
            path.addLine(to: CGPoint(x: 25, y: 30))
            path.addArc(center: CGPoint(x: 30, y: 30), radius: 5, startAngle: .pi, endAngle: 0, clockwise: false)
            path.addLine(to: CGPoint(x: 50, y: 30))
            var outline = Outline()
            Stroker().stroke(PathMeasure(path: path), style: StrokeStyle(lineWidth: 24, lineCap: cap, lineJoin: join),
                             tolerance: 0.05, into: &outline)
            var coverage = Coverage(width: 60, values: [Float](repeating: 0, count: 3600))
            CoverageRasterizer().fill(outline, rule: .nonZero, clip: IntRect(x0: 0, y0: 0, x1: 60, y1: 60), painter: &coverage)
            var centre = DensePolyline()
            centre.append(SIMD2(10, 30))
            circleArcPoints(into: &centre)
            centre.append(SIMD2(50, 30))
            // Round joins and caps: the stroke is every point within the half width. Otherwise at
            // least the disc of radius 6.5 round the arc's centre, which the normals of the arc
            // sweep (they reach 7 past the centre): the region the folded offset used to cancel.
            var holes = 0
            for y in 0..<60 {
                for x in 0..<60 {
                    let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                    let inside = join == .round ? centre.distance(to: p) < 12 - 1
                                                : ((p - SIMD2(30, 30)) * (p - SIMD2(30, 30))).sum() < 6.5 * 6.5
                    if inside && coverage.values[y * 60 + x] < 0.99 { holes += 1 }
                }
            }
            XCTAssertEqual(holes, 0, "pixels inside the stroke not fully covered (\(join), \(cap))")
        }
    }

    private func circleArcPoints(into line: inout DensePolyline) {
        for i in 0...1000 {
            let a = Double.pi + Double.pi * Double(i) / 1000
            line.append(SIMD2(30 + 5 * cos(a), 30 + 5 * sin(a)))
        }
    }
}
