import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderRaster

/// Records the coverage the rasterizer hands out, per device pixel.
private struct CoverageRecorder: CoveragePainter {
    var width: Int
    var values: [Float]

    init(width: Int, height: Int) {
        self.width = width
        values = [Float](repeating: 0, count: width * height)
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        for i in 0..<count { values[y * width + x0 + i] += coverage[i] }
    }

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }
    var total: Float { values.reduce(0, +) }
}

final class CoverageRasterizerTests: XCTestCase {
    /// The edges' sort must be stable (the order of equal tops decides the order of each cell's
    /// additions, so the coverage's last bits): it is checked against the standard library's
    /// stable sort on sequences shaped like outlines (rising and falling stretches, plateaus of
    /// equal tops) and on random ones with many ties.
    func testEdgesSortByTopStably() {
        var generator = SystemRandomNumberGenerator()
        var sequences: [[Float]] = [[], [3], [2, 1], [1, 1, 1], [5, 4, 3, 3, 2, 2, 1, 7, 8, 8, 6, 5, 5, 9]]
        // A rotated polygon's tops: falling, then rising, then falling again.
        sequences.append((0..<40).map { Float(abs(20 - (($0 + 7) % 40))) })
        for _ in 0..<200 {
            let n = Int.random(in: 2...90, using: &generator)
            sequences.append((0..<n).map { _ in Float(Int.random(in: 0...6, using: &generator)) })
        }
        for tops in sequences {
            let count = tops.count
            let edges = UnsafeMutablePointer<CoverageRasterizer.Edge>.allocate(capacity: max(count, 1))
            let scratch = UnsafeMutablePointer<CoverageRasterizer.Edge>.allocate(capacity: max(count, 1))
            defer { edges.deallocate(); scratch.deallocate() }
            // x0 remembers each edge's place in the outline.
            for (k, top) in tops.enumerated() { edges[k] = .init(x0: Float(k), y0: top, x1: 0, y1: top + 1, dir: 1) }
            CoverageRasterizer.sortByTop(edges, count: count, scratch: scratch)
            let expected = tops.enumerated().sorted { $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset) }
            XCTAssertEqual((0..<count).map { Int(edges[$0].x0) }, expected.map(\.offset), "tops \(tops)")
        }
    }

    private func rasterize(_ build: (inout Outline) -> Void, rule: FillRule = .nonZero, width: Int = 40, height: Int = 40,
                           clip: IntRect? = nil) -> CoverageRecorder {
        var shape = Outline()
        build(&shape)
        var recorder = CoverageRecorder(width: width, height: height)
        CoverageRasterizer().fill(shape, rule: rule, clip: clip ?? IntRect(x0: 0, y0: 0, x1: width, y1: height),
                                  painter: &recorder)
        return recorder
    }

    func testRectangleCoverageIsTheCoveredArea() {
        let c = rasterize { $0.addRect(x0: 10.25, y0: 5.5, x1: 20.75, y1: 8) }
        XCTAssertEqual(c[10, 6], 0.75, accuracy: 1e-5)
        XCTAssertEqual(c[20, 6], 0.75, accuracy: 1e-5)
        XCTAssertEqual(c[15, 5], 0.5, accuracy: 1e-5)
        XCTAssertEqual(c[10, 5], 0.375, accuracy: 1e-5)
        XCTAssertEqual(c[15, 7], 1)
        XCTAssertEqual(c[9, 6], 0)
        XCTAssertEqual(c[21, 6], 0)
        XCTAssertEqual(c[15, 8], 0)
        XCTAssertEqual(c.total, 10.5 * 2.5, accuracy: 1e-3)
    }

    func testTriangleTotalIsItsArea() {
        // Vertices at arbitrary sub-pixel positions; exact-area coverage sums to the area.
        let c = rasterize { s in s.add(3.3, 2.7); s.add(31.9, 11.2); s.add(12.4, 35.05); s.closeContour() }
        let ux: Double = 31.9 - 3.3, uy: Double = 11.2 - 2.7, vx: Double = 12.4 - 3.3, vy: Double = 35.05 - 2.7
        let area = abs(ux * vy - vx * uy) / 2
        XCTAssertEqual(Double(c.total), area, accuracy: 1e-2)
        XCTAssertEqual(c[15, 12], 1)
        XCTAssertTrue(c.values.allSatisfy { $0 >= 0 && $0 <= 1.0001 })
    }

    func testShapesSharingAnEdgeLeaveNoGap() {
        // Two triangles splitting a square along a diagonal: coverages add to exactly 1.
        let a = rasterize { s in s.add(5, 5); s.add(30.5, 5); s.add(5, 27.3); s.closeContour() }
        let b = rasterize { s in s.add(30.5, 5); s.add(30.5, 27.3); s.add(5, 27.3); s.closeContour() }
        for y in 5..<27 {
            for x in 5..<30 {
                XCTAssertEqual(a[x, y] + b[x, y], 1, accuracy: 1e-4, "(\(x), \(y))")
            }
        }
    }

    func testFillRules() {
        // Two overlapping squares wound the same way: the overlap is inside for non-zero and
        // outside for even-odd; a reversed inner square is a hole for both.
        let overlapping: (inout Outline) -> Void = { s in
            s.addRect(x0: 2, y0: 2, x1: 20, y1: 20)
            s.addRect(x0: 10, y0: 10, x1: 30, y1: 30)
        }
        let nonZero = rasterize(overlapping, rule: .nonZero)
        let evenOdd = rasterize(overlapping, rule: .evenOdd)
        XCTAssertEqual(nonZero[15, 15], 1)
        XCTAssertEqual(evenOdd[15, 15], 0)
        XCTAssertEqual(evenOdd[5, 5], 1)
        XCTAssertEqual(evenOdd[25, 25], 1)
        let hole = rasterize { s in
            s.addRect(x0: 2, y0: 2, x1: 30, y1: 30)
            s.addRoundedRect(x0: 10, y0: 10, x1: 20, y1: 20, corners: .square, tolerance: 0.1, reversed: true)
        }
        XCTAssertEqual(hole[15, 15], 0)
        XCTAssertEqual(hole[5, 15], 1)
    }

    func testClippingKeepsCoverageExact() {
        // A shape hanging over every side of the clip: inside the clip nothing changes.
        let full = rasterize { s in s.add(-50, -20); s.add(70, 3.5); s.add(25.25, 90); s.closeContour() }
        let clipped = rasterize({ s in s.add(-50, -20); s.add(70, 3.5); s.add(25.25, 90); s.closeContour() },
                                clip: IntRect(x0: 8, y0: 6, x1: 31, y1: 33))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 8 && x < 31 && y >= 6 && y < 33
                XCTAssertEqual(clipped[x, y], inside ? full[x, y] : 0, accuracy: 1e-4, "(\(x), \(y))")
            }
        }
    }

    func testCircleFlattenedWithinAnEighthOfAPixel() {
        var outline = Outline()
        outline.add(30, 20)
        outline.addArc(center: SIMD2(20, 20), radius: 10, from: 0, to: 2 * .pi, tolerance: 0.125)
        // Every chord's midpoint stays within the tolerance of the circle.
        for i in 0..<(outline.pointCount - 1) {
            let mx = (outline.xs[i] + outline.xs[i + 1]) / 2 - 20, my = (outline.ys[i] + outline.ys[i + 1]) / 2 - 20
            XCTAssertLessThanOrEqual(10 - (mx * mx + my * my).squareRoot(), 0.125 + 1e-9)
        }
        var cubic = Outline()
        cubic.add(0, 0)
        let p0 = SIMD2<Double>(0, 0), p1 = SIMD2<Double>(10, 40), p2 = SIMD2<Double>(30, -20), p3 = SIMD2<Double>(40, 10)
        cubic.addCubic(from: p0, p1, p2, p3, tolerance: 0.125)
        // Compare each segment's midpoint with the curve at the matching parameter.
        let n = cubic.pointCount - 1
        for i in 0..<n {
            let t = (Double(i) + 0.5) / Double(n), u = 1 - t
            let p = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            let m = SIMD2((cubic.xs[i] + cubic.xs[i + 1]) / 2, (cubic.ys[i] + cubic.ys[i + 1]) / 2)
            XCTAssertLessThanOrEqual(((p - m) * (p - m)).sum().squareRoot(), 0.125 + 1e-9)
        }
    }

    func testRoundedRectangleArea() {
        // A circular rounded rectangle's area is w·h − (4 − π)·r²; at the compositor's 1/8 pixel
        // tolerance the flattened corners straddle the arcs, so the area stays close.
        let c = rasterize { $0.addRoundedRect(x0: 4.5, y0: 3.25, x1: 36.5, y1: 27.25, corners: CornerShape(
            width: 32, height: 24, radius: 9, mask: 15, continuous: false), tolerance: 0.125) }
        let arcLength = 2 * Double.pi * 9
        XCTAssertEqual(Double(c.total), 32 * 24 - (4 - Double.pi) * 81, accuracy: 0.125 / 3 * arcLength)
    }

    func testCornerRadiusIsClampedToHalfTheShorterSide() {
        let shape = CornerShape(width: 60, height: 40, radius: 100, mask: 15, continuous: false)
        XCTAssertEqual(shape.radii, SIMD4(repeating: 20))
        let masked = CornerShape(width: 60, height: 40, radius: 10, mask: 1 | 8, continuous: false)
        XCTAssertEqual(masked.radii, SIMD4(10, 0, 10, 0))  // top-left and bottom-right
    }
}

