import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// frame ↔ bounds/position/anchorPoint (CALayer — frame: derived from bounds, anchorPoint,
/// position and transform; Core Animation Programming Guide: Layer Objects Define Their Own
/// Geometry).
final class LayerFrameTests: XCTestCase {
    func testFrameFromBoundsPositionAndAnchor() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 300)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 275, width: 100, height: 50))
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 200, y: 300, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 250, width: 100, height: 50))
        layer.bounds.origin = CGPoint(x: 11, y: 22)
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 250, width: 100, height: 50), "bounds.origin does not move the frame")
        XCTAssertEqual(layer.position, CGPoint(x: 200, y: 300), "moving the anchor keeps the position")
    }

    func testSettingFrameOnADefaultLayer() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(layer.position, CGPoint(x: 60, y: 45))
        // Negative sizes are standardised.
        layer.frame = CGRect(x: 10, y: 20, width: -100, height: -50)
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(layer.position, CGPoint(x: -40, y: -5))
        // bounds.origin is kept.
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(layer.position, CGPoint(x: 5, y: 5))
    }

    func testSettingFrameWithAnchor() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0.25, y: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(layer.position, CGPoint(x: 35, y: 70))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    func testFrameUnderScaleTransform() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 4, 1)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 50, height: 12.5))
        XCTAssertEqual(layer.position, CGPoint(x: 60, y: 45))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    func testFrameUnderTranslation() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeTranslation(5, 7, 0)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(layer.position, CGPoint(x: 55, y: 38))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    func testFrameOfRotatedLayers() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 300)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertRect(layer.frame, CGRect(x: 175, y: 250, width: 50, height: 100), accuracy: 1e-12)
        // 30°: the box of the rotated rectangle is (100·cos30 + 50·sin30) × (100·sin30 + 50·cos30).
        layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let w = 100 * cos(CGFloat.pi / 6) + 25, h = 50 + 50 * cos(CGFloat.pi / 6)
        assertRect(layer.frame, CGRect(x: 200 - w / 2, y: 300 - h / 2, width: w, height: h), accuracy: 1e-12)
        // Setting the frame of a quarter-turned layer swaps the bounds' sides; the round trip holds.
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        layer.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        XCTAssertEqual(layer.bounds.width, 30, accuracy: 1e-12)
        XCTAssertEqual(layer.bounds.height, 60, accuracy: 1e-12)
        assertPoint(layer.position, CGPoint(x: 30, y: 15), accuracy: 1e-12)
        assertRect(layer.frame, CGRect(x: 0, y: 0, width: 60, height: 30), accuracy: 1e-12)
    }

    func testFrameRoundTripWithRotationScaleAndAnchor() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0.2, y: 0.7)
        layer.transform = CATransform3DScale(CATransform3DMakeRotation(-.pi / 2, 0, 0, 1), 3, 0.5, 1)
        let frame = CGRect(x: -12, y: 40, width: 90, height: 36)
        layer.frame = frame
        assertRect(layer.frame, frame, accuracy: 1e-9)
        // Scale (3, 0.5) then a quarter turn: width comes from 0.5·h, height from 3·w.
        XCTAssertEqual(layer.bounds.width, 12, accuracy: 1e-9)
        XCTAssertEqual(layer.bounds.height, 180, accuracy: 1e-9)
        // The frame's box is where the bounds' corners land in the superlayer.
        let parent = CALayer()
        parent.addSublayer(layer)
        assertRect(layer.convert(layer.bounds, to: parent), frame, accuracy: 1e-9)
    }

    func testAffineTransformAccessors() {
        let layer = CALayer()
        let rotation = CGAffineTransform(rotationAngle: 0.4).translatedBy(x: 3, y: 4)
        layer.setAffineTransform(rotation)
        assertAffine(layer.affineTransform(), rotation)
        layer.transform = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(layer.affineTransform(), .identity)
        layer.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        XCTAssertEqual(layer.affineTransform(), .identity)
        layer.transform = CATransform3DMakeTranslation(0, 0, 5)
        XCTAssertEqual(layer.affineTransform(), .identity)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.transform = perspective
        XCTAssertEqual(layer.affineTransform(), .identity)
        layer.transform = CATransform3DMakeScale(2, 3, 4)
        layer.setAffineTransform(CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        XCTAssertEqual(layer.transform.rowMajorElements, [2, 3, 0, 0, 4, 5, 0, 0, 0, 0, 1, 0, 6, 7, 0, 1])
    }
}
