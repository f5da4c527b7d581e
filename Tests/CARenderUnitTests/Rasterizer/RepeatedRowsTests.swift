import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderRaster
import CARenderTestSupport

/// Records every pixel's coverage, fully covered runs as 1, and how often each pixel was painted.
private struct CoverageGrid: CoveragePainter {
    let width: Int
    var values: [Float]
    var paints: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        values = [Float](repeating: 0, count: width * height)
        paints = [UInt8](repeating: 0, count: width * height)
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        for i in 0..<count {
            values[y * width + x0 + i] += coverage[i]
            paints[y * width + x0 + i] &+= 1
        }
    }

    mutating func paintFull(row y: Int, x0: Int, count: Int) {
        for i in 0..<count {
            values[y * width + x0 + i] += 1
            paints[y * width + x0 + i] &+= 1
        }
    }
}

/// Rows that only vertical edges cross are painted from the runs of the row above: the coverage
/// must be the same, to the bit, as sweeping every row.
final class RepeatedRowsTests: XCTestCase {
    private let width = 64, height = 48

    /// The shape's coverage with and without repeated rows, and how many rows were repeated.
    private func both(_ shape: Outline, rule: FillRule = .nonZero, clip: IntRect? = nil)
        -> (swept: CoverageGrid, repeated: CoverageGrid, repeatedRows: Int) {
        let clip = clip ?? IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let rasterizer = CoverageRasterizer()
        var swept = CoverageGrid(width: width, height: height)
        rasterizer.reusesRepeatedRows = false
        rasterizer.fill(shape, rule: rule, clip: clip, painter: &swept)
        XCTAssertEqual(rasterizer.repeatedRowCount, 0)
        var repeated = CoverageGrid(width: width, height: height)
        rasterizer.reusesRepeatedRows = true
        rasterizer.fill(shape, rule: rule, clip: clip, painter: &repeated)
        return (swept, repeated, rasterizer.repeatedRowCount)
    }

    private func assertSame(_ r: (swept: CoverageGrid, repeated: CoverageGrid, repeatedRows: Int), _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<r.swept.values.count where r.swept.values[i] != r.repeated.values[i] || r.swept.paints[i] != r.repeated.paints[i] {
            XCTFail("\(what): pixel (\(i % width), \(i / width)) \(r.swept.values[i]) swept, \(r.repeated.values[i]) repeated",
                    file: file, line: line)
            return
        }
    }

    func testRoundedRectangleMiddleRowsRepeatExactly() {
        var shape = Outline()
        shape.addRoundedRect(x0: 5.3, y0: 4.6, x1: 50.8, y1: 40.2, corners: CornerShape(radii: SIMD4(repeating: 6.5), continuous: false),
                             tolerance: CornerShape.areaExactDeviation)
        let r = both(shape)
        assertSame(r, "rounded rectangle")
        // Rows 12 ..< 33 lie wholly between the corners (y 4.6 + 6.5 to 40.2 − 6.5): the first
        // is swept, the rest repeat it (the corners' end vertices sit a little past the arcs'
        // ends, so one more row on each side may repeat too).
        XCTAssertGreaterThanOrEqual(r.repeatedRows, 20)
        XCTAssertLessThanOrEqual(r.repeatedRows, 22)
        XCTAssertEqual(r.repeated.values[20 * width + 5], 0.7, accuracy: 1e-5)
        XCTAssertEqual(r.repeated.values[20 * width + 50], 0.8, accuracy: 1e-5)
        XCTAssertEqual(r.repeated.values[20 * width + 20], 1)
    }

