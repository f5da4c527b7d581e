import Foundation
import CARenderGeometry
import CARenderPixels
import CMemoryHints

/// An animation's per-frame work compiled when the animation is added to a layer, for the
/// common cases that need nothing but their own values: a basic animation between fixed
/// endpoints of a whole numeric property (`TypedBasicTrack`), a point moving along a path
/// (`PathTrack`). It holds every value a frame reads, so the presentation pass evaluates it
/// without touching the animation object, its key path or `AnimatableValue`s, and writes
/// straight into the presentation state.
///
/// A basic track of numbers, points or sizes is a value held inline (in the layer's
/// `PresentationEntry` records, so a frame fetches no separate object for it); the other tracks
/// are objects. Either way the value is plain data: it refers to objects (tracks, timing
/// functions, spring curves) without owning them (`Unowned`), so copying it into the records
/// and out of them each frame retains and releases nothing; the animation that compiled it
/// keeps them alive.
///
/// Basic animations and springs of numbers, points, sizes, rectangles and transforms are
/// covered whole or as fields (`position.x`, `transform.rotation.z`), with live model endpoints;
/// keyframe values in the linear, discrete and paced modes likewise; groups whose children all
/// compile. Animations it does not cover (value functions, colours, cubic keyframes, nested
/// groups, transitions, layer subclasses' own keys) are evaluated by the animation itself; both
/// ways give identical values.
enum CompiledEvaluation {
    case number(TypedBasicTrack<Double>)
    case point(TypedBasicTrack<CGPoint>)
    case size(TypedBasicTrack<CGSize>)
    /// Held by reference, like every case below: inline, two rectangles would take a record
    /// past three cache lines (see `PresentationEntry`).
    case rect(Unowned<BasicTrackBox<CGRect>>)
    /// Two matrices would triple every record's size.
    case transform(Unowned<TransformTrack>)
    case path(Unowned<PathTrack>)
    /// Keyframe values (`KeyframeTrack`), by reference like every case but the basic tracks.
    case numberKeyframes(Unowned<KeyframeTrack<Double>>)
    case pointKeyframes(Unowned<KeyframeTrack<CGPoint>>)
    case sizeKeyframes(Unowned<KeyframeTrack<CGSize>>)
    case rectKeyframes(Unowned<KeyframeTrack<CGRect>>)
    case transformKeyframes(Unowned<KeyframeTrack<CATransform3D>>)
    /// A group whose children all compile (`GroupTrack`).
    case group(Unowned<GroupTrack>)

