import Foundation

extension CALayer {
    /// The layer's subtree as the compositor should draw it now: presentation values (every
    /// animation evaluated at the stage's current time) and running transitions.
    func renderNode() -> RenderNode {
        let (parentTime, parentRate) = parentClock(at: CACurrentMediaTime())
        return renderNode(parentTime: parentTime, parentRate: parentRate, flippedAbove: contentsAreFlipped())
    }

    /// The render node for this subtree when the superlayer's local time is `parentTime` and
    /// runs at `parentRate` against the stage clock.
    func renderNode(parentTime: Double, parentRate: Double, flippedAbove: Bool) -> RenderNode {
        let local = layerTiming.layerLocalTime(parentTime: parentTime)
        let rate = parentRate * Double(modelState.speed)
        var result = presentationValues(localTime: local, rate: rate)
        result.state.contentsAreFlipped = flippedAbove
        let flipsBelow = flippedAbove != result.state.isGeometryFlipped
        var node = RenderNode(
            kind: self is CATransformLayer ? .transformLayer : .layer,
            state: result.state,
            sublayers: (sublayers ?? []).map { $0.renderNode(parentTime: local, parentRate: rate, flippedAbove: flipsBelow) },
            mask: mask.map { [$0.renderNode(parentTime: local, parentRate: rate, flippedAbove: flippedAbove)] } ?? [])
        node.transition = result.transition
        if result.transition != nil,
           let snapshot = animationEntries.last(where: { $0.animation is CATransition })?.transitionSnapshot {
            node.transitionSnapshot = [snapshot]
        }
        node.hideIfNotFinite(layerName: name)
        node.warnAboutUnrenderedSettings(layerName: name)
        return node
    }

    /// The superlayer's local time at absolute time `now` and its rate (absolute time for a
    /// root).
    func parentClock(at now: CFTimeInterval) -> (time: Double, rate: Double) {
        guard let parent = superlayer else { return (now, 1) }
        return (parent.localTime(fromAbsolute: now), parent.absoluteRate)
    }

    /// The model values with every attached animation applied, in `animationKeys()` order, at
    /// the layer's local time `localTime`.
    ///
    /// An animation past its end with `isRemovedOnCompletion` contributes nothing even before
    /// the stage has delivered its stop, so presentation is a pure function of time. Animations
    /// whose zero `beginTime` awaits the commit are not shown yet. `rate`
    /// is how fast the layer's clock runs against the stage clock: 0 when stopped (a speed-0 layer or
    /// ancestor), negative when running backwards, in which case an animation has ended once its
    /// clock is back before its start.
    func presentationValues(localTime: Double, rate: Double) -> PresentationAccumulator {
        var accumulator = PresentationAccumulator(model: committedState ?? modelState, parentFrozen: rate == 0)
        let endedPhase: TimingSample.Phase? = rate > 0 ? .after : (rate < 0 ? .before : nil)
        for entry in animationEntries where !entry.beginTimePending {
            let animation = entry.animation
            if animation.isRemovedOnCompletion {
                if entry.didStop { continue }
                if let endedPhase, animation.timingParameters().phase(parentTime: localTime) == endedPhase { continue }
            }
            animation.apply(to: &accumulator, parentTime: localTime)
        }
        return accumulator
    }
}
