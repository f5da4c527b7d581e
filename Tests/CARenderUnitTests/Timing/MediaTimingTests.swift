import XCTest
import CARender
@testable import CARenderModel

/// The two-stage CAMediaTiming mapping on its own (CAMediaTiming: beginTime, timeOffset, speed,
/// repeatCount, repeatDuration, autoreverses, fillMode), with hand-worked examples. Times are
/// parent times; the animation begins at 0 unless stated.
final class MediaTimingTests: XCTestCase {
    private func progress(_ p: MediaTimingParameters, _ t: Double, frozen: Bool = false) -> Double? {
        p.sample(parentTime: t, parentFrozen: frozen)?.progress
    }

    /// d = 2, repeatCount 1.5, autoreverses.
    func testFractionalRepeatWithAutoreverse() throws {
        let p = MediaTimingParameters(duration: 2, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(p.activeDuration, 6, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1.0)), 0.5, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.5)), 0.75, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 5.0)), 0.5, accuracy: exact)
        XCTAssertEqual(p.phase(parentTime: 6), .after)
        XCTAssertEqual(try XCTUnwrap(progress(p, 6.0)), 1.0, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 60.0)), 1.0, accuracy: exact)
    }

    /// Five 0.5 s legs F,B,F,B,F; at 2.4 the third forward leg is at 80 %.
    func testRepeatCountCountsWholeReversingCycles() throws {
        let p = MediaTimingParameters(duration: 0.5, repeatCount: 2.5, autoreverses: true)
        XCTAssertEqual(p.activeDuration, 2.5, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.4)), 0.8, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 0.9)), 0.2, accuracy: exact)   // backward leg
        XCTAssertNil(progress(p, 2.5))
    }

    /// Integral reversing repeats end back at the start.
    func testIntegralReversingRepeatsEndAtStart() throws {
        let p = MediaTimingParameters(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.25)), 0.25, accuracy: exact)
        XCTAssertEqual(p.phase(parentTime: 4), .after)
        XCTAssertEqual(try XCTUnwrap(progress(p, 4)), 0, accuracy: exact)
        XCTAssertEqual(p.sample(parentTime: 4)?.completedCycles, 1)
        XCTAssertEqual(p.sample(parentTime: 2.25)?.completedCycles, 1)
    }

    /// repeatDuration is not doubled by autoreverses; the end is mid-cycle.
    func testRepeatDurationWithAutoreverse() throws {
        let p = MediaTimingParameters(duration: 1, repeatDuration: 2.5, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(p.activeDuration, 2.5, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.5)), 0.5, accuracy: exact)
    }

    /// d = 1.5, repeatDuration 2: at 1.75 the second cycle is at 0.25 / 1.5; it ends mid-cycle.
    func testRepeatDurationEndsMidCycle() throws {
        let p = MediaTimingParameters(duration: 1.5, repeatDuration: 2, fillMode: .forwards)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1.75)), 0.25 / 1.5, accuracy: exact)
        XCTAssertEqual(p.phase(parentTime: 1.999), .active)
        XCTAssertEqual(p.phase(parentTime: 2), .after)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2)), 0.5 / 1.5, accuracy: exact)
    }

    /// An interior repeat boundary starts the next cycle; the terminal sample is the end.
    func testRepeatBoundaries() throws {
        let p = MediaTimingParameters(duration: 1, repeatCount: 3, fillMode: .forwards)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1)), 0, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2)), 0, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.999)), 0.999, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(progress(p, 3)), 1, accuracy: exact)
        XCTAssertEqual(p.sample(parentTime: 3)?.completedCycles, 2)
        // Reversing: the interior boundary at the end of a forward leg shows the end value.
        let r = MediaTimingParameters(duration: 1, repeatCount: 2, autoreverses: true)
        XCTAssertEqual(try XCTUnwrap(progress(r, 1)), 1, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(r, 2)), 0, accuracy: exact)
    }

    /// Animation speed 2: d = 3 runs from parent 0 to 1.5.
    func testAnimationSpeedTwo() throws {
        let p = MediaTimingParameters(duration: 3, speed: 2)
        XCTAssertEqual(try XCTUnwrap(progress(p, 0.75)), 0.5, accuracy: exact)
        XCTAssertEqual(p.phase(parentTime: 1.4999), .active)
        XCTAssertEqual(p.phase(parentTime: 1.5), .after)
        XCTAssertEqual(p.activeWindowInParentTime.end, 1.5, accuracy: exact)
    }

    /// timeOffset rotates the timeline without trimming it.
    func testTimeOffsetWraps() throws {
        let p = MediaTimingParameters(duration: 3, timeOffset: 1)
        XCTAssertEqual(try XCTUnwrap(progress(p, 0)), 1.0 / 3, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1.9)), 2.9 / 3, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 2.5)), 0.5 / 3, accuracy: exact)
        XCTAssertNil(progress(p, 3))
    }

    /// Delayed, offset and fast.
    func testDelayOffsetAndSpeed() throws {
        let now = 10.0
        let p = MediaTimingParameters(beginTime: now + 0.3, duration: 1, speed: 2, timeOffset: 0.5)
        XCTAssertNil(progress(p, now + 0.2))
        XCTAssertEqual(try XCTUnwrap(progress(p, now + 0.3)), 0.5, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, now + 0.55)), 0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(progress(p, now + 0.7)), 0.3, accuracy: 1e-9)
        XCTAssertEqual(p.phase(parentTime: now + 0.8), .after)
    }

    /// Speed −1 with timeOffset = duration runs from the end to the start.
    func testNegativeSpeedRunsBackwards() throws {
        let p = MediaTimingParameters(beginTime: 20, duration: 2, speed: -1, timeOffset: 2, fillMode: .both)
        XCTAssertEqual(try XCTUnwrap(progress(p, 20)), 1, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 21)), 0.5, accuracy: exact)
        XCTAssertEqual(p.phase(parentTime: 21.999), .active)
        XCTAssertEqual(p.phase(parentTime: 22), .after)
        XCTAssertEqual(try XCTUnwrap(progress(p, 23)), 0, accuracy: exact)   // after: the start state
        XCTAssertEqual(p.phase(parentTime: 19), .before)
        XCTAssertEqual(try XCTUnwrap(progress(p, 19)), 1, accuracy: exact)   // before: where it begins
    }

    /// Speed 0 freezes at timeOffset; an offset equal to the duration shows the end.
    func testSpeedZeroFreezes() throws {
        let p = MediaTimingParameters(beginTime: 1, duration: 2, speed: 0, timeOffset: 0.5)
        XCTAssertEqual(p.phase(parentTime: 0.5), .before)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1)), 0.25, accuracy: exact)
        XCTAssertEqual(try XCTUnwrap(progress(p, 1000)), 0.25, accuracy: exact)
        let atEnd = MediaTimingParameters(duration: 2, speed: 0, timeOffset: 2)
        XCTAssertEqual(try XCTUnwrap(progress(atEnd, 5)), 1, accuracy: exact)
    }

    /// A frozen parent clock exactly at the end shows the end state without ending.
    func testFrozenParentAtTheEnd() throws {
        let p = MediaTimingParameters(duration: 1)
        XCTAssertNil(progress(p, 1))
        XCTAssertEqual(try XCTUnwrap(progress(p, 1, frozen: true)), 1, accuracy: exact)
    }

    /// Fill modes before and after the active period (CAMediaTimingFillMode).
    func testFillModes() throws {
        for mode in [CAMediaTimingFillMode.removed, .forwards, .backwards, .both] {
            let p = MediaTimingParameters(beginTime: 1, duration: 1, fillMode: mode)
            let before = progress(p, 0.5)
            let after = progress(p, 2.5)
            XCTAssertEqual(before, mode == .backwards || mode == .both ? 0 : nil, "\(mode.rawValue) before")
            XCTAssertEqual(after, mode == .forwards || mode == .both ? 1 : nil, "\(mode.rawValue) after")
            XCTAssertEqual(try XCTUnwrap(progress(p, 1.5)), 0.5, accuracy: exact)
        }
        // Backwards fill with an offset shows where the animation will begin.
        let offset = MediaTimingParameters(beginTime: 1, duration: 2, timeOffset: 0.5, fillMode: .backwards)
        XCTAssertEqual(try XCTUnwrap(progress(offset, 0)), 0.25, accuracy: exact)
    }

    func testInfiniteRepeat() throws {
        for count in [Float.infinity, Float.greatestFiniteMagnitude] {
            let p = MediaTimingParameters(duration: 2, repeatCount: Double(count))
            XCTAssertEqual(p.activeDuration, .infinity)
            XCTAssertEqual(try XCTUnwrap(progress(p, 1_000_001)), 0.5, accuracy: 1e-9)
        }
    }

    /// A later repeatDuration wins over repeatCount (carender's choice: CAMediaTiming's header calls
    /// setting both undefined).
    func testRepeatDurationWinsOverRepeatCount() {
        let p = MediaTimingParameters(duration: 1, repeatCount: 5, repeatDuration: 1.5)
        XCTAssertEqual(p.activeDuration, 1.5, accuracy: exact)
    }
}
