import Foundation

/// Animation state of a stage that belongs to no single layer.
package final class AnimationBookkeeping {
    /// Stops caused by removal or replacement, delivered at the next event delivery (never from
    /// inside `add`/`remove`), in the order they happened.
    package var pendingRemovalStops: [AttachedAnimation] = []

    /// Layers holding animations whose `beginTime` awaits resolution at commit.
    var layersAwaitingBeginTime: [WeakLayer] = []

    /// A counter for keys of animations added with a nil key.
    var anonymousKeyCounter = 0

    /// The timing functions compiled animations share, one per curve.
    let timingFunctions = SharedTimingFunctions()

    /// Resolves pending begin times on every layer that received an animation since the last
    /// call (the outermost commit does this, with the stage's time).
    func resolvePendingBeginTimes(now: CFTimeInterval) {
        let layers = layersAwaitingBeginTime
        layersAwaitingBeginTime = []
        for reference in layers { reference.layer?.resolveBeginTimes(now: now) }
    }

    struct WeakLayer {
        weak var layer: CALayer?
    }
}
