/// Where a timed object is at one parent time: the result of Core Animation's two-stage mapping
/// local time from the parent's, then active time to basic time within one cycle.
struct TimingSample: Equatable {
    /// Whether the parent time falls before, inside or after the active period.
    enum Phase: Equatable {
        case before, active, after
    }

    /// The raw phase, before fill modes are considered.
    var phase: Phase
    /// The time inside the current cycle, in `0 ... duration`, reversed on the backward leg.
    var basicTime: Double
    /// Completed cycles (forward + backward counts as one), which `isCumulative` multiplies.
    var completedCycles: Int
    /// The basic duration of one cycle.
    var duration: Double

    /// Normalised progress through the cycle, `basicTime / duration`, the timing function's input.
    var progress: Double {
        guard duration > 0, duration.isFinite else { return duration.isFinite ? 1 : 0 }
        return basicTime / duration
    }
}
