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

final class UIKitSubsetTests: XCTestCase {
    func testRoundingOnlySomeCorners() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 10, height: 10))
        XCTAssertEqual(path.bounds, rect)
        // A rounded corner leaves its very corner outside; a square one keeps it inside.
        XCTAssertFalse(path.cgPath.contains(CGPoint(x: 0.5, y: 0.5)))
        XCTAssertTrue(path.cgPath.contains(CGPoint(x: 99.5, y: 0.5)))
        XCTAssertTrue(path.cgPath.contains(CGPoint(x: 0.5, y: 49.5)))
        XCTAssertFalse(path.cgPath.contains(CGPoint(x: 99.5, y: 49.5)))
        XCTAssertTrue(path.cgPath.contains(CGPoint(x: 10, y: 10)), "the corner's centre is inside")
        let clamped = UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 80, height: 80))
        XCTAssertEqual(clamped.bounds, rect, "radii clamp to half the sides")
    }

    func testHueSaturationBrightness() {
        func rgb(_ c: UIColor) -> [Double] { let v = c.cgColor.rgbaComponents; return [v.r, v.g, v.b].map(Double.init) }
        XCTAssertEqual(rgb(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0])
        XCTAssertEqual(rgb(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1))[1], 1, accuracy: 1e-12)
        let teal = rgb(UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 1))
        XCTAssertEqual(teal[0], 0.4, accuracy: 1e-12)
        XCTAssertEqual(teal[1], 0.8, accuracy: 1e-12)
        XCTAssertEqual(teal[2], 0.8, accuracy: 1e-12)
        XCTAssertEqual(rgb(UIColor(hue: 0.3, saturation: 0, brightness: 0.25, alpha: 1)), [0.25, 0.25, 0.25])
    }

    func testTagsFindViews() {
        let root = UIView(), child = UIView(), grandchild = UIView()
        grandchild.tag = 7
        child.addSubview(grandchild)
        root.addSubview(child)
        XCTAssertTrue(root.viewWithTag(7) === grandchild)
        XCTAssertNil(root.viewWithTag(8))
    }
}
