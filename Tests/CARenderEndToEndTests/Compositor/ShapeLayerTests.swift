import XCTest
import CARender
import CARenderTestSupport

/// CAShapeLayer through the public API, rendered: exact area coverage gives exact expected
/// pixels for axis-aligned edges (a half-covered pixel is the 50 % blend).
final class ShapeLayerTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func stage(_ w: Int = 60, _ h: Int = 60) -> Stage {
        let stage = Stage(width: CGFloat(w), height: CGFloat(h))
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        return stage
    }

    func testDefaultsAreApples() {
        let shape = CAShapeLayer()
        XCTAssertEqual(shape.fillColor, CGColor(gray: 0, alpha: 1))
        XCTAssertNil(shape.strokeColor)
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertEqual(shape.miterLimit, 10)
        XCTAssertEqual(shape.strokeStart, 0)
        XCTAssertEqual(shape.strokeEnd, 1)
        XCTAssertEqual(shape.lineCap, .butt)
        XCTAssertEqual(shape.lineJoin, .miter)
        XCTAssertEqual(shape.fillRule, .nonZero)
        XCTAssertNil(shape.lineDashPattern)
        XCTAssertEqual(shape.value(forKey: "lineWidth") as? CGFloat, 1)
    }

    func testFillCoversThePathExactly() {
        let stage = stage()
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 10.5, y: 10, width: 20, height: 20), transform: nil)
        shape.fillColor = red
        stage.rootLayer.addSublayer(shape)     // zero bounds: the path is drawn outside them
        let frame = stage.render()
        XCTAssertPixel(frame, 20, 20, (255, 0, 0, 255))
        XCTAssertPixel(frame, 10, 20, (255, 127.5, 127.5, 255), tolerance: 1.01)   // half covered
        XCTAssertPixel(frame, 30, 20, (255, 127.5, 127.5, 255), tolerance: 1.01)
        XCTAssertPixel(frame, 9, 20, (255, 255, 255, 255))
        XCTAssertPixel(frame, 20, 30, (255, 255, 255, 255))
    }

    func testStrokeIsCentredOnThePathAndDrawnOverTheFill() {
        let stage = stage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)
        shape.fillColor = red
        shape.strokeColor = blue
        shape.lineWidth = 4
        stage.rootLayer.addSublayer(shape)
        let frame = stage.render()
        // The stroke covers x 8…12 along the left edge, over the fill on its inner half.
        for x in 8..<12 { XCTAssertPixel(frame, x, 30, (0, 0, 255, 255), "x = \(x)") }
        XCTAssertPixel(frame, 7, 30, (255, 255, 255, 255))
        XCTAssertPixel(frame, 12, 30, (255, 0, 0, 255))
        // Miter corner: the square corner is filled out to (8, 8).
        XCTAssertPixel(frame, 8, 8, (0, 0, 255, 255))
    }

    func testStrokeEndTrimsByArcLengthAndAnimatesImplicitly() {
        let stage = stage(120, 40)
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 110, y: 20))
        shape.path = path
        shape.strokeColor = blue
        shape.lineWidth = 6
        stage.rootLayer.addSublayer(shape)
        stage.at(0.5) { shape.strokeEnd = 0.5 }
        let values = stage.sample("strokeEnd", of: shape, at: [0.5, 0.625, 0.75]).map { $0.value as? CGFloat }
        XCTAssertEqual(values[0], 1)
        XCTAssertEqual(Double(values[1] ?? 0), 1 - 0.5 * 0.8024, accuracy: 0.001)   // the default curve at half time
        XCTAssertEqual(values[2], 0.5)
        stage.advance(to: 1)
        let frame = stage.render()
        XCTAssertPixel(frame, 59, 20, (0, 0, 255, 255))
        XCTAssertPixel(frame, 60, 20, (255, 255, 255, 255))      // stops at x = 60 exactly
    }

    func testDashPatternFromNumbers() {
        let stage = stage(120, 40)
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 110, y: 20))
        shape.path = path
        shape.strokeColor = blue
        shape.lineWidth = 4
        shape.lineDashPattern = [10, 5]
        shape.lineDashPhase = 2
        stage.rootLayer.addSublayer(shape)
        let frame = stage.render()
        // On 10 − 2 = 8 (x 10…18), off 5 (18…23), on 10 (23…33), ...
        XCTAssertPixel(frame, 17, 20, (0, 0, 255, 255))
        XCTAssertPixel(frame, 18, 20, (255, 255, 255, 255))
        XCTAssertPixel(frame, 22, 20, (255, 255, 255, 255))
        XCTAssertPixel(frame, 23, 20, (0, 0, 255, 255))
        XCTAssertPixel(frame, 32, 20, (0, 0, 255, 255))
        XCTAssertPixel(frame, 33, 20, (255, 255, 255, 255))
    }

    func testPathAnimatesPointByPoint() {
        let stage = stage()
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        stage.rootLayer.addSublayer(shape)
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        animation.toValue = CGPath(rect: CGRect(x: 20, y: 20, width: 30, height: 30), transform: nil)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.at(0) { shape.add(animation, forKey: "morph") }
        let sample = stage.sample("path", of: shape, at: [0.5])[0].value as? CGPath
        XCTAssertEqual(sample?.boundingBox, CGRect(x: 10, y: 10, width: 20, height: 20))
        stage.advance(to: 0.5)
        let frame = stage.render()
        XCTAssertPixel(frame, 10, 10, (0, 0, 0, 255))
        XCTAssertPixel(frame, 29, 29, (0, 0, 0, 255))
        XCTAssertPixel(frame, 30, 30, (255, 255, 255, 255))
        XCTAssertPixel(frame, 9, 9, (255, 255, 255, 255))
    }

    func testShapeLayerAsMaskKeepsExactlyThePath() {
        let stage = stage(40, 40)
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        view.backgroundColor = blue
        let mask = CAShapeLayer()
        mask.frame = view.bounds
        // A pill: a 20-wide rounded rectangle, radius 10, whose flat sides are at x = 10.5 and 30.5.
        mask.path = CGPath(roundedRect: CGRect(x: 10.5, y: 5, width: 20, height: 30), cornerWidth: 10, cornerHeight: 10,
                           transform: nil)
        view.mask = mask
        stage.rootLayer.addSublayer(view)
        let frame = stage.render()
        XCTAssertPixel(frame, 20, 20, (0, 0, 255, 255))
        XCTAssertPixel(frame, 9, 20, (255, 255, 255, 255))
        XCTAssertPixel(frame, 31, 20, (255, 255, 255, 255))
        // Half-covered columns on both flat sides: 50 % blue over white.
        XCTAssertPixel(frame, 10, 20, (127.5, 127.5, 255, 255), tolerance: 1.01)
        XCTAssertPixel(frame, 30, 20, (127.5, 127.5, 255, 255), tolerance: 1.01)
        // The rounded corner is cut: (11, 5) lies outside the circle of radius 10 round (20.5, 15).
        XCTAssertPixel(frame, 11, 5, (255, 255, 255, 255))
        XCTAssertPixel(frame, 20, 2, (255, 255, 255, 255))
    }

    func testShapeLayerCastsAShadowOfItsPath() {
        let stage = stage(80, 80)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 30, height: 30), transform: nil)
        shape.fillColor = red
        shape.shadowOpacity = 1
        shape.shadowRadius = 0
        shape.shadowOffset = CGSize(width: 30, height: 30)
        stage.rootLayer.addSublayer(shape)
        let frame = stage.render()
        XCTAssertPixel(frame, 55, 55, (0, 0, 0, 255))             // the circle's shadow, 30 pt away
        XCTAssertPixel(frame, 38, 55, (255, 255, 255, 255))       // left of the shadow circle (x 40…70)
        XCTAssertPixel(frame, 25, 25, (255, 0, 0, 255))
    }
}

extension ShapeLayerTests {
    func testPresentationIsAShapeLayerWithTheAnimatedValue() {
        let stage = Stage(width: 10, height: 10)
        let shape = CAShapeLayer()
        stage.rootLayer.addSublayer(shape)
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.at(0) { shape.add(animation, forKey: nil) }
        stage.advance(to: 0.25)
        XCTAssertEqual(Double(shape.presentation()?.strokeEnd ?? -1), 0.25, accuracy: 1e-9)
        XCTAssertEqual(shape.presentation()?.value(forKey: "strokeEnd") as? CGFloat, shape.presentation()?.strokeEnd)
    }
}
