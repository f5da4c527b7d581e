import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage

/// Hierarchical time through layers: conversion, layer speeds, pause/resume and the add-time
/// substitutions (CAMediaTiming; CALayer.convertTime(_:from:); Technical Q&A QA1673: How to pause
/// the animation of a layer tree).
final class LayerTimingTests: XCTestCase {
    func testLayerTimingDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.duration, .infinity)
        XCTAssertEqual(layer.speed, 1)
        XCTAssertEqual(layer.beginTime, 0)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.fillMode, .removed)
        let anim = CABasicAnimation()
        XCTAssertEqual(anim.duration, 0)
        XCTAssertEqual(anim.speed, 1)
        XCTAssertTrue(anim.isRemovedOnCompletion)
        XCTAssertNil(anim.timingFunction)
        XCTAssertEqual(CAAnimation.defaultValue(forKey: "fillMode") as? String, "removed")
    }

    /// Apple's convertTime example.
    func testConvertTimeExample() {
        let parent = CALayer()
        let child = CALayer()
        parent.addSublayer(child)
        child.timeOffset = 1
        child.speed = 0.5
        XCTAssertEqual(child.convertTime(0.5, from: parent), 1.25, accuracy: exact)
        XCTAssertEqual(parent.convertTime(1.25, from: child), 0.5, accuracy: exact)
        XCTAssertEqual(child.convertTime(1.25, to: parent), 0.5, accuracy: exact)
        XCTAssertEqual(parent.convertTime(0.5, to: child), 1.25, accuracy: exact)
        // Through absolute time: the parent is a root, so its time is absolute time.
        XCTAssertEqual(child.convertTime(0.5, from: nil), 1.25, accuracy: exact)
        XCTAssertEqual(child.convertTime(1.25, to: nil), 0.5, accuracy: exact)
    }

    func testConvertTimeBetweenSeparateTrees() {
        let a = CALayer(), b = CALayer()
        a.speed = 2
        b.beginTime = 3
        // a local 10 → absolute 5 → b local 2.
        XCTAssertEqual(b.convertTime(10, from: a), 2, accuracy: exact)
    }

    /// Apple's QA1673 pause and resume recipe, with an animation that must not move while
    /// paused and must continue seamlessly afterwards.
    func testPauseAndResumeRecipe() {
        let clock = AnimationClock()
        let layer = clock.layer
        clock.advance(to: 99)
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 10)
        layer.add(anim, forKey: "fade")            // begins at 99
        clock.advance(to: 100)
        // Pause.
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        XCTAssertEqual(layer.timeOffset, 100, accuracy: exact)
        XCTAssertEqual(layer.speed, 0)
        XCTAssertEqual(clock.number("cornerRadius", at: 100), 0.1, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 104), 0.1, accuracy: exact)
        // Resume at 105.
        clock.advance(to: 105)
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        layer.beginTime = timeSincePause
        XCTAssertEqual(layer.beginTime, 5, accuracy: exact)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.convertTime(106, from: nil), 101, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 105), 0.1, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 106), 0.2, accuracy: 1e-9)
    }

    /// The layer's timing is key-value coded like any of its properties: the pause recipe written
    /// with `setValue(_:forKey:)` pauses, and `value(forKey:)` reads the numbers back.
    func testPauseThroughKeyValueCoding() {
        let clock = AnimationClock()
        let layer = clock.layer
        clock.advance(to: 99)
        layer.add(basic("cornerRadius", from: 0, to: 1, duration: 10), forKey: "grow")
        clock.advance(to: 100)
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.setValue(0, forKey: "speed")
        layer.setValue(pausedTime, forKey: "timeOffset")
        XCTAssertEqual(layer.speed, 0)
        XCTAssertEqual(layer.timeOffset, 100, accuracy: exact)
        XCTAssertEqual((layer.value(forKey: "speed") as? NSNumber)?.floatValue, 0)
        XCTAssertEqual((layer.value(forKey: "timeOffset") as? NSNumber)?.doubleValue ?? -1, 100, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 104), 0.1, accuracy: exact, "paused")
        layer.setValue("both", forKey: "fillMode")
        XCTAssertEqual(layer.fillMode, .both)
    }

    /// A paused layer holds its animation and never completes it.
    func testPausedLayerNeverCompletes() {
        let clock = AnimationClock()
        let layer = clock.layer
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 1)
        anim.delegate = RecordingDelegate("a", clock)
        layer.add(anim, forKey: "a")
        clock.commit()                               // its begin resolves to 0 before the pause
        layer.speed = 0
        layer.timeOffset = 0.5
        XCTAssertEqual(clock.number("cornerRadius", at: 0.2), 0.5, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 50), 0.5, accuracy: exact)
        XCTAssertEqual(layer.animationKeys(), ["a"])
        XCTAssertEqual(clock.log, ["start a@0.0"])
        // Scrubbing a paused layer to the exact end shows the end state and still does not end.
        layer.timeOffset = 1
        XCTAssertEqual(clock.number("cornerRadius", at: 60), 1, accuracy: exact)
        XCTAssertEqual(layer.animationKeys(), ["a"])
        XCTAssertEqual(clock.log, ["start a@0.0"])
    }

    /// A layer at speed 2 runs its animations twice as fast.
    func testLayerSpeedScalesAnimations() {
        let clock = AnimationClock()
        clock.layer.speed = 2
        clock.advance(to: 0.5)                       // layer time 1.0
        clock.layer.add(basic("cornerRadius", from: 0, to: 1, duration: 4), forKey: "a")
        clock.commit()
        XCTAssertEqual(clock.layer.animation(forKey: "a")?.beginTime ?? -1, 1, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 1.0), 0.25, accuracy: exact)
    }

    /// Layer speed 0.5 × animation speed 3 = 1.5×; a 3 s animation takes 2 s, and its
    /// stop is delivered at 2 s.
    func testSpeedsMultiplyDownTheTree() {
        let clock = AnimationClock()
        clock.layer.speed = 0.5
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 3)
        anim.speed = 3
        anim.delegate = RecordingDelegate("a", clock)
        clock.layer.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 1), 0.5, accuracy: exact)
        clock.advance(to: 3)
        XCTAssertEqual(clock.log, ["start a@0.0", "stop a true@2.0"])
        XCTAssertNil(clock.layer.animationKeys())
    }

    /// An ancestor at speed 2 (not the animated layer itself).
    func testAncestorSpeedTwo() {
        let clock = AnimationClock()
        let (container, child) = clock.nestedLayers()
        container.speed = 2
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 2)
        anim.delegate = RecordingDelegate("a", clock)
        child.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 0.5, of: child), 0.5, accuracy: exact)
        clock.advance(to: 5)
        XCTAssertEqual(clock.log, ["start a@0.0", "stop a true@1.0"])
    }

    /// An ancestor at speed −1: time runs backwards through its subtree, so the animation is
    /// entered from its end and leaves through its start.
    func testAncestorSpeedMinusOne() {
        let clock = AnimationClock()
        let (container, child) = clock.nestedLayers()
        container.speed = -1
        container.timeOffset = 10                   // local time = 10 − T
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 2)
        anim.beginTime = 5                          // active while local ∈ [5, 7)
        anim.fillMode = .both
        anim.delegate = RecordingDelegate("a", clock)
        child.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 0.5, of: child), 1, accuracy: exact)   // local 9.5: after
        XCTAssertEqual(clock.number("cornerRadius", at: 3.5, of: child), 0.75, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 4, of: child), 0.5, accuracy: exact)
        clock.advance(to: 6)
        XCTAssertEqual(clock.log, ["start a@3.0", "stop a true@5.0"])
    }

    /// An ancestor at speed 0 pauses the subtree.
    func testAncestorSpeedZero() {
        let clock = AnimationClock()
        let (container, child) = clock.nestedLayers()
        child.add(basic("cornerRadius", from: 0, to: 1, duration: 2), forKey: "a")
        clock.advance(to: 0.5)
        container.timeOffset = container.convertTime(CACurrentMediaTime(), from: nil)
        container.speed = 0
        XCTAssertEqual(clock.number("cornerRadius", at: 0.5, of: child), 0.25, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 30, of: child), 0.25, accuracy: exact)
        XCTAssertEqual(child.animationKeys(), ["a"])
    }

    /// Duration 0 becomes the default duration on the stored copy only, namely the
    /// transaction's duration, read from the transaction the animation is added in.
    func testDefaultDurationSubstitution() {
        let layer = CALayer()
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 0)
        layer.add(anim, forKey: "a")
        XCTAssertEqual(layer.animation(forKey: "a")?.duration, 0.25)
        XCTAssertEqual(anim.duration, 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.75)
        layer.add(anim, forKey: "b")
        XCTAssertEqual(layer.animation(forKey: "b")?.duration, 0.75)
        anim.duration = -1
        layer.add(anim, forKey: "c")
        XCTAssertEqual(layer.animation(forKey: "c")?.duration, 0.75)
        CATransaction.commit()
    }

    /// A transaction timing function replaces the copy's.
    func testTransactionTimingFunctionProvider() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        let layer = CALayer()
        layer.add(basic("cornerRadius", to: 0), forKey: "a")
        XCTAssertEqual(layer.animation(forKey: "a")?.timingFunction, CAMediaTimingFunction(name: .easeIn))
    }

    /// beginTime 0 becomes the layer's local time when added (or at commit, through
    /// `resolvePendingBeginTimes(now:)`); explicit values are kept.
    func testBeginTimeResolution() {
        let clock = AnimationClock()
        clock.layer.timeOffset = 100
        clock.advance(to: 2.5)
        let anim = basic("cornerRadius", from: 0, to: 1)
        clock.layer.add(anim, forKey: "a")
        clock.commit()
        XCTAssertEqual(clock.layer.animation(forKey: "a")?.beginTime ?? 0, 102.5, accuracy: exact)
        XCTAssertEqual(anim.beginTime, 0)
        anim.beginTime = 1e-100                      // AVCoreAnimationBeginTimeAtZero's idea
        anim.duration = 1000                          // still running at layer time 102.5
        clock.layer.add(anim, forKey: "b")
        clock.commit()
        XCTAssertEqual(clock.layer.animation(forKey: "b")?.beginTime, 1e-100)

        // Deferred to the commit, which resolves with the time it is given.
        anim.beginTime = 0
        clock.layer.removeAnimation(forKey: "b")
        clock.layer.add(anim, forKey: "c")
        XCTAssertEqual(clock.layer.animation(forKey: "c")?.beginTime, 0)
        XCTAssertEqual(clock.layer.presentation()?.cornerRadius, 0, "not shown before the commit")
        clock.stage.context.animations.resolvePendingBeginTimes(now: 3)
        XCTAssertEqual(clock.layer.animation(forKey: "c")?.beginTime ?? 0, 103, accuracy: exact)
    }

    /// A delayed animation shows the model value first, or its start with backwards fill.
    func testDelayedStartAndBackwardsFill() {
        let clock = AnimationClock()
        clock.layer.cornerRadius = 0.7
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 1.5)
        anim.beginTime = CACurrentMediaTime() + 1
        clock.layer.add(anim, forKey: "removed")
        XCTAssertEqual(clock.number("cornerRadius", at: 0.5), 0.7, accuracy: 1e-6)
        XCTAssertEqual(clock.number("cornerRadius", at: 1.75), 0.5, accuracy: exact)
        let clock2 = AnimationClock()
        anim.fillMode = .backwards
        clock2.layer.cornerRadius = 0.7
        clock2.layer.add(anim, forKey: "backwards")
        XCTAssertEqual(clock2.number("cornerRadius", at: 0.5), 0, accuracy: exact)
        XCTAssertEqual(clock2.number("cornerRadius", at: 3), 0.7, accuracy: 1e-6)   // removed after
    }

    /// Forwards fill only holds when the animation is not removed.
    func testForwardsFillNeedsRemovedOnCompletionFalse() {
        let clock = AnimationClock()
        clock.layer.cornerRadius = 0.5
        let removed = basic("cornerRadius", from: 0, to: 1)
        removed.fillMode = .forwards
        clock.layer.add(removed, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 1.5), 0.5, accuracy: exact)
        XCTAssertNil(clock.layer.animationKeys())

        let clock2 = AnimationClock()
        clock2.layer.cornerRadius = 0.5
        let kept = basic("cornerRadius", from: 0, to: 1)
        kept.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        kept.delegate = RecordingDelegate("k", clock2)
        clock2.layer.add(kept, forKey: "k")
        XCTAssertEqual(clock2.number("cornerRadius", at: 1.5), 1, accuracy: exact)
        XCTAssertEqual(clock2.number("cornerRadius", at: 9), 1, accuracy: exact)
        XCTAssertEqual(clock2.log, ["start k@0.0", "stop k true@1.0"])
        clock2.layer.removeAnimation(forKey: "k")
        clock2.advance(to: 10)
        XCTAssertEqual(clock2.log, ["start k@0.0", "stop k true@1.0"], "stop is delivered exactly once")
        XCTAssertEqual(clock2.number("cornerRadius", at: 10), 0.5, accuracy: exact)
    }

    /// Before the stop is delivered, presentation already treats a finished removable animation
    /// as gone (presentation is a pure function of time).
    func testPresentationAfterEndWithoutEventDelivery() {
        let clock = AnimationClock()
        clock.layer.cornerRadius = 0.5
        let anim = basic("cornerRadius", from: 0, to: 1)
        anim.fillMode = .forwards
        clock.layer.add(anim, forKey: "a")
        clock.stage.advance(to: 2)                  // no event delivery
        XCTAssertEqual(Double(clock.layer.presentation()!.cornerRadius), 0.5, accuracy: exact)
    }

    /// A beginTime in the past starts part-way.
    func testBeginTimeInThePast() {
        let clock = AnimationClock()
        clock.advance(to: 10)
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 3)
        anim.beginTime = CACurrentMediaTime() - 1.5
        clock.layer.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 10), 0.5, accuracy: exact)
    }

    /// The autoreversing 1.5-repeat example as presentation values: 0 → 100, d = 2, repeatCount
    /// 1.5, autoreverses, held after.
    func testFractionalAutoreverseValues() {
        let clock = AnimationClock()
        let anim = basic("cornerRadius", from: 0, to: 100, duration: 2)
        anim.repeatCount = 1.5
        anim.autoreverses = true
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = RecordingDelegate("a", clock)
        clock.layer.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 1), 50, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 2.5), 75, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 5), 50, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 6), 100, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 8), 100, accuracy: exact)
        XCTAssertEqual(clock.log, ["start a@0.0", "stop a true@6.0"])
    }

    /// The timeOffset example as presentation values: 0 → 3, d = 3, timeOffset 1; removed at 3.
    func testTimeOffsetValues() {
        let clock = AnimationClock()
        clock.layer.cornerRadius = 42
        let anim = basic("cornerRadius", from: 0, to: 3, duration: 3)
        anim.timeOffset = 1
        clock.layer.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 0), 1, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 1.9), 2.9, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 2.5), 0.5, accuracy: exact)
        XCTAssertEqual(clock.number("cornerRadius", at: 3), 42, accuracy: exact)
        XCTAssertNil(clock.layer.animationKeys())
    }

    /// Animation speeds through a layer: animation speeds 2 and −1.
    func testAnimationSpeedsOnALayer() {
        let clock = AnimationClock()
        let fast = basic("cornerRadius", from: 0, to: 1, duration: 3)
        fast.speed = 2
        fast.delegate = RecordingDelegate("fast", clock)
        clock.layer.add(fast, forKey: "fast")
        let back = basic("borderWidth", from: 0, to: 1, duration: 2)
        back.speed = -1
        back.timeOffset = 2
        back.beginTime = 20
        back.delegate = RecordingDelegate("back", clock)
        clock.layer.add(back, forKey: "back")
        XCTAssertEqual(clock.number("cornerRadius", at: 0.75), 0.5, accuracy: exact)
        XCTAssertEqual(clock.number("borderWidth", at: 21), 0.5, accuracy: exact)
        clock.advance(to: 23)
        XCTAssertEqual(clock.log, ["start fast@0.0", "stop fast true@1.5", "start back@20.0", "stop back true@22.0"])
    }

    /// An infinitely repeating animation under a reversed clock still reports its start.
    func testInfiniteAnimationUnderReversedClockStarts() {
        let clock = AnimationClock()
        let (container, child) = clock.nestedLayers()
        container.speed = -1
        container.timeOffset = 10
        let anim = basic("cornerRadius", from: 0, to: 1, duration: 2)
        anim.beginTime = 5
        anim.repeatCount = .infinity
        anim.delegate = RecordingDelegate("a", clock)
        child.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("cornerRadius", at: 1, of: child), 0, accuracy: exact)   // local 9: 2 cycles in
        XCTAssertEqual(clock.number("cornerRadius", at: 1.5, of: child), 0.75, accuracy: exact)
        clock.advance(to: 6)
        XCTAssertEqual(clock.log, ["start a@0.0", "stop a true@5.0"])
    }
}
