import CARender
import XCTest

/// Everyday Apple-style code that must compile and behave: layers and views are NSObjects, and
/// the layer API that subclasses override is overridable.
final class AppleSourceCompatibilityTests: XCTestCase {
    final class TrackingLayer: CALayer {
        var frames: [CGRect] = []
        var added: [String] = []
        override var frame: CGRect {
            didSet { frames.append(frame) }
        }
        override func add(_ anim: CAAnimation, forKey key: String?) {
            added.append(key ?? "nil")
            super.add(anim, forKey: key)
        }
        override func action(forKey event: String) -> CAAction? {
            event == "opacity" ? NSNull() : super.action(forKey: event)
        }
    }

    func testLayersAreNSObjectsUsableInCollections() {
        let parent = CALayer(), a = CALayer(), b = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        XCTAssertEqual(parent.sublayers?.firstIndex(of: b), 1)
        XCTAssertTrue(parent.sublayers?.contains(a) ?? false)
        let set: Set<CALayer> = [a, b, a]
        XCTAssertEqual(set.count, 2)
        let object: NSObject = a
        XCTAssertTrue(object.isEqual(a))
        XCTAssertFalse(a.isEqual(b))
        XCTAssertEqual(UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        let views = [UIView(), UIView()]
        XCTAssertEqual(views.firstIndex(of: views[1]), 1)
    }

    func testSubclassOverridesAreCalled() {
        let stage = Stage(width: 100, height: 100)
        let layer = TrackingLayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        XCTAssertEqual(layer.frames, [CGRect(x: 1, y: 2, width: 3, height: 4)])
        stage.at(1) {
            layer.opacity = 0.5                 // the override answers NSNull: no animation
            layer.position = CGPoint(x: 50, y: 50)
        }
        stage.advance(to: 1)
        XCTAssertEqual(layer.added, ["position"], "the implicit animation goes through the overridden add")
        XCTAssertEqual(layer.animationKeys(), ["position"])
    }
}

final class LayerExtrasTests: XCTestCase {
    func testCornerCurveFactorsAndFlippedContents() {
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        // Undocumented by Apple: the factor QuartzCore is reported to use.
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, accuracy: 1e-9)
        let outer = CALayer(), inner = CALayer(), leaf = CALayer()
        outer.addSublayer(inner)
        inner.addSublayer(leaf)
        XCTAssertFalse(leaf.contentsAreFlipped())
        outer.isGeometryFlipped = true
        XCTAssertTrue(leaf.contentsAreFlipped())
        inner.isGeometryFlipped = true
        XCTAssertFalse(leaf.contentsAreFlipped(), "two flips cancel")
        leaf.bounds = CGRect(x: 0, y: 0, width: 3, height: 4)
        XCTAssertEqual(leaf.preferredFrameSize(), CGSize(width: 3, height: 4))
        leaf.filters = []
        XCTAssertNotNil(leaf.filters)
    }
}
