import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderUIKit
import CARenderTestSupport

/// Seeds 003 and 004: actions supplied by a delegate, actions disabled for a removal, and the
/// five code blocks of seed 004 (which animate and which do not).
final class SeedActionTests: XCTestCase {
    /// Seed 003, listing 6-1: the delegate answers `contents` with a push transition.
    final class ContentsDelegate: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            guard event == "contents" else { return nil }
            let transition = CATransition()
            transition.duration = 1.0
            transition.timingFunction = CAMediaTimingFunction(name: .easeIn)
            transition.type = .push
            transition.subtype = .fromRight
            return transition
        }
    }

    func testDelegateSuppliedPushTransitionForContents() {
        let s = TransactionStage()
        let delegate = ContentsDelegate()
        s.layer.delegate = delegate
        let image = CGImage(image: RGBAImage(width: 2, height: 2))
        s.stage.at(1) { s.layer.contents = image }
        s.stage.advance(to: 1.5)
        XCTAssertEqual(s.layer.animationKeys(), ["transition"], "transitions live under the key \"transition\"")
        let transition = s.layer.animation(forKey: "transition") as? CATransition
        XCTAssertEqual(transition?.type, .push)
        XCTAssertEqual(transition?.subtype, .fromRight)
        XCTAssertEqual(transition?.duration, 1)
        let node = s.layer.renderNode(at: s.stage.time)
        XCTAssertEqual(node.transition?.progress ?? -1, easeInAtHalf, accuracy: 1e-4)
        s.stage.advance(to: 2.5)
        XCTAssertNil(s.layer.animationKeys())
    }

    /// Seed 003, listing 6-2: removing a layer with actions disabled runs no onOrderOut action.
    func testRemovalWithActionsDisabled() {
        final class Recorder: CAAction {
            var events: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                events.append(event)
            }
        }
        let s = TransactionStage()
        let recorder = Recorder()
        s.layer.actions = [kCAOnOrderOut: recorder]
        s.stage.at(1) {
            CATransaction.begin()
            CATransaction.setValue(true, forKey: kCATransactionDisableActions)
            s.layer.removeFromSuperlayer()
            CATransaction.commit()
        }
        s.stage.advance(to: 1)
        XCTAssertTrue(recorder.events.isEmpty)
        XCTAssertNil(s.layer.superlayer)
        XCTAssertNil(s.stage.rootLayer.sublayers)
    }

    /// Seed 004's five code blocks: a plain sublayer animates implicitly (1); a view's own layer
    /// does not, even in an explicit transaction (2, 3); a view animates inside a
    /// `UIView.animate` block (4) and not outside one (5).
    func testSeed004WhichChangesAnimate() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 100, y: 200, width: 60, height: 60))
        s.stage.rootLayer.addSublayer(view.layer)
        s.stage.advance(to: 0.5)

        s.stage.at(1) { s.layer.position = CGPoint(x: s.layer.position.x, y: s.layer.position.y - 10) }   // 1
        s.stage.advance(to: 1)
        XCTAssertEqual(s.layer.animationKeys(), ["position"], "code 1: a plain sublayer animates")

        s.stage.at(2) { view.layer.position = CGPoint(x: view.layer.position.x, y: view.layer.position.y - 10) }   // 2
        s.stage.advance(to: 2)
        XCTAssertNil(view.layer.animationKeys(), "code 2: a view's layer does not animate")

        s.stage.at(3) {   // 3
            CATransaction.begin()
            CATransaction.setValue(false, forKey: kCATransactionDisableActions)
            CATransaction.setValue(0.5, forKey: kCATransactionAnimationDuration)
            view.layer.position = CGPoint(x: view.layer.position.x, y: view.layer.position.y - 10)
            CATransaction.commit()
        }
        s.stage.advance(to: 3)
        XCTAssertNil(view.layer.animationKeys(), "code 3: not even in an explicit transaction")

        s.stage.at(4) {   // 4
            UIView.animate(withDuration: 0.5) {
                view.center = CGPoint(x: view.center.x, y: view.center.y - 10)
            }
        }
        s.stage.advance(to: 4)
        XCTAssertEqual(view.layer.animationKeys(), ["position"], "code 4: a view animates in an animation block")
        let animation = view.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 0.5)
        XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        // centre y: 230 at first, 220 after code 2, 210 after code 3, animating to 200 in code 4.
        XCTAssertEqual(Double(s.presentation(at: 4.25, of: view.layer).position.y), 210 - 10 * 0.5, accuracy: 1e-6,
                       "easeInEaseOut is 0.5 at the midpoint")

        s.stage.at(5) { view.center = CGPoint(x: view.center.x, y: view.center.y - 10) }   // 5
        s.stage.advance(to: 5)
        XCTAssertNil(view.layer.animationKeys(), "code 5: outside a block a view does not animate")
        XCTAssertEqual(s.presentation(at: 5, of: view.layer).position.y, 190)
    }

    func testUIViewAnimateCompletionAndDelay() {
        let s = TransactionStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        s.stage.rootLayer.addSublayer(view.layer)
        var finishedAt: Double?
        s.stage.at(1) {
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
                view.alpha = 0
            }, completion: { finished in
                XCTAssertTrue(finished)
                finishedAt = CACurrentMediaTime()
            })
        }
        XCTAssertEqual(s.presentation(at: 1.25, of: view.layer).opacity, 1, "holds the old value during the delay")
        XCTAssertEqual(Double(s.presentation(at: 2, of: view.layer).opacity), 0.5, accuracy: 1e-9)
        s.stage.advance(to: 3)
        XCTAssertEqual(finishedAt, 2.5)
    }

    func testRootLayerBehavesLikeAViewsLayer() {
        let s = TransactionStage()
        s.stage.at(1) { s.stage.rootLayer.backgroundColor = TransactionStage.yellow }
        s.stage.advance(to: 1)
        XCTAssertNil(s.stage.rootLayer.animationKeys())
    }
}

final class SpringViewAnimationTests: XCTestCase {
    /// A spring view animation: critically damped (ratio 1) it never overshoots and has come to
    /// rest (within 0.1%) when the duration ends; under-damped it overshoots.
    func testSpringAnimationsSettleAtTheirDuration() {
        func positions(damping: CGFloat) -> [Double] {
            let s = TransactionStage()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))   // centre x 5
            s.stage.rootLayer.addSublayer(view.layer)
            s.stage.at(1) {
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0,
                               animations: { view.center = CGPoint(x: 105, y: 5) })
            }
            return stride(from: 1.0, through: 1.99, by: 0.01).map { t in
                Double(s.presentation(at: t, of: view.layer).position.x)
            }
        }
        let critical = positions(damping: 1)
        XCTAssertTrue(zip(critical, critical.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "monotonic")
        XCTAssertLessThanOrEqual(critical.max() ?? 0, 105 + 1e-9)
        XCTAssertEqual(critical.last ?? 0, 105, accuracy: 0.2, "at rest by the end")
        let bouncy = positions(damping: 0.3)
        XCTAssertGreaterThan(bouncy.max() ?? 0, 110, "a damping ratio of 0.3 overshoots")
        XCTAssertEqual(bouncy.last ?? 0, 105, accuracy: 0.2)
    }
}