    /// Writes the animation's value for `sample` (a sample that contributes) into
    /// `accumulator`.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        switch self {
        case .number(let track): track.apply(sample, to: &accumulator)
        case .point(let track): track.apply(sample, to: &accumulator)
        case .size(let track): track.apply(sample, to: &accumulator)
        case .rect(let box): box.with { $0.track.apply(sample, to: &accumulator) }
        case .transform(let box): box.with { $0.apply(sample, to: &accumulator) }
        case .path(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .numberKeyframes(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .pointKeyframes(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .sizeKeyframes(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .rectKeyframes(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .transformKeyframes(let track): track.with { $0.apply(sample, to: &accumulator) }
        case .group(let track): track.with { $0.apply(sample, to: &accumulator) }
        }
    }

    /// Asks for the cache lines of the object the evaluation reads (none for a basic track
    /// held inline) to be fetched, without waiting for them: called for a layer's records before
    /// its presentation values are restored, so the objects arrive while that work goes on
    /// rather than each stalling evaluation in turn. Changes nothing else.
    @inline(__always)
    func prefetch() {
        switch self {
        case .number(let track): track.prefetch()
        case .point(let track): track.prefetch()
        case .size(let track): track.prefetch()
        case .rect(let box): prefetchLines(box.address, MemoryLayout<TypedBasicTrack<CGRect>>.size)
        case .transform(let track): prefetchLines(track.address, TransformTrack.prefetchedByteCount)
        case .path(let track): prefetchLines(track.address, 64)
        case .numberKeyframes(let track): prefetchLines(track.address, Self.keyframeBytes)
        case .pointKeyframes(let track): prefetchLines(track.address, Self.keyframeBytes)
        case .sizeKeyframes(let track): prefetchLines(track.address, Self.keyframeBytes)
        case .rectKeyframes(let track): prefetchLines(track.address, Self.keyframeBytes)
        case .transformKeyframes(let track): prefetchLines(track.address, Self.keyframeBytes)
        case .group(let track): prefetchLines(track.address, Self.groupBytes)
        }
    }

    /// How much of a keyframe track to prefetch: its header and the first keys (four keys of
    /// numbers or points fit).
    private static let keyframeBytes = 256
    /// How much of a group to prefetch: its header and the first two children.
    private static let groupBytes = 256

    /// Calls `body` with every slot the evaluation may write (a path that turns the layer writes
    /// its transform too): all it changes in the presentation state.
    func forEachWrittenSlot(_ body: (StateSlot) -> Void) {
        switch self {
        case .number(let track): body(track.slot)
        case .point(let track): body(track.slot)
        case .size(let track): body(track.slot)
        case .rect(let box): body(box.object.track.slot)
        case .transform(let box): body(box.object.track.slot)
        case .path(let track):
            let track = track.object
            if let slot = track.slot { body(slot) }
            if track.rotates { body(StateSlot.transform) }
        case .numberKeyframes(let track): body(track.object.slot)
        case .pointKeyframes(let track): body(track.object.slot)
        case .sizeKeyframes(let track): body(track.object.slot)
        case .rectKeyframes(let track): body(track.object.slot)
        case .transformKeyframes(let track): body(track.object.slot)
        case .group(let track): track.object.forEachWrittenSlot(body)
        }
    }
}

/// An object a compiled evaluation refers to without owning it: copying the reference retains
/// and releases nothing. Made only by `CompiledObjects.keep`, which keeps a strong reference in
/// the compiling animation, so the object outlives every evaluation that refers to it: the
/// layer's records hold the attached animation.
struct Unowned<Object: AnyObject> {
    private let reference: Unmanaged<Object>

    fileprivate init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// The object (retained by the caller if it keeps it).
    var object: Object { reference.takeUnretainedValue() }

    /// Where the object is in memory (for prefetching).
    var address: UnsafeRawPointer { UnsafeRawPointer(reference.toOpaque()) }

    /// Calls `body` with the object, without retaining it.
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }
}

/// A basic (or spring) animation of a numeric property, or of a field of one (`position.x`,
/// `bounds.size.width`), evaluated in the property's own value type. Endpoints the animation
/// leaves out are the layer's live model value (`CABasicAnimation`'s combinations), read in place
/// each frame; the rest are converted once, when the animation is added.
///
/// Kept small (two values, one reference, a few flags): the records the presentation pass reads
/// hold it inline, one per animation.
struct TypedBasicTrack<Value: SlotValue> {
    // Declared largest first, so the one-byte fields share the last word (a record's size is
    // felt: the presentation pass streams through every layer's records each frame).
    /// Where the value is stored.
    let slot: StateSlot
    /// The animation's own values, which `ends` says how to use.
    private let first: Value
    private let second: Value
    private let fraction: BasicFractionSource
    private let ends: Ends
    private let autoreverses: Bool
    private let isCumulative: Bool
    private let isAdditive: Bool

    /// Where the start and end values come from: the animation's values (`first`, `second`) and
    /// the model value (`CABasicAnimation`'s combinations of `fromValue`, `toValue`, `byValue`).
    private enum Ends: UInt8 {
        /// From `first` to `second`.
        case fixed
        /// From `first` to the model value.
        case fromFirstToModel
        /// From the model value to `second`.
        case fromModelToSecond
        /// From the model value to the model value plus `first`.
        case fromModelBy
        /// The model value throughout.
        case model
    }

    /// Nil when a value the animation sets is not a value of this type (the general evaluation
    /// then handles, and warns about, the mismatch).
    init?(_ animation: CABasicAnimation, slot: StateSlot, fraction: BasicFractionSource,
          values: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)) {
        guard Value.isStored(in: slot.kind) else { return nil }
        func converted(_ value: AnimatableValue?) -> Value?? {
            guard let value else { return .some(nil) }
            return Value(value).map { .some($0) }
        }
        guard let from = converted(values.from), let to = converted(values.to), let by = converted(values.by) else { return nil }
        switch (from, to, by) {
        case (let f?, let t?, _): (first, second, ends) = (f, t, .fixed)
        case (let f?, nil, let b?): (first, second, ends) = (f, Value.add(f, b), .fixed)
        case (nil, let t?, let b?): (first, second, ends) = (Value.subtract(t, b), t, .fixed)
        case (let f?, nil, nil): (first, second, ends) = (f, f, .fromFirstToModel)
        case (nil, let t?, nil): (first, second, ends) = (t, t, .fromModelToSecond)
        case (nil, nil, let b?): (first, second, ends) = (b, b, .fromModelBy)
        case (nil, nil, nil):
            let zero = Value.read(slot, in: LayerState())
            (first, second, ends) = (zero, zero, .model)
        }
        self.slot = slot
        self.fraction = fraction
        autoreverses = animation.autoreverses
        isCumulative = animation.isCumulative
        isAdditive = animation.isAdditive
    }

    /// Prefetches the spring the fraction follows, if any (a timing curve is the stage's,
    /// shared by many tracks and so already at hand).
    @inline(__always)
    func prefetch() {
        if case .spring(let box) = fraction { cmh_prefetch(box.address) }
    }

    /// The ends that are the animation's own values, the same every frame (nil: the model's).
    /// With a by value both ends may move with the model: `fromModelBy` has neither.
    var fixedEnds: (start: Value?, end: Value?) {
        switch ends {
        case .fixed: return (first, second)
        case .fromFirstToModel: return (first, nil)
        case .fromModelToSecond: return (nil, second)
        case .fromModelBy, .model: return (nil, nil)
        }
    }

    /// CABasicAnimation's evaluation: the fraction between the endpoints, whole cycles added
    /// when cumulative (`n × cycleEnd + value`), the value below added when additive.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        apply(sample, to: &accumulator, interpolating: Value.interpolate)
    }

