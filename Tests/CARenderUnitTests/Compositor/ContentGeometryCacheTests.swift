import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderRaster
@testable import CARenderModel
@testable import CARenderCompositor
import CARenderTestSupport

/// A shape or gradient layer that does not change is not re-measured, re-stroked or re-ramped:
/// once warm, looking its geometry up allocates nothing.
final class ContentGeometryCacheTests: XCTestCase {
    func testWarmLookupsDoNotAllocate() {
        let cache = ContentGeometryCache()
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 5, clockwise: false)
        var style = ShapeStroke()
        style.lineWidth = 6
        style.lineCap = .round
        style.lineJoin = .round
        style.lineDashPattern = [8, 4]
        style.strokeStart = 0.1
        style.strokeEnd = 0.9
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        var outline = Outline()
        let locations: [CGFloat] = [0, 1]
        // Two rounds of warm-up: the first fills the cache, the second takes the hit path once
        // (the runtime sets up the types it compares with on first use).
        for _ in 0..<2 {
            outline.removeAll()
            cache.appendStroke(of: path, stroke: style, tolerance: 0.125, to: &outline)
            _ = cache.ramp(colors: colors, locations: locations, opacity: 1)
        }
        let first = outline
        outline.removeAll()
        let strokeAllocations = countingAllocations {
            cache.appendStroke(of: path, stroke: style, tolerance: 0.125, to: &outline)
        }
        let rampAllocations = countingAllocations {
            _ = cache.ramp(colors: colors, locations: locations, opacity: 1)
        }
        XCTAssertEqual(strokeAllocations, 0)
        XCTAssertEqual(rampAllocations, 0)
        XCTAssertEqual(outline.xs, first.xs)
        XCTAssertEqual(outline.contourEnds, first.contourEnds)
    }

    func testAChangedStyleOrPathIsStrokedAfresh() {
        let cache = ContentGeometryCache()
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        var thin = Outline(), thick = Outline(), other = Outline()
        let thinStyle = ShapeStroke()
        var thickStyle = ShapeStroke()
        thickStyle.lineWidth = 4
        cache.appendStroke(of: path, stroke: thinStyle, tolerance: 0.125, to: &thin)
        cache.appendStroke(of: path, stroke: thickStyle, tolerance: 0.125, to: &thick)
        XCTAssertNotEqual(thin.bounds?.minX, thick.bounds?.minX)
        let moved = CGPath(rect: CGRect(x: 5, y: 0, width: 10, height: 10), transform: nil)
        cache.appendStroke(of: moved, stroke: thinStyle, tolerance: 0.125, to: &other)
        XCTAssertEqual(other.bounds?.minX, 4.5)
    }

    /// The cache key is the layer's whole `ShapeStroke`: a field that changes nothing the hash
    /// sees (a cap, a dash pattern) still strokes afresh.
    func testEveryStrokeFieldIsPartOfTheKey() {
        let cache = ContentGeometryCache()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 20, y: 0))
        var butt = ShapeStroke()
        butt.lineWidth = 4
        var square = butt
        square.lineCap = .square
        var dashed = butt
        dashed.lineDashPattern = [5, 5]
        var a = Outline(), b = Outline(), c = Outline()
        cache.appendStroke(of: path, stroke: butt, tolerance: 0.125, to: &a)
        cache.appendStroke(of: path, stroke: square, tolerance: 0.125, to: &b)
        cache.appendStroke(of: path, stroke: dashed, tolerance: 0.125, to: &c)
        XCTAssertEqual(a.bounds?.minX, 0)
        XCTAssertEqual(b.bounds?.minX, -2, "a square cap reaches half the width past the end")
        XCTAssertEqual(a.contourEnds.count, 1)
        XCTAssertEqual(c.contourEnds.count, 2, "two dashes")
    }
}
