/// One timing curve object per curve for the animations compiled on a stage: compiled tracks
/// refer to the shared object for their curve instead of their own animation's function, so a
/// frame of thousands of animations made with `CAMediaTimingFunction(name: .easeInEaseOut)`
/// each reads one curve that stays in the cache rather than one scattered object per animation.
/// Equal control points are the same curve, evaluated by the same code, so the values are
/// identical.
final class SharedTimingFunctions {
    /// A curve's control points as bit patterns (so that -0 and NaN are told apart exactly).
    private struct ControlPoints: Hashable {
        let c1x, c1y, c2x, c2y: UInt32
    }

    private var curves: [ControlPoints: SharedTimingCurve] = [:]

    /// The stage's object for `function`'s curve (made when first seen).
    func shared(_ function: CAMediaTimingFunction) -> SharedTimingCurve {
        var first: [Float] = [0, 0], second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        let key = ControlPoints(c1x: first[0].bitPattern, c1y: first[1].bitPattern,
                                c2x: second[0].bitPattern, c2y: second[1].bitPattern)
        if let known = curves[key] { return known }
        let curve = SharedTimingCurve(function.curve, remembers: true)
        curves[key] = curve
        return curve
    }
}

/// A timing curve that compiled tracks share, which remembers its latest outputs.
///
/// Why remember: animations that start together with the same duration and curve (the same
/// animation added to many layers, the usual case for a list or a grid) ask the curve for the
/// same input every frame, once per layer, and solving the Bézier for its parameter takes a
/// few Newton steps each. The curve is a pure function of the input's bits, so an output
/// remembered for those bits is exactly the output solving again would give.
///
/// Only a stage's shared curves remember (a stage's presentation runs on one thread at a time,
/// as its presentation boxes already require); a curve made for an animation off any stage
/// solves every time.
final class SharedTimingCurve {
    let curve: TimingCurve
    /// `1 << indexBits` remembered inputs (bit patterns) and outputs, found by a hash of the input;
    /// nil when the curve does not remember. Allocated with the curve and never resized, read
    /// through a pointer so that a frame's lookups make no exclusivity checks.
    private let memo: UnsafeMutablePointer<(input: UInt64, output: Double)>?
    /// The memo has `1 << indexBits` entries: a handful of groups of animations running in
    /// step per curve find their own entries.
    private static let indexBits = 3

    init(_ curve: TimingCurve, remembers: Bool) {
        self.curve = curve
        guard remembers, !curve.isLinear else {
            memo = nil
            return
        }
        let memo = UnsafeMutablePointer<(input: UInt64, output: Double)>.allocate(capacity: 1 << Self.indexBits)
        // Every entry starts as a true one (the output for the input 0), so no entry needs a
        // flag saying whether it holds anything.
        memo.initialize(repeating: (0.0.bitPattern, curve.evaluate(0)), count: 1 << Self.indexBits)
        self.memo = memo
    }

    deinit {
        memo?.deallocate()
    }

    /// `curve.evaluate(x)`, remembered.
    @inline(__always)
    func evaluate(_ x: Double) -> Double {
        guard let memo else { return curve.evaluate(x) }
        let bits = x.bitPattern
        // Fibonacci hashing: the top bits of the product depend on all of the input's bits, so
        // inputs that differ only in low mantissa bits still spread over the entries.
        let entry = memo + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.indexBits))
        if entry.pointee.input == bits { return entry.pointee.output }
        let output = curve.evaluate(x)
        entry.pointee = (bits, output)
        return output
    }
}
