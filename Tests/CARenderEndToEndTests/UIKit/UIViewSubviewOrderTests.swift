import XCTest
import CARender

/// Subview order and layer order move together, as UIKit keeps them.
final class UIViewSubviewOrderTests: XCTestCase {
    private func names(_ view: UIView) -> [Int] { view.subviews.map(\.tag) }
    private func layerNames(_ view: UIView) -> [String] { (view.layer.sublayers ?? []).map { $0.name ?? "?" } }

    private func tagged(_ tag: Int) -> UIView {
        let v = UIView()
        v.tag = tag
        v.layer.name = "\(tag)"
        return v
    }

    func testInsertionsAndReordering() {
        let parent = UIView()
        let a = tagged(1), b = tagged(2), c = tagged(3), d = tagged(4)
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, belowSubview: b)
        XCTAssertEqual(names(parent), [1, 3, 2])
        parent.insertSubview(d, aboveSubview: a)
        XCTAssertEqual(names(parent), [1, 4, 3, 2])
        XCTAssertEqual(layerNames(parent), ["1", "4", "3", "2"])
        parent.bringSubviewToFront(a)
        XCTAssertEqual(names(parent), [4, 3, 2, 1])
        parent.sendSubviewToBack(b)
        XCTAssertEqual(names(parent), [2, 4, 3, 1])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        XCTAssertEqual(names(parent), [1, 4, 3, 2])
        XCTAssertEqual(layerNames(parent), ["1", "4", "3", "2"])
        parent.insertSubview(c, at: 0)
        XCTAssertEqual(names(parent), [3, 1, 4, 2])
        XCTAssertEqual(layerNames(parent), ["3", "1", "4", "2"])
        XCTAssertTrue(c.superview === parent)
    }
}
