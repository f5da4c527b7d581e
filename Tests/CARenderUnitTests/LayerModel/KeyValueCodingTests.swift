import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

final class KeyValueCodingTests: XCTestCase {
    func testEveryPropertyKeyReadsItsDefault() {
        let state = LayerState()
        XCTAssertEqual(state.value(forKeyPath: "opacity") as? CGFloat, 1)
        XCTAssertEqual(state.value(forKeyPath: "hidden") as? Bool, false)
        XCTAssertEqual(state.value(forKeyPath: "doubleSided") as? Bool, true)
        XCTAssertEqual(state.value(forKeyPath: "geometryFlipped") as? Bool, false)
        XCTAssertEqual(state.value(forKeyPath: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(state.value(forKeyPath: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(state.value(forKeyPath: "shadowRadius") as? CGFloat, 3)
        XCTAssertEqual(state.value(forKeyPath: "borderColor") as? CGColor, CGColor.black)
        XCTAssertEqual(state.value(forKeyPath: "transform") as? CATransform3D, CATransform3DIdentity)
        XCTAssertEqual(state.value(forKeyPath: "contentsRect") as? CGRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(state.value(forKeyPath: "maskedCorners") as? CACornerMask, CACornerMask(rawValue: 15))
        XCTAssertEqual(state.value(forKeyPath: "contentsGravity") as? CALayerContentsGravity, .resize)
        XCTAssertNil(state.value(forKeyPath: "backgroundColor"))
        XCTAssertNil(state.value(forKeyPath: "isHidden"), "KVC names are Apple's: hidden, not isHidden")
        for key in LayerState.propertyKeys {
            XCTAssertTrue(LayerState.isProperty(keyPath: key), key)
        }
        // The layer's own timing, with the defaults of a layer (its duration is infinite).
        XCTAssertEqual(state.value(forKeyPath: "speed") as? CGFloat, 1)
        XCTAssertEqual(state.value(forKeyPath: "timeOffset") as? CGFloat, 0)
        XCTAssertEqual(state.value(forKeyPath: "beginTime") as? CGFloat, 0)
        XCTAssertEqual(state.value(forKeyPath: "duration") as? CGFloat, .infinity)
        XCTAssertEqual(state.value(forKeyPath: "repeatCount") as? CGFloat, 0)
        XCTAssertEqual(state.value(forKeyPath: "autoreverses") as? Bool, false)
        XCTAssertEqual(state.value(forKeyPath: "fillMode") as? CAMediaTimingFillMode, .removed)
        XCTAssertEqual(LayerState.propertyKeys.count, 48)
        for property in CALayer.propertyTable.properties {
            XCTAssertEqual(CALayer.propertyTable.property(storedAt: property.stateKeyPath)?.name, property.name,
                           "every KVC property commits through the setter hook under its own name")
        }
    }

    func testEveryPropertyKeyWritesThroughKVC() {
        var s = LayerState()
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let path = CGMutablePath()
        let writes: [(String, Any?)] = [
            ("bounds", CGRect(x: 1, y: 2, width: 3, height: 4)), ("position", CGPoint(x: 5, y: 6)),
            ("zPosition", 7.0), ("anchorPoint", CGPoint(x: 0, y: 1)), ("anchorPointZ", 8),
            ("transform", CATransform3DMakeScale(2, 2, 2)), ("sublayerTransform", CATransform3DMakeTranslation(1, 2, 3)),
            ("geometryFlipped", true), ("hidden", true), ("opacity", NSNumber(value: 0.25)),
            ("allowsGroupOpacity", false), ("allowsEdgeAntialiasing", true), ("doubleSided", false),
            ("masksToBounds", true), ("backgroundColor", color), ("cornerRadius", Float(9)),
            ("maskedCorners", 3), ("cornerCurve", "continuous"), ("borderWidth", CGFloat(10)),
            ("borderColor", NSNull()), ("shadowColor", color), ("shadowOpacity", 0.5), ("shadowOffset", CGSize(width: 1, height: 1)),
            ("shadowRadius", 11), ("shadowPath", path), ("contents", "image"), ("contentsGravity", CALayerContentsGravity.center),
            ("contentsRect", NSValue(cgRect: CGRect(x: 0, y: 0, width: 0.5, height: 0.5))),
            ("contentsCenter", CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), ("contentsScale", 2),
            ("contentsFormat", CALayerContentsFormat.RGBA16Float), ("minificationFilter", "trilinear"),
            ("magnificationFilter", CALayerContentsFilter.nearest), ("minificationFilterBias", -0.5),
            ("opaque", true), ("shouldRasterize", NSNumber(value: true)), ("rasterizationScale", 3),
            ("edgeAntialiasingMask", 5), ("needsDisplayOnBoundsChange", true), ("drawsAsynchronously", 1),
            ("beginTime", 1.5), ("duration", NSNumber(value: 2)), ("speed", 0), ("timeOffset", CGFloat(0.25)),
            ("repeatCount", Float(3)), ("repeatDuration", 4), ("autoreverses", true), ("fillMode", "both"),
        ]
        XCTAssertEqual(Set(writes.map(\.0)), Set(LayerState.propertyKeys))
        for (key, value) in writes {
            XCTAssertTrue(s.setValue(value, forKeyPath: key), key)
        }
        XCTAssertEqual(s.beginTime, 1.5)
        XCTAssertEqual(s.duration, 2)
        XCTAssertEqual(s.speed, 0)
        XCTAssertEqual(s.timeOffset, 0.25)
        XCTAssertEqual(s.repeatCount, 3)
        XCTAssertEqual(s.repeatDuration, 4)
        XCTAssertTrue(s.autoreverses)
        XCTAssertEqual(s.fillMode, .both)
        XCTAssertEqual(s.bounds, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(s.position, CGPoint(x: 5, y: 6))
        XCTAssertEqual(s.zPosition, 7)
        XCTAssertEqual(s.anchorPoint, CGPoint(x: 0, y: 1))
        XCTAssertEqual(s.anchorPointZ, 8)
        XCTAssertEqual(s.transform, CATransform3DMakeScale(2, 2, 2))
        XCTAssertEqual(s.sublayerTransform, CATransform3DMakeTranslation(1, 2, 3))
        XCTAssertTrue(s.isGeometryFlipped)
        XCTAssertTrue(s.isHidden)
        XCTAssertEqual(s.opacity, 0.25)
        XCTAssertFalse(s.allowsGroupOpacity)
        XCTAssertTrue(s.allowsEdgeAntialiasing)
        XCTAssertFalse(s.isDoubleSided)
        XCTAssertTrue(s.masksToBounds)
        XCTAssertEqual(s.backgroundColor, color)
        XCTAssertEqual(s.cornerRadius, 9)
        XCTAssertEqual(s.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        XCTAssertEqual(s.cornerCurve, .continuous)
        XCTAssertEqual(s.borderWidth, 10)
        XCTAssertNil(s.borderColor)
        XCTAssertEqual(s.shadowColor, color)
        XCTAssertEqual(s.shadowOpacity, 0.5)
        XCTAssertEqual(s.shadowOffset, CGSize(width: 1, height: 1))
        XCTAssertEqual(s.shadowRadius, 11)
        XCTAssertTrue(s.shadowPath === path)
        XCTAssertEqual(s.contents as? String, "image")
        XCTAssertEqual(s.contentsGravity, .center)
        XCTAssertEqual(s.contentsRect, CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        XCTAssertEqual(s.contentsCenter, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        XCTAssertEqual(s.contentsScale, 2)
        XCTAssertEqual(s.contentsFormat, .RGBA16Float)
        XCTAssertEqual(s.minificationFilter, .trilinear)
        XCTAssertEqual(s.magnificationFilter, .nearest)
        XCTAssertEqual(s.minificationFilterBias, -0.5)
        XCTAssertTrue(s.isOpaque)
        XCTAssertTrue(s.shouldRasterize)
        XCTAssertEqual(s.rasterizationScale, 3)
        XCTAssertEqual(s.edgeAntialiasingMask, [.layerLeftEdge, .layerBottomEdge])
        XCTAssertTrue(s.needsDisplayOnBoundsChange)
        XCTAssertTrue(s.drawsAsynchronously)
    }

    func testWrongTypesAndUnknownKeysAreRejected() {
        var s = LayerState()
        XCTAssertFalse(s.setValue(CGPoint(x: 1, y: 1), forKeyPath: "opacity"))
        XCTAssertFalse(s.setValue(1.0, forKeyPath: "position"))
        XCTAssertFalse(s.setValue("red", forKeyPath: "backgroundColor"))
        XCTAssertFalse(s.setValue(1.0, forKeyPath: "nonsense"))
        XCTAssertFalse(s.setValue(1.0, forKeyPath: "position.z"))
        XCTAssertFalse(s.setValue(1.0, forKeyPath: "bounds.x"))
        XCTAssertEqual(s.opacity, 1)
        XCTAssertFalse(LayerState.isProperty(keyPath: "position.z"))
        XCTAssertFalse(LayerState.isProperty(keyPath: "opacity.x"))
        XCTAssertFalse(LayerState.isProperty(keyPath: "transform.rotation.w"))
        XCTAssertTrue(LayerState.isProperty(keyPath: "bounds.size.width"))
        XCTAssertTrue(LayerState.isProperty(keyPath: "sublayerTransform.translation.z"))
    }

    func testStructSubPaths() {
        var s = LayerState()
        s.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        s.position = CGPoint(x: 5, y: 6)
        XCTAssertEqual(s.value(forKeyPath: "position.x") as? CGFloat, 5)
        XCTAssertEqual(s.value(forKeyPath: "position.y") as? CGFloat, 6)
        XCTAssertEqual(s.value(forKeyPath: "bounds.origin") as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(s.value(forKeyPath: "bounds.origin.y") as? CGFloat, 2)
        XCTAssertEqual(s.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 30, height: 40))
        XCTAssertEqual(s.value(forKeyPath: "bounds.size.width") as? CGFloat, 30)
        XCTAssertEqual(s.value(forKeyPath: "shadowOffset.height") as? CGFloat, -3)
        XCTAssertEqual(s.value(forKeyPath: "anchorPoint.x") as? CGFloat, 0.5)

        XCTAssertTrue(s.setValue(50, forKeyPath: "position.x"))
        XCTAssertEqual(s.position, CGPoint(x: 50, y: 6))
        XCTAssertTrue(s.setValue(NSNumber(value: 7.5), forKeyPath: "bounds.size.height"))
        XCTAssertEqual(s.bounds, CGRect(x: 1, y: 2, width: 30, height: 7.5))
        XCTAssertTrue(s.setValue(NSValue(cgPoint: CGPoint(x: -1, y: -2)), forKeyPath: "bounds.origin"))
        XCTAssertEqual(s.bounds, CGRect(x: -1, y: -2, width: 30, height: 7.5))
        XCTAssertTrue(s.setValue(CGSize(width: 8, height: 9), forKeyPath: "bounds.size"))
        XCTAssertEqual(s.bounds.size, CGSize(width: 8, height: 9))
        XCTAssertTrue(s.setValue(Float(4), forKeyPath: "shadowOffset.height"))
        XCTAssertEqual(s.shadowOffset, CGSize(width: 0, height: 4))
        XCTAssertTrue(s.setValue(0.25, forKeyPath: "contentsRect.origin.x"))
        XCTAssertEqual(s.contentsRect, CGRect(x: 0.25, y: 0, width: 1, height: 1))
    }

    func testTransformComponentsReadByDecomposing() {
        var s = LayerState()
        let angle = CGFloat.pi / 3
        // Scale 2, rotate 60°, then translate (10, 20, 30): scale·rotation·translation.
        s.transform = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 2),
                                                              CATransform3DMakeRotation(angle, 0, 0, 1)),
                                          CATransform3DMakeTranslation(10, 20, 30))
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.z") as! CGFloat, angle, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation") as! CGFloat, angle, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.x") as! CGFloat, 0, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.scale") as! CGFloat, 2, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.scale.y") as! CGFloat, 2, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.translation.z") as? CGFloat, 30)
        XCTAssertEqual(s.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 10, height: 20))

        // Rotations beyond π read back in (−π, π].
        s.transform = CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.z") as! CGFloat, -.pi / 2, accuracy: 1e-12)
        s.transform = CATransform3DMakeRotation(0.7, 1, 0, 0)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.x") as! CGFloat, 0.7, accuracy: 1e-12)
        s.transform = CATransform3DMakeRotation(-0.4, 0, 1, 0)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.y") as! CGFloat, -0.4, accuracy: 1e-12)
        s.transform = CATransform3DMakeScale(1, 3, 5)
        XCTAssertEqual(s.value(forKeyPath: "transform.scale") as! CGFloat, 3, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.scale.z") as! CGFloat, 5, accuracy: 1e-12)
    }

    func testTransformComponentsWriteByRecomposing() {
        var s = LayerState()
        s.transform = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 3, 1),
                                                              CATransform3DMakeRotation(0.3, 0, 0, 1)),
                                          CATransform3DMakeTranslation(10, 20, 0))
        XCTAssertTrue(s.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z"))
        // scale(2,3) then rotate 90° (x→y, y→−x), then translate: rows (0,2), (−3,0).
        assertTransform(s.transform, CATransform3D(m11: 0, m12: 2, m13: 0, m14: 0, m21: -3, m22: 0, m23: 0, m24: 0,
                                                   m31: 0, m32: 0, m33: 1, m34: 0, m41: 10, m42: 20, m43: 0, m44: 1))
        XCTAssertTrue(s.setValue(NSNumber(value: 5), forKeyPath: "transform.translation.x"))
        XCTAssertEqual(s.transform.m41, 5, accuracy: 1e-12)
        XCTAssertEqual(s.transform.m42, 20, accuracy: 1e-12)
        XCTAssertTrue(s.setValue(CGSize(width: 1, height: 2), forKeyPath: "transform.translation"))
        XCTAssertEqual(s.transform.m41, 1, accuracy: 1e-12)
        XCTAssertEqual(s.transform.m42, 2, accuracy: 1e-12)
        XCTAssertTrue(s.setValue(4, forKeyPath: "transform.scale"))
        XCTAssertEqual(s.value(forKeyPath: "transform.scale.x") as! CGFloat, 4, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.scale.y") as! CGFloat, 4, accuracy: 1e-12)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation") as! CGFloat, .pi / 2, accuracy: 1e-12)

