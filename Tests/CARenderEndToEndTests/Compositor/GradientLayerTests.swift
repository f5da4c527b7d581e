import XCTest
import CARender
import CARenderTestSupport

/// CAGradientLayer colours at sample points, computed here from the documented geometry: the
/// location of a pixel centre along the ramp, colours mixed component by component between the
/// stops around it.
final class GradientLayerTests: XCTestCase {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    private func render(_ configure: (CAGradientLayer) -> Void) -> RGBAImage {
        let stage = Stage(width: 100, height: 100)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        configure(gradient)
        stage.rootLayer.addSublayer(gradient)
        return stage.render()
    }

    /// Red to blue at location t.
    func redBlue(_ t: Double) -> (Double, Double, Double, Double) {
        (255 * (1 - t), 0, 255 * t, 255)
    }

    func testDefaultAxisRunsTopToBottom() {
        let frame = render { $0.colors = [red, blue] }
        for y in [0, 10, 49, 50, 77, 99] {
            XCTAssertPixel(frame, 50, y, redBlue((Double(y) + 0.5) / 100), tolerance: 1.01, "row \(y)")
        }
    }

    func testLocationsAndEndPointsAndExtension() {
        let frame = render {
            $0.colors = [red, blue]
            $0.locations = [0.25, 0.75]
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        XCTAssertPixel(frame, 10, 50, redBlue(0))          // before the first stop: its colour
        XCTAssertPixel(frame, 90, 50, redBlue(1))
        // x = 40.5: (0.405 − 0.25) / 0.5 = 0.31 of the way.
        XCTAssertPixel(frame, 40, 3, redBlue(0.31), tolerance: 1.01)
    }

    func testThreeColoursEvenlySpaced() {
        let frame = render { $0.colors = [red, yellow, blue] }
        // Row 24: t = 0.245, 0.49 of red → yellow.
        XCTAssertPixel(frame, 0, 24, (255, 255 * 0.49, 0, 255), tolerance: 1.01)
        // Row 74: t = 0.745, 0.49 of yellow → blue.
        XCTAssertPixel(frame, 0, 74, (255 * 0.51, 255 * 0.51, 255 * 0.49, 255), tolerance: 1.01)
    }

    func testRadialIsTheEllipseDistance() {
        let frame = render {
            $0.type = .radial
            $0.colors = [red, blue]
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        // Pixel (70, 50): centre (70.5, 50.5) is 20.5 from the centre on a radius of 50.
        let t = ((20.5 * 20.5 + 0.5 * 0.5) as Double).squareRoot() / 50
        XCTAssertPixel(frame, 70, 50, redBlue(t), tolerance: 1.01)
        XCTAssertPixel(frame, 1, 1, redBlue(1))            // beyond the ellipse: the last colour
    }

    func testConicTurnsFromTheEndPointDirection() {
        let frame = render {
            $0.type = .conic
            $0.colors = [red, blue]
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        // The fraction of a turn from +x (towards +y, down the screen) to each pixel centre.
        func turn(_ x: Int, _ y: Int) -> Double {
            let a = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            return (a < 0 ? a + 2 * .pi : a) / (2 * .pi)
        }
        XCTAssertPixel(frame, 50, 80, redBlue(turn(50, 80)), tolerance: 1.01)    // about a quarter turn
        XCTAssertPixel(frame, 20, 50, redBlue(turn(20, 50)), tolerance: 1.01)    // about half a turn
        XCTAssertPixel(frame, 60, 30, redBlue(turn(60, 30)), tolerance: 1.01)
    }

    func testCornerRadiusClipsTheGradientLikeABackground() {
        let frame = render {
            $0.colors = [red, blue]
            $0.cornerRadius = 30
        }
        XCTAssertPixel(frame, 1, 1, (255, 255, 255, 255))
        XCTAssertPixel(frame, 50, 1, redBlue(0.015), tolerance: 1.01)
    }

    func testColorsAnimateElementByElement() {
        let stage = Stage(width: 10, height: 10)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        gradient.colors = [red, red]
        stage.rootLayer.addSublayer(gradient)
        let animation = CABasicAnimation(keyPath: "colors")
        animation.toValue = [blue, blue]
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.at(0) { gradient.add(animation, forKey: nil) }
        stage.advance(to: 0.25)
        XCTAssertPixel(stage.render(), 5, 5, (191.25, 0, 63.75, 255), tolerance: 1.01)
    }
}

extension GradientLayerTests {
    /// On a layer that is not square, Core Animation lays the ramp out in the unit square and
    /// stretches it: a diagonal ramp from (0, 0) to (1, 1) is at t = 0.5 along the whole other
    /// diagonal (from the top-right to the bottom-left corner), which is not perpendicular to
    /// the screen diagonal.
    func testAxialRampIsLaidOutInTheUnitSquare() {
        let stage = Stage(width: 200, height: 50)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        stage.rootLayer.addSublayer(gradient)
        let frame = stage.render()
        // Pixel (x, y): u = ((x + 0.5) / 200, (y + 0.5) / 50), t = (u.x + u.y) / 2.
        for (x, y) in [(199, 0), (0, 49), (100, 25), (150, 10), (20, 40)] {
            let t = ((Double(x) + 0.5) / 200 + (Double(y) + 0.5) / 50) / 2
            XCTAssertPixel(frame, x, y, redBlue(t), tolerance: 1.01, "(\(x), \(y))")
        }
    }
}
