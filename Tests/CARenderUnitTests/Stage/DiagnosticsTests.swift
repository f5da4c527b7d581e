import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage

/// Bad input is named in a warning instead of being dropped in silence.
final class DiagnosticsTests: XCTestCase {
    func testWrongTypedSetValueIsReported() {
        let layer = CALayer()
        let lines = capturingDiagnostics { layer.setValue(3, forKey: "bounds") }
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertTrue(lines.contains { $0.contains("forKeyPath: \"bounds\"") && $0.contains("Int") }, "\(lines)")
    }

    func testNonFiniteFrameIsReported() {
        let layer = CALayer()
        layer.name = "card"
        let lines = capturingDiagnostics { layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10) }
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertTrue(lines.contains { $0.contains("'card'") && $0.contains("non-finite frame") }, "\(lines)")
    }

    func testKeyTimesThatDoNotFitAreReported() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [0, 10, 20]
        move.keyTimes = [0, 1]
        move.duration = 1
        // Reported when the animation is added (its key times are checked once, with its values).
        let lines = capturingDiagnostics { layer.add(move, forKey: "move"); stage.advance(to: 0.5); _ = layer.presentation() }
        XCTAssertEqual(Double(layer.presentation()?.position.x ?? -1), 10, accuracy: 1e-9, "spread evenly instead")
        XCTAssertTrue(lines.contains { $0.contains("keyTimes [0.0, 1.0] are ignored") }, "\(lines)")
    }

    func testAnimationOfAKeyPathThatAnimatesNothingIsReported() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let lines = capturingDiagnostics {
            let nonsense = CABasicAnimation(keyPath: "wobble")
            nonsense.toValue = 3
            layer.add(nonsense, forKey: "x")
            stage.advance(to: 0.1)
        }
        XCTAssertTrue(lines.contains { $0.contains("wobble") }, "\(lines)")
    }

    func testAnimationOfTheLayersOwnTimingIsReportedAndHasNoEffect() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let lines = capturingDiagnostics {
            let slowDown = CABasicAnimation(keyPath: "speed")
            slowDown.fromValue = 1
            slowDown.toValue = 0
            slowDown.duration = 1
            layer.add(slowDown, forKey: "slow")
            stage.advance(to: 0.5)
        }
        XCTAssertTrue(lines.contains { $0.contains("'speed'") && $0.contains("does not animate") }, "\(lines)")
        XCTAssertEqual(layer.presentation()?.speed, 1)
    }

    func testReplacingSublayersRunsOrderOutForTheLayersThatLeave() {
        final class Recorder: CAAction {
            var events: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
        }
        let stage = Stage(width: 10, height: 10)
        let container = CALayer(), a = CALayer(), b = CALayer()
        container.sublayers = [a, b]
        stage.rootLayer.addSublayer(container)
        stage.advance(to: 0)
        let recorder = Recorder()
        a.actions = [kCAOnOrderOut: recorder]
        b.actions = [kCAOnOrderOut: recorder]
        stage.at(1) { container.sublayers = [b] }
        stage.advance(to: 1)
        XCTAssertEqual(recorder.events, [kCAOnOrderOut], "a leaves, b stays")
        XCTAssertEqual(container.sublayers, [b])
        XCTAssertNil(a.superlayer)
    }
}
