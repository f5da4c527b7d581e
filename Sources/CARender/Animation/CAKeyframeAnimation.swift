import Foundation

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next keyframe.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant velocity; key times and timing functions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Kochanek–Bartels spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// A spline at constant velocity.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Rotates to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Rotates to the path's tangent plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

public let kCAAnimationLinear = CAAnimationCalculationMode.linear.rawValue
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete.rawValue
public let kCAAnimationPaced = CAAnimationCalculationMode.paced.rawValue
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic.rawValue
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced.rawValue
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto.rawValue
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse.rawValue

/// An animation of a property through a sequence of values, or of a point along a path
/// (SPEC-semantics §4).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// A path for point properties; when set it overrides `values`.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions 0 … 1 of the duration.
    open var keyTimes: [NSNumber]?
    /// Pacing within each segment, applied after the animation's own `timingFunction`.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Whether the layer turns to follow `path`.
    open var rotationMode: CAAnimationRotationMode?
    /// Per-keyframe tension for the cubic modes, −1 … 1 (missing entries are 0).
    open var tensionValues: [NSNumber]?
    /// Per-keyframe continuity for the cubic modes.
    open var continuityValues: [NSNumber]?
    /// Per-keyframe bias for the cubic modes.
    open var biasValues: [NSNumber]?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        rotationMode = other.rotationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
    }

    var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }
    var isCubic: Bool { calculationMode == .cubic || calculationMode == .cubicPaced }

    /// The progress keyframes are looked up at: the animation's timing function applies first,
    /// except in the paced modes, which ignore it.
    func keyframeProgress(_ sample: TimingSample) -> Double {
        isPaced ? sample.progress : curvedProgress(sample)
    }

    /// Segment `i`'s own timing function applied to its local fraction (not in paced modes).
    func segmentFraction(_ local: Double, segment i: Int) -> Double {
        guard !isPaced, let functions = timingFunctions, i < functions.count else { return local }
        return functions[i].evaluate(local)
    }

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        guard let keyPath = animatedKeyPath() else { return }
        let s = keyframeProgress(sample)
        if let path, let keyframes = PathKeyframes(path) {
            applyPath(keyframes, at: s, sample: sample, keyPath: keyPath, to: &accumulator)
            return
        }
        let model = baseValue(keyPath, in: accumulator)
        let frames = (values ?? []).compactMap { animatable($0, like: model) }
        guard !frames.isEmpty else { return }
        let value = self.value(of: frames, at: s)
        let cycleEnd = autoreverses ? frames[0] : frames[frames.count - 1]
        write(accumulate(value, cycleEnd: cycleEnd, sample: sample), at: keyPath, to: &accumulator)
    }

    // MARK: Values

    /// The value of `frames` at keyframe progress `s`, per the calculation mode.
    func value(of frames: [AnimatableValue], at s: Double) -> AnimatableValue {
        let n = frames.count
        if calculationMode == .discrete {
            let times = KeyframeTimes.discrete(keyTimes?.map(\.doubleValue), count: n)
            if s >= 1 { return frames[n - 1] }
            return frames[min(KeyframeTimes.locate(s, in: times).index, n - 1)]
        }
        guard n > 1 else { return frames[0] }
        let times: [Double]
        if isPaced {
            times = KeyframeTimes.paced(distances: (0..<n - 1).map { AnimatableValue.distance(frames[$0], frames[$0 + 1]) })
        } else {
            times = KeyframeTimes.interpolating(keyTimes?.map(\.doubleValue), count: n)
        }
        let (i, local) = KeyframeTimes.locate(s, in: times)
        let u = segmentFraction(local, segment: i)
        if isCubic, let spline = spline(through: frames, times: times) {
            return frames[i].withVector(spline.value(segment: i, at: u))
        }
        return AnimatableValue.interpolate(frames[i], frames[i + 1], u)
    }

    /// The Kochanek–Bartels spline through the frames, or nil when they are not numeric.
    private func spline(through frames: [AnimatableValue], times: [Double]) -> KochanekBartels? {
        var points: [[Double]] = []
        for frame in frames {
            guard let v = frame.vector, v.count == frames[0].vector?.count else { return nil }
            points.append(v)
        }
        return KochanekBartels(points: points, times: times,
                               tension: tensionValues?.map(\.doubleValue) ?? [],
                               continuity: continuityValues?.map(\.doubleValue) ?? [],
                               bias: biasValues?.map(\.doubleValue) ?? [])
    }

    // MARK: Paths

    /// Moves a point property along `keyframes` and, with a rotation mode, turns the layer to the
    /// path's tangent: `θ = atan2(dy, dx)` (+π for autoReverse) composed after the layer's
    /// transform, presentation only (SPEC-semantics §4.6; the composition order is inferred).
    private func applyPath(_ keyframes: PathKeyframes, at s: Double, sample: TimingSample, keyPath: String,
                           to accumulator: inout PresentationAccumulator) {
        let (point, direction) = position(along: keyframes, at: s)
        let cycleEnd = AnimatableValue.point(autoreverses ? keyframes.points[0] : keyframes.points[keyframes.points.count - 1])
        write(accumulate(.point(point), cycleEnd: cycleEnd, sample: sample), at: keyPath, to: &accumulator)
        guard let rotationMode, let direction else { return }
        var angle = atan2(direction.dy, direction.dx)
        if rotationMode == .rotateAutoReverse { angle += Double.pi }
        let rotation = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        accumulator.state.transform = CATransform3DConcat(accumulator.state.transform, rotation)
    }

    /// The point at progress `s` and the direction of travel there (nil for a path with no
    /// segments).
    func position(along keyframes: PathKeyframes, at s: Double) -> (CGPoint, (dx: Double, dy: Double)?) {
        let segments = keyframes.segments
        guard !segments.isEmpty else { return (keyframes.points[0], nil) }
        switch calculationMode {
        case .discrete:
            let times = KeyframeTimes.discrete(keyTimes?.map(\.doubleValue), count: keyframes.points.count)
            let index = s >= 1 ? keyframes.points.count - 1 : KeyframeTimes.locate(s, in: times).index
            let segment = segments[max(min(index, segments.count) - 1, 0)]
            return (keyframes.points[min(index, keyframes.points.count - 1)], segment.tangent(at: 1))
        case .paced, .cubicPaced:
            let tables = keyframes.lengthTables()
            let total = tables.reduce(0) { $0 + ($1.last ?? 0) }
            var remaining = min(max(s, 0), 1) * total
            for (k, table) in tables.enumerated() {
                let length = table.last ?? 0
                if remaining <= length || k == tables.count - 1 {
                    let u = PathKeyframes.parameter(forDistance: remaining, in: table)
                    return (segments[k].point(at: u), segments[k].tangent(at: u))
                }
                remaining -= length
            }
            return (keyframes.points[keyframes.points.count - 1], segments[segments.count - 1].tangent(at: 1))
        default:
            // Linear (and cubic, which follows the path's own curves): equal time per segment
            // unless valid key times are given; the curve parameter advances with local time.
            let times = KeyframeTimes.interpolating(keyTimes?.map(\.doubleValue), count: keyframes.points.count)
            let (i, local) = KeyframeTimes.locate(s, in: times)
            let u = segmentFraction(local, segment: i)
            return (segments[i].point(at: u), segments[i].tangent(at: u))
        }
    }
}
