import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
import CARenderTestSupport

final class CGPathTests: XCTestCase {
    /// 4/3·(√2 − 1): the quarter-circle cubic's control distance per unit radius.
    let kappa: CGFloat = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    func testRectElementsAndCurrentPoint() {
        let path = CGMutablePath()
        XCTAssertEqual(path.currentPoint, .zero)
        XCTAssertTrue(path.isEmpty)
        path.addRect(CGRect(x: 10, y: 20, width: 30, height: -10))
        XCTAssertEqual(path.elements, [
            .move(to: CGPoint(x: 10, y: 10)), .line(to: CGPoint(x: 40, y: 10)),
            .line(to: CGPoint(x: 40, y: 20)), .line(to: CGPoint(x: 10, y: 20)), .closeSubpath,
        ])
        XCTAssertEqual(path.currentPoint, CGPoint(x: 10, y: 10), "after a close the current point is the subpath start")
        path.addLine(to: CGPoint(x: 0, y: 0))
        XCTAssertEqual(path.currentPoint, .zero)
    }

    func testLineWithoutCurrentPointIsIgnored() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addQuadCurve(to: CGPoint(x: 5, y: 5), control: .zero)
        path.addCurve(to: CGPoint(x: 5, y: 5), control1: .zero, control2: .zero)
        path.closeSubpath()
        XCTAssertTrue(path.isEmpty)
    }

    func testBuildersTakeATransform() {
        let t = CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 2)
        var transform = t
        let path = CGPath(rect: CGRect(x: 1, y: 1, width: 2, height: 2), transform: &transform)
        XCTAssertEqual(path.elements.first, .move(to: CGPoint(x: 102, y: 2)))
        XCTAssertEqual(path.boundingBox, CGRect(x: 102, y: 2, width: 4, height: 4))
        XCTAssertEqual(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).boundingBox,
                       CGRect(x: 0, y: 0, width: 1, height: 1))
        let m = CGMutablePath()
        m.move(to: .zero, transform: t)
        m.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1, y: 1), transform: t)
        XCTAssertEqual(m.elements[1], .quadCurve(to: CGPoint(x: 104, y: 0), control: CGPoint(x: 102, y: 2)))
        let copied = path.copy(using: nil)
        XCTAssertEqual(copied, path)
        var shift = CGAffineTransform(translationX: 0, y: 10)
        XCTAssertEqual(path.copy(using: &shift)?.boundingBox, CGRect(x: 102, y: 12, width: 4, height: 4))
    }

    func testArcCounterClockwiseIncreasesTheAngle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path.elements.count, 2)
        XCTAssertEqual(path.elements[0], .move(to: CGPoint(x: 90, y: 50)))
        guard case .curve(let end, let c1, let c2) = path.elements[1] else { return XCTFail("expected a cubic") }
        assertPoint(end, CGPoint(x: 50, y: 90), accuracy: 1e-12)
        assertPoint(c1, CGPoint(x: 90, y: 50 + 40 * kappa), accuracy: 1e-12)
        assertPoint(c2, CGPoint(x: 50 + 40 * kappa, y: 90), accuracy: 1e-12)
    }

    func testArcClockwiseDecreasesTheAngle() {
        // clockwise: true from 0 to π/2 sweeps −3π/2 (visually counter-clockwise on y-down iOS).
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(path.elements.count, 4, "three quarter-turn cubics after the move")
        guard case .curve(let end, _, _) = path.elements[1] else { return XCTFail("expected a cubic") }
        assertPoint(end, CGPoint(x: 50, y: 10), accuracy: 1e-12)
        assertPoint(path.currentPoint, CGPoint(x: 50, y: 90), accuracy: 1e-12)
        XCTAssertEqual(PathMeasure(path: path).length, 40 * 3 * .pi / 2, accuracy: 1e-9)
    }

    func testArcSweepNormalisation() {
        func sweepLength(_ start: CGFloat, _ end: CGFloat, _ clockwise: Bool) -> CGFloat {
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 1, startAngle: start, endAngle: end, clockwise: clockwise)
            return PathMeasure(path: path).length
        }
        XCTAssertEqual(sweepLength(0, 2 * .pi, false), 2 * .pi, accuracy: 1e-9, "a full circle")
        // Core Graphics clockwise from 0 to 2π is a full circle (UIKit's `clockwise: false` circle
        // that NVActivityIndicatorView draws its dots with); see `CGMutablePath.arcSweep`.
        XCTAssertEqual(sweepLength(0, 2 * .pi, true), 2 * .pi, accuracy: 1e-9, "0 → 2π clockwise is a full circle")
        XCTAssertEqual(sweepLength(-.pi / 2, 3 * .pi / 2, true), 0, accuracy: 1e-12, "−π/2 → 3π/2 clockwise draws nothing")
        XCTAssertEqual(sweepLength(0, -2 * .pi, true), 2 * .pi, accuracy: 1e-9)
        XCTAssertEqual(sweepLength(0, -.pi / 2, false), 3 * .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(sweepLength(.pi, 0, true), .pi, accuracy: 1e-9)
    }

    func testArcAfterCurrentPointAddsALine() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 50))
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        XCTAssertEqual(path.elements[1], .line(to: CGPoint(x: 90, y: 50)))
        XCTAssertEqual(PathMeasure(path: path).length, 90 + 40 * .pi, accuracy: 1e-9)
    }

    func testArcTangentToTwoLines() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        XCTAssertEqual(path.elements[1], .line(to: CGPoint(x: 80, y: 0)))
        assertPoint(path.currentPoint, CGPoint(x: 100, y: 20), accuracy: 1e-12)
        XCTAssertEqual(PathMeasure(path: path).length, 80 + 20 * .pi / 2, accuracy: 1e-9)
        // Collinear points: a plain line to tangent1End.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        XCTAssertEqual(straight.elements.last, .line(to: CGPoint(x: 10, y: 0)))
    }

    func testEllipseStartsAtMaxXMidYAndTurnsTowardsPlusY() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        XCTAssertEqual(path.elements.count, 6)
        XCTAssertEqual(path.elements[0], .move(to: CGPoint(x: 100, y: 25)))
        guard case .curve(let end, let c1, _) = path.elements[1] else { return XCTFail("expected a cubic") }
        assertPoint(end, CGPoint(x: 50, y: 50), accuracy: 1e-12)
        assertPoint(c1, CGPoint(x: 100, y: 25 + 25 * kappa), accuracy: 1e-12)
        XCTAssertEqual(path.elements[5], .closeSubpath)
        assertRect(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50), accuracy: 1e-12)
    }

    func testRoundedRect() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 10, cornerHeight: 10, transform: nil)
        XCTAssertEqual(path.elements.first, .move(to: CGPoint(x: 10, y: 0)))
        XCTAssertEqual(path.elements.last, .closeSubpath)
        XCTAssertEqual(path.elements.filter { if case .curve = $0 { return true } else { return false } }.count, 4)
        assertRect(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 60), accuracy: 1e-12)
        let expectedLength: CGFloat = 160 + 80 + 20 * CGFloat.pi
        XCTAssertEqual(PathMeasure(path: path).length, expectedLength, accuracy: 1e-9)
        // Corners larger than half a side are clamped; zero corners give a rectangle.
        let pill = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 20), cornerWidth: 50, cornerHeight: 50, transform: nil)
        // Each corner clamps separately (50 × 10): the pill is the inscribed ellipse.
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 20), transform: nil)
        XCTAssertEqual(PathMeasure(path: pill).length, PathMeasure(path: ellipse).length, accuracy: 1e-9)
        XCTAssertEqual(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 0, cornerHeight: 0, transform: nil),
                       CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil))
    }

    func testBoundingBoxes() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 100), "control points count")
        XCTAssertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50), "the apex is at y = 50")
        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // y(t) = 300·t(1−t) peaks at t = ½ with 75.
        assertRect(cubic.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75), accuracy: 1e-12)
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
        XCTAssertTrue(CGMutablePath().boundingBoxOfPath.isNull)
    }

    func testApplyWithBlockUsesCoreGraphicsPointOrder() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 3, y: 3), control: CGPoint(x: 2, y: 2))
        path.addCurve(to: CGPoint(x: 6, y: 6), control1: CGPoint(x: 4, y: 4), control2: CGPoint(x: 5, y: 5))
        path.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        path.applyWithBlock { element in
            types.append(element.pointee.type)
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            for i in 0..<count { points.append(element.pointee.points[i]) }
        }
        XCTAssertEqual(types, [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        XCTAssertEqual(points.map(\.x), [1, 2, 3, 4, 5, 6])
    }

    func testAddPathKeepsExactArcs() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.addPath(circle, transform: CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(PathMeasure(path: path).length, 4 + 2 * .pi * 20, accuracy: 1e-9)
    }

    func testFlatteningStaysWithinTolerance() {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let polylines = circle.flattened(tolerance: 0.1)
        XCTAssertEqual(polylines.count, 1)
        XCTAssertTrue(polylines[0].isClosed)
        let points = polylines[0].points
        XCTAssertNotEqual(points.first, points.last, "a closed polyline does not repeat its start")
        for (i, p) in points.enumerated() {
            XCTAssertEqual(hypot(p.x, p.y), 100, accuracy: 1e-9)
            let q = points[(i + 1) % points.count]
            let mid = CGPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            XCTAssertLessThanOrEqual(100 - hypot(mid.x, mid.y), 0.1)
        }
        // Sagitta bound: 2·acos(1 − 0.1/100) per chord → ⌈2π / that⌉ chords per full turn, four quarters.
        let perQuarter = Int(((CGFloat.pi / 2) / (2 * acos(1 - 0.001))).rounded(.up))
        XCTAssertEqual(points.count, 4 * perQuarter)

        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 300, y: 0), control1: CGPoint(x: 0, y: 200), control2: CGPoint(x: 300, y: -200))
        cubic.move(to: CGPoint(x: 500, y: 500))
        let pieces = cubic.flattened(tolerance: 0.25)
        XCTAssertEqual(pieces.count, 1, "a lone move draws nothing")
        XCTAssertFalse(pieces[0].isClosed)
        let segment = cubic.segments[0]
        let n = pieces[0].points.count - 1
        for i in 0..<n {
            let a = pieces[0].points[i], b = pieces[0].points[i + 1]
            assertPoint(a, segment.point(at: CGFloat(i) / CGFloat(n)), accuracy: 1e-9)
            let c = segment.point(at: (CGFloat(i) + 0.5) / CGFloat(n))
            XCTAssertLessThanOrEqual(distance(c, toSegment: a, b), 0.25)
        }
    }

    func testContainsWithFillRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        XCTAssertTrue(path.contains(CGPoint(x: 50, y: 50)))
        XCTAssertFalse(path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 50), using: .evenOdd))
        XCTAssertFalse(path.contains(CGPoint(x: 150, y: 50)))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        XCTAssertTrue(circle.contains(CGPoint(x: 50, y: 1)))
        XCTAssertFalse(circle.contains(CGPoint(x: 10, y: 10)), "outside the circle, inside its box")
    }

    private func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }
}

