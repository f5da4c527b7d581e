/// One animation attached to a layer: the layer's private copy plus the bookkeeping that makes
/// its delegate hear `animationDidStart` and `animationDidStop` exactly once each.
package final class AttachedAnimation {
    // What the presentation pass reads for every animation every frame comes first, so that it
    // shares a cache line or two (stored properties are laid out in declaration order).

    /// The copy's `beginTime` was 0 and still has to become "now" (at commit).
    private(set) var beginTimePending: Bool
    /// The copy's `isRemovedOnCompletion`, read every frame without touching the animation.
    let isRemovedOnCompletion: Bool
    var didStart = false
    var didStop = false
    /// The animation's compiled evaluation, when it has one (`CompiledEvaluation`).
    let evaluation: CompiledEvaluation?
    /// The copy's timing, resolved once when it is attached and again when its begin time
    /// is: presentation and event delivery read these plain values every frame instead of the
    /// animation's properties. (Modifying an attached animation is undefined, as on Apple's
    /// platforms.)
    private(set) var timing: MediaTimingParameters
    /// The key in `animationKeys()`; generated for animations added with a nil key.
    let key: String
    /// The copy made by `add(_:forKey:)`.
    let animation: CAAnimation
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
        timing = animation.timingParameters()
        evaluation = animation.compiledEvaluation
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }

    /// Makes a pending zero begin time `local`, the layer's local time at the commit.
    func resolveBeginTime(_ local: CFTimeInterval) {
        animation.beginTime = local
        beginTimePending = false
        timing = animation.timingParameters()
    }
}

/// Delivering an attached animation's stop (its bookkeeping lives in the stage's context:
/// `AnimationBookkeeping`).
enum AnimationScheduler {
    /// Delivers a stop to the delegate and observers (the start first if it never came).
    static func deliverStop(_ entry: AttachedAnimation, finished: Bool) {
        let animation = entry.animation
        animation.delegate?.animationDidStop(animation, finished: finished)
        let observers = entry.stopObservers
        entry.stopObservers = []
        for observer in observers { observer(finished) }
    }
}
