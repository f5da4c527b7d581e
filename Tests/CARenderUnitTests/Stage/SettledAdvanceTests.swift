import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage

/// Advancing a stage whose layers and animations have not changed since its last advance skips
/// the walk over the tree's animation events when the next event is clearly later; these tests
/// hold that to delivering every event at its own time, and to noticing every kind of change.
final class SettledAdvanceTests: XCTestCase {
    final class TimedLog: NSObject, CAAnimationDelegate {
        let stage: Stage
        var entries: [String] = []
        init(_ stage: Stage) { self.stage = stage }
        func animationDidStart(_ anim: CAAnimation) { entries.append("start@\(stage.time)") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { entries.append("stop \(flag)@\(stage.time)") }
    }

    private func fade(duration: Double, beginTime: Double = 0, log: TimedLog) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = duration
        fade.beginTime = beginTime
        fade.delegate = log
        return fade
    }

    /// Frames at 1/60 s: events between frames arrive at their own times, in the frame that
    /// passes them.
    func testEventsArriveAtTheirOwnTimesFrameAfterFrame() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let log = TimedLog(stage)
        layer.add(fade(duration: 0.25, beginTime: 0.5, log: log), forKey: "fade")
        var frame = 0
        var seenAt: [Int] = []
        while frame < 60 {
            frame += 1
            let before = log.entries.count
            stage.advance(to: Double(frame) / 60)
            if log.entries.count != before { seenAt.append(frame) }
        }
        XCTAssertEqual(log.entries, ["start@0.5", "stop true@0.75"])
        XCTAssertEqual(seenAt, [30, 45])
    }

    /// A change between frames is seen: the layer's clock running twice as fast moves the stop
    /// earlier, and an animation added later starts when it is committed.
    func testChangesBetweenFramesMoveTheEvents() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let log = TimedLog(stage)
        layer.add(fade(duration: 1, log: log), forKey: "fade")
        stage.advance(to: 0.25)
        stage.advance(to: 0.5)
        XCTAssertEqual(log.entries, ["start@0.0"])
        // Local time 0.5 now; at speed 2 the remaining half second of the animation takes 0.25 s.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.speed = 2
        layer.timeOffset = 0.5
        layer.beginTime = 0.5
        CATransaction.commit()
        stage.advance(to: 0.7)
        XCTAssertEqual(log.entries, ["start@0.0"])
        stage.advance(to: 0.8)
        XCTAssertEqual(log.entries.count, 2)
        let stop = log.entries.last ?? ""
        XCTAssertTrue(stop.hasPrefix("stop true@"), stop)
        XCTAssertEqual(Double(stop.dropFirst("stop true@".count)) ?? 0, 0.75, accuracy: 1e-9)

        // Added while the clock stands at 0.9: it begins when the next advance commits it.
        let other = CALayer()
        stage.rootLayer.addSublayer(other)
        stage.advance(to: 0.9)
        other.add(fade(duration: 0.05, log: log), forKey: "late")
        stage.advance(to: 0.92)
        XCTAssertEqual(log.entries.count, 3)
        XCTAssertEqual(log.entries.last, "start@0.9")
        stage.advance(to: 0.94)
        XCTAssertEqual(log.entries.count, 3)
        stage.advance(to: 1)
        XCTAssertEqual(log.entries.count, 4)
        XCTAssertTrue(log.entries.last?.hasPrefix("stop true@0.95") ?? false, log.entries.last ?? "")
    }
}
