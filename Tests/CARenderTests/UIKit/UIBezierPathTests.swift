import CARender
import XCTest

final class UIBezierPathTests: XCTestCase {
    /// UIKit's clockwise arc from 0 to π/2 runs from the right of the centre down to the bottom
    /// (visually clockwise on the y-down screen), through the lower-right quadrant.
    func testClockwiseArcIsVisuallyClockwise() {
        let path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(path.currentPoint.x, 50, accuracy: 1e-9)
        XCTAssertEqual(path.currentPoint.y, 60, accuracy: 1e-9)
        let box = path.cgPath.boundingBoxOfPath
        XCTAssertEqual(box.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(box.maxX, 60, accuracy: 1e-9)
        XCTAssertEqual(box.minY, 50, accuracy: 1e-9)
        XCTAssertEqual(box.maxY, 60, accuracy: 1e-9)
        let counter = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(counter.cgPath.boundingBoxOfPath.minY, 40, accuracy: 1e-9, "the long way round passes the top")
    }

    func testBuildersMatchCoreGraphics() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 50, y: 200))
        path.addCurve(to: CGPoint(x: 270, y: 200), controlPoint1: CGPoint(x: 150, y: 50), controlPoint2: CGPoint(x: 170, y: 250))
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 50, y: 200))
        expected.addCurve(to: CGPoint(x: 270, y: 200), control1: CGPoint(x: 150, y: 50), control2: CGPoint(x: 170, y: 250))
        XCTAssertEqual(path.cgPath, expected)
        XCTAssertEqual(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgPath.boundingBox, CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
