import Foundation

/// A value copy of one object's `CAMediaTiming` properties, with Core Animation's evaluation.
struct MediaTimingParameters: Equatable {
    var beginTime: Double = 0
    /// The basic duration, already substituted (animations: ≤ 0 became the default duration;
    /// layers: ∞).
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    /// The fill mode as the two flags the evaluation reads (`fillMode` is a string: comparing
    /// it, or copying it with the parameters into every frame's records, costs more than the
    /// rest of a sample).
    var fillsForwards = false
    var fillsBackwards = false

    init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
         repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
         fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        fillsForwards = fillMode.fillsForwards
        fillsBackwards = fillMode.fillsBackwards
    }

    init(_ timing: any CAMediaTiming, duration: Double) {
        self.init(beginTime: timing.beginTime, duration: duration, speed: Double(timing.speed),
                  timeOffset: timing.timeOffset, repeatCount: Double(timing.repeatCount),
                  repeatDuration: timing.repeatDuration, autoreverses: timing.autoreverses,
                  fillMode: timing.fillMode)
    }

    /// One cycle: the basic duration, doubled when autoreversing.
    var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration `A`: `repeatDuration` when set (not doubled), else
    /// `cycle × repeatCount`, else one cycle. `Float.greatestFiniteMagnitude` counts as infinite.
    var activeDuration: Double {
        let infiniteCount = repeatCount.isInfinite || repeatCount >= Double(Float.greatestFiniteMagnitude)
        if repeatDuration > 0 { return repeatDuration }
        if infiniteCount { return .infinity }
        if repeatCount > 0 { return cycleDuration * repeatCount }
        return cycleDuration
    }

    /// What sampling reads, with the active duration worked out: the record a layer keeps per
    /// animation for every frame (`PresentationEntry`) holds this rather than the parameters.
    var clock: SamplingClock {
        SamplingClock(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
                       activeDuration: activeDuration, autoreverses: autoreverses,
                       fillsForwards: fillsForwards, fillsBackwards: fillsBackwards)
    }

    /// The raw phase at parent time `tp` (see `SamplingClock.phase(parentTime:)`).
    func phase(parentTime tp: Double) -> TimingSample.Phase {
        clock.phase(parentTime: tp)
    }

    /// The sample at parent time `tp` (see `SamplingClock.sample(parentTime:parentFrozen:)`).
    func sample(parentTime tp: Double, parentFrozen: Bool = false) -> TimingSample? {
        clock.sample(parentTime: tp, parentFrozen: parentFrozen)
    }

    /// The parent-time window `[start, end)` in which the object is active; `end` is ∞ for
    /// infinite repeats and for speed 0 (active forever from `beginTime`).
    var activeWindowInParentTime: (start: Double, end: Double) {
        guard speed != 0 else { return (beginTime, .infinity) }
        return (beginTime, beginTime + activeDuration / abs(speed))
    }

    /// Local time for a parent time, as a layer maps time for its sublayers and animations:
    /// plain `(tp − beginTime) × speed + timeOffset` for the usual infinite duration, otherwise
    /// the basic time with fills on both ends (a finite layer duration is rare and otherwise
    /// undefined for a layer).
    func layerLocalTime(parentTime tp: Double) -> Double {
        if Self.mapsTimePlainly(duration: duration, repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses) {
            return (tp - beginTime) * speed + timeOffset
        }
        var both = self
        (both.fillsForwards, both.fillsBackwards) = (true, true)
        if both.duration <= 0 { both.duration = .infinity }
        return both.sample(parentTime: tp)?.basicTime ?? ((tp - beginTime) * speed + timeOffset)
    }

    /// Whether a layer with this timing maps its superlayer's time plainly, `(tp − beginTime) ×
    /// speed + timeOffset`: the usual infinite (or unset) duration, no repeats, no autoreverse.
    static func mapsTimePlainly(duration: Double, repeatCount: Double, repeatDuration: Double, autoreverses: Bool) -> Bool {
        (duration.isInfinite || duration <= 0) && repeatCount == 0 && repeatDuration == 0 && !autoreverses
    }
}

