import Foundation
import CARenderPixels
import CARenderGeometry
import CMemoryHints

/// A keyframe animation's `path`, measured once when the animation is added, with everything a
/// frame needs to move a point along it: the keyframe times, the calculation and rotation
/// modes, and the animation's timing, as plain values.
///
/// When the animation moves a whole point property (`position`, `anchorPoint`, ...) without a
/// value function, the presentation pass evaluates this object alone and writes the point in
/// place (`slot`); otherwise the animation uses it for the point and direction and writes the
/// value through its track.
final class PathTrack {
    let keyframes: PathKeyframes
    /// Keyframe times for the linear and cubic modes (discrete: boundaries; paced: none).
    let times: [Double]
    let calculation: KeyframeCalculation
    /// Whether the layer turns to follow the path (any `rotationMode`), and whether half a turn
    /// is added (`rotateAutoReverse`).
    let rotates: Bool
    let reversesRotation: Bool
    private let timingFunction: CAMediaTimingFunction?
    private let timingFunctions: [CAMediaTimingFunction]?
    let isCumulative: Bool
    let isAdditive: Bool
    /// The point a cycle ends on (the first keyframe when autoreversing), which cumulative
    /// repeats add.
    let cycleEnd: CGPoint
    /// Where the animated point is stored, when the animation writes it in place.
    let slot: StateSlot?

    init(_ animation: CAKeyframeAnimation, keyframes: PathKeyframes, times: [Double], calculation: KeyframeCalculation,
         slot: StateSlot?) {
        self.keyframes = keyframes
        self.times = times
        self.calculation = calculation
        rotates = animation.rotationMode != nil
        reversesRotation = animation.rotationMode == .rotateAutoReverse
        timingFunction = animation.timingFunction
        timingFunctions = animation.timingFunctions
        isCumulative = animation.isCumulative
        isAdditive = animation.isAdditive
        let points = keyframes.points
        cycleEnd = animation.autoreverses ? points[0] : points[points.count - 1]
        self.slot = slot.flatMap { CGPoint.isStored(in: $0.kind) && animation.valueFunction == nil ? $0 : nil }
    }

    /// This track as a plain value, when it moves a point at constant speed along a path with
    /// segments and without turning the layer (the usual orbit or motion path): what a layer's
    /// `PresentationEntry` holds instead of the object. Valid while the track lives.
    var pacedFrame: PacedPathFrame? {
        guard let slot, calculation.isPaced, !rotates, keyframes.segmentCount > 0 else { return nil }
        return PacedPathFrame(lengths: keyframes.lengthStorage.lengths, slot: slot, isCumulative: isCumulative,
                              isAdditive: isAdditive, cycleEnd: cycleEnd)
    }

    /// The progress the path is looked up at: the animation's timing function applies first,
    /// except in the paced modes, which ignore it.
    func progress(_ sample: TimingSample) -> Double {
        let s = sample.progress
        return calculation.isPaced ? s : (timingFunction?.evaluate(s) ?? s)
    }

    /// CAKeyframeAnimation's evaluation along the path, for a track with a `slot`: the point,
    /// whole cycles added when cumulative, the value below added when additive, then the turn.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        guard let slot else { return }
        let (point, direction) = position(at: progress(sample))
        point.store(cumulating: isCumulative ? cycleEnd : nil, completedCycles: sample.completedCycles,
                    additive: isAdditive, to: slot, in: &accumulator)
        turn(along: direction, in: &accumulator.state)
    }

    /// With a rotation mode, turns the layer to the path's tangent: `θ = atan2(dy, dx)` (+π for
    /// autoReverse) composed after the layer's transform, in the presentation only. (Apple
    /// documents that the layer rotates to match the tangent; composing after the layer's own
    /// transform is inferred from rendered output.)
    func turn(along direction: (dx: Double, dy: Double)?, in state: inout LayerState) {
        guard rotates, let direction else { return }
        var angle = atan2(direction.dy, direction.dx)
        if reversesRotation { angle += Double.pi }
        let rotation = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        state.transform = CATransform3DConcat(state.transform, rotation)
    }

    /// The point at progress `s` and the direction of travel there (nil for a path with no
    /// segments, and when there is no rotation mode to use it).
    func position(at s: Double) -> (CGPoint, (dx: Double, dy: Double)?) {
        // The segment count is read from here, not from the segments' buffer, which paced mode
        // reads only once it knows the segment (see `PathKeyframes.segmentCount`).
        guard keyframes.segmentCount > 0 else { return (keyframes.points[0], nil) }
        let segments = keyframes.segments
        let turns = rotates
        func tangent(_ segment: PathSegment, _ u: Double) -> (dx: Double, dy: Double)? {
            turns ? PathKeyframes.tangent(of: segment, at: u) : nil
        }
        switch calculation {
        case .discrete:
            let points = keyframes.points, count = points.count
            let index = s >= 1 ? count - 1 : KeyframeTimes.locate(s, in: times).index
            let segment = segments[max(min(index, segments.count) - 1, 0)]
            return (points[min(index, count - 1)], tangent(segment, 1))
        case .paced, .cubicPaced:
            let (k, u) = keyframes.location(atFraction: s)
            return (segments[k].point(at: CGFloat(u)), tangent(segments[k], u))
        case .linear, .cubic:
            // Linear (and cubic, which follows the path's own curves): equal time per segment
            // unless valid key times are given; the curve parameter advances with local time.
            let (i, local) = KeyframeTimes.locate(s, in: times)
            let u = calculation.segmentFraction(local, segment: i, functions: timingFunctions)
            return (segments[i].point(at: CGFloat(u)), tangent(segments[i], u))
        }
    }
}

/// A `PathTrack` in the paced modes without a rotation mode, as a value that refers to the
/// track's measured path without owning it (see `PathLengths`); it evaluates exactly as the
/// track's `apply` does.
struct PacedPathFrame {
    let lengths: PathLengths
    let slot: StateSlot
    let isCumulative: Bool
    let isAdditive: Bool
    let cycleEnd: CGPoint

    /// Prefetches the start of the path's segments and tables (see
    /// `CompiledEvaluation.prefetch()`).
    @inline(__always)
    func prefetch() {
        cmh_prefetch(UnsafeRawPointer(lengths.segments))
        cmh_prefetch(UnsafeRawPointer(lengths.tables))
    }

    /// `PathTrack.apply` for a paced track: the timing function is ignored, nothing turns.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        let (k, u) = lengths.location(atFraction: sample.progress)
        lengths.segments[k].point(at: CGFloat(u))
            .store(cumulating: isCumulative ? cycleEnd : nil, completedCycles: sample.completedCycles,
                   additive: isAdditive, to: slot, in: &accumulator)
    }
}