    /// `apply(_:to:)` blending the ends with `interpolate` (`Value.interpolate`, or a version
    /// of it that remembers work between frames).
    @inline(__always)
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator,
               interpolating interpolate: (Value, Value, Double) -> Value) {
        let start: Value, end: Value
        switch ends {
        case .fixed: (start, end) = (first, second)
        case .fromFirstToModel: (start, end) = (first, accumulator.modelValue(at: slot))
        case .fromModelToSecond: (start, end) = (accumulator.modelValue(at: slot), second)
        case .fromModelBy:
            let model: Value = accumulator.modelValue(at: slot)
            (start, end) = (model, Value.add(model, first))
        case .model:
            let model: Value = accumulator.modelValue(at: slot)
            (start, end) = (model, model)
        }
        interpolate(start, end, fraction.fraction(sample))
            .store(cumulating: isCumulative ? (autoreverses ? start : end) : nil, completedCycles: sample.completedCycles,
                   additive: isAdditive, to: slot, in: &accumulator)
    }
}

/// What compiling an animation's evaluation keeps alive (the objects it refers to as
/// `Unowned`), and the stage's shared timing curves its tracks use instead of their own.
struct CompiledObjects {
    private(set) var objects: [AnyObject] = []
    /// The stage's shared curves (none for an animation evaluated off any stage).
    let timingFunctions: SharedTimingFunctions?

    /// `object`, kept alive by the animation, for an evaluation to refer to.
    mutating func keep<Object: AnyObject>(_ object: Object) -> Unowned<Object> {
        objects.append(object)
        return Unowned(object)
    }

