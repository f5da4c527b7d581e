import Foundation
import XCTest
import CARender

/// Apple's defaults, as CALayer documents each property (e.g. shadowOpacity 0, shadowOffset
/// (0, −3), shadowRadius 3, shadowColor and borderColor opaque black).
final class LayerDefaultsTests: XCTestCase {
    private func assertOpaqueBlack(_ color: CGColor?, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = color?.rgbaComponents else { return XCTFail("expected a colour", file: file, line: line) }
        XCTAssertEqual([c.r, c.g, c.b, c.a], [0, 0, 0, 1], file: file, line: line)
    }

    func testGeometryDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.transform, CATransform3DIdentity)
        XCTAssertEqual(layer.sublayerTransform, CATransform3DIdentity)
        XCTAssertEqual(layer.affineTransform(), .identity)
        XCTAssertFalse(layer.isGeometryFlipped)
    }

    func testAppearanceDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.maskedCorners.rawValue, 15)
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.borderWidth, 0)
        assertOpaqueBlack(layer.borderColor)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertFalse(layer.allowsEdgeAntialiasing, "iOS default without UIViewEdgeAntialiasing")
        XCTAssertEqual(layer.edgeAntialiasingMask.rawValue, 15)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertFalse(layer.drawsAsynchronously)
    }

    func testShadowDefaults() {
        let layer = CALayer()
        assertOpaqueBlack(layer.shadowColor)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.shadowPath)
    }

    func testContentsDefaults() {
        let layer = CALayer()
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsGravity.rawValue, "resize")
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
    }

    func testTreeAndIdentityDefaults() {
        let layer = CALayer()
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.actions)
        XCTAssertNil(layer.style)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.delegate)
    }

    func testCornerMaskBits() {
        XCTAssertEqual(CACornerMask.layerMinXMinYCorner.rawValue, 1)
        XCTAssertEqual(CACornerMask.layerMaxXMinYCorner.rawValue, 2)
        XCTAssertEqual(CACornerMask.layerMinXMaxYCorner.rawValue, 4)
        XCTAssertEqual(CACornerMask.layerMaxXMaxYCorner.rawValue, 8)
    }

    func testColorAPI() {
        let c = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        XCTAssertEqual(c.components, [0.2, 0.4, 0.6, 0.8])
        XCTAssertEqual(c.alpha, 0.8)
        XCTAssertEqual(c.numberOfComponents, 4)
        XCTAssertEqual(c.copy(alpha: 0.5)?.components, [0.2, 0.4, 0.6, 0.5])
        let g = CGColor(gray: 0.25, alpha: 1)
        XCTAssertEqual(g.components, [0.25, 1])
        XCTAssertEqual(g.copy(alpha: 0)?.components, [0.25, 0])
        XCTAssertEqual(CGColor.white.components, [1, 1])
        XCTAssertEqual(CGColor.clear.alpha, 0)
        XCTAssertEqual(CGColor.black.rgbaComponents.r, 0)
    }

    func testInitWithLayerCopiesStateNotTree() {
        let parent = CALayer()
        let layer = CALayer()
        parent.addSublayer(layer)
        layer.addSublayer(CALayer())
        layer.opacity = 0.3
        layer.name = "original"
        layer.setValue(7, forKey: "tag")
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.opacity, 0.3)
        XCTAssertEqual(copy.name, "original")
        XCTAssertEqual(copy.value(forKey: "tag") as? Int, 7)
        XCTAssertNil(copy.superlayer)
        XCTAssertNil(copy.sublayers)
        XCTAssertEqual(CATransformLayer(layer: layer).opacity, 0.3, "subclasses copy through init(layer:) too")
    }
}
