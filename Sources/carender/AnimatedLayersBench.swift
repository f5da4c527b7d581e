import CARender
import Foundation

/// `carender bench --animated`: what the frame loop costs for a tree of 1000 small layers at
/// 320×200 points, side by side in one run (the stages take turns frame by frame, so all see the
/// same machine load):
///
/// - static: the tree without animations — presentation (building the render tree) and
///   compositing per frame;
/// - basic + keyframe: every layer runs an opacity fade and a paced keyframe path (2000
///   animations);
/// - mixed kinds: every layer runs two of ten kinds of animation on properties that draw
///   nothing here (the layers have no background, so compositing stays the static tree's):
///   from/to and by values with easing, keyframes with key times and per-segment timing
///   functions, sub-key paths (`position.x`, `shadowOffset.height`, `transform.scale`,
///   `transform.rotation.z`, `bounds.size.width`), whole transforms, groups and springs.
///
/// Each frame advances the clock by 1/60 s (committing and delivering animation events), builds
/// the presentation tree (every animation evaluated) and renders; the differences of the medians
/// against the static tree are the animations' cost. Times are the thread's CPU time, so other
/// work on a shared machine does not inflate them.
struct AnimatedLayersBench {
    /// Frames timed per stage.
    var frames: Int
    /// Layers on each stage.
    var layerCount = 1000
    /// Frames rendered before timing, so caches and buffers are warm.
    static let warmUpFrames = 10
    static let frameInterval = 1.0 / 60
    /// Targets (issue 21): the static tree's presentation plus compositing, and the evaluation
    /// of 2000 animations of mixed kinds beyond the static tree.
    static let staticTargetMilliseconds = 1.0
    static let mixedTargetMilliseconds = 0.5
    /// The basic + keyframe mix's former target.
    static let basicKeyframeTargetMilliseconds = 1.0

    /// What each stage's layers run.
    enum Mix {
        case none, basicAndKeyframe, mixedKinds, mixedKindsStill
    }

    /// Per-frame times of one stage, in milliseconds.
    private struct Times {
        var advance: [Double] = []
        var presentation: [Double] = []
        var render: [Double] = []
    }

    func run() throws {
        let mixes: [Mix] = [.none, .basicAndKeyframe, .mixedKindsStill, .mixedKinds]
        let stages = mixes.map(makeStage)
        let trees = stages.map { _ in RenderFrame() }
        var times = Array(repeating: Times(), count: stages.count)
        for frame in 0..<(Self.warmUpFrames + frames) {
            let t = Double(frame + 1) * Self.frameInterval
            let warm = frame >= Self.warmUpFrames
            for i in stages.indices { measure(stages[i], tree: trees[i], at: t, into: &times[i], keep: warm) }
        }
        let (still, moving, mixedStill, mixed) = (times[0], times[1], times[2], times[3])
        print("animated layers 320x200, \(layerCount) layers, \(frames) frames, 1 thread (medians, ms of thread CPU time per frame):")
        let presentation = BenchTiming.median(still.presentation)
        let compositing = BenchTiming.median(still.render) - presentation
        print(String(format: "  static tree: presentation %.3f + compositing %.3f = %.3f ms per frame (target at most %.1f ms)",
                     presentation, compositing, presentation + compositing, Self.staticTargetMilliseconds))
        print("                  static   animated  difference   ratio")
        for (name, a, b) in [("advance", still.advance, moving.advance),
                             ("presentation", still.presentation, moving.presentation),
                             ("render", still.render, moving.render)] {
            let (x, y) = (BenchTiming.median(a), BenchTiming.median(b))
            print("  " + name.padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%9.3f  %9.3f  %9.3f  %6.2fx", x, y, y - x, y / x))
        }
        // What the animations cost per frame: delivering their events (advance) and evaluating
        // them (presentation), beyond the same tree without animations. The two are summed
        // because they touch the same data: whichever pass comes first pays for bringing it into
        // the cache. `render` builds the presentation tree again and composites it.
        let cost = BenchTiming.median(moving.advance) - BenchTiming.median(still.advance)
            + BenchTiming.median(moving.presentation) - BenchTiming.median(still.presentation)
        print(String(format: "  %d animations (basic + keyframe): %.3f ms per frame (advance + presentation) beyond the static tree (target at most %.1f ms)",
                     2 * layerCount, cost, Self.basicKeyframeTargetMilliseconds))
        let mixedCost = BenchTiming.median(mixed.advance) - BenchTiming.median(mixedStill.advance)
            + BenchTiming.median(mixed.presentation) - BenchTiming.median(mixedStill.presentation)
        print(String(format: "  %d animations (mixed kinds, drawing nothing): %.3f ms per frame (advance %.3f, presentation %.3f vs %.3f) beyond the same tree (target at most %.1f ms)",
                     2 * layerCount, mixedCost, BenchTiming.median(mixed.advance), BenchTiming.median(mixed.presentation),
                     BenchTiming.median(mixedStill.presentation), Self.mixedTargetMilliseconds))
    }

    /// Times one frame of `stage`; `tree` holds the presentation tree built on its own (as the
    /// stage builds its frame's), cleared untimed before the stage renders (the tree borrows
    /// the values rendering evaluates again: see `CALayer.buildFrame(into:at:)`).
    private func measure(_ stage: Stage, tree: RenderFrame, at t: Double, into times: inout Times, keep: Bool) {
        let t0 = BenchTiming.threadCPUNanoseconds()
        stage.advance(to: t)
        let t1 = BenchTiming.threadCPUNanoseconds()
        _ = stage.rootLayer.buildFrame(into: tree, at: t)
        let t2 = BenchTiming.threadCPUNanoseconds()
        tree.removeAll()
        let t3 = BenchTiming.threadCPUNanoseconds()
        _ = stage.render()
        let t4 = BenchTiming.threadCPUNanoseconds()
        guard keep else { return }
        times.advance.append(Double(t1 - t0) / 1e6)
        times.presentation.append(Double(t2 - t1) / 1e6)
        times.render.append(Double(t4 - t3) / 1e6)
    }

    private func makeStage(_ mix: Mix) -> Stage {
        let stage = Stage(width: 320, height: 200)
        stage.duration = 1000
        let columns = 40
        for i in 0..<layerCount {
            let layer = CALayer()
            let x = CGFloat(i % columns) * 8 + 4, y = CGFloat(i / columns) * 8 + 4
            layer.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
            layer.position = CGPoint(x: x, y: y)
            if mix == .none || mix == .basicAndKeyframe {
                layer.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            }
            stage.rootLayer.addSublayer(layer)
            switch mix {
            case .none, .mixedKindsStill:
                break
            case .basicAndKeyframe:
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
            case .mixedKinds:
                for k in 0..<2 {
                    let animation = AnimationMix.animation(kind: (2 * i + k) % AnimationMix.kinds, x: x, y: y)
                    animation.duration = 1 + Double((i + k) % 5) / 4
                    animation.repeatCount = .infinity
                    animation.autoreverses = k == 1
                    layer.add(animation, forKey: "mix\(k)")
                }
            }
        }
        stage.advance(to: 0)
        return stage
    }
}
