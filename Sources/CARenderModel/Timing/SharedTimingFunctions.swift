/// One timing function object per curve for the animations compiled on a stage: compiled
/// tracks refer to the shared object for their curve instead of their own animation's, so a
/// frame of thousands of animations made with `CAMediaTimingFunction(name: .easeInEaseOut)`
/// each reads one curve that stays in the cache rather than one scattered object per animation.
/// Equal control points are the same curve, evaluated by the same code, so the values are
/// identical.
final class SharedTimingFunctions {
    /// A curve's control points as bit patterns (so that -0 and NaN are told apart exactly).
    private struct ControlPoints: Hashable {
        let c1x, c1y, c2x, c2y: UInt32
    }

    private var functions: [ControlPoints: CAMediaTimingFunction] = [:]

    /// The stage's object for `function`'s curve (the first one seen with it).
    func shared(_ function: CAMediaTimingFunction) -> CAMediaTimingFunction {
        var first: [Float] = [0, 0], second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        let key = ControlPoints(c1x: first[0].bitPattern, c1y: first[1].bitPattern,
                                c2x: second[0].bitPattern, c2y: second[1].bitPattern)
        if let known = functions[key] { return known }
        functions[key] = function
        return function
    }
}
