import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// convert(_:from:) / convert(_:to:) (CALayer.convert(_:from:), CALayer.convert(_:to:); the parent
/// is 200 × 200 at (100, 100), the child 50 × 50 at (100, 50), so child (0, 0) is parent (75, 25)).
final class LayerConversionTests: XCTestCase {
    private var parent = CALayer()
    private var child = CALayer()

    override func setUp() {
        parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.position = CGPoint(x: 100, y: 100)
        child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 100, y: 50)
        parent.addSublayer(child)
    }

    func testChildToParent() {
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 75, y: 25))
        XCTAssertEqual(child.convert(CGPoint(x: 50, y: 50), to: parent), CGPoint(x: 125, y: 75))
        XCTAssertEqual(parent.convert(CGPoint.zero, to: child), CGPoint(x: -75, y: -25))
        XCTAssertEqual(parent.convert(CGPoint(x: 75, y: 25), from: child), CGPoint(x: 150, y: 50))
        XCTAssertEqual(child.convert(CGPoint(x: 75, y: 25), from: parent), .zero)
        XCTAssertEqual(child.convert(CGPoint(x: 3, y: 4), to: child), CGPoint(x: 3, y: 4))
    }

    func testScaledChild() {
        child.transform = CATransform3DMakeScale(2, 2, 1)
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 50, y: 0))
        XCTAssertEqual(child.convert(CGPoint(x: 50, y: 50), to: parent), CGPoint(x: 150, y: 100))
        XCTAssertEqual(child.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: parent), CGRect(x: 50, y: 0, width: 20, height: 40))
        XCTAssertEqual(parent.convert(CGRect(x: 50, y: 0, width: 20, height: 40), to: child), CGRect(x: 0, y: 0, width: 10, height: 20))
    }

    func testSublayerTransformActsAboutTheParentsAnchor() {
        parent.sublayerTransform = CATransform3DMakeTranslation(10, 20, 0)
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 85, y: 45))
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 60, y: -38))
        XCTAssertEqual(parent.convert(CGPoint(x: 60, y: -38), to: child), .zero)
    }

    func testParentBoundsOriginLeavesConversionAlone() {
        parent.bounds.origin = CGPoint(x: 10, y: 20)
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 75, y: 25))
    }

    func testRotatedRectIsTheBoxOfItsCorners() {
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let r = 50 * 2.0.squareRoot()
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: parent),
                   CGRect(x: 100 - r, y: 100 - r, width: 2 * r, height: 2 * r), accuracy: 1e-12)
        assertPoint(child.convert(CGPoint(x: 50, y: 50), to: parent), CGPoint(x: 100, y: 100), accuracy: 1e-12)
        // The local x axis points along (1, 1)/√2 in the parent: 50 pt right of the centre is 25√2 along each axis.
        let d = 25 * 2.0.squareRoot()
        assertPoint(child.convert(CGPoint(x: 100, y: 50), to: parent), CGPoint(x: 100 + d, y: 100 + d), accuracy: 1e-12)
    }

    func testUnrelatedRootsConvertThroughTheirCommonSpace() {
        let u1 = CALayer(), u2 = CALayer()
        u1.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        u1.position = CGPoint(x: 25, y: 25)
        u2.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        u2.position = CGPoint(x: 500, y: 500)
        XCTAssertEqual(u1.convert(CGPoint.zero, to: u2), CGPoint(x: -475, y: -475))
        XCTAssertEqual(u2.convert(CGPoint.zero, from: u1), CGPoint(x: -475, y: -475))
        // Different trees: each goes through its own root.
        XCTAssertEqual(child.convert(CGPoint.zero, to: u2), CGPoint(x: 75 - 475, y: 25 - 475))
        // nil is the space the roots sit in.
        XCTAssertEqual(u2.convert(CGPoint.zero, to: nil), CGPoint(x: 475, y: 475))
        XCTAssertEqual(child.convert(CGPoint(x: 75, y: 25), from: nil), .zero)
    }

    func testSiblings() {
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        b.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        parent.addSublayer(a)
        parent.addSublayer(b)
        XCTAssertEqual(a.convert(CGPoint(x: 60, y: 60), to: b), CGPoint(x: 10, y: 10))
        XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: a), CGRect(x: 50, y: 50, width: 10, height: 10))
        // b doubled about its centre (100, 100): parent (60, 60) is (−40, −40) from it, (−20, −20)
        // unscaled, plus the anchor (50, 50).
        b.transform = CATransform3DMakeScale(2, 2, 1)
        XCTAssertEqual(a.convert(CGPoint(x: 60, y: 60), to: b), CGPoint(x: 30, y: 30))
        XCTAssertEqual(b.convert(CGPoint(x: 30, y: 30), to: a), CGPoint(x: 60, y: 60))
    }

    func testCousins() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        root.position = CGPoint(x: 150, y: 150)
        let a = CALayer(), b = CALayer(), a1 = CALayer(), b1 = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        b.frame = CGRect(x: 150, y: 100, width: 100, height: 100)
        a1.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        b1.frame = CGRect(x: 20, y: 30, width: 20, height: 20)
        root.addSublayer(a); root.addSublayer(b); a.addSublayer(a1); b.addSublayer(b1)
        XCTAssertEqual(a1.convert(CGPoint.zero, to: b1), CGPoint(x: -170, y: -130))
        XCTAssertEqual(b1.convert(CGPoint(x: 5, y: 5), to: a1), CGPoint(x: 175, y: 135))
        // b1 turned a quarter about its centre (180, 140 in root): root (0, 0) is (−180, −140) from
        // it; undoing the turn gives (−140, 180), plus the anchor (10, 10).
        b1.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertPoint(a1.convert(CGPoint.zero, to: b1), CGPoint(x: -130, y: 190), accuracy: 1e-9)
        assertPoint(b1.convert(CGPoint(x: -130, y: 190), to: a1), .zero, accuracy: 1e-9)
    }

    func testLayerRotatedAboutYAndPerspective() {
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        // Without perspective the plane is foreshortened by cos 60°: local x 100 is 50·½ right of centre.
        assertPoint(child.convert(CGPoint(x: 100, y: 50), to: parent), CGPoint(x: 125, y: 100), accuracy: 1e-12)
        assertPoint(parent.convert(CGPoint(x: 125, y: 100), to: child), CGPoint(x: 100, y: 50), accuracy: 1e-9)
        // With perspective the far edge (z = −50·sin 60°) shrinks by 1/(1 + 0.002·50·sin 60°).
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let w = 1 + 0.002 * 50 * sin(CGFloat.pi / 3)
        assertPoint(child.convert(CGPoint(x: 100, y: 0), to: parent), CGPoint(x: 100 + 25 / w, y: 100 - 50 / w), accuracy: 1e-9)
        assertPoint(parent.convert(CGPoint(x: 100 + 25 / w, y: 100 - 50 / w), to: child), CGPoint(x: 100, y: 0), accuracy: 1e-9)
        let inParent = child.convert(CGPoint(x: 17, y: 83), to: parent)
        assertPoint(child.convert(inParent, from: parent), CGPoint(x: 17, y: 83), accuracy: 1e-9)
    }

    func testPerspectiveScalesByDepth() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        // Child (0, 0) sits at (−25, −75) from the parent's anchor (100, 100).
        child.zPosition = 100
        assertPoint(child.convert(CGPoint.zero, to: parent), CGPoint(x: 100 - 25 * 1.25, y: 100 - 75 * 1.25), accuracy: 1e-9)
        child.zPosition = -100
        assertPoint(child.convert(CGPoint.zero, to: parent), CGPoint(x: 100 - 25 / 1.2, y: 100 - 75 / 1.2), accuracy: 1e-9)
        assertPoint(parent.convert(CGPoint(x: 100 - 25 / 1.2, y: 100 - 75 / 1.2), to: child), .zero, accuracy: 1e-9)
    }

    func testTransformLayerKeepsDepthForItsSublayers() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let holder = CATransformLayer()
        holder.position = CGPoint(x: 100, y: 100)
        parent.addSublayer(holder)
        let leaf = CALayer()
        leaf.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        leaf.zPosition = 100
        holder.addSublayer(leaf)
        // The leaf's z = 100 reaches the parent's perspective: 10 pt from the anchor grows to 12.5.
        assertPoint(leaf.convert(CGPoint.zero, to: parent), CGPoint(x: 87.5, y: 87.5), accuracy: 1e-9)
        // A flattening holder would have projected the leaf onto its own plane first.
        let flat = CALayer()
        flat.position = CGPoint(x: 100, y: 100)
        parent.addSublayer(flat)
        flat.addSublayer(leaf)
        assertPoint(leaf.convert(CGPoint.zero, to: parent), CGPoint(x: 90, y: 90), accuracy: 1e-9)
    }

    func testMaskConvertsWithoutTheSublayerTransform() {
        parent.sublayerTransform = CATransform3DMakeScale(3, 3, 1)
        let mask = CALayer()
        mask.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        parent.mask = mask
        XCTAssertEqual(mask.convert(CGPoint.zero, to: parent), CGPoint(x: 10, y: 10))
    }

    func testEdgeOnLayerReturnsThePointUnchanged() {
        child.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        XCTAssertEqual(child.convert(CGPoint(x: 7, y: 8), from: parent), CGPoint(x: 7, y: 8))
    }
}
