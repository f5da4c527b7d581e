import CARender
import XCTest

/// The action search of `CALayer.action(forKey:)` (CALayer — action(forKey:): delegate,
/// then `actions`, then `style`, then `defaultAction(forKey:)`; NSNull stops the search).
final class ActionSearchTests: XCTestCase {
    final class Marker: CAAction {
        var runs: [(String, CALayer?)] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append((event, anObject as? CALayer))
        }
    }

    final class Delegate: CALayerDelegate {
        var answer: (any CAAction)?
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
    }

    final class QuietDelegate: CALayerDelegate {}

    final class DefaultingLayer: CALayer {
        /// Unsynchronised: written and read only on the thread the tests run on.
        nonisolated(unsafe) static let marker = Marker()
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            event == "opacity" ? marker : nil
        }
    }

    override func setUp() {
        _ = Stage(width: 10, height: 10)
    }

    func testDelegateComesFirstAndNSNullStopsTheSearch() {
        let layer = CALayer()
        let delegate = Delegate()
        layer.delegate = delegate
        let fromActions = Marker(), fromDelegate = Marker()
        layer.actions = ["position": fromActions]
        delegate.answer = NSNull()
        XCTAssertNil(layer.action(forKey: "position"))
        delegate.answer = nil
        XCTAssertTrue(layer.action(forKey: "position") === fromActions)
        delegate.answer = fromDelegate
        XCTAssertTrue(layer.action(forKey: "position") === fromDelegate)
    }

    func testDelegateWithoutTheMethodContinuesTheSearch() {
        let layer = CALayer()
        let delegate = QuietDelegate()
        layer.delegate = delegate
        let marker = Marker()
        layer.actions = ["bounds": marker]
        XCTAssertTrue(layer.action(forKey: "bounds") === marker)
    }

    func testActionsBeatStyleAndNSNullInEitherStops() {
        let layer = CALayer()
        let inStyle = Marker(), inActions = Marker()
        layer.style = ["actions": ["position": inStyle]]
        XCTAssertTrue(layer.action(forKey: "position") === inStyle)
        layer.actions = ["position": inActions]
        XCTAssertTrue(layer.action(forKey: "position") === inActions)
        layer.actions = ["position": NSNull()]
        XCTAssertNil(layer.action(forKey: "position"))
        layer.actions = nil
        layer.style = ["actions": ["position": NSNull()]]
        XCTAssertNil(layer.action(forKey: "position"))
        layer.style = ["style": ["actions": ["position": inStyle]]]
        XCTAssertTrue(layer.action(forKey: "position") === inStyle, "a style's own style is searched too")
    }

    func testClassDefaultActionIsNilOnCALayerAndOverridable() {
        XCTAssertNil(CALayer.defaultAction(forKey: "position"))
        XCTAssertNil(CALayer.defaultAction(forKey: "opacity"))
        XCTAssertTrue(DefaultingLayer().action(forKey: "opacity") === DefaultingLayer.marker)
    }

    func testDisablingActionsDoesNotChangeTheSearchItself() {
        let layer = CALayer()
        let marker = Marker()
        layer.actions = ["position": marker]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        XCTAssertTrue(layer.action(forKey: "position") === marker)
        CATransaction.commit()
    }

    func testImplicitDefaultIsABasicAnimationOfTheKeyForAnimatableProperties() {
        let layer = CALayer()
        layer.opacity = 0.4
        let action = layer.action(forKey: "opacity")
        let basic = action as? CABasicAnimation
        XCTAssertNotNil(basic)
        XCTAssertEqual(basic?.keyPath, "opacity")
        XCTAssertEqual(basic?.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertNil(layer.action(forKey: "doubleSided"), "doubleSided has no implicit animation")
        XCTAssertNil(layer.action(forKey: "contentsGravity"))
        XCTAssertNil(layer.action(forKey: kCAOnOrderIn))
    }

    func testCustomActionRunsWithTheKeyAndTheLayerOnAPropertyChange() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let marker = Marker()
        layer.actions = ["zPosition": marker, "name": marker]
        stage.at(0.5) { layer.zPosition = 3 }
        stage.advance(to: 1)
        XCTAssertEqual(marker.runs.count, 1)
        XCTAssertEqual(marker.runs.first?.0, "zPosition")
        XCTAssertTrue(marker.runs.first?.1 === layer)
        XCTAssertNil(layer.animationKeys(), "a custom action that adds nothing leaves no animation")
        XCTAssertEqual(layer.zPosition, 3)
    }

    func testOrderInAndOrderOutActionsFireForVisibleTrees() {
        let stage = Stage(width: 10, height: 10)
        let container = CALayer()
        stage.rootLayer.addSublayer(container)
        stage.advance(to: 0)
        let child = CALayer()
        let marker = Marker()
        child.actions = [kCAOnOrderIn: marker, kCAOnOrderOut: marker]
        stage.at(0.1) { container.addSublayer(child) }
        stage.at(0.2) { child.removeFromSuperlayer() }
        stage.advance(to: 0.3)
        XCTAssertEqual(marker.runs.map(\.0), [kCAOnOrderIn, kCAOnOrderOut])
        let detached = CALayer()
        let quiet = Marker()
        let offStage = CALayer()
        offStage.actions = [kCAOnOrderIn: quiet]
        detached.addSublayer(offStage)
        XCTAssertTrue(quiet.runs.isEmpty, "adding to a layer that is not on stage is not ordering in")
    }
}