    func testBorderRingRepeatsItsMiddleRows() {
        var shape = Outline()
        let corners = CornerShape(radii: SIMD4(repeating: 8), continuous: true)
        shape.addRoundedRect(x0: 3.25, y0: 2.5, x1: 60.75, y1: 45.5, corners: corners, tolerance: CornerShape.areaExactDeviation)
        shape.addRoundedRect(x0: 5.25, y0: 4.5, x1: 58.75, y1: 43.5, corners: corners.inset(by: 2),
                             tolerance: CornerShape.areaExactDeviation, reversed: true)
        let r = both(shape)
        assertSame(r, "border ring")
        XCTAssertGreaterThan(r.repeatedRows, 15)
        XCTAssertEqual(r.repeated.values[24 * width + 30], 0, "the ring's hole")
        XCTAssertEqual(r.repeated.values[24 * width + 4], 1)
    }

    func testRandomRoundedRectanglesAndRingsMatchSweepingEveryRow() {
        var generator = SplitMix64(seed: 0x5EED)
        for trial in 0..<300 {
            let x0 = generator.next(in: -20...50), y0 = generator.next(in: -20...40)
            let x1 = x0 + generator.next(in: 0.5...60), y1 = y0 + generator.next(in: 0.5...50)
            let radius = generator.next(in: 0...20)
            let corners = CornerShape(width: x1 - x0, height: y1 - y0, radius: radius, mask: UInt(trial % 16),
                                      continuous: trial % 3 == 0)
            var shape = Outline()
            shape.addRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, corners: corners, tolerance: CornerShape.areaExactDeviation)
            let w = generator.next(in: 0.3...6)
            if trial % 2 == 0, x1 - x0 > 2 * w, y1 - y0 > 2 * w {
                shape.addRoundedRect(x0: x0 + w, y0: y0 + w, x1: x1 - w, y1: y1 - w, corners: corners.inset(by: w),
                                     tolerance: CornerShape.areaExactDeviation, reversed: true)
            }
            // Now and then a clip inside the canvas, cutting the shape.
            let clip = trial % 5 == 0 ? IntRect(x0: 7, y0: 3, x1: 41, y1: 30) : nil
            assertSame(both(shape, rule: trial % 7 == 0 ? .evenOdd : .nonZero, clip: clip), "trial \(trial)")
        }
    }

    func testVerticalEdgesStartingInsideTheShapeEndTheRepeats() {
        // A stair: two rectangles of different widths, one above the other, in one contour, and a
        // second contour whose vertical edges start at an integer row in the first's middle.
        var shape = Outline()
        shape.add(4, 2); shape.add(30.5, 2); shape.add(30.5, 20); shape.add(44.25, 20); shape.add(44.25, 40)
        shape.add(4, 40); shape.closeContour()
        shape.addRect(x0: 50.5, y0: 10, x1: 60, y1: 30.5)
        let r = both(shape)
        assertSame(r, "stair")
        XCTAssertEqual(r.repeated.values[25 * width + 40], 1)
        XCTAssertEqual(r.repeated.values[10 * width + 40], 0)
        XCTAssertEqual(r.repeated.values[15 * width + 50], 0.5)
        XCTAssertEqual(r.repeated.values[30 * width + 55], 0.5)
    }

    func testHugeAndNonFiniteGeometry() {
        var huge = Outline()
        huge.addRoundedRect(x0: -1e12, y0: -3e11, x1: 1e12, y1: 2e12, corners: CornerShape(radii: SIMD4(repeating: 1e10), continuous: false),
                            tolerance: 1e9)
        let r = both(huge)
        assertSame(r, "huge")
        XCTAssertTrue(r.repeated.values.allSatisfy { $0 == 1 }, "a shape beyond every side covers the canvas")
        var nonFinite = Outline()
        nonFinite.add(3, 3); nonFinite.add(.nan, 5); nonFinite.add(40, 30); nonFinite.add(3, 30); nonFinite.closeContour()
        assertSame(both(nonFinite), "NaN vertex")
        var infinite = Outline()
        infinite.add(3, 3); infinite.add(.infinity, 3); infinite.add(20, 30); infinite.add(3, 30); infinite.closeContour()
        assertSame(both(infinite), "infinite vertex")
    }
}