        // Setting transform.rotation on identity gives exactly CATransform3DMakeRotation.
        var t = LayerState()
        XCTAssertTrue(t.setValue(1.25, forKeyPath: "transform.rotation"))
        assertTransform(t.transform, CATransform3DMakeRotation(1.25, 0, 0, 1))
        XCTAssertTrue(t.setValue(0.5, forKeyPath: "sublayerTransform.rotation.y"))
        assertTransform(t.sublayerTransform, CATransform3DMakeRotation(0.5, 0, 1, 0))
    }

    func testPerspectiveSurvivesARotationWrittenByKeyPath() {
        var s = LayerState()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        s.transform = CATransform3DRotate(perspective, 0.4, 0, 1, 0)
        XCTAssertEqual(s.value(forKeyPath: "transform.rotation.y") as! CGFloat, 0.4, accuracy: 1e-12)
        XCTAssertTrue(s.setValue(-1.1, forKeyPath: "transform.rotation.y"))
        assertTransform(s.transform, CATransform3DRotate(perspective, -1.1, 0, 1, 0))
    }

    // MARK: - CALayer's public KVC

    func testLayerKVCReturnsCastableValues() {
        let layer = CALayer()
        layer.opacity = 0.5
        layer.position = CGPoint(x: 3, y: 4)
        XCTAssertEqual(layer.value(forKey: "opacity") as? CGFloat, 0.5)
        XCTAssertEqual(layer.value(forKey: "opacity") as? Double, 0.5)
        XCTAssertEqual(layer.value(forKey: "opacity") as? Float, 0.5)
        XCTAssertEqual((layer.value(forKey: "opacity") as? NSNumber)?.doubleValue, 0.5)
        XCTAssertEqual(layer.value(forKey: "position") as? CGPoint, CGPoint(x: 3, y: 4))
        XCTAssertEqual((layer.value(forKey: "position") as? NSValue)?.cgPointValue, CGPoint(x: 3, y: 4))
        XCTAssertEqual(layer.value(forKeyPath: "position.y") as? CGFloat, 4)
        XCTAssertEqual((layer.value(forKey: "hidden") as? NSNumber)?.boolValue, false)
        XCTAssertEqual(layer.value(forKey: "hidden") as? Bool, false)
        XCTAssertEqual(layer.value(forKeyPath: "transform") as? CATransform3D, CATransform3DIdentity)
        XCTAssertEqual((layer.value(forKeyPath: "transform") as? NSValue)?.caTransform3DValue, CATransform3DIdentity)
    }

    func testLayerSetValueGoesThroughTheProperty() {
        let layer = CALayer()
        layer.setValue(0.25, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.25)
        layer.setValue(true, forKey: "hidden")
        XCTAssertTrue(layer.isHidden)
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(2, 2, 1))
        layer.setValue(Double.pi, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as! CGFloat, .pi, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as! CGFloat, 2, accuracy: 1e-12)
        layer.setValue(12, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 12, y: 0))
        layer.setValue(CGRect(x: 0, y: 0, width: 10, height: 10), forKey: "frame")
        // Under the scale-2 transform, a 10×10 frame needs 5×5 bounds.
        XCTAssertEqual(layer.bounds.width, 5, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.width, 10, accuracy: 1e-9)
        layer.setValue("box", forKey: "name")
        XCTAssertEqual(layer.name, "box")
        XCTAssertEqual(layer.value(forKey: "name") as? String, "box")
    }

    func testUnknownKeysAreStoredLikeAContainer() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKey: "tag"))
        layer.setValue(42, forKey: "tag")
        XCTAssertEqual(layer.value(forKey: "tag") as? Int, 42)
        layer.setValue([1, 2], forKeyPath: "custom.path")
        XCTAssertEqual(layer.value(forKeyPath: "custom.path") as? [Int], [1, 2])
        layer.setValue(nil, forKey: "tag")
        XCTAssertNil(layer.value(forKey: "tag"))
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.value(forKeyPath: "custom.path") as? [Int], [1, 2])
    }

    func testWrongTypeLeavesThePropertyAlone() {
        let layer = CALayer()
        layer.setValue("opaque", forKey: "opacity")
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertTrue(layer.customValues.isEmpty, "a property key never falls back to arbitrary storage")
    }
}

