import XCTest
import CARender
@testable import CARenderModel

/// CAMediaTimingFunction: Apple's control points (CAMediaTimingFunctionName, e.g. easeIn
/// (0.42, 0, 1, 1)) and the solver against four-place reference values of the cubic Bézier and
/// against the curve itself (exact).
final class TimingFunctionTests: XCTestCase {
    private func points(_ f: CAMediaTimingFunction) -> [[Float]] {
        (0...3).map { index in
            var values: [Float] = [0, 0]
            f.getControlPoint(at: index, values: &values)
            return values
        }
    }

    func testNamedControlPoints() {
        XCTAssertEqual(points(CAMediaTimingFunction(name: .linear)), [[0, 0], [0, 0], [1, 1], [1, 1]])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeIn)), [[0, 0], [0.42, 0], [1, 1], [1, 1]])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeOut)), [[0, 0], [0, 0], [0.58, 1], [1, 1]])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeInEaseOut)), [[0, 0], [0.42, 0], [0.58, 1], [1, 1]])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .default)), [[0, 0], [0.25, 0.1], [0.25, 1], [1, 1]])
        XCTAssertEqual(CAMediaTimingFunctionName.easeInEaseOut.rawValue, "easeInEaseOut")
        XCTAssertEqual(kCAMediaTimingFunctionDefault, "default")
    }

    func testPointerControlPointAPI() {
        let f = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        var pair: [Float] = [9, 9]
        pair.withUnsafeMutableBufferPointer { f.getControlPoint(at: 1, values: $0.baseAddress!) }
        XCTAssertEqual(pair, [0.34, 1.56])
    }

    /// Reference values of the cubic Bézier solved for y at x (rounded to 4 places, so ±5e-5).
    func testReferenceTable() {
        let xs = [0.10, 0.25, 0.50, 0.75, 0.90]
        let table: [(CAMediaTimingFunctionName, [Double])] = [
            (.linear, [0.1000, 0.2500, 0.5000, 0.7500, 0.9000]),
            (.easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
            (.easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830]),
            (.easeInEaseOut, [0.0197, 0.1292, 0.5000, 0.8708, 0.9803]),
            (.default, [0.0948, 0.4085, 0.8024, 0.9605, 0.9943]),
        ]
        for (name, expected) in table {
            let f = CAMediaTimingFunction(name: name)
            for (x, y) in zip(xs, expected) {
                XCTAssertEqual(f.evaluate(x), y, accuracy: 5e-5, "\(name.rawValue) at \(x)")
            }
        }
    }

    /// The solver is exact: for points (X(t), Y(t)) on the curve it returns Y(t).
    func testSolverIsExactOnTheCurve() {
        for (c1x, c1y, c2x, c2y) in [(0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0), (0.34, 1.56, 0.64, 1.0), (0.0, 0.0, 0.58, 1.0)] {
            let curve = UnitBezier(c1x, c1y, c2x, c2y)
            for k in 0...40 {
                let t = Double(k) / 40
                XCTAssertEqual(curve.solve(curve.x(at: t)), curve.y(at: t), accuracy: 1e-12)
            }
        }
    }

    /// Overshooting control points are kept and the output is not clamped.
    func testOvershootIsNotClamped() {
        let f = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        XCTAssertEqual(f.evaluate(0.25), 0.8163, accuracy: 5e-5)
        XCTAssertEqual(f.evaluate(0.5), 1.0874, accuracy: 5e-5)
        XCTAssertEqual(f.evaluate(0.75), 1.0596, accuracy: 5e-5)
    }

    func testEndpointsAndClampedInput() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        XCTAssertEqual(f.evaluate(0), 0, accuracy: exact)
        XCTAssertEqual(f.evaluate(1), 1, accuracy: exact)
        XCTAssertEqual(f.evaluate(-0.5), 0, accuracy: exact)
        XCTAssertEqual(f.evaluate(1.5), 1, accuracy: exact)
        XCTAssertEqual(CAMediaTimingFunction(name: .linear).evaluate(0.3), 0.3, accuracy: exact)
    }

    func testEquality() {
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        XCTAssertNotEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut))
    }
}