/// The parts of `MediaTimingParameters` sampling reads, with the active duration (which
/// depends on the repeat settings) worked out once: Core Animation's mapping from a parent time
/// to an object's phase, basic time and completed cycles.
///
/// Kept small (five numbers and three flags, padded to 48 bytes): a layer's per-frame records
/// hold one per animation, ahead of the animation's compiled evaluation on the same cache line.
///
/// Why the padding: sampling reads the clock through its address, so a caller reading it from
/// a record copies it to the stack first. At 43 bytes the copy is three 16-byte moves, the last
/// overlapping the second, and the read of `timeOffset` then straddles two pending stores: the
/// processor cannot forward it from them, and it waits until every older store is done, which
/// for an animated layer includes the stores that just restored its presentation box (most of
/// them cache misses). At 48 bytes the copy's moves do not overlap, and every read is forwarded.
struct SamplingClock {
    let beginTime: Double
    /// The basic duration (see `MediaTimingParameters.duration`).
    let duration: Double
    let speed: Double
    let timeOffset: Double
    /// `MediaTimingParameters.activeDuration`.
    let activeDuration: Double
    let autoreverses: Bool
    let fillsForwards: Bool
    let fillsBackwards: Bool
    /// Unused: rounds the size up to a multiple of 16 bytes (see above).
    private let padding: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)

    /// One cycle: the basic duration, doubled when autoreversing.
    var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// The raw phase at parent time `tp` (negative speeds mirror the window:
    /// active while `−A < τ ≤ 0`).
    func phase(parentTime tp: Double) -> TimingSample.Phase {
        let a = activeDuration
        let tau = (tp - beginTime) * speed
        if speed > 0 { return tau < 0 ? .before : (tau >= a ? .after : .active) }
        if speed < 0 { return tau > 0 ? .before : (tau <= -a ? .after : .active) }
        return tp < beginTime ? .before : .active
    }

    /// The sample at parent time `tp`, or nil when the object contributes nothing there (outside
    /// its active period without the matching fill).
    ///
    /// `parentFrozen` says the parent clock is stopped (an ancestor's speed is 0): an object
    /// paused exactly at the end of its active period then shows its end state and does not end
    /// (so scrubbing a paused animation with `timeOffset == duration` shows its last frame, as
    /// Apple's Technical Q&A QA1673 pause/resume technique relies on).
    func sample(parentTime tp: Double, parentFrozen: Bool = false) -> TimingSample? {
        let a = activeDuration
        let tau = (tp - beginTime) * speed
        switch phase(parentTime: tp) {
        case .active:
            if speed == 0 {
                if timeOffset == a { return basicSample(activeTime: a, terminal: true, phase: .active) }
                return basicSample(activeTime: wrap(timeOffset, into: a), terminal: false, phase: .active)
            }
            if speed < 0 {
                let t = wrapNegative(tau + timeOffset, into: a)
                return basicSample(activeTime: t, terminal: t == a, phase: .active)
            }
            return basicSample(activeTime: wrap(tau + timeOffset, into: a), terminal: false, phase: .active)
        case .before:
            guard fillsBackwards else { return nil }
            if speed < 0 {
                let t = wrapNegative(timeOffset, into: a)
                return basicSample(activeTime: t, terminal: t == a, phase: .before)
            }
            return basicSample(activeTime: wrap(timeOffset, into: a), terminal: false, phase: .before)
        case .after:
            if parentFrozen && speed > 0 && tau == a {
                return basicSample(activeTime: a, terminal: true, phase: .active)
            }
            guard fillsForwards else { return nil }
            if speed < 0 { return basicSample(activeTime: 0, terminal: false, phase: .after) }
            return basicSample(activeTime: a, terminal: true, phase: .after)
        }
    }

    /// Maps active time to basic time: cycles, reversal, and the terminal-sample rule that
    /// the exact end shows the end of the last cycle rather than the start of a new one.
    func basicSample(activeTime t: Double, terminal: Bool, phase: TimingSample.Phase) -> TimingSample {
        let d = duration
        let c = cycleDuration
        guard d > 0, d.isFinite, c.isFinite else {
            return TimingSample(phase: phase, basicTime: d > 0 ? t : 0, completedCycles: 0, duration: d)
        }
        var cycles: Double
        var u: Double
        if terminal {
            let quotient = activeDuration / c
            if quotient > 0, quotient == quotient.rounded(.down), quotient.isFinite {
                // Integral number of cycles: the end of the last one.
                return TimingSample(phase: phase, basicTime: autoreverses ? 0 : d,
                                    completedCycles: Int(quotient) - 1, duration: d)
            }
            cycles = quotient.rounded(.down)
            u = activeDuration - cycles * c
        } else {
            cycles = (t / c).rounded(.down)
            u = t - cycles * c
            if u < 0 { u = 0 }
        }
        let basic = u <= d ? u : c - u
        let n = cycles.isFinite ? Int(max(min(cycles, Double(Int32.max)), Double(Int32.min))) : 0
        return TimingSample(phase: phase, basicTime: min(max(basic, 0), d), completedCycles: n, duration: d)
    }

    /// `x` wrapped into `[0, a)`; unchanged when `a` is infinite or not positive.
    private func wrap(_ x: Double, into a: Double) -> Double {
        guard a > 0, a.isFinite else { return x }
        var r = fmod(x, a)
        if r < 0 { r += a }
        return r
    }

    /// `x` wrapped into `(0, a]`, the window a backwards-running object sweeps.
    private func wrapNegative(_ x: Double, into a: Double) -> Double {
        guard a > 0, a.isFinite else { return x }
        var r = fmod(x, a)
        if r <= 0 { r += a }
        return r
    }

}