func assertTransform(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
    for (x, y) in zip(a.rowMajorElements, b.rowMajorElements) where abs(x - y) > accuracy {
        XCTFail("\(a) is not \(b)", file: file, line: line)
        return
    }
}

final class KeyValueCodingDefaultsTests: XCTestCase {
    private final class ProgressLayer: CALayer {
        override class func defaultValue(forKey key: String) -> Any? {
            key == "progress" ? 0.5 : super.defaultValue(forKey: key)
        }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
    }

    func testDefaultValues() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "opacity") as? CGFloat, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertNil(CALayer.defaultValue(forKey: "progress"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "opacity"))
        let layer = ProgressLayer()
        XCTAssertEqual(layer.value(forKey: "progress") as? Double, 0.5, "unset keys read the class default")
        layer.setValue(0.75, forKey: "progress")
        XCTAssertEqual(layer.value(forKey: "progress") as? Double, 0.75)
        XCTAssertTrue(ProgressLayer.needsDisplay(forKey: "progress"))
    }

    func testDottedKeysNamingPropertiesAreKeyPaths() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKey: "transform.rotation.z")
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation") as! CGFloat, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKey: "transform.rotation.z") as! CGFloat, .pi / 2, accuracy: 1e-12)
        layer.setValue(3, forKey: "user.tag")
        XCTAssertEqual(layer.value(forKey: "user.tag") as? Int, 3)
    }
}

