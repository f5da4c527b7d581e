import XCTest
import Foundation
@testable import CARenderModel

/// A spring's solution with its constants worked out once (`SpringMotion`) gives bit for bit
/// the displacement of the closed form evaluated whole at each time, in every damping regime.
final class SpringMotionTests: XCTestCase {
    /// The closed form as written before the constants were hoisted: every constant recomputed
    /// at each call, in this order.
    private func reference(_ s: SpringCurve, _ t: Double) -> Double {
        let w0 = (s.stiffness / s.mass).squareRoot()
        let zeta = s.damping / (2 * (s.stiffness * s.mass).squareRoot())
        let v0 = s.initialVelocity
        if zeta < 1 {
            let beta = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-beta * t) * (cos(wd * t) + ((beta - v0) / wd) * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let a = (v0 + r2) / (r2 - r1)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    func testMotionMatchesTheClosedForm() {
        let springs = [
            SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),    // under-damped (the default)
            SpringCurve(mass: 1, stiffness: 100, damping: 8, initialVelocity: 0),     // the benchmark's
            SpringCurve(mass: 2, stiffness: 300, damping: 6, initialVelocity: -3),
            SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),    // ζ = 1 exactly
            SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 4.5),
            SpringCurve(mass: 1, stiffness: 100, damping: 40, initialVelocity: 2),    // over-damped
            SpringCurve(mass: 0.5, stiffness: 10, damping: 0, initialVelocity: 1),    // undamped
            SpringCurve(mass: 1, stiffness: 0, damping: 10, initialVelocity: 0),      // no stiffness: NaN
        ]
        for spring in springs {
            let motion = spring.motion
            for step in -2...400 {
                let t = Double(step) * 0.0123
                XCTAssertEqual(motion.displacement(at: t).bitPattern, reference(spring, t).bitPattern, "\(spring) at \(t)")
                XCTAssertEqual(motion.progress(at: t).bitPattern, (1 - reference(spring, t)).bitPattern, "\(spring) at \(t)")
                XCTAssertEqual(spring.displacement(at: t).bitPattern, reference(spring, t).bitPattern, "\(spring) at \(t)")
            }
        }
    }
}
