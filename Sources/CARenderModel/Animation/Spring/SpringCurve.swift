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
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
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

    /// Progress towards the target at `t` seconds: `1 − x(t)`; overshoots above 1.
    func progress(at t: Double) -> Double { 1 - displacement(at: t) }

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
