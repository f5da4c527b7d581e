import XCTest
import CARender

/// `setNeedsLayout`/`layoutSublayers` and `setNeedsDisplay`/`display`, run in the commit phase.
final class LayoutPassTests: XCTestCase {
    /// A layer that keeps its one sublayer inset by 10 points.
    final class InsetLayer: CALayer {
        let child = CALayer()
        var layouts = 0
        override init() {
            super.init()
            addSublayer(child)
        }
        override init(layer: Any) { super.init(layer: layer) }
        override func layoutSublayers() {
            layouts += 1
            child.frame = bounds.insetBy(dx: 10, dy: 10)
        }
    }

    final class Painter: CALayerDelegate {
        var displayed = 0
        func display(_ layer: CALayer) {
            displayed += 1
            layer.contents = CGImage(image: RGBAImage(width: 1, height: 1))
        }
    }

    func testBoundsChangesLayOutBeforeTheCommit() {
        let stage = Stage(width: 200, height: 200)
        let layer = InsetLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        XCTAssertEqual(layer.layouts, 1)
        XCTAssertEqual(layer.child.frame, CGRect(x: 10, y: 10, width: 80, height: 40))
        XCTAssertFalse(layer.needsLayout())
        stage.at(1) {
            CATransaction.setDisableActions(true)
            layer.bounds.size = CGSize(width: 50, height: 50)
        }
        stage.advance(to: 1)
        XCTAssertEqual(layer.layouts, 2)
        XCTAssertEqual(layer.child.presentation()?.frame, CGRect(x: 10, y: 10, width: 30, height: 30),
                       "the layout reached the screen in the same commit")
        stage.advance(to: 2)
        XCTAssertEqual(layer.layouts, 2, "no change, no layout")
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        XCTAssertEqual(layer.layouts, 3)
    }

    func testDisplayRunsOnceForSetNeedsDisplayAndOnBoundsChangeWhenAsked() {
        let stage = Stage(width: 100, height: 100)
        let painter = Painter()
        let layer = CALayer()
        layer.delegate = painter
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stage.rootLayer.addSublayer(layer)
        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        stage.advance(to: 0)
        XCTAssertEqual(painter.displayed, 1)
        XCTAssertNotNil(layer.contents)
        layer.bounds.size = CGSize(width: 20, height: 20)
        stage.advance(to: 0.1)
        XCTAssertEqual(painter.displayed, 1, "needsDisplayOnBoundsChange is off by default")
        layer.needsDisplayOnBoundsChange = true
        layer.bounds.size = CGSize(width: 30, height: 30)
        stage.advance(to: 0.2)
        XCTAssertEqual(painter.displayed, 2)
    }

    func testViewsLayOutTheirSubviews() {
        final class Row: UIView {
            let left = UIView(), right = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(left)
                addSubview(right)
            }
            override func layoutSubviews() {
                let half = bounds.width / 2
                left.frame = CGRect(x: 0, y: 0, width: half, height: bounds.height)
                right.frame = CGRect(x: half, y: 0, width: half, height: bounds.height)
            }
        }
        let stage = Stage(width: 100, height: 100)
        let row = Row(frame: CGRect(x: 0, y: 0, width: 80, height: 20))
        stage.rootLayer.addSublayer(row.layer)
        stage.advance(to: 0)
        XCTAssertEqual(row.right.frame, CGRect(x: 40, y: 0, width: 40, height: 20))
    }
}
