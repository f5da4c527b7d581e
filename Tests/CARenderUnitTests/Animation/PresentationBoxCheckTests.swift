import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage

/// An animated layer's presentation box is checked for drawing (geometry that is not finite is
/// hidden, with a warning) every frame its values could fail the check; when only the spans its
/// compiled animations write changed since the box last passed, checking those spans stands in
/// for the whole check (`CALayer.animatedRenderState`).
final class PresentationBoxCheckTests: XCTestCase {
    private let red = RGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A compiled keyframe animation that drives `position.x` to NaN after frames that passed
    /// the check: the layer stops drawing, with the usual warning, exactly when the value turns.
    func testAnAnimationTurningGeometryNonFiniteIsCaughtAfterFramesThatPassed() {
        let stage = Stage(width: 4, height: 4)
        let layer = CALayer()
        layer.name = "drifting"
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.position = CGPoint(x: 2, y: 2)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let drift = CAKeyframeAnimation(keyPath: "position.x")
        drift.values = [2, 2, CGFloat.nan]
        drift.keyTimes = [0, 0.5, 1]
        drift.duration = 1
        layer.add(drift, forKey: "drift")
        var lines: [String] = []
        let log = stage.context.diagnostics
        let saved = log.sink
        log.sink = { lines.append($0) }
        defer { log.sink = saved }
        for t in [0.1, 0.2, 0.3, 0.4] {
            stage.advance(to: t)
            XCTAssertEqual(stage.render()[1, 1], red, "t = \(t)")
        }
        XCTAssertFalse(lines.contains { $0.contains("non-finite") }, "\(lines)")
        XCTAssertNotNil(layer.presentationWrites, "every record compiled: only the written spans are restored")
        stage.advance(to: 0.8)
        XCTAssertEqual(stage.render()[1, 1].a, 0, "not drawn once its position is NaN")
        XCTAssertTrue(lines.contains { $0.contains("'drifting'") && $0.contains("non-finite") }, "\(lines)")
    }

    /// The reused box keeps its pass while its spans stay finite, and loses it when the
    /// committed values change.
    func testAPassIsKeptOnlyForFiniteSpansOverTheSameCommittedValues() {
        let stage = Stage(width: 4, height: 4)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration) = (1, 0, 1)
        layer.add(fade, forKey: "fade")
        stage.advance(to: 0.1)
        // A frame's tree fills one of the layer's boxes and checks it; once the tree is gone the
        // next fill reuses that box.
        func drawFrame(_ t: Double) { _ = layer.renderNode(at: t) }
        func refill(_ t: Double) -> Bool { layer.animatedRenderState(localTime: t, rate: 1, flippedAbove: false).0.takeUnretainedValue().isCheckedForDrawing }
        drawFrame(0.15)
        XCTAssertTrue(refill(0.2), "checked last time, only a finite opacity written since")
        // A new committed value, without the implicit animation that would add a record.
        layer.actions = ["bounds": NSNull()]
        layer.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        stage.advance(to: 0.3)
        XCTAssertFalse(refill(0.3), "new committed values are checked whole")
        drawFrame(0.35)
        XCTAssertTrue(refill(0.4))
        XCTAssertTrue(refill(0.45), "still the box that passed, refilled twice")
        fade.isAdditive = true
        layer.add(fade, forKey: "fade")
        XCTAssertFalse(refill(0.5), "new records: checked whole")
    }
}
