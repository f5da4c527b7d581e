import Foundation
import CARenderGeometry

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a calculation mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a calculation mode from its name.
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
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a rotation mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a rotation mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Rotates to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Rotates to the path's tangent plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// The name of `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear.rawValue
/// The name of `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete.rawValue
/// The name of `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced.rawValue
/// The name of `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic.rawValue
/// The name of `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced.rawValue
/// The name of `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto.rawValue
/// The name of `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse.rawValue

/// An animation of a property through a sequence of values, or of a point along a path.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]? {
        get { settings.keyframe.values }
        set { settings.keyframe.values = newValue }
    }
    /// A path for point properties; when set it overrides `values`.
    open var path: CGPath? {
        get { settings.keyframe.path }
        set { settings.keyframe.path = newValue }
    }
    /// When each keyframe is reached, as fractions 0 … 1 of the duration.
    open var keyTimes: [NSNumber]? {
        get { settings.keyframe.keyTimes }
        set { settings.keyframe.keyTimes = newValue }
    }
    /// Pacing within each segment, applied after the animation's own `timingFunction`.
    open var timingFunctions: [CAMediaTimingFunction]? {
        get { settings.keyframe.timingFunctions }
        set { settings.keyframe.timingFunctions = newValue }
    }
    /// How values between keyframes are computed.
    open var calculationMode: CAAnimationCalculationMode {
        get { settings.keyframe.calculationMode }
        set { settings.keyframe.calculationMode = newValue }
    }
    /// Whether the layer turns to follow `path`.
    open var rotationMode: CAAnimationRotationMode? {
        get { settings.keyframe.rotationMode }
        set { settings.keyframe.rotationMode = newValue }
    }
    /// Per-keyframe tension for the cubic modes, −1 … 1 (missing entries are 0).
    open var tensionValues: [NSNumber]? {
        get { settings.keyframe.tensionValues }
        set { settings.keyframe.tensionValues = newValue }
    }
    /// Per-keyframe continuity for the cubic modes.
    open var continuityValues: [NSNumber]? {
        get { settings.keyframe.continuityValues }
        set { settings.keyframe.continuityValues = newValue }
    }
    /// Per-keyframe bias for the cubic modes.
    open var biasValues: [NSNumber]? {
        get { settings.keyframe.biasValues }
        set { settings.keyframe.biasValues = newValue }
    }

    /// `calculationMode` as of the last compilation.
    private var mode = KeyframeCalculation.linear

    /// The progress keyframes are looked up at: the animation's timing function applies first,
    /// except in the paced modes, which ignore it.
    private func keyframeProgress(_ sample: TimingSample) -> Double {
        mode.isPaced ? sample.progress : curvedProgress(sample)
    }

    /// Segment `i`'s own timing function applied to its local fraction (not in paced modes).
    private func segmentFraction(_ local: Double, segment i: Int) -> Double {
        mode.segmentFraction(local, segment: i, functions: timingFunctions)
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

    private var compiledValues: CompiledValues?
    /// The path measured once, with what a frame needs to move along it.
    private var compiledPath: PathTrack?

    override func compileValues(template: AnimatableValue?) {
        compiledValues = nil
        compiledPath = nil
        mode = KeyframeCalculation(calculationMode)
        let isPaced = mode.isPaced, isCubic = mode.isCubic
        if let path, let keyframes = PathKeyframes(path) {
            let count = keyframes.points.count
            let given = keyTimes?.map(\.doubleValue)
            let times = mode == .discrete ? KeyframeTimes.discrete(given, count: count, log: reportingLog)
                : (isPaced ? [] : KeyframeTimes.interpolating(given, count: count, log: reportingLog))
            compiledPath = PathTrack(self, keyframes: keyframes, times: times, calculation: mode, slot: track?.slot)
            return
        }
        let frames = (values ?? []).compactMap { animatable($0, like: template) }
        guard !frames.isEmpty else { return }
        let n = frames.count
        let given = keyTimes?.map(\.doubleValue)
        let times: [Double]
        if mode == .discrete {
            times = KeyframeTimes.discrete(given, count: n, log: reportingLog)
        } else if n < 2 {
            times = [0]
        } else if isPaced {
            times = KeyframeTimes.paced(distances: (0..<n - 1).map { AnimatableValue.distance(frames[$0], frames[$0 + 1]) })
        } else {
            times = KeyframeTimes.interpolating(given, count: n, log: reportingLog)
        }
        let spline = isCubic && n > 1 ? spline(through: frames, times: times) : nil
        compiledValues = CompiledValues(frames: frames, times: times, spline: spline)
    }

    /// Moving a whole point property along a path, the animation evaluates as its `PathTrack`;
    /// through values of a property or field with a slot, in the linear, discrete and paced
    /// modes, as a `KeyframeTrack` (not a subclass, which may evaluate differently, nor with a
    /// value function, which maps numbers to transforms).
    override func makeCompiledEvaluation(track: PropertyTrack, keeping objects: inout CompiledObjects) -> CompiledEvaluation? {
        guard type(of: self) == CAKeyframeAnimation.self else { return nil }
        if let compiledPath { return compiledPath.slot != nil ? .path(objects.keep(compiledPath)) : nil }
        guard valueFunction == nil, let compiled = compiledValues, compiled.spline == nil,
              let slot = track.slot ?? track.fieldSlot else { return nil }
        let (frames, times) = (compiled.frames, compiled.times)
        switch slot.kind {
        case .cgFloat, .float, .transformField:
            return KeyframeTrack<Double>.make(self, slot: slot, frames: frames, times: times, calculation: mode, keeping: &objects).map { .numberKeyframes(objects.keep($0)) }
        case .point:
            return KeyframeTrack<CGPoint>.make(self, slot: slot, frames: frames, times: times, calculation: mode, keeping: &objects).map { .pointKeyframes(objects.keep($0)) }
        case .size:
            return KeyframeTrack<CGSize>.make(self, slot: slot, frames: frames, times: times, calculation: mode, keeping: &objects).map { .sizeKeyframes(objects.keep($0)) }
        case .rect:
            return KeyframeTrack<CGRect>.make(self, slot: slot, frames: frames, times: times, calculation: mode, keeping: &objects).map { .rectKeyframes(objects.keep($0)) }
        case .transform:
            return KeyframeTrack<CATransform3D>.make(self, slot: slot, frames: frames, times: times, calculation: mode, keeping: &objects).map { .transformKeyframes(objects.keep($0)) }
        }
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
        if let compiledEvaluation { return compiledEvaluation.apply(sample, to: &accumulator) }
        if let compiledPath {
            let (point, direction) = compiledPath.position(at: compiledPath.progress(sample))
            write(accumulate(.point(point), cycleEnd: .point(compiledPath.cycleEnd), sample: sample), at: track, to: &accumulator)
            compiledPath.turn(along: direction, in: &accumulator.state)
            return
        }
        let s = keyframeProgress(sample)
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
}
