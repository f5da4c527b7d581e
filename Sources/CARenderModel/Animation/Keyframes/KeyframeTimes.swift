import CARenderGeometry
/// Key-time rules for keyframe animations, as `CAKeyframeAnimation`'s `keyTimes` and `calculationMode` document them.
enum KeyframeTimes {
    /// Whether `times` is usable: finite, starting at 0, non-decreasing, within [0, 1], with
    /// `count` entries and (when `endsAtOne`) ending at 1.
    static func isValid(_ times: [Double], count: Int, endsAtOne: Bool = true) -> Bool {
        guard times.count == count, count >= 1, times[0] == 0 else { return false }
        if endsAtOne && times[count - 1] != 1 { return false }
        for i in times.indices {
            guard times[i].isFinite, times[i] >= 0, times[i] <= 1 else { return false }
            if i > 0 && times[i] < times[i - 1] { return false }
        }
        return true
    }

    /// `count` evenly spaced times from 0 to 1.
    static func even(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Times for linear and cubic modes: the given ones when valid for `count` keyframes,
    /// otherwise even spacing (invalid arrays "are ignored").
    static func interpolating(_ given: [Double]?, count: Int, log: DiagnosticLog) -> [Double] {
        if let given {
            if isValid(given, count: count) { return given }
            warnIgnored(given, expected: "\(count) entries", log: log)
        }
        return even(count)
    }

    /// Says (once per array) that key times were not usable, rather than ignoring them silently.
    private static func warnIgnored(_ given: [Double], expected: String, log: DiagnosticLog) {
        log.warnOnce("keyTimes \(given) are ignored: they need \(expected), starting at 0, ending at 1 and never decreasing; the values are spread evenly instead")
    }

    /// Boundaries for discrete mode: `count + 1` entries, value i holding on `[t_i, t_{i+1})`.
    /// Without valid key times the duration is split into `count` equal slots. An array of
    /// exactly `count` times is read as each value's start time, the last held to the end
    /// (a common mistake; Apple may instead ignore such arrays — low confidence).
    static func discrete(_ given: [Double]?, count: Int, log: DiagnosticLog) -> [Double] {
        if let given {
            if isValid(given, count: count + 1) { return given }
            if isValid(given, count: count, endsAtOne: false) { return given + [1] }
            warnIgnored(given, expected: "\(count + 1) entries for \(count) discrete values", log: log)
        }
        return even(count + 1)
    }

    /// Paced times: proportional to the cumulative distance between successive keyframes, or
    /// even when every distance is zero.
    static func paced(distances: [Double]) -> [Double] {
        let total = distances.reduce(0, +)
        guard total > 0, total.isFinite else { return even(distances.count + 1) }
        var times = [0.0]
        var sum = 0.0
        for d in distances {
            sum += d
            times.append(sum / total)
        }
        times[times.count - 1] = 1
        return times
    }

    /// The segment containing `s` among `times` (at least 2) and the local fraction in it:
    /// before the first time it is segment 0 at 0, after the last the final segment at 1; a
    /// zero-length segment jumps to its end.
    static func locate(_ s: Double, in times: [Double]) -> (index: Int, local: Double) {
        locate(s, count: times.count) { times[$0] }
    }

    /// `locate(_:in:)` for `count` times read with `time` (wherever they are stored).
    @inline(__always)
    static func locate(_ s: Double, count: Int, time: (Int) -> Double) -> (index: Int, local: Double) {
        let last = count - 1
        if s <= time(0) { return (0, 0) }
        if s >= time(last) { return (last - 1, 1) }
        var i = 0
        while i + 1 < last && time(i + 1) <= s { i += 1 }
        let span = time(i + 1) - time(i)
        return (i, span > 0 ? (s - time(i)) / span : 1)
    }
}
