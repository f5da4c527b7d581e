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
        var style = ShapeLayerState()
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
            cache.appendStroke(of: path, shape: style, tolerance: 0.125, to: &outline)
            _ = cache.ramp(colors: colors, locations: locations, opacity: 1)
        }
        let first = outline
        outline.removeAll()
        let strokeAllocations = countingAllocations {
            cache.appendStroke(of: path, shape: style, tolerance: 0.125, to: &outline)
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
        let thinStyle = ShapeLayerState()
        var thickStyle = ShapeLayerState()
        thickStyle.lineWidth = 4
        cache.appendStroke(of: path, shape: thinStyle, tolerance: 0.125, to: &thin)
        cache.appendStroke(of: path, shape: thickStyle, tolerance: 0.125, to: &thick)
        XCTAssertNotEqual(thin.bounds?.minX, thick.bounds?.minX)
        let moved = CGPath(rect: CGRect(x: 5, y: 0, width: 10, height: 10), transform: nil)
        cache.appendStroke(of: moved, shape: thinStyle, tolerance: 0.125, to: &other)
        XCTAssertEqual(other.bounds?.minX, 4.5)
    }
}
