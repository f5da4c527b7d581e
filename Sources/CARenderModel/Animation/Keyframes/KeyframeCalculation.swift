/// A keyframe animation's calculation mode as evaluation uses it, resolved from its string when
/// the animation is compiled so that no frame compares strings; a mode carender does not know
/// is linear.
enum KeyframeCalculation {
    case linear, discrete, paced, cubic, cubicPaced

    init(_ mode: CAAnimationCalculationMode) {
        switch mode {
        case .discrete: self = .discrete
        case .paced: self = .paced
        case .cubic: self = .cubic
        case .cubicPaced: self = .cubicPaced
        default: self = .linear
        }
    }

    /// Constant velocity: key times and timing functions are ignored.
    var isPaced: Bool { self == .paced || self == .cubicPaced }
    var isCubic: Bool { self == .cubic || self == .cubicPaced }

    /// Segment `i`'s own timing function (of `functions`) applied to its local fraction; not in
    /// the paced modes.
    func segmentFraction(_ local: Double, segment i: Int, functions: [CAMediaTimingFunction]?) -> Double {
        guard !isPaced, let functions, i < functions.count else { return local }
        return functions[i].evaluate(local)
    }
}
