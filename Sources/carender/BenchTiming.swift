import CARender
import Foundation

/// How the benchmarks time and summarise: one definition of a median, of wall and thread CPU
/// time, and of the paired-stage loop, so every `carender bench` figure is computed alike.
enum BenchTiming {
    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    ///
    /// Benchmarks report medians, not means: on a shared 2-core machine a few frames land on a
    /// core another process holds, and a mean would report that load, not the code.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// Wall-clock milliseconds that `body` takes.
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// The calling thread's CPU time in nanoseconds: on a shared machine it counts this thread's
    /// own work, not the time other processes held the core.
    static func threadCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// The calling thread's CPU milliseconds that `body` takes.
    static func threadCPUMilliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPUNanoseconds()
        try body()
        return Double(threadCPUNanoseconds() - start) / 1e6
    }

    /// Steps two stages by `frameInterval` and renders each, alternating frame by frame so both
    /// see the same machine load, and returns the median wall milliseconds of each (advance
    /// plus render) over `frames` frames after `warmUpFrames` untimed ones.
    static func alternatingMedians(_ first: Stage, _ second: Stage, frames: Int, warmUpFrames: Int,
                                   frameInterval: Double) -> (first: Double, second: Double) {
        var firstTimes: [Double] = [], secondTimes: [Double] = []
        for frame in 0..<(warmUpFrames + frames) {
            let t = Double(frame + 1) * frameInterval
            let a = milliseconds { first.advance(to: t); _ = first.render() }
            let b = milliseconds { second.advance(to: t); _ = second.render() }
            if frame >= warmUpFrames {
                firstTimes.append(a)
                secondTimes.append(b)
            }
        }
        return (median(firstTimes), median(secondTimes))
    }
}
