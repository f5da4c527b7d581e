import Foundation
import XCTest
import CARender

/// The sublayer API and the mask / superlayer rules.
final class LayerTreeTests: XCTestCase {
    private func named(_ name: String) -> CALayer {
        let l = CALayer()
        l.name = name
        return l
    }

    private func names(_ layer: CALayer) -> [String] { (layer.sublayers ?? []).map { $0.name ?? "?" } }

    func testAddAndInsert() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c"), d = named("d")
        p.addSublayer(a)
        p.addSublayer(b)
        XCTAssertTrue(a.superlayer === p)
        p.insertSublayer(c, at: 0)
        XCTAssertEqual(names(p), ["c", "a", "b"])
        p.insertSublayer(d, at: 99)
        XCTAssertEqual(names(p), ["c", "a", "b", "d"], "an index past the end appends")
        p.insertSublayer(c, at: 2)
        XCTAssertEqual(names(p), ["a", "b", "c", "d"], "an existing sublayer is removed first, then inserted")
        p.addSublayer(a)
        XCTAssertEqual(names(p), ["b", "c", "d", "a"], "adding an existing sublayer moves it to the front")
    }

    func testInsertBelowAndAbove() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c"), x = named("x")
        p.sublayers = [a, b, c]
        p.insertSublayer(x, below: b)
        XCTAssertEqual(names(p), ["a", "x", "b", "c"])
        p.insertSublayer(x, above: c)
        XCTAssertEqual(names(p), ["a", "b", "c", "x"])
        p.insertSublayer(a, above: b)
        XCTAssertEqual(names(p), ["b", "a", "c", "x"])
        p.insertSublayer(x, below: b)
        XCTAssertEqual(names(p), ["x", "b", "a", "c"])
        p.insertSublayer(c, below: nil)
        XCTAssertEqual(names(p), ["c", "x", "b", "a"])
        p.insertSublayer(c, above: nil)
        XCTAssertEqual(names(p), ["x", "b", "a", "c"])
    }

    func testReplace() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        p.sublayers = [a, b]
        p.replaceSublayer(a, with: c)
        XCTAssertEqual(names(p), ["c", "b"])
        XCTAssertNil(a.superlayer)
        XCTAssertTrue(c.superlayer === p)
        let other = named("other"), d = named("d")
        other.addSublayer(d)
        p.replaceSublayer(b, with: d)
        XCTAssertEqual(names(p), ["c", "d"])
        XCTAssertNil(other.sublayers?.first, "the replacement left its old parent")
        p.replaceSublayer(d, with: c)
        XCTAssertEqual(names(p), ["c"], "replacing with a sibling moves the sibling")
        p.replaceSublayer(named("stranger"), with: a)
        XCTAssertEqual(names(p), ["c"], "an old layer that is not a sublayer changes nothing")
    }

    func testMovingBetweenParentsAndRemoving() {
        let p = named("p"), q = named("q"), a = named("a")
        p.addSublayer(a)
        q.addSublayer(a)
        XCTAssertEqual(names(p), [])
        XCTAssertEqual(names(q), ["a"])
        XCTAssertTrue(a.superlayer === q)
        a.removeFromSuperlayer()
        XCTAssertNil(a.superlayer)
        XCTAssertEqual(names(q), [])
        a.removeFromSuperlayer()
        XCTAssertNil(a.superlayer)
    }

    func testSettingSublayers() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        p.sublayers = [a, b]
        p.sublayers = [c, a]
        XCTAssertEqual(names(p), ["c", "a"])
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(a.superlayer === p)
        p.sublayers = nil
        XCTAssertNil(p.sublayers)
        XCTAssertNil(c.superlayer)
    }

    func testMaskRules() {
        let p = named("p"), m = named("m"), other = named("other")
        other.addSublayer(m)
        p.mask = m
        XCTAssertTrue(p.mask === m)
        XCTAssertTrue(m.superlayer === p, "a mask's superlayer is the layer it masks")
        XCTAssertNil(other.sublayers?.first, "a mask leaves its old parent")
        XCTAssertNil(p.sublayers, "a mask is not a sublayer")
        m.removeFromSuperlayer()
        XCTAssertNil(p.mask)
        XCTAssertNil(m.superlayer)
        p.mask = m
        let m2 = named("m2")
        p.mask = m2
        XCTAssertNil(m.superlayer, "the replaced mask is released")
        p.addSublayer(m2)
        XCTAssertNil(p.mask, "a mask added as a sublayer stops being the mask")
        XCTAssertEqual(names(p), ["m2"])
    }

    func testKVCForTreeProperties() {
        let p = named("p"), a = named("a"), m = named("m")
        p.setValue([a], forKey: "sublayers")
        XCTAssertEqual(names(p), ["a"])
        XCTAssertEqual((p.value(forKey: "sublayers") as? [CALayer])?.count, 1)
        p.setValue(m, forKey: "mask")
        XCTAssertTrue(p.value(forKey: "mask") as? CALayer === m)
        XCTAssertTrue(a.value(forKey: "superlayer") as? CALayer === p)
        p.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        XCTAssertEqual(p.value(forKeyPath: "frame.size.width") as? CGFloat, 40)
        p.setValue(10, forKeyPath: "frame.origin.x")
        XCTAssertEqual(p.frame, CGRect(x: 10, y: 0, width: 40, height: 30))
    }
}

final class LayerTreeEdgeCaseTests: XCTestCase {
    func testAMaskMovedIntoSublayersStopsMasking() {
        let p = CALayer(), q = CALayer(), m = CALayer()
        p.mask = m
        q.insertSublayer(m, at: 0)
        XCTAssertNil(p.mask)
        XCTAssertTrue(m.superlayer === q)
        q.mask = m
        XCTAssertNil(q.sublayers?.first, "a sublayer made the mask leaves the sublayers")
        XCTAssertTrue(q.mask === m)
    }

    func testInsertingInPlaceAndSettingSublayersFromAnotherParent() {
        let p = CALayer(), q = CALayer(), a = CALayer(), b = CALayer()
        p.sublayers = [a, b]
        p.insertSublayer(a, at: 0)
        XCTAssertTrue(p.sublayers?[0] === a)
        XCTAssertEqual(p.sublayers?.count, 2)
        p.insertSublayer(b, below: b)
        XCTAssertEqual(p.sublayers?.count, 2, "inserting a layer relative to itself keeps one copy")
        q.sublayers = [b]
        XCTAssertEqual(p.sublayers?.count, 1)
        XCTAssertTrue(b.superlayer === q)
        p.sublayers = [a, a]
        XCTAssertEqual(p.sublayers?.count, 1, "a layer appears once")
    }
}
