import CARender
import XCTest

final class BadGeometryTests: XCTestCase {
    /// A layer with NaN or infinite geometry is skipped (with a warning on standard error); the
    /// rest of the frame still renders.
    func testNonFiniteGeometryIsNotDrawnAndTheRestIs() {
        let stage = Stage(width: 4, height: 4)
        let good = CALayer()
        good.frame = CGRect(x: 0, y: 0, width: 2, height: 4)
        good.backgroundColor = CGColor(gray: 0, alpha: 1)
        stage.rootLayer.addSublayer(good)
        for (i, poison) in [CGFloat.nan, .infinity, -.infinity].enumerated() {
            let bad = CALayer()
            bad.name = "bad\(i)"
            bad.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            bad.position = CGPoint(x: 2, y: 2)
            bad.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            switch i {
            case 0: bad.position = CGPoint(x: poison, y: 2)
            case 1: bad.transform = CATransform3DMakeScale(poison, 1, 1)
            default: bad.bounds = CGRect(x: 0, y: 0, width: poison, height: 4)
            }
            stage.rootLayer.addSublayer(bad)
        }
        let image = stage.render()
        XCTAssertEqual(image[0, 0], RGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(image[3, 3].a, 0, "none of the poisoned layers drew")
    }
}
