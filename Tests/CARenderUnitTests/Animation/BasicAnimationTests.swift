import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// CABasicAnimation endpoints, live model values, additive and cumulative composition, value
/// functions and sub-key-paths (CABasicAnimation, CAPropertyAnimation). The layer's
/// `position.x` model value is 100; d = 1; linear unless stated.
final class BasicAnimationTests: XCTestCase {
    private func x(_ anim: CAAnimation, at t: Double, key: String = "a") -> Double {
        let clock = AnimationClock()
        clock.layer.add(anim, forKey: key)
        return clock.number("position.x", at: t)
    }

    /// A nil timing function is linear; a named one shapes the progress.
    func testTimingFunction() {
        XCTAssertEqual(x(basic("position.x", from: 0, to: 100), at: 0.25), 25, accuracy: exact)
        let eased = basic("position.x", from: 0, to: 100)
        eased.timingFunction = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual(x(eased, at: 0.5), 100 * CAMediaTimingFunction(name: .easeIn).evaluate(0.5), accuracy: exact)
        XCTAssertEqual(x(eased, at: 0.5), 31.54, accuracy: 0.01)
    }

    /// Every combination of from/to/by (CABasicAnimation: "Setting Interpolation Values").
    func testEndpointCombinations() {
        XCTAssertEqual(x(basic("position.x", from: 10, to: 20), at: 0.3), 13, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", from: 10, by: 5), at: 0.5), 12.5, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", to: 20, by: 5), at: 0.5), 17.5, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", from: 10), at: 0.5), 55, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", to: 20), at: 0.5), 60, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", by: 5), at: 0.5), 102.5, accuracy: exact)
        XCTAssertEqual(x(basic("position.x"), at: 0.5), 100, accuracy: exact)
        // All three: by is ignored.
        XCTAssertEqual(x(basic("position.x", from: 10, to: 20, by: 1000), at: 0.5), 15, accuracy: exact)
    }

    /// Values arrive as NSNumber, Int, Float, CGFloat or Double alike.
    func testNumberTypes() {
        XCTAssertEqual(x(basic("position.x", from: NSNumber(value: 10), to: Float(20)), at: 0.5), 15, accuracy: exact)
        XCTAssertEqual(x(basic("position.x", from: CGFloat(10), to: Int(20)), at: 0.5), 15, accuracy: exact)
    }

    /// A missing end follows the live model value.
    func testModelChangedMidFlight() {
        func run(_ anim: CABasicAnimation) -> Double {
            let clock = AnimationClock()
            clock.layer.actions = ["position": NSNull()]      // no implicit animation
            clock.layer.add(anim, forKey: "a")
            clock.advance(to: 0.5)
            clock.layer.position.x = 200
            return clock.number("position.x", at: 0.75)
        }
        XCTAssertEqual(run(basic("position.x", to: 20)), 65, accuracy: exact)
        XCTAssertEqual(run(basic("position.x", from: 10)), 152.5, accuracy: exact)
        XCTAssertEqual(run(basic("position.x", by: 5)), 203.75, accuracy: exact)
        XCTAssertEqual(run(basic("position.x", from: 10, to: 20)), 17.5, accuracy: exact)
    }

    /// Additive animations add to the model value.
    func testAdditive() {
        let clock = AnimationClock()
        let anim = basic("position.x", from: -50, to: 0)
        anim.isAdditive = true
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        clock.layer.add(anim, forKey: "a")
        XCTAssertEqual(clock.number("position.x", at: 0.5), 75, accuracy: exact)
        XCTAssertEqual(clock.number("position.x", at: 1.5), 100, accuracy: exact)
    }

    /// Additive animations sum.
    func testAdditiveAnimationsSum() {
        let clock = AnimationClock()
        let a = basic("position.x", from: -40, to: 0)
        a.isAdditive = true
        clock.layer.add(a, forKey: "a")
        clock.advance(to: 0.5)
        let b = basic("position.x", from: -20, to: 0)
        b.isAdditive = true
        clock.layer.add(b, forKey: "b")
        XCTAssertEqual(clock.number("position.x", at: 0.5), 60, accuracy: exact)
        XCTAssertEqual(clock.number("position.x", at: 0.75), 100 - 10 - 15, accuracy: exact)
    }

    /// The later-added of two non-additive animations wins while both run; an additive
    /// one after them adds to that.
    func testLaterAnimationWins() {
        let clock = AnimationClock()
        clock.layer.add(basic("position.x", from: 0, to: 10, duration: 2), forKey: "first")
        clock.layer.add(basic("position.x", from: 50, to: 60), forKey: "second")
        XCTAssertEqual(clock.number("position.x", at: 0.5), 55, accuracy: exact)
        XCTAssertEqual(clock.number("position.x", at: 1.5), 7.5, accuracy: exact)   // second ended
        XCTAssertEqual(clock.layer.animationKeys(), ["first"])
    }

    /// Cumulative repeats add whole cycles (the SMIL reading of isCumulative, which Apple's docs
    /// leave open for a from value ≠ 0);
    /// with autoreverses each cycle ends back at `from`.
    func testCumulative() {
        let anim = basic("position.x", from: 10, to: 20)
        anim.isCumulative = true
        anim.repeatCount = 3
        XCTAssertEqual(x(anim, at: 1.5), 35, accuracy: exact)
        XCTAssertEqual(x(anim, at: 0.5), 15, accuracy: exact)
        anim.autoreverses = true
        anim.repeatCount = 2
        XCTAssertEqual(x(anim, at: 2.5), 25, accuracy: exact)
    }

    /// `transform.rotation.z`, byValue 2π, cumulative, three repeats: 3π at 1.5 s and 6π
    /// (a whole number of turns) at the end.
    func testCumulativeRotation() {
        let clock = AnimationClock()
        let spin = basic("transform.rotation.z", by: 2 * Double.pi)
        spin.isCumulative = true
        spin.repeatCount = 3
        spin.fillMode = .forwards
        spin.isRemovedOnCompletion = false
        clock.layer.add(spin, forKey: "spin")
        let half = clock.state(at: 1.5).transform
        XCTAssertEqual(half.m11, -1, accuracy: exact)
        XCTAssertEqual(half.m12, 0, accuracy: exact)
        let quarter = clock.state(at: 2.25).transform      // 4π + π/2
        XCTAssertEqual(quarter.m11, 0, accuracy: exact)
        XCTAssertEqual(quarter.m12, 1, accuracy: exact)
        let end = clock.state(at: 3).transform
        XCTAssertEqual(end.m11, 1, accuracy: exact)
        XCTAssertEqual(end.m12, 0, accuracy: exact)
    }

    /// `byValue = 2π` on `transform.rotation.z` spins a full turn (the common spinner idiom: a
    /// rotation sub-key-path's values are angles, so 2π is one whole turn, not "no change").
    func testFullTurnThroughSubKeyPath() {
        let clock = AnimationClock()
        clock.layer.add(basic("transform.rotation.z", by: Double.pi * 2), forKey: "spin")
        let quarter = clock.state(at: 0.25).transform
        XCTAssertEqual(quarter.m11, 0, accuracy: exact)
        XCTAssertEqual(quarter.m12, 1, accuracy: exact)
        let threeQuarters = clock.state(at: 0.75).transform
        XCTAssertEqual(threeQuarters.m12, -1, accuracy: exact)
    }

    /// The sub-key-path turns through π; the same endpoints as whole matrices do nothing.
    func testRotationSubKeyPathVersusMatrix() {
        let clock = AnimationClock()
        clock.layer.add(basic("transform.rotation.z", from: 0, to: 2 * Double.pi), forKey: "a")
        let t = clock.state(at: 0.5).transform
        XCTAssertEqual(t.m11, -1, accuracy: exact)
        XCTAssertEqual(t.m22, -1, accuracy: exact)

        let matrices = AnimationClock()
        matrices.layer.add(basic("transform", from: CATransform3DIdentity,
                                 to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)), forKey: "a")
        for time in [0.25, 0.5, 0.75] {
            let m = matrices.state(at: time).transform
            for (value, expected) in zip(m.rowMajorElements, CATransform3DIdentity.rowMajorElements) {
                XCTAssertEqual(value, expected, accuracy: 1e-9)
            }
        }
    }

    /// A sub-key-path animation replaces one component and keeps the others.
    func testSubKeyPathKeepsOtherComponents() {
        let clock = AnimationClock()
        clock.layer.transform = CATransform3DMakeScale(2, 2, 1)
        clock.layer.add(basic("transform.rotation.z", from: 0, to: Double.pi), forKey: "a")
        let t = clock.state(at: 0.5).transform
        XCTAssertEqual(t.m11, 0, accuracy: exact)
        XCTAssertEqual(t.m12, 2, accuracy: exact)
        XCTAssertEqual(t.m21, -2, accuracy: exact)
    }

    /// Every value function (CAValueFunction).
    func testValueFunctions() {
        func transform(_ name: CAValueFunctionName, from: Any, to: Any) -> CATransform3D {
            let clock = AnimationClock()
            let anim = basic("transform", from: from, to: to)
            anim.valueFunction = CAValueFunction(name: name)
            clock.layer.add(anim, forKey: "a")
            return clock.state(at: 0.5).transform
        }
        func assertEqual(_ a: CATransform3D, _ b: CATransform3D, _ message: String) {
            for (x, y) in zip(a.rowMajorElements, b.rowMajorElements) { XCTAssertEqual(x, y, accuracy: exact, message) }
        }
        assertEqual(transform(.scale, from: [1, 1, 1], to: [3, 3, 3]), CATransform3DMakeScale(2, 2, 2), "scale")
        assertEqual(transform(.scaleX, from: 1, to: 3), CATransform3DMakeScale(2, 1, 1), "scaleX")
        assertEqual(transform(.scaleY, from: 1, to: 3), CATransform3DMakeScale(1, 2, 1), "scaleY")
        assertEqual(transform(.scaleZ, from: 1, to: 3), CATransform3DMakeScale(1, 1, 2), "scaleZ")
        assertEqual(transform(.translate, from: [0, 0, 0], to: [10, 20, 30]), CATransform3DMakeTranslation(5, 10, 15), "translate")
        assertEqual(transform(.translateX, from: 0, to: 10), CATransform3DMakeTranslation(5, 0, 0), "translateX")
        assertEqual(transform(.translateY, from: 0, to: 10), CATransform3DMakeTranslation(0, 5, 0), "translateY")
        assertEqual(transform(.translateZ, from: 0, to: 10), CATransform3DMakeTranslation(0, 0, 5), "translateZ")
        // Rotations interpolate the angle, so more than half a turn works.
        assertEqual(transform(.rotateZ, from: 0, to: 3 * Double.pi), CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), "rotateZ")
        assertEqual(transform(.rotateX, from: 0, to: Double.pi), CATransform3DMakeRotation(.pi / 2, 1, 0, 0), "rotateX")
        assertEqual(transform(.rotateY, from: 0, to: Double.pi), CATransform3DMakeRotation(.pi / 2, 0, 1, 0), "rotateY")
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName("wobble")))
    }

    /// Other property types through from/to: colours (non-premultiplied), rects, sizes, points.
    func testOtherPropertyTypes() {
        let clock = AnimationClock()
        clock.layer.add(basic("backgroundColor", from: CGColor.white, to: CGColor.clear), forKey: "c")
        clock.layer.add(basic("bounds", from: CGRect(x: 0, y: 0, width: 100, height: 100),
                              to: NSValue(cgRect: CGRect(x: 0, y: 0, width: 200, height: 50))), forKey: "b")
        clock.layer.add(basic("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 4, height: -8)), forKey: "s")
        clock.layer.add(basic("position", to: NSValue(cgPoint: CGPoint(x: 300, y: 0))), forKey: "p")
        let state = clock.state(at: 0.5)
        let c = state.backgroundColor!.rgbaComponents
        XCTAssertEqual([c.r, c.g, c.b, c.a], [0.5, 0.5, 0.5, 0.5])
        XCTAssertEqual(state.bounds, CGRect(x: 0, y: 0, width: 150, height: 75))
        XCTAssertEqual(state.shadowOffset, CGSize(width: 2, height: -4))
        XCTAssertEqual(state.position, CGPoint(x: 200, y: 50))
        // A nil model colour counts as transparent black.
        let fromNil = AnimationClock()
        fromNil.layer.add(basic("backgroundColor", to: CGColor(red: 1, green: 0, blue: 0, alpha: 1)), forKey: "c")
        let n = fromNil.state(at: 0.25).backgroundColor!.rgbaComponents
        XCTAssertEqual([n.r, n.g, n.b, n.a], [0.25, 0, 0, 0.25])
    }

    /// Boolean properties switch at the midpoint.
    func testDiscreteProperty() {
        let clock = AnimationClock()
        clock.layer.add(basic("hidden", from: false, to: true), forKey: "h")
        XCTAssertFalse(clock.state(at: 0.49).isHidden)
        XCTAssertTrue(clock.state(at: 0.5).isHidden)
    }
}
