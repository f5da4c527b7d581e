import XCTest
import CARender
@testable import CARenderModel

/// CASpringAnimation (a damped harmonic oscillator: mass, stiffness, damping, initialVelocity),
/// evaluated in seconds.
final class SpringAnimationTests: XCTestCase {
    /// The closed form, written out independently of the implementation.
    private func closedForm(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot(), b = zeta * w0
            x = exp(-b * t) * (cos(wd * t) + (b - v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            x = exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let r1 = -w0 * (zeta - (zeta * zeta - 1).squareRoot()), r2 = -w0 * (zeta + (zeta * zeta - 1).squareRoot())
            let a = (v0 + r2) / (r2 - r1)
            x = a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
        return 1 - x
    }

    /// The presentation value of a 0 → 1 spring on `cornerRadius` at each time.
    private func values(_ spring: CASpringAnimation, at times: [Double]) -> [Double] {
        spring.keyPath = "cornerRadius"
        spring.fromValue = 0
        spring.toValue = 1
        if spring.duration == 0 { spring.duration = 10 }
        let clock = AnimationClock()
        clock.layer.add(spring, forKey: "s")
        return times.map { clock.number("cornerRadius", at: $0) }
    }

    func testDefaults() {
        let s = CASpringAnimation()
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.stiffness, 100)
        XCTAssertEqual(s.damping, 10)
        XCTAssertEqual(s.initialVelocity, 0)
        XCTAssertFalse(s.allowsOverdamping)
        XCTAssertEqual(s.perceptualDuration, 2 * .pi / 10, accuracy: exact)
        XCTAssertEqual(s.bounce, 0.5, accuracy: exact)
        s.mass = -1
        XCTAssertEqual(s.mass, 1, "invalid values are ignored")
    }

    /// The default under-damped spring (ζ = 0.5, ω0 = 10) against the closed form and its values:
    /// p(0.1) = 0.3403, p(0.2) = 0.8494, first peak 1.1630 at π/ωd.
    func testUnderDamped() {
        let times = [0.1, 0.2, 0.3, Double.pi / (10 * 0.75.squareRoot()), 0.5, 1.0]
        let got = values(CASpringAnimation(), at: times)
        for (t, v) in zip(times, got) {
            XCTAssertEqual(v, closedForm(m: 1, k: 100, c: 10, v0: 0, t: t), accuracy: exact)
        }
        for (v, reference) in zip(got, [0.3403, 0.8494, 1.1244, 1.1630, 1.0746, 1.0022]) {
            XCTAssertEqual(v, reference, accuracy: 5e-5)
        }
        // First peak overshoot e^(−ζπ/√(1−ζ²)).
        XCTAssertEqual(got[3] - 1, exp(-0.5 * .pi / 0.75.squareRoot()), accuracy: exact)
    }

    /// Critically damped; damping 5 under-damped.
    func testCriticalAndLightDamping() {
        let critical = CASpringAnimation()
        critical.damping = 20
        let c = values(critical, at: [0.1, 0.2, 0.5])
        for (v, reference) in zip(c, [0.2642, 0.5940, 0.9596]) { XCTAssertEqual(v, reference, accuracy: 5e-5) }
        XCTAssertEqual(c[2], closedForm(m: 1, k: 100, c: 20, v0: 0, t: 0.5), accuracy: exact)
        let light = CASpringAnimation()
        light.damping = 5
        let l = values(light, at: [0.1, 0.2])
        XCTAssertEqual(l[0], 0.3929, accuracy: 5e-5)
        XCTAssertEqual(l[1], 1.0706, accuracy: 5e-5)
    }

    /// Over-damping is clamped to critical unless allowed.
    func testOverDamping() {
        let clamped = CASpringAnimation()
        clamped.damping = 40
        XCTAssertEqual(values(clamped, at: [0.5])[0], closedForm(m: 1, k: 100, c: 20, v0: 0, t: 0.5), accuracy: exact)
        let allowed = CASpringAnimation()
        allowed.damping = 40
        allowed.allowsOverdamping = true
        let v = values(allowed, at: [0.5])[0]
        XCTAssertEqual(v, closedForm(m: 1, k: 100, c: 40, v0: 0, t: 0.5), accuracy: exact)
        XCTAssertLessThan(v, 0.9596)
    }

    /// Duration truncates but does not stretch the curve.
    func testDurationDoesNotStretch() {
        let short = CASpringAnimation()
        short.duration = 0.5
        let long = CASpringAnimation()
        long.duration = 5
        XCTAssertEqual(values(short, at: [0.2])[0], values(long, at: [0.2])[0], accuracy: exact)
        XCTAssertEqual(values(short, at: [0.2])[0], 0.8494, accuracy: 5e-5)
        let clock = AnimationClock()
        let s = CASpringAnimation(keyPath: "cornerRadius")
        s.fromValue = 0
        s.toValue = 1
        s.duration = 0.5
        clock.layer.add(s, forKey: "s")
        XCTAssertEqual(clock.number("cornerRadius", at: 0.6), 0, accuracy: exact)   // removed: model
        XCTAssertNil(clock.layer.animationKeys())
    }

    /// Speed and other timing still apply: speed 2 reaches 0.1 s of spring time at 0.05 s.
    func testSpringRespectsSpeed() {
        let s = CASpringAnimation()
        s.speed = 2
        XCTAssertEqual(values(s, at: [0.05])[0], closedForm(m: 1, k: 100, c: 10, v0: 0, t: 0.1), accuracy: exact)
    }

    /// Settling durations within 1 % of the envelope estimate and of Apple's documented values
    /// (CASpringAnimation settlingDuration: damping 5 ≈ 2.85 s, damping 15 just over 1 s).
    func testSettlingDuration() {
        func settling(_ damping: CGFloat) -> Double {
            let s = CASpringAnimation()
            s.damping = damping
            return s.settlingDuration
        }
        // The under-damped settling time carender defines (Apple's CASpringAnimation documentation says
        // only "the estimated duration required for the spring system to be considered at rest"):
        // the time the envelope E·e^(−βt) takes to fall to ε = 0.001, plus √(1−ζ)/ω0: ln(E/ε)/β + √(1−ζ)/ω0.
        func definition(_ c: Double) -> Double {
            let w0 = 10.0, zeta = c / 20, beta = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = (1 + (beta / wd) * (beta / wd)).squareRoot()
            return log(e / 0.001) / beta + (1 - zeta).squareRoot() / w0
        }
        for c in [5.0, 10, 15] {
            XCTAssertEqual(settling(CGFloat(c)), definition(c), accuracy: definition(c) * 0.01)
        }
        XCTAssertEqual(settling(5), 2.85, accuracy: 2.85 * 0.01)        // Apple: "approximately 2.85"
        XCTAssertGreaterThan(settling(15), 1.0)                          // Apple: "just over 1 second"
        XCTAssertEqual(settling(15), 1.0, accuracy: 0.05)
        XCTAssertEqual(settling(10), 1.4727, accuracy: 1.4727 * 0.01)    // measured on QuartzCore (OCA)
        XCTAssertEqual(settling(20), 1.0, accuracy: 0.01)                // critical
        XCTAssertEqual(settling(100), 1.0, accuracy: 0.01)               // clamped to critical
        XCTAssertEqual(settling(0), Double.greatestFiniteMagnitude)
    }

    /// The perceptual initializer.
    func testPerceptualInitializer() {
        let s = CASpringAnimation(perceptualDuration: 1, bounce: 0.5)
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(Double(s.stiffness), 4 * .pi * .pi, accuracy: 1e-9)
        XCTAssertEqual(Double(s.damping), 2 * .pi, accuracy: 1e-9)
        XCTAssertTrue(s.allowsOverdamping)
        XCTAssertEqual(s.duration, s.settlingDuration)
        XCTAssertEqual(s.perceptualDuration, 1, accuracy: 1e-12)
        XCTAssertEqual(s.bounce, 0.5, accuracy: 1e-12)
        let critical = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        XCTAssertEqual(Double(critical.stiffness), 157.9137, accuracy: 1e-4)
        XCTAssertEqual(Double(critical.damping), 25.1327, accuracy: 1e-4)
        let over = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        XCTAssertEqual(Double(over.damping), 8 * .pi, accuracy: 1e-9)
        XCTAssertEqual(over.bounce, -0.5, accuracy: 1e-12)
    }

    /// Initial velocity towards (positive) and away from (negative) the target.
    func testInitialVelocity() {
        let towards = CASpringAnimation()
        towards.initialVelocity = 5
        XCTAssertEqual(values(towards, at: [0.1])[0], 0.6071, accuracy: 5e-5)
        let away = CASpringAnimation()
        away.initialVelocity = -5
        let v = values(away, at: [0.01])[0]
        XCTAssertLessThan(v, 0)
        XCTAssertEqual(v, closedForm(m: 1, k: 100, c: 10, v0: -5, t: 0.01), accuracy: exact)
    }

    /// The spring interpolates between resolved endpoints (by-value, model value).
    func testSpringUsesBasicEndpoints() {
        let clock = AnimationClock()
        let s = CASpringAnimation(keyPath: "position.x")
        s.byValue = 50                  // model 100 → 150
        s.duration = 5
        clock.layer.add(s, forKey: "s")
        XCTAssertEqual(clock.number("position.x", at: 0.2), 100 + 50 * closedForm(m: 1, k: 100, c: 10, v0: 0, t: 0.2), accuracy: exact)
    }
}
