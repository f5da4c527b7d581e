import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage

/// A Stage-free stand-in for `Stage.advance(to:)`'s animation duties: moves the virtual clock
/// and delivers animation callbacks exactly as the integration is specified to
/// (see CALayer+AnimationsScheduling.swift).
final class AnimationClock {
    let stage: Stage
    /// A plain layer under the root, the usual animation target.
    let layer = CALayer()
    /// Callback log: "start <key>@<time>" / "stop <key> <finished>@<time>".
    var log: [String] = []

    init() {
        stage = Stage(width: 200, height: 200)
        stage.rootLayer.addSublayer(layer)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 100, y: 100)
    }

    var root: CALayer { stage.rootLayer }

    /// A layer under the root with one sublayer, for timing that passes through an ancestor.
    func nestedLayers() -> (container: CALayer, child: CALayer) {
        let container = CALayer()
        root.addSublayer(container)
        let child = CALayer()
        container.addSublayer(child)
        return (container, child)
    }
    var time: Double { stage.time }

    /// Advances to `t`, delivering every animation event on the way at its own time.
    func advance(to t: Double) {
        precondition(t >= stage.time, "the clock only moves forwards")
        while let due = root.nextAnimationEvent(after: stage.time), due <= t {
            stage.advance(to: due)
            root.fireAnimationEvents(upTo: due)
        }
        stage.advance(to: t)
    }

    /// Ends the current run-loop turn without moving the clock (with transactions, this commits
    /// and resolves zero begin times).
    func commit() {
        advance(to: stage.time)
    }

    /// The presentation value of a numeric key path on `target` (default `layer`) at stage
    /// time `t`.
    func number(_ keyPath: String, at t: Double, of target: CALayer? = nil) -> Double {
        advance(to: t)
        let value = (target ?? layer).presentation()!.modelState.value(forKeyPath: keyPath)
        return Double(coerceToCGFloat(value) ?? .nan)
    }

    /// The presentation state of `target` (default `layer`) at stage time `t`.
    func state(at t: Double, of target: CALayer? = nil) -> LayerState {
        advance(to: t)
        return (target ?? layer).presentation()!.modelState
    }
}

/// Records delegate callbacks with the stage time they arrive at.
final class RecordingDelegate: CAAnimationDelegate {
    let name: String
    let clock: AnimationClock
    init(_ name: String, _ clock: AnimationClock) {
        self.name = name
        self.clock = clock
    }

    func animationDidStart(_ anim: CAAnimation) {
        clock.log.append("start \(name)@\(clock.time)")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        clock.log.append("stop \(name) \(flag)@\(clock.time)")
    }
}

/// A basic animation of `keyPath` from `from` to `to` (nil leaves the value unset).
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    return a
}

let exact = 1e-9
