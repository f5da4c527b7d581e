import Foundation
import CARenderGeometry

/// A keyframe animation of values (not a path) compiled: the keyframes converted to the
/// property's own value type once, with their times, the animation's timing function and the
/// per-segment ones, so a frame looks up its segment and blends two plain values, writing in
/// place (a whole property or a field, `transform.rotation.z` included).
///
/// Linear, discrete and paced modes; the cubic modes (a spline through the keyframes) are
/// evaluated by the animation. Held by reference in `CompiledEvaluation`: the arrays would not
/// fit a presentation record.
///
/// The arithmetic is `CAKeyframeAnimation`'s general evaluation step for step (the same segment
/// search, `SlotValue`'s blends and sums, the same finish as every compiled track), so the
/// values are identical.
final class KeyframeTrack<Value: SlotValue> {
    /// Where the value is stored.
    let slot: StateSlot
    /// The keyframe values, at least one.
    private let frames: ContiguousArray<Value>
    /// Their times (discrete mode: `frames.count + 1` boundaries, each value holding until the
    /// next); at least two unless there is a single linear keyframe.
    private let times: [Double]
    /// The animation's timing function, applied to the progress before the segment is looked up
    /// (nil when linear, and in paced mode, which ignores it).
    private let timingFunction: CAMediaTimingFunction?
    /// Each segment's own timing function (`timingFunctions`; empty in paced mode).
    private let segmentFunctions: [CAMediaTimingFunction]
    private let isDiscrete: Bool
    private let autoreverses: Bool
    private let isCumulative: Bool
    private let isAdditive: Bool

    /// Nil when a keyframe is not a value of this type, or the slot does not hold one.
    init?(_ animation: CAKeyframeAnimation, slot: StateSlot, frames: [AnimatableValue], times: [Double],
          calculation: KeyframeCalculation, sharing functions: CompiledObjects) {
        guard Value.isStored(in: slot.kind), !frames.isEmpty, !calculation.isCubic else { return nil }
        var values = ContiguousArray<Value>()
        values.reserveCapacity(frames.count)
        for frame in frames {
            guard let value = Value(frame) else { return nil }
            values.append(value)
        }
        let isDiscrete = calculation == .discrete
        // The segment search needs two times; a single interpolated keyframe needs none.
        guard times.count >= 2 || (!isDiscrete && frames.count == 1) else { return nil }
        self.slot = slot
        self.frames = values
        self.times = times
        self.isDiscrete = isDiscrete
        timingFunction = calculation.isPaced ? nil : animation.timingFunction.map(functions.shared)
        segmentFunctions = calculation.isPaced ? [] : (animation.timingFunctions ?? []).map(functions.shared)
        autoreverses = animation.autoreverses
        isCumulative = animation.isCumulative
        isAdditive = animation.isAdditive
    }

    /// `CAKeyframeAnimation`'s evaluation: the keyframe progress (through the timing function),
    /// the value there, whole cycles of the cycle's end value added when cumulative, the value
    /// below added when additive.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        let progress = sample.progress
        let s = timingFunction?.evaluate(progress) ?? progress
        let count = frames.count
        let value: Value
        if isDiscrete {
            value = s >= 1 ? frames[count - 1] : frames[min(KeyframeTimes.locate(s, in: times).index, count - 1)]
        } else if count < 2 {
            value = frames[0]
        } else {
            let (i, local) = KeyframeTimes.locate(s, in: times)
            let u = i < segmentFunctions.count ? segmentFunctions[i].evaluate(local) : local
            value = Value.interpolate(frames[i], frames[i + 1], u)
        }
        value.store(cumulating: isCumulative ? (autoreverses ? frames[0] : frames[count - 1]) : nil,
                    completedCycles: sample.completedCycles, additive: isAdditive, to: slot, in: &accumulator)
    }
}
