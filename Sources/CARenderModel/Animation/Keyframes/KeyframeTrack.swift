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
///
/// One allocation: the keys (each keyframe's time, value and segment function) are stored after
/// the track's own values (a `ManagedBuffer`), so a frame fetches them together instead of
/// following pointers to three arrays.
final class KeyframeTrack<Value: SlotValue>: ManagedBuffer<KeyframeTrackHeader, KeyframeKey<Value>> {
    /// Where the value is stored.
    var slot: StateSlot { header.slot }

    /// The track, or nil when a keyframe is not a value of this type, or the slot does not
    /// hold one.
    static func make(_ animation: CAKeyframeAnimation, slot: StateSlot, frames: [AnimatableValue], times: [Double],
                     calculation: KeyframeCalculation, keeping objects: inout CompiledObjects) -> KeyframeTrack? {
        guard Value.isStored(in: slot.kind), !frames.isEmpty, !calculation.isCubic else { return nil }
        var values: [Value] = []
        values.reserveCapacity(frames.count)
        for frame in frames {
            guard let value = Value(frame) else { return nil }
            values.append(value)
        }
        let isDiscrete = calculation == .discrete
        // The segment search needs two times; a single interpolated keyframe needs none.
        guard times.count >= 2 || (!isDiscrete && frames.count == 1) else { return nil }
        // The paced mode ignores the timing functions.
        let timingFunction = calculation.isPaced ? nil : animation.timingFunction.map { objects.keepShared($0) }
        let segmentFunctions = calculation.isPaced ? [] : (animation.timingFunctions ?? []).map { objects.keepShared($0) }
        // Discrete mode has one more time (boundary) than values; the key past the last value
        // repeats it, and is never read as a value.
        let count = max(values.count, times.count)
        var keys: [KeyframeKey<Value>] = []
        keys.reserveCapacity(count)
        for index in 0..<count {
            keys.append(KeyframeKey(time: index < times.count ? times[index] : 0, value: values[min(index, values.count - 1)],
                                    function: index < segmentFunctions.count ? segmentFunctions[index] : nil))
        }
        let header = KeyframeTrackHeader(slot: slot, timingFunction: timingFunction, frameCount: values.count, timeCount: times.count,
                                         segmentFunctionCount: min(segmentFunctions.count, count), keyCount: count,
                                         isDiscrete: isDiscrete, autoreverses: animation.autoreverses,
                                         isCumulative: animation.isCumulative, isAdditive: animation.isAdditive)
        let track = unsafeDowncast(create(minimumCapacity: count) { _ in header }, to: KeyframeTrack.self)
        track.withUnsafeMutablePointerToElements { $0.initialize(from: keys, count: count) }
        return track
    }

    deinit {
        _ = withUnsafeMutablePointers { header, keys in keys.deinitialize(count: header.pointee.keyCount) }
    }

    /// `CAKeyframeAnimation`'s evaluation: the keyframe progress (through the timing function),
    /// the value there, whole cycles of the cycle's end value added when cumulative, the value
    /// below added when additive.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        withUnsafeMutablePointers { header, keys in
            let progress = sample.progress
            let s = header.pointee.timingFunction?.with { $0.evaluate(progress) } ?? progress
            let count = header.pointee.frameCount, timeCount = header.pointee.timeCount
            let value: Value
            if header.pointee.isDiscrete {
                value = s >= 1 ? keys[count - 1].value
                    : keys[min(KeyframeTimes.locate(s, count: timeCount, time: { keys[$0].time }).index, count - 1)].value
            } else if count < 2 {
                value = keys[0].value
            } else {
                let (i, local) = KeyframeTimes.locate(s, count: timeCount, time: { keys[$0].time })
                let u = i < header.pointee.segmentFunctionCount ? keys[i].function!.with { $0.evaluate(local) } : local
                value = Value.interpolate(keys[i].value, keys[i + 1].value, u)
            }
            let cycleEnd = header.pointee.isCumulative ? (header.pointee.autoreverses ? keys[0].value : keys[count - 1].value) : nil
            value.store(cumulating: cycleEnd, completedCycles: sample.completedCycles, additive: header.pointee.isAdditive,
                        to: header.pointee.slot, in: &accumulator)
        }
    }
}

/// One keyframe of a `KeyframeTrack`: its time, its value, and the timing function of the
/// segment it starts (nil: linear, or none given).
struct KeyframeKey<Value: SlotValue> {
    let time: Double
    let value: Value
    let function: Unowned<SharedTimingCurve>?
}

/// A `KeyframeTrack`'s own values, stored before its keys.
struct KeyframeTrackHeader {
    let slot: StateSlot
    /// The animation's timing function, applied to the progress before the segment is looked up
    /// (nil when linear, and in paced mode, which ignores it).
    let timingFunction: Unowned<SharedTimingCurve>?
    /// How many keyframe values there are (at least one).
    let frameCount: Int
    /// How many times (discrete mode: `frameCount + 1` boundaries, each value holding until the
    /// next); at least two unless there is a single linear keyframe.
    let timeCount: Int
    /// How many segments have their own timing function (`timingFunctions`; none in paced mode).
    let segmentFunctionCount: Int
    /// How many keys follow.
    let keyCount: Int
    let isDiscrete: Bool
    let autoreverses: Bool
    let isCumulative: Bool
    let isAdditive: Bool
}
