import Foundation

/// Delivering animation delegate callbacks on the stage's virtual clock.
///
/// The stage drives this while advancing time (`Stage.advance(to:)`): before each run-loop turn
/// it asks for the earliest event due, moves its clock there, fires the events due then and
/// commits what the delegates changed.
///
/// Events are a pure function of the layer tree's timing: an animation starts when its active
/// period begins and stops when it ends (a paused clock never stops it), both mapped to stage
/// time through the layer's ancestors.
extension CALayer {
    /// One callback due at a stage time.
    struct AnimationEvent {
        enum Kind: Int { case start = 0, stop = 1 }
        var time: CFTimeInterval
        var kind: Kind
        var sequence: Int
        weak var layer: CALayer?
        var entry: AttachedAnimation
    }

    /// The earliest stage time at which an undelivered start or stop in this layer's tree (or a
    /// pending removal stop anywhere) is due, no earlier than `time` (the stage's time now);
    /// nil when none will come.
    package func nextAnimationEvent(after time: CFTimeInterval) -> CFTimeInterval? {
        if !stageContext.animations.pendingRemovalStops.isEmpty { return time }
        // Only the minimum is needed: no event list is built (this runs every frame).
        var earliest: CFTimeInterval?
        visitAnimationEvents(now: time) { due, _, _, _ in
            if earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        return earliest.map { max($0, time) }
    }

    /// Delivers, in time order, every pending removal stop and every start and stop in this
    /// layer's tree due at or before `time` (the stage's time now); removes animations that
    /// finished with `isRemovedOnCompletion`. Callbacks may add or remove animations; those are
    /// handled by the next call.
    package func fireAnimationEvents(upTo time: CFTimeInterval) {
        let bookkeeping = stageContext.animations
        let removals = bookkeeping.pendingRemovalStops
        bookkeeping.pendingRemovalStops = []
        for entry in removals { AnimationScheduler.deliverStop(entry, finished: false) }

        var events: [AnimationEvent] = []
        var sequenceEntry: AttachedAnimation?
        var sequence = 0
        visitAnimationEvents(now: time) { due, kind, entry, layer in
            // An animation's start and stop share a sequence number: the order it was met in.
            if entry !== sequenceEntry {
                sequenceEntry = entry
                sequence = events.count
            }
            events.append(AnimationEvent(time: due, kind: kind, sequence: sequence, layer: layer, entry: entry))
        }
        let due = events.filter { $0.time <= time }.sorted {
            ($0.time, $0.kind.rawValue, $0.sequence) < ($1.time, $1.kind.rawValue, $1.sequence)
        }
        for event in due {
            let entry = event.entry
            guard let layer = event.layer, layer.animationEntries.contains(where: { $0 === entry }) else { continue }
            switch event.kind {
            case .start:
                guard !entry.didStart, !entry.didStop else { continue }
                entry.didStart = true
                entry.animation.delegate?.animationDidStart(entry.animation)
            case .stop:
                guard !entry.didStop else { continue }
                if !entry.didStart {
                    entry.didStart = true
                    entry.animation.delegate?.animationDidStart(entry.animation)
                }
                entry.didStop = true
                if entry.animation.isRemovedOnCompletion {
                    layer.animationEntries.removeAll { $0 === entry }
                } else {
                    layer.refreshPresentationEntries()
                }
                AnimationScheduler.deliverStop(entry, finished: true)
            }
        }
    }

    /// Visits this tree's pending events (stage time, kind, animation, layer) in tree order:
    /// each layer, then its sublayers in order, then its mask. The walk keeps its own stack, so
    /// depth is limited only by memory, and carries each layer's clock down to its sublayers
    /// (local time now and rate against the stage clock), so no layer walks its ancestors again.
    private func visitAnimationEvents(now: CFTimeInterval,
                                      _ visit: (CFTimeInterval, AnimationEvent.Kind, AttachedAnimation, CALayer) -> Void) {
        let (parentTime, parentRate) = parentClock(at: now)
        var pending: [(layer: CALayer, parentTime: Double, parentRate: Double)] = [(self, parentTime, parentRate)]
        while let (layer, parentTime, parentRate) = pending.popLast() {
            let sublayers = layer.sublayerStorage, mask = layer.maskStorage
            // A leaf without animations (most layers) needs no clock of its own.
            if layer.animationEntries.isEmpty && mask == nil && (sublayers?.isEmpty ?? true) { continue }
            // The same composition as `localTime(fromAbsolute:)` and `absoluteRate`, one level
            // at a time.
            let localNow = layer.layerLocalTime(parentTime: parentTime)
            let rate = Double(layer.modelState.speed) * parentRate
            layer.visitOwnAnimationEvents(now: now, localNow: localNow, rate: rate, visit)
            if let mask { pending.append((mask, localNow, rate)) }
            if let sublayers {
                var index = sublayers.count
                while index > 0 {
                    index -= 1
                    pending.append((sublayers[index], localNow, rate))
                }
            }
        }
    }

    /// Visits this layer's pending events, mapping each animation's active window from the
    /// layer's local time to stage time with the affine map `local = rate × T + offset`
    /// (`localNow` is the layer's local time at stage time `now`; `rate`, how fast it runs).
    private func visitOwnAnimationEvents(now: CFTimeInterval, localNow: Double, rate: Double,
                                         _ visit: (CFTimeInterval, AnimationEvent.Kind, AttachedAnimation, CALayer) -> Void) {
        if !animationEntries.isEmpty {
            let offset = localNow - rate * now
            func stageTime(_ local: Double) -> Double? {
                guard rate != 0, local.isFinite else { return nil }
                return (local - offset) / rate
            }
            for entry in animationEntries where !entry.didStop && !entry.beginTimePending {
                let timing = entry.timing
                let window = timing.activeWindowInParentTime
                let phase = timing.phase(parentTime: localNow)
                var start: Double?
                var stop: Double?
                if rate > 0 {
                    start = stageTime(window.start)
                    stop = stageTime(window.end)
                } else if rate < 0 {
                    start = stageTime(window.end)
                    stop = stageTime(window.start)
                } else {
                    // A stopped clock: only what is already the case is due.
                    if phase != .before { start = now }
                    let atExactEnd = timing.sample(parentTime: localNow, parentFrozen: true)?.phase == .active
                    if phase == .after && !atExactEnd { stop = now }
                }
                // Already running but entered from an unbounded end (a reversed clock and an
                // infinite animation): the start is due now.
                if start == nil && phase == .active { start = now }
                if !entry.didStart, let start { visit(start, .start, entry, self) }
                if let stop { visit(stop, .stop, entry, self) }
            }
        }
    }
}
