import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// CAKeyframeAnimation (values, keyTimes, timingFunctions, calculationMode, path). Values
/// [0, 10, 30] on `position.x`, d = 1, unless stated.
final class KeyframeAnimationTests: XCTestCase {
    private func keyframes(_ values: [Any] = [0, 10, 30], mode: CAAnimationCalculationMode = .linear,
                           keyTimes: [NSNumber]? = nil) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = values
        a.calculationMode = mode
        a.keyTimes = keyTimes
        a.duration = 1
        return a
    }

    /// Values at increasing stage times (the clock only moves forwards).
    private func x(_ anim: CAAnimation, at times: [Double]) -> [Double] {
        let clock = AnimationClock()
        clock.layer.add(anim, forKey: "k")
        return times.map { clock.number("position.x", at: $0) }
    }

    private func assertValues(_ actual: [Double], _ expected: [Double], accuracy: Double = exact,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, file: file, line: line)
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: accuracy, file: file, line: line) }
    }

    /// Linear keyframes: key times default to an even split (0, ½, 1 here); explicit keyTimes move
    /// the keyframes, and invalid ones (wrong count, not from 0, decreasing) are ignored
    /// (CAKeyframeAnimation keyTimes).
    func testLinear() {
        assertValues(x(keyframes(), at: [0, 0.25, 0.75]), [0, 5, 20])
        assertValues(x(keyframes(keyTimes: [0, 0.8, 1]), at: [0.4, 0.9]), [5, 20])
        assertValues(x(keyframes(keyTimes: [0, 0.8]), at: [0.25, 0.75]), [5, 20])            // wrong count
        assertValues(x(keyframes(keyTimes: [0.1, 0.8, 1]), at: [0.25, 0.75]), [5, 20])       // not from 0
        assertValues(x(keyframes(keyTimes: [0, 0.9, 0.8]), at: [0.25, 0.75]), [5, 20])       // decreasing
    }

    /// The fill-forwards terminal sample is the last value; a single value holds throughout.
    func testEndsAndSingleValue() {
        let a = keyframes()
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        assertValues(x(a, at: [1, 5]), [30, 30])
        assertValues(x(keyframes([42]), at: [0.1, 0.9]), [42, 42])
    }

    /// Segment timing functions.
    func testSegmentTimingFunctions() {
        let a = keyframes()
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        assertValues(x(a, at: [0.25, 0.75]), [10 * easeIn.evaluate(0.5), 20])
        XCTAssertEqual(x(a, at: [0.25])[0], 3.154, accuracy: 1e-3)
        // Fewer functions than segments: the rest are linear.
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        assertValues(x(a, at: [0.75]), [20])
    }

    /// The animation's own function applies first.
    func testOverallTimingFunctionFirst() {
        let a = keyframes()
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        a.timingFunction = curve
        let warped = curve.evaluate(0.25)
        assertValues(x(a, at: [0.25]), [10 * warped / 0.5])
        XCTAssertEqual(x(a, at: [0.25])[0], 2.584, accuracy: 1e-3)
    }

    /// Discrete slots.
    func testDiscrete() {
        assertValues(x(keyframes(mode: .discrete), at: [0.2, 0.3333, 0.5, 0.9]), [0, 0, 10, 30])
        assertValues(x(keyframes(mode: .discrete, keyTimes: [0, 0.5, 0.75, 1]), at: [0.4, 0.6, 0.8]), [0, 10, 30])
        // n key times: each value's start time, the last held to the end (low confidence).
        assertValues(x(keyframes(mode: .discrete, keyTimes: [0, 0.2, 0.4]), at: [0.1, 0.3, 0.9]), [0, 10, 30])
        let held = keyframes(mode: .discrete)
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        assertValues(x(held, at: [1.5]), [30])
    }

    /// Paced key times from distances; key times and all timing functions ignored.
    func testPaced() {
        let a = keyframes(mode: .paced, keyTimes: [0, 0.9, 1])
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        a.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeOut)]
        assertValues(x(a, at: [0.2, 0.5]), [6, 15])
        let times = KeyframeTimes.paced(distances: [250, 60, 60, 250])
        assertValues(times, [0, 250.0 / 620, 0.5, 370.0 / 620, 1])
        XCTAssertEqual(times[1], 0.4032, accuracy: 5e-5)
        XCTAssertEqual(times[3], 0.5968, accuracy: 5e-5)
        assertValues(x(keyframes([310, 60, 120, 60, 310], mode: .paced), at: [0.25, 0.5]), [155, 120])
    }

    /// Catmull–Rom through the keyframes, reflected end points.
    func testCubic() {
        assertValues(x(keyframes([0, 0, 10, 40], mode: .cubic), at: [0.5]), [3.125])
        assertValues(x(keyframes([0, 10, 0], mode: .cubic), at: [0.25]), [6.25])
        // Passes through every keyframe.
        assertValues(x(keyframes([0, 0, 10, 40], mode: .cubic), at: [1.0 / 3, 2.0 / 3]), [0, 10], accuracy: 1e-9)
    }

    /// Tension 1 flattens the tangents: Hermite with zero tangents is smoothstep.
    func testCubicTension() {
        let a = keyframes([0, 10, 30], mode: .cubic)
        a.tensionValues = [1, 1, 1]
        // Segment 0 at u = 0.5: smoothstep(0.5) = 0.5 → 5; at u = 0.25: 10 × (3u² − 2u³) = 1.5625.
        assertValues(x(a, at: [0.125, 0.25]), [1.5625, 5])
        // Continuity and bias change the curve (standard KB formulas, low confidence on signs).
        let b = keyframes([0, 10, 30], mode: .cubic)
        b.continuityValues = [0, -1, 0]
        b.biasValues = [0, 0, 0]
        // With c = −1 at the middle keyframe its tangents are the one-sided chords: outgoing
        // (P2 − P1) = 20 scaled by 1, incoming (P1 − P0) = 10.
        // Segment 0 (P0 = 0, TS0 = 10 from reflection, P1 = 10, TD1 = 10): straight line → 5 at u = 0.5.
        assertValues(x(b, at: [0.25]), [5])
    }

    /// Uneven key times scale interior tangents for continuous velocity.
    func testCubicWithKeyTimes() {
        let a = keyframes([0, 10, 30], mode: .cubic, keyTimes: [0, 0.25, 1])
        // Tangent at P1: Catmull–Rom (30 − 0)/2 = 15; incoming scale 2·0.25/1 = 0.5 → 7.5,
        // outgoing scale 2·0.75/1 = 1.5 → 22.5. Segment 0 at u = 0.5: 0.5·0 + 0.125·TS0 + 0.5·10 − 0.125·7.5
        // with TS0 = P1 − P0 = 10 (reflected end): 1.25 + 5 − 0.9375 = 5.3125.
        assertValues(x(a, at: [0.125]), [5.3125])
        // cubicPaced ignores the key times (paced times [0, 1/3, 1] for distances 10, 20).
        let p = keyframes([0, 10, 30], mode: .cubicPaced, keyTimes: [0, 0.9, 1])
        XCTAssertEqual(x(p, at: [1.0 / 3])[0], 10, accuracy: 1e-9)
    }

    /// Cubic works component-wise on points.
    func testCubicPoints() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 80)]
        a.calculationMode = .cubic
        a.duration = 1
        let clock = AnimationClock()
        clock.layer.add(a, forKey: "k")
        let p = clock.state(at: 0.5).position
        XCTAssertEqual(p.x, 3.125, accuracy: exact)
        XCTAssertEqual(p.y, 6.25, accuracy: exact)
    }

    /// A path's segments are keyframes; paced follows arc length.
    func testPath() {
        func run(_ mode: CAAnimationCalculationMode, _ times: [Double]) -> [CGPoint] {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = lPath()
            a.values = [CGPoint(x: 999, y: 999)]     // the path wins
            a.calculationMode = mode
            a.duration = 1
            let clock = AnimationClock()
            clock.layer.add(a, forKey: "k")
            return times.map { clock.state(at: $0).position }
        }
        XCTAssertEqual(run(.linear, [0.25, 0.75]), [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 150)])
        XCTAssertEqual(run(.paced, [0.25, 0.5, 0.75]), [CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 200)])
        XCTAssertEqual(run(.discrete, [0.2, 0.5, 0.9]), [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
    }

    /// A curved path: a quarter circle made of one cubic, paced at constant speed.
    func testCurvedPathIsPaced() {
        let a = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 20, y: 0))
        a.path = path
        a.calculationMode = .paced
        a.duration = 1
        let clock = AnimationClock()
        clock.layer.add(a, forKey: "k")
        // Control points evenly spaced on a line: x(u) = 30u, so paced and linear agree.
        XCTAssertEqual(clock.state(at: 0.4).position.x, 12, accuracy: 1e-6)
    }

    /// rotationMode auto turns to the tangent; autoReverse adds π.
    func testRotationMode() {
        func rotation(_ mode: CAAnimationRotationMode, at t: Double) -> CATransform3D {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = lPath()
            a.rotationMode = mode
            a.duration = 1
            let clock = AnimationClock()
            clock.layer.add(a, forKey: "k")
            return clock.state(at: t).transform
        }
        let first = rotation(.rotateAuto, at: 0.25)
        XCTAssertEqual(first.m11, 1, accuracy: exact)
        XCTAssertEqual(first.m12, 0, accuracy: exact)
        let second = rotation(.rotateAuto, at: 0.75)      // heading +y: +π/2
        XCTAssertEqual(second.m11, 0, accuracy: exact)
        XCTAssertEqual(second.m12, 1, accuracy: exact)
        let reversed = rotation(.rotateAutoReverse, at: 0.75)
        XCTAssertEqual(reversed.m11, 0, accuracy: exact)
        XCTAssertEqual(reversed.m12, -1, accuracy: exact)
        let reversedFirst = rotation(.rotateAutoReverse, at: 0.25)
        XCTAssertEqual(reversedFirst.m11, -1, accuracy: exact)
    }

    /// Keyframes of colours and cumulative keyframes.
    func testColourKeyframesAndCumulative() {
        let a = CAKeyframeAnimation(keyPath: "backgroundColor")
        a.values = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        a.duration = 1
        let clock = AnimationClock()
        clock.layer.add(a, forKey: "c")
        let c = clock.state(at: 0.25).backgroundColor!.rgbaComponents
        XCTAssertEqual([c.r, c.g, c.b, c.a], [0.75, 0, 0.25, 1])

        let k = keyframes()
        k.isCumulative = true
        k.repeatCount = 2
        assertValues(x(k, at: [1.25]), [35])
    }

    /// `M(0,0) L(100,0) L(100,300)`.
    private func lPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        return path
    }

    /// Transform keyframes interpolate decomposed (shortest rotation per segment); with a value
    /// function the keyframes are plain numbers, so turns beyond π work.
    func testTransformKeyframes() {
        let a = CAKeyframeAnimation(keyPath: "transform")
        a.values = [CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))]
        a.duration = 1
        let clock = AnimationClock()
        clock.layer.add(a, forKey: "k")
        let m = clock.state(at: 0.25).transform
        XCTAssertEqual(m.m11, 0.5.squareRoot(), accuracy: exact)
        XCTAssertEqual(m.m12, 0.5.squareRoot(), accuracy: exact)

        let spin = CAKeyframeAnimation(keyPath: "transform")
        spin.values = [0, Double.pi, 2 * Double.pi]
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.duration = 1
        let clock2 = AnimationClock()
        clock2.layer.add(spin, forKey: "k")
        let t = clock2.state(at: 0.75).transform             // 1.5π
        XCTAssertEqual(t.m11, 0, accuracy: exact)
        XCTAssertEqual(t.m12, -1, accuracy: exact)
    }
}
