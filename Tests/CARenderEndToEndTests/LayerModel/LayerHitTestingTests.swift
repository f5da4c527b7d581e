import Foundation
import XCTest
import CARender

/// hitTest(_:) and contains(_:) (CALayer — hitTest(_:): the point is in the superlayer's
/// coordinates; contains(_:): in the receiver's own).
final class LayerHitTestingTests: XCTestCase {
    private func layer(_ frame: CGRect, _ name: String) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.name = name
        return l
    }

    func testFrontmostSiblingWins() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), "root")
        let a = layer(CGRect(x: 0, y: 0, width: 100, height: 100), "a")
        let b = layer(CGRect(x: 50, y: 50, width: 100, height: 100), "b")
        root.addSublayer(a)
        root.addSublayer(b)
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "b", "later sublayers are in front")
        XCTAssertEqual(root.hitTest(CGPoint(x: 25, y: 25))?.name, "a")
        XCTAssertEqual(root.hitTest(CGPoint(x: 190, y: 10))?.name, "root")
        XCTAssertNil(root.hitTest(CGPoint(x: 250, y: 10)))
        a.zPosition = 1
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "a", "higher zPosition is in front")
        a.zPosition = 0
        b.isHidden = true
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "a", "hidden layers are skipped")
        XCTAssertEqual(root.hitTest(CGPoint(x: 125, y: 125))?.name, "root")
        root.isHidden = true
        XCTAssertNil(root.hitTest(CGPoint(x: 25, y: 25)), "a hidden layer hides its sublayers")
    }

    func testPointIsInTheSuperlayersSpaceAndDeepestWins() {
        let root = layer(CGRect(x: 100, y: 100, width: 200, height: 200), "root")
        let a = layer(CGRect(x: 10, y: 10, width: 100, height: 100), "a")
        let leaf = layer(CGRect(x: 10, y: 10, width: 20, height: 20), "leaf")
        root.addSublayer(a)
        a.addSublayer(leaf)
        // Window point (125, 125) is root (25, 25), a (15, 15), leaf (5, 5).
        XCTAssertEqual(root.hitTest(CGPoint(x: 125, y: 125))?.name, "leaf")
        XCTAssertEqual(root.hitTest(CGPoint(x: 115, y: 115))?.name, "a")
        XCTAssertEqual(root.hitTest(CGPoint(x: 105, y: 105))?.name, "root")
        XCTAssertNil(root.hitTest(CGPoint(x: 25, y: 25)), "root-local coordinates are not what hitTest takes")
        XCTAssertEqual(a.hitTest(CGPoint(x: 25, y: 25))?.name, "leaf", "a's superlayer is root")
    }

    func testMasksToBoundsCutsOffSublayers() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), "root")
        let a = layer(CGRect(x: 0, y: 0, width: 100, height: 100), "a")
        let overhang = layer(CGRect(x: 80, y: 80, width: 50, height: 50), "overhang")
        root.addSublayer(a)
        a.addSublayer(overhang)
        XCTAssertEqual(root.hitTest(CGPoint(x: 120, y: 120))?.name, "overhang")
        a.masksToBounds = true
        XCTAssertEqual(root.hitTest(CGPoint(x: 120, y: 120))?.name, "root")
        XCTAssertEqual(root.hitTest(CGPoint(x: 90, y: 90))?.name, "overhang")
    }

    func testTransformedLayers() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), "root")
        let bar = layer(CGRect(x: 100, y: 140, width: 100, height: 20), "bar")
        root.addSublayer(bar)
        XCTAssertEqual(root.hitTest(CGPoint(x: 150, y: 110))?.name, "root")
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertEqual(root.hitTest(CGPoint(x: 150, y: 110))?.name, "bar", "the turned bar now spans y 100…200")
        XCTAssertEqual(root.hitTest(CGPoint(x: 120, y: 150))?.name, "root")
        // Model geometry: a sublayerTransform on root moves where the bar is hit.
        root.sublayerTransform = CATransform3DMakeTranslation(100, 0, 0)
        XCTAssertEqual(root.hitTest(CGPoint(x: 250, y: 110))?.name, "bar")
    }

    func testTransformLayersPassThrough() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), "root")
        let holder = CATransformLayer()
        holder.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        holder.name = "holder"
        let card = layer(CGRect(x: 50, y: 50, width: 50, height: 50), "card")
        root.addSublayer(holder)
        holder.addSublayer(card)
        XCTAssertEqual(root.hitTest(CGPoint(x: 60, y: 60))?.name, "card")
        XCTAssertEqual(root.hitTest(CGPoint(x: 200, y: 200))?.name, "root", "a transform layer is never hit itself")
        XCTAssertEqual(card.hitTest(CGPoint(x: 60, y: 60))?.name, "card", "the point is in the nearest non-transform ancestor's space")
    }

    func testContainsUsesBounds() {
        let l = CALayer()
        l.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        l.position = CGPoint(x: 500, y: 500)
        XCTAssertTrue(l.contains(CGPoint(x: 15, y: 15)))
        XCTAssertTrue(l.contains(CGPoint(x: 10, y: 10)))
        XCTAssertFalse(l.contains(CGPoint(x: 5, y: 15)))
        XCTAssertFalse(l.contains(CGPoint(x: 500, y: 500)))
    }
}
