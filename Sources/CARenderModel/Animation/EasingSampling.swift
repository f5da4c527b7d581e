import Foundation

extension CAMediaTimingFunction {
    /// The curve's output for a normalised input time in [0, 1] (inputs outside are clamped;
    /// outputs may overshoot). Apple's equivalent is private (`_solveForInput:`); carender makes
    /// it public for previews and tests.
    public func solve(forInput input: Double) -> Double {
        evaluate(min(max(input, 0), 1))
    }
}

extension CASpringAnimation {
    /// The spring's progress `t` seconds after it starts: 0 at the start value, 1 at the target,
    /// above 1 while it overshoots.
    public func progress(atTime t: CFTimeInterval) -> Double {
        curve.progress(at: max(t, 0))
    }
}
