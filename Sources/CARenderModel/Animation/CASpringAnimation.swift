import Foundation

/// A basic animation whose progress follows a damped spring instead of a timing curve.
///
/// The spring is evaluated at the animation's basic time in *seconds*:
/// `duration` only decides when the animation ends, it does not stretch the curve. Set
/// `duration = settlingDuration` to let the spring come to rest. `timingFunction` is ignored.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring; must be > 0 (1 by default): other values are ignored.
    open var mass: CGFloat {
        get { settings.spring.mass }
        set { if newValue > 0 { settings.spring.mass = newValue } }
    }
    /// The spring constant; must be > 0 (100 by default): other values are ignored.
    open var stiffness: CGFloat {
        get { settings.spring.stiffness }
        set { if newValue > 0 { settings.spring.stiffness = newValue } }
    }
    /// The friction; must be ≥ 0 (10 by default): other values are ignored.
    open var damping: CGFloat {
        get { settings.spring.damping }
        set { if newValue >= 0 { settings.spring.damping = newValue } }
    }
    /// Velocity at the start, in fractions of the animated distance per second; positive moves
    /// towards the target.
    open var initialVelocity: CGFloat {
        get { settings.spring.initialVelocity }
        set { settings.spring.initialVelocity = newValue }
    }
    /// When false (the default) an over-damped spring (ζ > 1) behaves as critically damped, as
    /// CASpringAnimation did before the option existed.
    open var allowsOverdamping: Bool {
        get { settings.spring.allowsOverdamping }
        set { settings.spring.allowsOverdamping = newValue }
    }

    /// A spring whose character is given perceptually (SwiftUI's `Spring(duration:bounce:)`
    /// mapping): ω0 = 2π / duration, ζ = 1 − bounce (bounce ≥ 0) or
    /// 1 / (1 + bounce) (bounce < 0); mass 1; over-damping allowed; the animation's duration is
    /// set to the settling duration.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let w0 = 2 * Double.pi / perceptualDuration
        let b = Double(bounce)
        let zeta: Double = b >= 0 ? 1 - b : (b <= -1 ? .infinity : 1 / (1 + b))
        mass = 1
        stiffness = CGFloat(w0 * w0)
        allowsOverdamping = true
        damping = zeta.isFinite ? CGFloat(2 * zeta * w0) : CGFloat.greatestFiniteMagnitude
        duration = settlingDuration
    }

    /// The duration of one oscillation period of the undamped spring, `2π √(m/k)`.
    open var perceptualDuration: CFTimeInterval {
        2 * Double.pi * Double(mass / stiffness).squareRoot()
    }

    /// The perceptual bounce: `1 − ζ` for ζ ≤ 1, otherwise `1/ζ − 1`.
    open var bounce: CGFloat {
        let zeta = curve.dampingRatio
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// The estimated time for the spring to come to rest with the current parameters.
    open var settlingDuration: CFTimeInterval { curve.settlingDuration }

    /// The spring actually simulated: over-damping clamped to critical unless allowed.
    var curve: SpringCurve {
        let m = Double(mass), k = Double(stiffness)
        var c = Double(damping)
        let critical = 2 * (k * m).squareRoot()
        if !allowsOverdamping && c > critical { c = critical }
        return SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: Double(initialVelocity))
    }

    /// The spring's progress at the sample's basic time in seconds.
    override func interpolationFraction(_ sample: TimingSample) -> Double {
        curve.progress(at: sample.basicTime)
    }
}
