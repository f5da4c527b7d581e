import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage

/// `Stage.sample(_:of:...)` and `TimelineSample`: ordering, frame grids, formatting, and that
/// sampling drives the stage exactly as rendering does.
final class TimelineTests: XCTestCase {
    /// A stage with one 10 × 10 layer at (100, 100), committed at t = 0 so later changes
    /// animate implicitly.
    private func makeStage() -> (Stage, CALayer) {
        let stage = Stage(width: 200, height: 200)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 100, y: 100)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        return (stage, layer)
    }

    private func numbers(_ samples: [TimelineSample]) -> [Double] {
        samples.map { ($0.value as? NSNumber)?.doubleValue ?? .nan }
    }

    // MARK: - Ordering and times

    func testSamplesComeInOrderAtTheirTimesAndLeaveTheClockAtTheLast() {
        let (stage, layer) = makeStage()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2                        // linear: opacity = t / 2
        layer.add(fade, forKey: "fade")
        let samples = stage.sample("opacity", of: layer, at: [0.5, 1, 1, 1.5])
        XCTAssertEqual(samples.map(\.time), [0.5, 1, 1, 1.5])
        XCTAssertEqual(samples.map(\.keyPath), ["opacity", "opacity", "opacity", "opacity"])
        let values = numbers(samples)
        for (value, expected) in zip(values, [0.25, 0.5, 0.5, 0.75]) { XCTAssertEqual(value, expected, accuracy: 1e-12) }
        XCTAssertEqual(stage.time, 1.5)
        XCTAssertEqual(CACurrentMediaTime(), 1.5)
        // Sampling again may start at the current time, not before it.
        XCTAssertEqual(numbers(stage.sample("opacity", of: layer, at: [1.5]))[0], 0.75, accuracy: 1e-12)
    }

    func testOutOfOrderTimesAreRejectedWithAReason() {
        let (stage, _) = makeStage()
        stage.advance(to: 1)
        XCTAssertNil(stage.timelineProblem(times: [1, 1, 2]))
        XCTAssertNil(stage.timelineProblem(times: []))
        XCTAssertEqual(stage.timelineProblem(times: [0.5]),
                       "Stage.sample: times[0] = 0.5 is before the stage's current time 1.0; the clock never runs backwards")
        XCTAssertEqual(stage.timelineProblem(times: [2, 1.5]),
                       "Stage.sample: times must be non-decreasing, but times[1] = 1.5 follows 2.0")
        XCTAssertEqual(stage.timelineProblem(times: [2, .nan]), "Stage.sample: times[1] is nan; sample times must be finite")
        _ = Stage(width: 10, height: 10)         // now the current stage
        XCTAssertTrue(stage.timelineProblem(times: [2])?.contains("not the current one") ?? false)
    }

    func testFrameGridIsStartPlusNOverFpsUpToTheEnd() {
        XCTAssertEqual(Stage.timelineTimes(from: 0, to: 0.1, fps: 30), [0, 1.0 / 30, 2.0 / 30, 3.0 / 30])
        XCTAssertEqual(Stage.timelineTimes(from: 0, to: 0.29, fps: 100).count, 30,
                       "0.29 × 100 is 28.999999999999996 in binary; the end is still a frame")
        XCTAssertEqual(Stage.timelineTimes(from: 1, to: 1, fps: 60), [1])
        XCTAssertEqual(Stage.timelineTimes(from: 0, to: 0.05, fps: 10), [0], "no frame falls in (0, 0.05]")
        let seconds = Stage.timelineTimes(from: 0, to: 4.1, fps: 60)
        XCTAssertEqual(seconds.count, 247, "4.1 × 60 is 245.99999999999997, yet 246 / 60 is a frame")
        XCTAssertEqual(seconds.last, 246.0 / 60)
        XCTAssertEqual(seconds[60], 1, "frame 60 at 60 fps is t = 1 exactly, the time run() renders it")
        XCTAssertEqual(Stage.timelineTimes(from: 0.5, to: 1, fps: 4), [0.5, 0.75, 1])
    }

    func testFrameGridSamplingMatchesExplicitTimes() {
        let (stage, layer) = makeStage()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 300
        move.duration = 0.1                      // x = 3000 t
        layer.add(move, forKey: "move")
        let samples = stage.sample("position.x", of: layer, from: 0, to: 0.05, fps: 60)
        XCTAssertEqual(samples.map(\.time), [0, 1.0 / 60, 2.0 / 60, 3.0 / 60])
        for (value, t) in zip(numbers(samples), samples.map(\.time)) { XCTAssertEqual(value, 3000 * t, accuracy: 1e-9) }
    }

    // MARK: - Rendering semantics

    /// A turn scheduled between two samples runs at its own time: the implicit 0.25 s fade it
    /// starts at 0.3 is half-way (the `default` curve's value at 0.5 is 0.8024) at 0.425.
    /// Had the sampler run the turn at the next sample time, 0.425 would still show opacity 1.
    func testTurnBetweenSamplesRunsAtItsOwnTime() {
        let (stage, layer) = makeStage()
        var turnTime: Double?
        stage.at(0.3) {
            turnTime = CACurrentMediaTime()
            layer.opacity = 0
        }
        let values = numbers(stage.sample("opacity", of: layer, at: [0.25, 0.425, 0.55]))
        XCTAssertEqual(turnTime, 0.3)
        XCTAssertEqual(values[0], 1, accuracy: 1e-12)
        XCTAssertEqual(values[1], 1 - 0.8024, accuracy: 1e-4)
        XCTAssertEqual(values[2], 0, accuracy: 1e-12)
    }

    /// Delegate callbacks and completion blocks due between samples fire at their own times, and
    /// what they change shows from then on.
    func testCallbacksBetweenSamplesFireAtTheirOwnTimes() {
        final class StopRecorder: NSObject, CAAnimationDelegate {
            var stops: [Double] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(CACurrentMediaTime()) }
        }
        let (stage, layer) = makeStage()
        let recorder = StopRecorder()
        var completion: Double?
        stage.at(0.25) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.25)
            CATransaction.setCompletionBlock {
                completion = CACurrentMediaTime()
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: 7, y: 7)
            }
            let nudge = CABasicAnimation(keyPath: "position.y")
            nudge.byValue = 10
            nudge.delegate = recorder
            layer.add(nudge, forKey: "nudge")       // takes the transaction's 0.25 s
            CATransaction.commit()
        }
        let samples = stage.sample("position", of: layer, at: [0.375, 1])
        XCTAssertEqual(recorder.stops, [0.5 as Double])
        XCTAssertEqual(completion, 0.5)
        XCTAssertEqual(samples[0].value as? CGPoint, CGPoint(x: 100, y: 105), "half of the 10-point nudge at 0.375")
        XCTAssertEqual(samples[1].value as? CGPoint, CGPoint(x: 7, y: 7), "the completion block's change")
    }

    /// The sampled value is what a render at the same time draws: a 4 × 4 red square moving
    /// from x = 10 to x = 90 in 1 s is sampled at x = 50 at 0.5 s, and the frame rendered right
    /// after covers pixel 50 and no longer pixel 30 (where the square was at 0.25 s).
    func testSampledValueIsWhatTheRenderDraws() {
        let stage = Stage(width: 100, height: 20)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        square.position = CGPoint(x: 10, y: 10)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootLayer.addSublayer(square)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 90
        move.duration = 1
        square.add(move, forKey: "move")
        let sample = stage.sample("position", of: square, at: [0.5])[0]
        XCTAssertEqual(sample.value as? CGPoint, CGPoint(x: 50, y: 10))
        let frame = stage.render()
        XCTAssertEqual(frame[50, 10], RGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(frame[30, 10].r, 0)
    }

    func testALayerWithoutPresentationSamplesNil() {
        let (stage, _) = makeStage()
        let loose = CALayer()
        let samples = stage.sample("opacity", of: loose, at: [0.5])
        XCTAssertNil(samples[0].value)
        XCTAssertEqual(samples[0].description, "0.5000  opacity = nil")
    }

    /// A presentation copy passed by mistake is read through its model layer, so it still moves.
    func testAPresentationCopyIsSampledThroughItsModel() {
        let (stage, layer) = makeStage()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        layer.add(move, forKey: "move")
        stage.advance(to: 0.1)
        let frozen = layer.presentation()!
        let values = numbers(stage.sample("position.x", of: frozen, at: [0.5, 0.75]))
        XCTAssertEqual(values[0], 50, accuracy: 1e-9)
        XCTAssertEqual(values[1], 75, accuracy: 1e-9)
    }

    // MARK: - Formatting

    func testRowFormat() {
        let row = TimelineSample(time: 1.0 / 60, keyPath: "position", value: CGPoint(x: 51.2345674, y: 100))
        XCTAssertEqual(row.description, "0.0167  position = (51.234567, 100.000000)")
        XCTAssertEqual(TimelineSample(time: 12.5, keyPath: "opacity", value: NSNumber(value: 0.25)).description,
                       "12.5000  opacity = 0.250000")
    }

    func testValueFormats() {
        func text(_ value: Any?) -> String { TimelineSample(time: 0, keyPath: "k", value: value).formattedValue }
        XCTAssertEqual(text(nil), "nil")
        XCTAssertEqual(text(0.5), "0.500000")
        XCTAssertEqual(text(Float(0.25)), "0.250000")
        XCTAssertEqual(text(CGFloat(-3)), "-3.000000")
        XCTAssertEqual(text(-0.0), "0.000000")
        XCTAssertEqual(text(-0.0000001), "0.000000", "rounding to zero from below prints no sign")
        XCTAssertEqual(text(Double.nan), "nan")
        XCTAssertEqual(text(-Double.infinity), "-inf")
        XCTAssertEqual(text(3), "3")
        XCTAssertEqual(text(true), "true")
        XCTAssertEqual(text(CGSize(width: 10, height: 20.5)), "(10.000000 × 20.500000)")
        XCTAssertEqual(text(CGRect(x: 1, y: 2, width: 3, height: 4)), "(1.000000, 2.000000, 3.000000 × 4.000000)")
        XCTAssertEqual(text(NSValue(cgPoint: CGPoint(x: 1, y: 2))), "(1.000000, 2.000000)")
        XCTAssertEqual(text(CGColor(red: 0.5, green: 0, blue: 1, alpha: 0.25)), "rgba(0.500000, 0.000000, 1.000000, 0.250000)")
        XCTAssertEqual(text(CGColor(gray: 0.5, alpha: 1)), "gray(0.500000, 1.000000)")
        XCTAssertEqual(text(CATransform3DMakeTranslation(5, -6, 0)),
                       "[1.000000 0.000000 0.000000 0.000000; 0.000000 1.000000 0.000000 0.000000; "
                       + "0.000000 0.000000 1.000000 0.000000; 5.000000 -6.000000 0.000000 1.000000]")
        XCTAssertEqual(text(CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 0)),
                       "[2.000000 0.000000 0.000000 2.000000 1.000000 0.000000]")
        XCTAssertEqual(text([CGPoint(x: 1, y: 1), CGPoint.zero]), "[(1.000000, 1.000000), (0.000000, 0.000000)]")
        XCTAssertEqual(text(CALayerContentsGravity.resizeAspect), "resizeAspect")
    }

    /// Values as key-value coding hands them out (numbers and Booleans boxed in `NSNumber`).
    func testLayerPropertiesFormatAsTheirTypes() {
        let (stage, layer) = makeStage()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.isHidden = true
        stage.advance(to: 0.1)                   // commits; the implicit animations end by 0.35
        func row(_ keyPath: String, _ t: Double) -> String { stage.sample(keyPath, of: layer, at: [t])[0].description }
        XCTAssertEqual(row("hidden", 1), "1.0000  hidden = true")
        XCTAssertEqual(row("bounds", 1), "1.0000  bounds = (0.000000, 0.000000, 10.000000 × 10.000000)")
        XCTAssertEqual(row("bounds.size", 1), "1.0000  bounds.size = (10.000000 × 10.000000)")
        XCTAssertEqual(row("backgroundColor", 1), "1.0000  backgroundColor = rgba(1.000000, 0.000000, 0.000000, 1.000000)")
        XCTAssertEqual(row("opacity", 1), "1.0000  opacity = 1.000000")
    }

    func testTimelineIsTheRowsOneALine() {
        let (stage, layer) = makeStage()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 40
        move.duration = 1
        layer.add(move, forKey: "move")
        XCTAssertEqual(stage.timeline("position.x", of: layer, from: 0, to: 0.5, fps: 4),
                       "0.0000  position.x = 0.000000\n0.2500  position.x = 10.000000\n0.5000  position.x = 20.000000\n")
        XCTAssertEqual(stage.timeline("position.x", of: layer, at: [0.75]), "0.7500  position.x = 30.000000\n")
    }
}
