/// One animation attached to a layer: the layer's private copy plus the bookkeeping that makes
/// its delegate hear `animationDidStart` and `animationDidStop` exactly once each.
final class AttachedAnimation {
    /// The key in `animationKeys()`; generated for animations added with a nil key.
    let key: String
    /// The copy made by `add(_:forKey:)`.
    let animation: CAAnimation
    /// The copy's `beginTime` was 0 and still has to become "now" (at commit).
    var beginTimePending: Bool
    var didStart = false
    var didStop = false
    /// Called once with `finished` when the animation stops or is removed (for transaction
    /// completion tracking).
    var stopObservers: [(Bool) -> Void] = []
    /// For a transition: the layer's subtree as it looked when the transition was added (the
    /// "old" side the compositor transitions from), as presentation values.
    var transitionSnapshot: PresentationSnapshot?

    init(key: String, animation: CAAnimation) {
        self.key = key
        self.animation = animation
        beginTimePending = animation.beginTime == 0
    }
}

/// Process-wide animation bookkeeping that does not belong to one layer.
enum AnimationScheduler {
    /// Stops caused by removal or replacement, delivered at the next event delivery (never from
    /// inside `add`/`remove`), in the order they happened.
    nonisolated(unsafe) static var pendingRemovalStops: [AttachedAnimation] = []

    /// Layers holding animations whose `beginTime` awaits resolution at commit.
    nonisolated(unsafe) static var layersAwaitingBeginTime: [WeakLayer] = []

    /// A counter for keys of animations added with a nil key.
    nonisolated(unsafe) static var anonymousKeyCounter = 0

    struct WeakLayer {
        weak var layer: CALayer?
    }

    /// Delivers a stop to the delegate and observers (the start first if it never came).
    static func deliverStop(_ entry: AttachedAnimation, finished: Bool) {
        let animation = entry.animation
        animation.delegate?.animationDidStop(animation, finished: finished)
        let observers = entry.stopObservers
        entry.stopObservers = []
        for observer in observers { observer(finished) }
    }
}
