import CARender
import Foundation

/// `carender bench --animated`: what animation evaluation costs per frame. Two stages of
/// 320×200 points hold the same 1000 small layers; on one, every layer runs a basic animation
/// (opacity) and a keyframe animation (position along a circle, paced); the other is static.
/// Each frame advances the clock by 1/60 s (committing and delivering animation events), builds
/// the presentation tree (every animation evaluated) and renders; the differences of the medians
/// are the animations' cost. Times are the thread's CPU time, so other work on a shared machine
/// does not inflate them.
struct AnimatedLayersBench {
    /// Frames timed per stage.
    var frames: Int
    /// Layers on each stage.
    var layerCount = 1000
    /// Frames rendered before timing, so caches and buffers are warm.
    static let warmUpFrames = 10
    static let frameInterval = 1.0 / 60
    /// What evaluating the animations may cost per frame beyond the static tree.
    static let targetMilliseconds = 1.0

    /// Per-frame times of one stage, in milliseconds.
    private struct Times {
        var advance: [Double] = []
        var presentation: [Double] = []
        var render: [Double] = []
    }

    func run() throws {
        let still = makeStage(animated: false)
        let moving = makeStage(animated: true)
        var stillTimes = Times(), movingTimes = Times()
        // Alternate the two stages frame by frame so both see the same machine load.
        for frame in 0..<(Self.warmUpFrames + frames) {
            let t = Double(frame + 1) * Self.frameInterval
            let warm = frame >= Self.warmUpFrames
            measure(still, at: t, into: &stillTimes, keep: warm)
            measure(moving, at: t, into: &movingTimes, keep: warm)
        }
        print("animated layers 320x200, \(layerCount) layers x 2 animations (basic + keyframe), \(frames) frames, 1 thread:")
        print("                  static   animated  difference   ratio   (medians, ms of thread CPU time per frame)")
        for (name, a, b) in [("advance", stillTimes.advance, movingTimes.advance),
                             ("presentation", stillTimes.presentation, movingTimes.presentation),
                             ("render", stillTimes.render, movingTimes.render)] {
            let (x, y) = (median(a), median(b))
            print("  " + name.padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%9.3f  %9.3f  %9.3f  %6.2fx", x, y, y - x, y / x))
        }
        // What the animations cost per frame: delivering their events (advance) and evaluating
        // them (presentation), beyond the static tree. The two are summed because they touch the
        // same data: whichever pass comes first pays for bringing it into the cache. `render`
        // builds the presentation tree again and composites it.
        let cost = median(movingTimes.advance) - median(stillTimes.advance)
            + median(movingTimes.presentation) - median(stillTimes.presentation)
        print(String(format: "  %d animations: %.3f ms per frame (advance + presentation) beyond the static tree (target at most %.1f ms)",
                     2 * layerCount, cost, Self.targetMilliseconds))
    }

    private func measure(_ stage: Stage, at t: Double, into times: inout Times, keep: Bool) {
        let t0 = cpuNanoseconds()
        stage.advance(to: t)
        let t1 = cpuNanoseconds()
        let tree = stage.rootLayer.presentationTree(at: t)
        let t2 = cpuNanoseconds()
        _ = stage.render()
        let t3 = cpuNanoseconds()
        withExtendedLifetime(tree) {}
        guard keep else { return }
        times.advance.append(Double(t1 - t0) / 1e6)
        times.presentation.append(Double(t2 - t1) / 1e6)
        times.render.append(Double(t3 - t2) / 1e6)
    }

    /// The calling thread's CPU time.
    private func cpuNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    private func makeStage(animated: Bool) -> Stage {
        let stage = Stage(width: 320, height: 200)
        stage.duration = 1000
        let columns = 40
        for i in 0..<layerCount {
            let layer = CALayer()
            let x = CGFloat(i % columns) * 8 + 4, y = CGFloat(i / columns) * 8 + 4
            layer.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
            layer.position = CGPoint(x: x, y: y)
            layer.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            stage.rootLayer.addSublayer(layer)
            guard animated else { continue }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.3
            fade.duration = 1.5
            fade.autoreverses = true
            fade.repeatCount = .infinity
            layer.add(fade, forKey: "fade")
            let orbit = CAKeyframeAnimation(keyPath: "position")
            let circle = CGMutablePath()
            circle.addEllipse(in: CGRect(x: x - 2, y: y - 2, width: 4, height: 4))
            orbit.path = circle
            orbit.calculationMode = .paced
            orbit.duration = 2
            orbit.repeatCount = .infinity
            layer.add(orbit, forKey: "orbit")
        }
        stage.advance(to: 0)
        return stage
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
