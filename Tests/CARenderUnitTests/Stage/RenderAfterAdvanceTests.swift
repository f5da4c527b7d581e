import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage

/// `render()` first brings the stage up to date at its current time: whatever the script did
/// since the last `advance(to:)` is committed and the animation events it causes are delivered.
/// When nothing happened since, rendering does not look for events again; these tests hold the
/// "something happened" cases to the full behaviour.
final class RenderAfterAdvanceTests: XCTestCase {
    final class Log: NSObject, CAAnimationDelegate {
        var entries: [String] = []
        func animationDidStart(_ anim: CAAnimation) { entries.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { entries.append("stop \(flag)") }
    }

    private func makeStage() -> (Stage, CALayer) {
        let stage = Stage(width: 20, height: 20)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0.5)
        return (stage, layer)
    }

    func testAnAnimationAddedAfterAdvancingStartsAtTheNextRender() {
        let (stage, layer) = makeStage()
        _ = stage.render()
        let log = Log()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.delegate = log
        layer.add(fade, forKey: "fade")
        XCTAssertEqual(log.entries, [])
        let image = stage.render()
        XCTAssertEqual(log.entries, ["start"], "the add is committed and its start delivered by the render")
        // At the start of the fade the layer is transparent: the frame shows nothing of it.
        XCTAssertEqual(image[10, 10].a, 0)
    }

    func testAnAnimationRemovedAfterAdvancingStopsAtTheNextRender() {
        let (stage, layer) = makeStage()
        let log = Log()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 0
        fade.duration = 10
        fade.delegate = log
        layer.add(fade, forKey: "fade")
        stage.advance(to: 1)
        XCTAssertEqual(log.entries, ["start"])
        _ = stage.render()
        layer.removeAnimation(forKey: "fade")
        let image = stage.render()
        XCTAssertEqual(log.entries, ["start", "stop false"])
        XCTAssertEqual(image[10, 10].a, 255, "without the animation the layer is opaque again")
    }

    func testAModelChangeAfterAdvancingShowsAtTheNextRender() {
        let (stage, layer) = makeStage()
        XCTAssertEqual(stage.render()[10, 10].r, 255)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        let pixel = stage.render()[10, 10]
        XCTAssertEqual(pixel.r, 0)
        XCTAssertEqual(pixel.b, 255)
    }

    func testATurnScheduledAtTheCurrentTimeRunsAtTheNextRender() {
        let (stage, layer) = makeStage()
        _ = stage.render()
        var ran = false
        stage.at(stage.time) {
            ran = true
            // `hidden` animates implicitly (a switch half-way); without actions it changes now.
            CATransaction.setDisableActions(true)
            layer.isHidden = true
        }
        let image = stage.render()
        XCTAssertTrue(ran)
        XCTAssertEqual(image[10, 10].a, 0)
    }
}