final class PathElementTests: XCTestCase {
    func testCoreGraphicsViewOfElements() {
        let quad = PathElement.quadCurve(to: CGPoint(x: 3, y: 3), control: CGPoint(x: 2, y: 2))
        XCTAssertEqual(quad.type, .addQuadCurveToPoint)
        XCTAssertEqual(quad.points, [CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3)])
        let cubic = PathElement.curve(to: CGPoint(x: 6, y: 6), control1: CGPoint(x: 4, y: 4), control2: CGPoint(x: 5, y: 5))
        XCTAssertEqual(cubic.points.map(\.x), [4, 5, 6])
        XCTAssertEqual(cubic.replacingPoints([CGPoint(x: 7, y: 0), CGPoint(x: 8, y: 0), CGPoint(x: 9, y: 0)]),
                       .curve(to: CGPoint(x: 9, y: 0), control1: CGPoint(x: 7, y: 0), control2: CGPoint(x: 8, y: 0)))
        XCTAssertTrue(quad.isSameKind(as: .quadCurve(to: .zero, control: .zero)))
        XCTAssertFalse(quad.isSameKind(as: .line(to: .zero)))
        XCTAssertEqual(PathElement.closeSubpath.points, [])
        XCTAssertEqual(PathElement.move(to: CGPoint(x: 1, y: 2)).type, .moveToPoint)
    }
}