final class KeyPathCoverageTests: XCTestCase {
    /// Every struct sub-path of every struct-valued property: set through a fresh layer's KVC,
    /// read back through the same path, and the untouched fields stay put.
    func testEveryStructSubPathRoundTrips() {
        var checked = 0
        for root in ["position", "anchorPoint"] {
            for (field, value) in [("x", 12.5), ("y", -3.0)] as [(String, CGFloat)] {
                let layer = CALayer()
                let before = layer.value(forKeyPath: root) as! CGPoint
                layer.setValue(value, forKeyPath: "\(root).\(field)")
                XCTAssertEqual(layer.value(forKeyPath: "\(root).\(field)") as? CGFloat, value, "\(root).\(field)")
                let after = layer.value(forKeyPath: root) as! CGPoint
                XCTAssertEqual(field == "x" ? after.y : after.x, field == "x" ? before.y : before.x)
                checked += 1
            }
        }
        for (field, value) in [("width", 7.0), ("height", 8.0)] as [(String, CGFloat)] {
            let layer = CALayer()
            layer.setValue(value, forKeyPath: "shadowOffset.\(field)")
            XCTAssertEqual(layer.value(forKeyPath: "shadowOffset.\(field)") as? CGFloat, value)
            XCTAssertEqual(field == "width" ? layer.shadowOffset.height : layer.shadowOffset.width, field == "width" ? -3 : 0)
            checked += 1
        }
        for root in ["bounds", "contentsRect", "contentsCenter"] {
            for (field, value) in [("origin.x", 1.5), ("origin.y", 2.5), ("size.width", 3.5), ("size.height", 4.5)] as [(String, CGFloat)] {
                let layer = CALayer()
                layer.setValue(value, forKeyPath: "\(root).\(field)")
                XCTAssertEqual(layer.value(forKeyPath: "\(root).\(field)") as? CGFloat, value, "\(root).\(field)")
                checked += 1
            }
            let layer = CALayer()
            layer.setValue(CGPoint(x: 9, y: 10), forKeyPath: "\(root).origin")
            layer.setValue(NSValue(cgSize: CGSize(width: 11, height: 12)), forKeyPath: "\(root).size")
            XCTAssertEqual(layer.value(forKeyPath: root) as? CGRect, CGRect(x: 9, y: 10, width: 11, height: 12), root)
            XCTAssertEqual(layer.value(forKeyPath: "\(root).origin") as? CGPoint, CGPoint(x: 9, y: 10))
            XCTAssertEqual(layer.value(forKeyPath: "\(root).size") as? CGSize, CGSize(width: 11, height: 12))
            checked += 2
        }
        for root in ["transform", "sublayerTransform"] {
            let scalarPaths: [(String, CGFloat)] = [
                ("rotation", 0.5), ("rotation.x", 0.25), ("rotation.y", -0.75), ("rotation.z", 2),
                ("scale", 1.5), ("scale.x", 2), ("scale.y", 0.5), ("scale.z", 3),
                ("translation.x", 4), ("translation.y", -5), ("translation.z", 6),
            ]
            for (path, value) in scalarPaths {
                let layer = CALayer()
                layer.setValue(value, forKeyPath: "\(root).\(path)")
                XCTAssertEqual(layer.value(forKeyPath: "\(root).\(path)") as! CGFloat, value, accuracy: 1e-12, "\(root).\(path)")
                checked += 1
            }
            let layer = CALayer()
            layer.setValue(CGSize(width: 3, height: 4), forKeyPath: "\(root).translation")
            XCTAssertEqual(layer.value(forKeyPath: "\(root).translation") as? CGSize, CGSize(width: 3, height: 4))
            XCTAssertEqual(layer.value(forKeyPath: root) as? CATransform3D, CATransform3DMakeTranslation(3, 4, 0))
            checked += 1
        }
        XCTAssertEqual(checked, 4 + 2 + 18 + 24)
    }

    func testSettingOneRotationKeepsTheOthers() {
        let layer = CALayer()
        layer.setValue(0.3, forKeyPath: "transform.rotation.x")
        layer.setValue(0.4, forKeyPath: "transform.rotation.y")
        layer.setValue(0.5, forKeyPath: "transform.rotation.z")
        layer.setValue(2, forKeyPath: "transform.scale.x")
        layer.setValue(7, forKeyPath: "transform.translation.z")
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.x") as! CGFloat, 0.3, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as! CGFloat, 0.4, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as! CGFloat, 0.5, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as! CGFloat, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.z") as! CGFloat, 7, accuracy: 1e-12)
        // The documented composition: scale, then x, y, z rotations, then translation.
        var expected = CATransform3DMakeScale(2, 1, 1)
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(0.3, 1, 0, 0))
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(0.4, 0, 1, 0))
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(0.5, 0, 0, 1))
        expected = CATransform3DConcat(expected, CATransform3DMakeTranslation(0, 0, 7))
        assertTransform(layer.transform, expected, accuracy: 1e-12)
    }
}
