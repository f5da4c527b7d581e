import Foundation

/// Adding, replacing, finding and removing a layer's explicit animations, as CALayer's `add(_:forKey:)` documents.
extension CALayer {
    /// Attaches a copy of `anim` under `key`, replacing (and stopping, unfinished) an animation
    /// with the same key. A nil key gets a unique generated key; a `CATransition` always uses
    /// "transition".
    ///
    /// The copy's duration ≤ 0 becomes the default duration (the transaction's, or 0.25 s), a
    /// transaction timing function overrides the copy's, and a `beginTime` of 0 becomes "now" in
    /// the layer's local time when the transaction commits. The caller's object is unchanged.
    func attach(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy() as! CAAnimation
        let context = stageContext
        let transaction = context.transactions
        if !(copy.duration > 0) { copy.duration = transaction.animationDuration }
        if let function = transaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction {
            copy.timingFunction = function
        }
        copy.compile(for: self)
        let resolvedKey: String
        if copy is CATransition {
            resolvedKey = CATransition.layerKey
        } else if let key {
            resolvedKey = key
        } else {
            context.animations.anonymousKeyCounter += 1
            resolvedKey = "carender.anonymous.\(context.animations.anonymousKeyCounter)"
        }
        if let index = animationEntries.firstIndex(where: { $0.key == resolvedKey }) {
            detachEntry(at: index)
        }
        let entry = AttachedAnimation(key: resolvedKey, animation: copy)
        if copy is CATransition {
            // What is on screen now — committed values and running animations — is the old side.
            entry.transitionSnapshot = presentationSnapshot(at: context.time)
        }
        animationEntries.append(entry)
        if entry.beginTimePending {
            context.animations.layersAwaitingBeginTime.append(.init(layer: self))
        }
        // The open transactions' completion blocks wait for the copy until it stops.
        transaction.animationAdded(copy)
        entry.stopObservers.append { _ in transaction.animationStopped(copy) }
    }

    /// The attached copy under `key` (modifying it is undefined, as on Apple's platforms).
    func attachedAnimation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations in the order they are applied; nil when there are
    /// none.
    func attachedAnimationKeys() -> [String]? {
        animationEntries.isEmpty ? nil : animationEntries.map(\.key)
    }

    /// Removes the animation under `key`; its delegate hears `animationDidStop(finished: false)`
    /// unless it had already stopped.
    func detachAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        detachEntry(at: index)
    }

    /// Removes every animation, each stopping unfinished unless it had already stopped.
    func detachAllAnimations() {
        while !animationEntries.isEmpty { detachEntry(at: 0) }
    }

    private func detachEntry(at index: Int) {
        let entry = animationEntries.remove(at: index)
        guard !entry.didStop else { return }
        entry.didStop = true
        stageContext.animations.pendingRemovalStops.append(entry)
    }

    // MARK: - Begin-time resolution

    /// Replaces the pending zero `beginTime`s of this layer's animations with the layer's local
    /// time at absolute time `now` (Apple: a begin time of zero means now). The outermost
    /// transaction commit calls this for every layer that received such an animation.
    func resolveBeginTimes(now: CFTimeInterval) {
        guard animationEntries.contains(where: \.beginTimePending) else { return }
        let local = localTime(fromAbsolute: now)
        for entry in animationEntries where entry.beginTimePending {
            entry.resolveBeginTime(local)
        }
        refreshPresentationEntries()
    }
}
