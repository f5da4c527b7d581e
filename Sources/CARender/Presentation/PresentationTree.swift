import Foundation

extension CALayer {
    /// The layer's subtree as the compositor should draw it now: presentation values (every
    /// animation evaluated at the stage's current time) and running transitions.
    func renderNode() -> RenderNode {
        let (parentTime, parentRate) = parentClock(at: CACurrentMediaTime())
        return renderNode(parentTime: parentTime, parentRate: parentRate)
    }

    /// The render node for this subtree when the superlayer's local time is `parentTime` and
    /// runs at `parentRate` against the stage clock.
    func renderNode(parentTime: Double, parentRate: Double) -> RenderNode {
        let local = layerTiming.layerLocalTime(parentTime: parentTime)
        let rate = parentRate * Double(modelState.speed)
        let result = presentationValues(localTime: local, frozen: rate == 0)
        var node = RenderNode(
            kind: self is CATransformLayer ? .transformLayer : .layer,
            state: result.state,
            sublayers: (sublayers ?? []).map { $0.renderNode(parentTime: local, parentRate: rate) },
            mask: mask.map { [$0.renderNode(parentTime: local, parentRate: rate)] } ?? [])
        node.transition = result.transition
        node.hideIfNotFinite(layerName: name)
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
    /// the stage has delivered its stop, so presentation is a pure function of time. `frozen`
    /// means the layer's clock is stopped (a speed-0 layer or ancestor).
    func presentationValues(localTime: Double, frozen: Bool) -> PresentationAccumulator {
        var accumulator = PresentationAccumulator(model: committedState ?? modelState, parentFrozen: frozen)
        for entry in animationEntries {
            let animation = entry.animation
            if animation.isRemovedOnCompletion {
                if entry.didStop { continue }
                if !frozen && animation.timingParameters().phase(parentTime: localTime) == .after { continue }
            }
            animation.apply(to: &accumulator, parentTime: localTime)
        }
        return accumulator
    }
}