final class RectangleCoverageTests: XCTestCase {
    func testRectangleFastPathMatchesTheAccumulatingRasterizer() {
        for (x0, y0, x1, y1) in [(10.25, 5.5, 20.75, 8.0), (-5.0, -3.0, 50.0, 60.0), (3.3, 4.6, 3.9, 30.2), (7.0, 7.0, 9.0, 9.0)] {
            var shape = Outline()
            shape.addRect(x0: x0, y0: y0, x1: x1, y1: y1)
            XCTAssertNotNil(shape.axisAlignedRectangle)
            let clip = IntRect(x0: 0, y0: 0, x1: 40, y1: 40)
            var general = Recorder(), fast = Recorder()
            let rasterizer = CoverageRasterizer()
            rasterizer.fill(shape, rule: .nonZero, clip: clip, painter: &general)
            rasterizer.fillRectangle(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, painter: &fast)
            for i in 0..<(40 * 40) { XCTAssertEqual(general.values[i], fast.values[i], accuracy: 1e-4, "\(x0) \(y0): \(i)") }
        }
        var rotated = Outline()
        rotated.add(0, 0); rotated.add(10, 1); rotated.add(9, 11); rotated.add(-1, 10); rotated.closeContour()
        XCTAssertNil(rotated.axisAlignedRectangle)
    }

    private struct Recorder: CoveragePainter {
        var values = [Float](repeating: 0, count: 40 * 40)
        mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
            for i in 0..<count { values[y * 40 + x0 + i] += coverage[i] }
        }
    }
}
