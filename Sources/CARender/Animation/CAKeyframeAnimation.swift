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

/// An animation of a property through a sequence of values, or of a point along a path.
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

    /// The calculation mode as evaluation uses it, resolved from its string when the animation
    /// is compiled so that no frame compares strings; a mode carender does not know is linear.
    private enum Mode {
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

        var isPaced: Bool { self == .paced || self == .cubicPaced }
        var isCubic: Bool { self == .cubic || self == .cubicPaced }
    }

    /// `calculationMode` as of the last compilation.
    private var mode = Mode.linear
    /// Whether the layer turns to follow the path (any `rotationMode`), and whether half a turn
    /// is added (`rotateAutoReverse`), as of the last compilation.
    private var rotatesAlongPath = false
    private var reversesRotation = false

    /// The progress keyframes are looked up at: the animation's timing function applies first,
    /// except in the paced modes, which ignore it.
    private func keyframeProgress(_ sample: TimingSample) -> Double {
        mode.isPaced ? sample.progress : curvedProgress(sample)
    }

    /// Segment `i`'s own timing function applied to its local fraction (not in paced modes).
    private func segmentFraction(_ local: Double, segment i: Int) -> Double {
        guard !mode.isPaced, let functions = timingFunctions, i < functions.count else { return local }
        return functions[i].evaluate(local)
    }

    // MARK: Compilation

    /// The keyframe values converted, with their times and spline, once when the animation is
    /// added.
    /// (Immutable classes: evaluation shares them instead of copying their arrays each frame.)
    private final class CompiledValues {
        let frames: [AnimatableValue]
        /// Keyframe times (discrete mode: `frames.count + 1` boundaries).
        let times: [Double]
        let spline: KochanekBartels?

        init(frames: [AnimatableValue], times: [Double], spline: KochanekBartels?) {
            (self.frames, self.times, self.spline) = (frames, times, spline)
        }
    }

    /// A path measured once, with its keyframe times.
    private final class CompiledPath {
        let keyframes: PathKeyframes
        /// Keyframe times for the linear and cubic modes (discrete: boundaries).
        let times: [Double]

        init(keyframes: PathKeyframes, times: [Double]) {
            (self.keyframes, self.times) = (keyframes, times)
        }
    }

    private var compiledValues: CompiledValues?
    private var compiledPath: CompiledPath?

    override func compileValues(template: AnimatableValue?) {
        compiledValues = nil
        compiledPath = nil
        mode = Mode(calculationMode)
        rotatesAlongPath = rotationMode != nil
        reversesRotation = rotationMode == .rotateAutoReverse
        let isPaced = mode.isPaced, isCubic = mode.isCubic
        if let path, let keyframes = PathKeyframes(path) {
            let count = keyframes.points.count
            let given = keyTimes?.map(\.doubleValue)
            let times = mode == .discrete ? KeyframeTimes.discrete(given, count: count)
                : (isPaced ? [] : KeyframeTimes.interpolating(given, count: count))
            compiledPath = CompiledPath(keyframes: keyframes, times: times)
            return
        }
        let frames = (values ?? []).compactMap { animatable($0, like: template) }
        guard !frames.isEmpty else { return }
        let n = frames.count
        let given = keyTimes?.map(\.doubleValue)
        let times: [Double]
        if mode == .discrete {
            times = KeyframeTimes.discrete(given, count: n)
        } else if n < 2 {
            times = [0]
        } else if isPaced {
            times = KeyframeTimes.paced(distances: (0..<n - 1).map { AnimatableValue.distance(frames[$0], frames[$0 + 1]) })
        } else {
            times = KeyframeTimes.interpolating(given, count: n)
        }
        let spline = isCubic && n > 1 ? spline(through: frames, times: times) : nil
        compiledValues = CompiledValues(frames: frames, times: times, spline: spline)
    }

    // MARK: Evaluation

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        guard let track = compiledTrack() else {
            // A layer subclass's own key (CustomPropertyKey.swift): its values, never a path.
            if let customKey, let compiled = compiledValues {
                let frames = compiled.frames
                let value = self.value(of: compiled, at: keyframeProgress(sample))
                accumulator.customValues[customKey.key] = accumulate(value, cycleEnd: autoreverses ? frames[0] : frames[frames.count - 1], sample: sample)
            }
            return
        }
        let s = keyframeProgress(sample)
        if let compiledPath {
            applyPath(compiledPath, at: s, sample: sample, track: track, to: &accumulator)
            return
        }
        guard let compiled = compiledValues else { return }
        let frames = compiled.frames
        let value = self.value(of: compiled, at: s)
        let cycleEnd = autoreverses ? frames[0] : frames[frames.count - 1]
        write(accumulate(value, cycleEnd: cycleEnd, sample: sample), at: track, to: &accumulator)
    }

    // MARK: Values

    /// The value of the compiled frames at keyframe progress `s`, per the calculation mode.
    private func value(of compiled: CompiledValues, at s: Double) -> AnimatableValue {
        let frames = compiled.frames, times = compiled.times
        let n = frames.count
        if mode == .discrete {
            if s >= 1 { return frames[n - 1] }
            return frames[min(KeyframeTimes.locate(s, in: times).index, n - 1)]
        }
        guard n > 1 else { return frames[0] }
        let (i, local) = KeyframeTimes.locate(s, in: times)
        let u = segmentFraction(local, segment: i)
        if let spline = compiled.spline {
            let weights = KochanekBartels.Weights(u)
            return frames[i].withComponents { spline.component($0, segment: i, weights: weights) }
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

    /// Moves a point property along the path and, with a rotation mode, turns the layer to the
    /// path's tangent: `θ = atan2(dy, dx)` (+π for autoReverse) composed after the layer's
    /// transform, in the presentation only. (Apple documents that the layer rotates to match the
    /// tangent; composing after the layer's own transform is inferred from rendered output.)
    private func applyPath(_ compiled: CompiledPath, at s: Double, sample: TimingSample, track: PropertyTrack,
                           to accumulator: inout PresentationAccumulator) {
        let (point, direction) = position(along: compiled, at: s)
        let points = compiled.keyframes.points
        let cycleEnd = AnimatableValue.point(autoreverses ? points[0] : points[points.count - 1])
        write(accumulate(.point(point), cycleEnd: cycleEnd, sample: sample), at: track, to: &accumulator)
        guard rotatesAlongPath, let direction else { return }
        var angle = atan2(direction.dy, direction.dx)
        if reversesRotation { angle += Double.pi }
        let rotation = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        accumulator.state.transform = CATransform3DConcat(accumulator.state.transform, rotation)
    }

    /// The point at progress `s` and the direction of travel there (nil for a path with no
    /// segments, and when there is no `rotationMode` to use it).
    private func position(along compiled: CompiledPath, at s: Double) -> (CGPoint, (dx: Double, dy: Double)?) {
        let segments = compiled.keyframes.segments, points = compiled.keyframes.points
        guard !segments.isEmpty else { return (points[0], nil) }
        let turns = rotatesAlongPath
        func tangent(_ segment: PathSegment, _ u: Double) -> (dx: Double, dy: Double)? {
            turns ? PathKeyframes.tangent(of: segment, at: u) : nil
        }
        switch mode {
        case .discrete:
            let count = points.count
            let index = s >= 1 ? count - 1 : KeyframeTimes.locate(s, in: compiled.times).index
            let segment = segments[max(min(index, segments.count) - 1, 0)]
            return (points[min(index, count - 1)], tangent(segment, 1))
        case .paced, .cubicPaced:
            let (k, u) = compiled.keyframes.location(atFraction: s)
            return (segments[k].point(at: CGFloat(u)), tangent(segments[k], u))
        default:
            // Linear (and cubic, which follows the path's own curves): equal time per segment
            // unless valid key times are given; the curve parameter advances with local time.
            let (i, local) = KeyframeTimes.locate(s, in: compiled.times)
            let u = segmentFraction(local, segment: i)
            return (segments[i].point(at: CGFloat(u)), tangent(segments[i], u))
        }
    }
}
