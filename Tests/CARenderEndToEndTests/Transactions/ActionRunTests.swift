import XCTest
import CARender
import CARenderTestSupport

/// How actions run: UIKit's add-then-animate idiom, animations in `actions` without values, and
/// snapshots taken inside a turn.
final class ActionRunTests: XCTestCase {
    /// A view added and animated in the same turn animates (its delegate answers before the
    /// first commit), and the completion waits for it.
    func testViewAddedInTheSameTurnAnimatesInAnAnimationBlock() {
        let s = TransactionStage()
        var completedAt: Double?
        var view: UIView!
        s.stage.at(0.5) {
            view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            s.stage.rootLayer.addSublayer(view.layer)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                           completion: { _ in completedAt = CACurrentMediaTime() })
        }
        s.stage.advance(to: 1)
        XCTAssertEqual(Double(view.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-9)
        s.stage.advance(to: 2)
        XCTAssertEqual(completedAt, 1.5)
    }

    /// ...while a plain layer added in the same turn still gets no implicit animation.
    func testPlainLayerAddedInTheSameTurnDoesNotAnimateImplicitly() {
        let s = TransactionStage()
        let layer = CALayer()
        s.stage.at(0.5) {
            s.stage.rootLayer.addSublayer(layer)
            layer.opacity = 0.2
        }
        s.stage.advance(to: 0.5)
        XCTAssertNil(layer.animationKeys())
    }

    /// CABasicAnimation: with from, to and by all nil it interpolates from the previous value on
    /// screen to the new one; run as an action without a key path it animates the event's key.
    func testActionAnimationWithoutValuesRunsFromTheOldValue() {
        let s = TransactionStage()
        let plain = CABasicAnimation()
        plain.duration = 1
        s.layer.actions = ["position": plain]
        s.stage.at(0.5) { s.layer.position = CGPoint(x: 300, y: 100) }   // from (100, 100)
        XCTAssertEqual(Double(s.presentation(at: 1).position.x), 200, accuracy: 1e-9)
        XCTAssertNil(plain.keyPath, "the action object in `actions` is not changed")
        XCTAssertNil(plain.fromValue)
        XCTAssertEqual(s.presentation(at: 1.5).position.x, 300)
    }

    /// `render()` inside a turn takes a snapshot of what is on screen; turns due at the same
    /// instant run after it, in order.
    func testRenderInsideATurnDoesNotRunOtherTurns() {
        let s = TransactionStage()
        var log: [String] = []
        s.stage.at(0.5) {
            log.append("first starts")
            _ = s.stage.render()
            log.append("first ends")
        }
        s.stage.at(0.5) { log.append("second") }
        s.stage.advance(to: 0.5)
        XCTAssertEqual(log, ["first starts", "first ends", "second"])
    }
}
