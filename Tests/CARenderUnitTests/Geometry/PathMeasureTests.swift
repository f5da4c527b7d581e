import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
import CARenderTestSupport

final class PathMeasureTests: XCTestCase {
    func testLinesMovesAndClose() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 30, y: 40))
        let m = PathMeasure(path: path)
        XCTAssertEqual(m.length, 50)
        assertPoint(m.point(atDistance: 25), CGPoint(x: 15, y: 20))
        let tangent = m.tangent(atDistance: 10)
        XCTAssertEqual(tangent.dx, 0.6, accuracy: 1e-12)
        XCTAssertEqual(tangent.dy, 0.8, accuracy: 1e-12)
        assertPoint(m.point(atDistance: -5), .zero)
        assertPoint(m.point(atDistance: 500), CGPoint(x: 30, y: 40))

        // A move jumps without adding length; a boundary belongs to the segment starting there.
        let jumps = CGMutablePath()
        jumps.move(to: .zero)
        jumps.addLine(to: CGPoint(x: 10, y: 0))
        jumps.move(to: CGPoint(x: 100, y: 100))
        jumps.addLine(to: CGPoint(x: 100, y: 110))
        let j = PathMeasure(path: jumps)
        XCTAssertEqual(j.length, 20)
        assertPoint(j.point(atDistance: 15), CGPoint(x: 100, y: 105))
        assertPoint(j.point(atDistance: 10), CGPoint(x: 100, y: 100))

        // The close of a 10×20 rectangle is its fourth side.
        let rect = PathMeasure(path: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil))
        XCTAssertEqual(rect.length, 60)
        XCTAssertEqual(rect.segmentLengths, [10, 20, 10, 20])
        assertPoint(rect.point(atDistance: 55), CGPoint(x: 0, y: 5))
        XCTAssertEqual(rect.angle(atDistance: 55), -.pi / 2, accuracy: 1e-12)
    }

    func testEmptyAndPointPaths() {
        let empty = PathMeasure(path: CGMutablePath())
        XCTAssertEqual(empty.length, 0)
        XCTAssertEqual(empty.point(atDistance: 3), .zero)
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 7, y: 8))
        XCTAssertEqual(PathMeasure(path: dot).point(atDistance: 1), CGPoint(x: 7, y: 8))
    }

    /// Closed form of ∫₀ᵗ 2·√(A u² + B u + C) du, the arc length of a quadratic Bézier.
    private func quadraticLength(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, upTo t: CGFloat) -> CGFloat {
        let a = CGPoint(x: p0.x - 2 * p1.x + p2.x, y: p0.y - 2 * p1.y + p2.y)
        let b = CGPoint(x: p1.x - p0.x, y: p1.y - p0.y)
        let A = a.x * a.x + a.y * a.y, B = 2 * (a.x * b.x + a.y * b.y), C = b.x * b.x + b.y * b.y
        func antiderivative(_ u: CGFloat) -> CGFloat {
            let q = (A * u * u + B * u + C).squareRoot()
            return (2 * A * u + B) * q / (4 * A)
                + (4 * A * C - B * B) / (8 * pow(A, 1.5)) * log(abs(2 * A * u + B + 2 * A.squareRoot() * q))
        }
        return 2 * (antiderivative(t) - antiderivative(0))
    }

    func testQuadraticAgainstClosedForm() {
        let (p0, p1, p2) = (CGPoint.zero, CGPoint(x: 50, y: 100), CGPoint(x: 100, y: 0))
        let path = CGMutablePath()
        path.move(to: p0)
        path.addQuadCurve(to: p2, control: p1)
        let m = PathMeasure(path: path)
        let total = quadraticLength(p0, p1, p2, upTo: 1)
        XCTAssertEqual(m.length, total, accuracy: 1e-9)
        // By symmetry half the length is at the apex, heading along +x.
        assertPoint(m.point(atDistance: total / 2), CGPoint(x: 50, y: 50), accuracy: 1e-7)
        XCTAssertEqual(m.tangent(atDistance: total / 2).dx, 1, accuracy: 1e-9)
        // B(0.3) = 2·0.7·0.3·(50, 100) + 0.09·(100, 0) = (30, 42).
        assertPoint(m.point(atDistance: quadraticLength(p0, p1, p2, upTo: 0.3)), CGPoint(x: 30, y: 42), accuracy: 1e-7)
        // Direction at t = 0.3: B' ∝ (1−t)(50, 100) + t(50, −100) = (50, 40).
        let tangent = m.tangent(atDistance: quadraticLength(p0, p1, p2, upTo: 0.3))
        XCTAssertEqual(tangent.dx, 50 / hypot(50, 40), accuracy: 1e-7)
        XCTAssertEqual(tangent.dy, 40 / hypot(50, 40), accuracy: 1e-7)
    }

    func testCubicSemicubicalParabolaAgainstClosedForm() {
        // B(t) = 100·(t², t³) has Bézier points (0,0), (0,0), (100/3, 0), (100, 100); its length to t is
        // 100·((4 + 9t²)^{3/2} − 8)/27 and its speed vanishes at t = 0.
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: .zero, control2: CGPoint(x: 100.0 / 3, y: 0))
        let m = PathMeasure(path: path)
        func s(_ t: CGFloat) -> CGFloat { 100 * (pow(4 + 9 * t * t, 1.5) - 8) / 27 }
        XCTAssertEqual(m.length, s(1), accuracy: 1e-9)
        XCTAssertEqual(s(0.5), 100 * 7.625 / 27, accuracy: 1e-12)
        assertPoint(m.point(atDistance: s(0.5)), CGPoint(x: 25, y: 12.5), accuracy: 1e-7)
        assertPoint(m.point(atDistance: s(0.8)), CGPoint(x: 64, y: 51.2), accuracy: 1e-7)
        let tangent = m.tangent(atDistance: s(0.5))
        XCTAssertEqual(tangent.dx, 0.8, accuracy: 1e-7)
        XCTAssertEqual(tangent.dy, 0.6, accuracy: 1e-7)
        // At the cusp the direction comes from a short chord: along +x.
        XCTAssertEqual(m.tangent(atDistance: 0).dx, 1, accuracy: 1e-6)
    }

    func testCubicWithUnevenSpeedOnALine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 20, y: 0))
        let m = PathMeasure(path: path)
        XCTAssertEqual(m.length, 100, accuracy: 1e-9)
        for d in stride(from: CGFloat(0), through: 100, by: 12.5) {
            assertPoint(m.point(atDistance: d), CGPoint(x: d, y: 0), accuracy: 1e-7)
        }
    }

    func testDegreeElevatedQuadraticMeasuresLikeTheQuadratic() {
        let (p0, p1, p2) = (CGPoint(x: 10, y: 10), CGPoint(x: 80, y: -40), CGPoint(x: 120, y: 90))
        let path = CGMutablePath()
        path.move(to: p0)
        path.addCurve(to: p2, control1: CGPoint(x: p0.x + 2 * (p1.x - p0.x) / 3, y: p0.y + 2 * (p1.y - p0.y) / 3),
                      control2: CGPoint(x: p2.x + 2 * (p1.x - p2.x) / 3, y: p2.y + 2 * (p1.y - p2.y) / 3))
        XCTAssertEqual(PathMeasure(path: path).length, quadraticLength(p0, p1, p2, upTo: 1), accuracy: 1e-9)
    }

    func testCircularArcsAreMeasuredExactly() {
        let center = CGPoint(x: 50, y: 50), r: CGFloat = 40
        let path = CGMutablePath()
        path.addArc(center: center, radius: r, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: false)
        let m = PathMeasure(path: path)
        XCTAssertEqual(m.length, r * 3 * .pi / 2, accuracy: 1e-9)
        for theta in [0.25, 1, 2.5, 4.5] as [CGFloat] {
            assertPoint(m.point(atDistance: r * theta), CGPoint(x: 50 + r * cos(theta), y: 50 + r * sin(theta)), accuracy: 1e-9)
            let tangent = m.tangent(atDistance: r * theta)
            XCTAssertEqual(tangent.dx, -sin(theta), accuracy: 1e-9)
            XCTAssertEqual(tangent.dy, cos(theta), accuracy: 1e-9)
        }
        // Clockwise (decreasing angle): the point at distance rθ is at angle −θ.
        let cw = CGMutablePath()
        cw.addArc(center: center, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let c = PathMeasure(path: cw)
        assertPoint(c.point(atDistance: r * 1), CGPoint(x: 50 + r * cos(1), y: 50 - r * sin(1)), accuracy: 1e-9)
    }

    func testCircleAndEllipsePerimeters() {
        let circle = PathMeasure(path: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil))
        XCTAssertEqual(circle.length, 2 * .pi * 40, accuracy: 1e-9)
        assertPoint(circle.point(atDistance: .pi * 20), CGPoint(x: 40, y: 80), accuracy: 1e-9)
        // Ellipse a = 50, b = 25: Gauss–Kummer series π(a+b)·Σ C(½,n)² hⁿ, h = ((a−b)/(a+b))².
        let (a, b): (CGFloat, CGFloat) = (50, 25)
        let h = pow((a - b) / (a + b), 2)
        var sum: CGFloat = 0, coefficient: CGFloat = 1
        for n in 0..<20 {
            if n > 0 { coefficient *= (0.5 - CGFloat(n - 1)) / CGFloat(n) }
            sum += coefficient * coefficient * pow(h, CGFloat(n))
        }
        let ellipse = PathMeasure(path: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * a, height: 2 * b), transform: nil))
        XCTAssertEqual(ellipse.length, .pi * (a + b) * sum, accuracy: 1e-8)
    }
}
