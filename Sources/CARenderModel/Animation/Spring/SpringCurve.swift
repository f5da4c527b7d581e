import Foundation

/// The closed-form damped harmonic oscillator behind `CASpringAnimation`: x(t) for unit initial displacement, solved per damping regime.
///
/// `x(t)` is the remaining normalised displacement (1 at the start, 0 at the target) of
/// `m·x″ + c·x′ + k·x = 0` with `x(0) = 1`, `x′(0) = −v0`; progress is `1 − x(t)`, with `t` in
/// seconds.
struct SpringCurve: Equatable {
    var mass: Double
    var stiffness: Double
    var damping: Double
    /// Initial velocity in fractions of the distance per second, positive towards the target.
    var initialVelocity: Double

    /// Undamped angular frequency ω0 = √(k/m).
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(k·m)).
    var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The remaining displacement at `t` seconds.
    func displacement(at t: Double) -> Double {
        SpringMotion(self).displacement(at: t)
    }

    /// Progress towards the target at `t` seconds: `1 − x(t)`; overshoots above 1.
    func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// The constants of the solution, worked out once for a spring evaluated every frame.
    var motion: SpringMotion { SpringMotion(self) }

    /// The estimated time for the spring to come to rest: for an
    /// under-damped spring `ln(E/ε)/β + √(1−ζ)/ω0` with `ε = 0.001` and `E` the envelope
    /// amplitude `√(1 + ((β − v0)/ωd)²)`; for critical and over-damped springs the first multiple
    /// of 0.1 s from which `|x|` stays below ε. An undamped spring never settles
    /// (`Double.greatestFiniteMagnitude`). The rule is a fit to Apple's documented
    /// values (2.85 s for damping 5, "just over 1 s" for damping 15); Apple's own is unpublished.
    var settlingDuration: Double {
        let epsilon = 0.001
        let w0 = naturalFrequency
        let zeta = dampingRatio
        guard zeta > 0, w0 > 0, w0.isFinite else { return Double.greatestFiniteMagnitude }
        if zeta < 1 {
            let beta = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (1 + pow((beta - initialVelocity) / wd, 2)).squareRoot()
            return log(amplitude / epsilon) / beta + (1 - zeta).squareRoot() / w0
        }
        // Critical or over-damped: at most one crossing, then monotone decay. Step in 0.1 s and
        // return the first step after which the displacement stays under ε.
        var step = 1
        var lastAbove = 0
        let limit = 100_000
        while step < limit {
            let t = Double(step) * 0.1
            if abs(displacement(at: t)) >= epsilon { lastAbove = step }
            // Once decaying below ε past the slowest time constant, nothing rises again.
            if step - lastAbove > 10 && t > 1 / (w0 * max(zeta - (zeta * zeta - 1).squareRoot(), 1e-9)) { break }
            step += 1
        }
        return Double(lastAbove + 1) * 0.1
    }
}

/// The solution of a `SpringCurve`'s equation with its constants worked out: the regime, the
/// rates and the coefficients, which depend only on the spring. A frame then computes only the
/// terms that depend on time (the exponentials and the oscillation).
///
/// Each constant is the same expression `SpringCurve.displacement(at:)` once computed every
/// call, in the same order, so the displacement is bit for bit the same; the spring's own
/// `displacement(at:)` goes through this type, so the two cannot drift.
struct SpringMotion {
    private enum Regime {
        /// ζ < 1: `x(t) = e^(−βt)·(cos ωd·t + ((β − v0)/ωd)·sin ωd·t)`, with β = ζ·ω0 and
        /// ωd = ω0·√(1 − ζ²).
        case underdamped(beta: Double, dampedFrequency: Double, sineCoefficient: Double)
        /// ζ = 1: `x(t) = e^(−ω0·t)·(1 + (ω0 − v0)·t)`.
        case critical(naturalFrequency: Double, slope: Double)
        /// ζ > 1: `x(t) = a·e^(r1·t) + (1 − a)·e^(r2·t)` with `r1,2 = −ω0·(ζ ∓ √(ζ² − 1))` and
        /// `a = (v0 + r2)/(r2 − r1)`, so that x(0) = 1 and x′(0) = −v0.
        case overdamped(r1: Double, r2: Double, a: Double, b: Double)
    }

    private let regime: Regime

    init(_ spring: SpringCurve) {
        let w0 = spring.naturalFrequency
        let zeta = spring.dampingRatio
        let v0 = spring.initialVelocity
        if zeta < 1 {
            let beta = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            regime = .underdamped(beta: beta, dampedFrequency: wd, sineCoefficient: (beta - v0) / wd)
        } else if zeta == 1 {
            regime = .critical(naturalFrequency: w0, slope: w0 - v0)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let a = (v0 + r2) / (r2 - r1)
            regime = .overdamped(r1: r1, r2: r2, a: a, b: 1 - a)
        }
    }

    /// The remaining displacement at `t` seconds.
    func displacement(at t: Double) -> Double {
        switch regime {
        case .underdamped(let beta, let wd, let k):
            return exp(-beta * t) * (cos(wd * t) + k * sin(wd * t))
        case .critical(let w0, let slope):
            return exp(-w0 * t) * (1 + slope * t)
        case .overdamped(let r1, let r2, let a, let b):
            return a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// Progress towards the target at `t` seconds: `1 − x(t)`.
    func progress(at t: Double) -> Double { 1 - displacement(at: t) }
}
