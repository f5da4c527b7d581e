import Foundation
import CARenderPixels

/// An animation's per-frame work compiled when the animation is added to a layer, for the
/// common cases that need nothing but their own values: a basic animation between fixed
/// endpoints of a whole numeric property (`TypedBasicTrack`), a point moving along a path
/// (`PathTrack`). It holds every value a frame reads, so the presentation pass evaluates it
/// without touching the animation object, its key path or `AnimatableValue`s, and writes
/// straight into the presentation state.
///
/// A basic track is a value held inline (in the layer's `PresentationEntry` records, so a frame
/// fetches no separate object for it); a path track, which owns its measured path, is one
/// object.
///
/// Animations it does not cover (value functions, live model endpoints, springs, colours,
/// transforms, keyframe values, groups, transitions, layer subclasses' own keys) are evaluated
/// by the animation itself; both ways give identical values.
enum CompiledEvaluation {
    case number(TypedBasicTrack<Double>)
    case point(TypedBasicTrack<CGPoint>)
    case size(TypedBasicTrack<CGSize>)
    case rect(TypedBasicTrack<CGRect>)
    case path(PathTrack)

    /// Writes the animation's value for `sample` (a sample that contributes) into
    /// `accumulator`.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        switch self {
        case .number(let track): track.apply(sample, to: &accumulator)
        case .point(let track): track.apply(sample, to: &accumulator)
        case .size(let track): track.apply(sample, to: &accumulator)
        case .rect(let track): track.apply(sample, to: &accumulator)
        case .path(let track): track.apply(sample, to: &accumulator)
        }
    }
}

/// A basic animation of a whole numeric property between endpoints known when it is added
/// (`fromValue` and `toValue`, or either with `byValue`), evaluated in the property's own value
/// type.
struct TypedBasicTrack<Value: SlotValue> {
    private let slot: StateSlot
    private let start: Value
    private let end: Value
    private let timingFunction: CAMediaTimingFunction?
    private let autoreverses: Bool
    private let isCumulative: Bool
    private let isAdditive: Bool

    /// Nil when an endpoint is not a value of this type (the general evaluation then handles,
    /// and warns about, the mismatch).
    init?(_ animation: CABasicAnimation, slot: StateSlot, start: AnimatableValue, end: AnimatableValue) {
        guard Value.isStored(in: slot.kind), let start = Value(start), let end = Value(end) else { return nil }
        self.slot = slot
        self.start = start
        self.end = end
        timingFunction = animation.timingFunction
        autoreverses = animation.autoreverses
        isCumulative = animation.isCumulative
        isAdditive = animation.isAdditive
    }

    /// CABasicAnimation's evaluation: the timing function's fraction between the endpoints,
    /// whole cycles added when cumulative (`n × cycleEnd + value`), the value below added when
    /// additive.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        let progress = sample.progress
        let fraction = timingFunction?.evaluate(progress) ?? progress
        Value.interpolate(start, end, fraction)
            .store(cumulating: isCumulative ? (autoreverses ? start : end) : nil, completedCycles: sample.completedCycles,
                   additive: isAdditive, to: slot, in: &accumulator)
    }
}