    /// The stage's curve for `function` (off any stage, a curve of its own that does not
    /// remember outputs), kept alive by the animation.
    mutating func keepShared(_ function: CAMediaTimingFunction) -> Unowned<SharedTimingCurve> {
        keep(timingFunctions?.shared(function) ?? SharedTimingCurve(function.curve, remembers: false))
    }
}

/// How a basic animation's sample becomes its interpolation fraction.
enum BasicFractionSource {
    /// The animation's timing function (none: linear).
    case timing(Unowned<SharedTimingCurve>?)
    /// A spring's progress at the sample's basic time (`CASpringAnimation`).
    case spring(Unowned<SpringCurveBox>)

    @inline(__always)
    func fraction(_ sample: TimingSample) -> Double {
        switch self {
        case .timing(let function):
            guard let function else { return sample.progress }
            return function.with { $0.evaluate(sample.progress) }
        case .spring(let box): return box.with { $0.motion.progress(at: sample.basicTime) }
        }
    }
}

/// A spring's motion held by reference, so a compiled track stays one word for its fraction.
final class SpringCurveBox {
    /// The solution's constants, worked out when the animation is added.
    let motion: SpringMotion

    init(_ curve: SpringCurve) {
        motion = curve.motion
    }
}

/// A basic track held by reference (`CompiledEvaluation.rect`), where its two values would not
/// fit a presentation record.
final class BasicTrackBox<Value: SlotValue> {
    let track: TypedBasicTrack<Value>

    init(_ track: TypedBasicTrack<Value>) {
        self.track = track
    }
}

/// A basic animation of a whole transform (`transform`, `sublayerTransform`), compiled. Its
/// ends are decomposed only when they change: an end that is the animation's own value is
/// decomposed once, when the animation is added; an end that is the model value is the
/// identity's parts when it is the identity (most layers), or is decomposed when it changes
/// (`TransformDecompositions`). Decomposing is a pure function of the matrix's bits, so the
/// parts, and the blend, are exactly those of a fresh decomposition.
final class TransformTrack {
    // The parts first: with the track's flags and an end, they are what a frame reads.
    /// The decomposition of each end that is the animation's own value (nil: the model's).
    private let startParts: FixedParts?
    private let endParts: FixedParts?
    let track: TypedBasicTrack<CATransform3D>
    private var decompositions = TransformDecompositions()

    /// A fixed end's decomposition (`parts` nil when it cannot be decomposed).
    private struct FixedParts {
        let parts: DecomposedTransform?
    }

    init(_ track: TypedBasicTrack<CATransform3D>) {
        self.track = track
        let fixed = track.fixedEnds
        startParts = fixed.start.map { FixedParts(parts: DecomposedTransform($0)) }
        endParts = fixed.end.map { FixedParts(parts: DecomposedTransform($0)) }
    }

    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        track.apply(sample, to: &accumulator) { a, b, p in
            interpolateTransform(a, b, p) { matrix, end in
                if let fixed = end == 0 ? startParts : endParts { return fixed.parts }
                if matrix.isBitwiseEqual(to: TransformTrack.identity) { return TransformTrack.identityParts }
                return decompositions.parts(of: matrix, end: end)
            }
        }
    }

    private static let identity = CATransform3DIdentity
    private static let identityParts = DecomposedTransform(CATransform3DIdentity)

    /// The object's header and the values a frame reads (the fixed ends' parts and the track;
    /// not the remembered decompositions of model ends).
    static let prefetchedByteCount = 16 + 2 * MemoryLayout<FixedParts?>.stride + MemoryLayout<TypedBasicTrack<CATransform3D>>.size
}

/// Prefetches the cache lines of `byteCount` bytes from `address` (`cmh_prefetch`).
@inline(__always)
func prefetchLines(_ address: UnsafeRawPointer, _ byteCount: Int) {
    var offset = 0
    while offset < byteCount {
        cmh_prefetch(address + offset)
        offset += 64
    }
    // The last byte's line, when the object does not start on a line.
    cmh_prefetch(address + (byteCount - 1))
}
