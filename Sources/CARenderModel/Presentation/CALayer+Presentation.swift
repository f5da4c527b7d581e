import Foundation

extension CALayer {
    /// A copy of the layer with every running animation applied at the stage's current time
    /// (`CACurrentMediaTime()`); its `sublayers` and `mask` are presentation copies too, so
    /// read-only methods such as `hitTest(_:)` see what is on screen. Called on a presentation
    /// copy it returns that copy.
    ///
    /// Values start from the committed model values: changes made in the still-open transaction
    /// show only after it commits. Nil, as on Apple's platforms, for a layer that has never been
    /// committed as part of the stage's tree.
    ///
    /// Differences from Apple: the result is a plain `CALayer` (subclass state lives in
    /// `LayerState`); its `superlayer` is nil.
    func makePresentation() -> CALayer? {
        if modelLayerReference != nil { return self }
        guard hasBeenCommitted else { return nil }
        let (parentTime, parentRate) = parentClock(at: stageContext.time)
        return presentationCopy(parentTime: parentTime, parentRate: parentRate)
    }

    /// The model layer: for a presentation copy the layer it was made from, otherwise the
    /// receiver.
    func modelLayer() -> CALayer {
        modelLayerReference ?? self
    }

    /// The value on screen at stage time `time` at a key path, as `value(forKeyPath:)` reports
    /// it: for a layer property the presentation value of this layer alone (no presentation
    /// copies are made), for other keys and for a layer never committed the model value.
    package func onScreenValue(forKeyPath keyPath: String, at time: CFTimeInterval) -> Any? {
        guard modelLayerReference == nil, hasBeenCommitted, let path = resolvedProperty(keyPath) else {
            return value(forKeyPath: keyPath)
        }
        return kvcBoxed(path.value(in: presentationState(at: time)))
    }

    /// A presentation copy of this layer, not yet holding presentation values: made with the
    /// class's `init(layer:)` (a script's class's own, which may copy its stored properties),
    /// else with that of its nearest carender class, so `presentation()` can return the type.
    func makePresentationCopy() -> CALayer {
        isMakingPresentationCopy = true
        defer { isMakingPresentationCopy = false }
        let copy = type(of: self)._makePresentationCopy(of: self)
            ?? BuiltInLayerClass.nearest(to: type(of: self)).copy(self)
        copy.isPresentationCopy = true
        copy.modelLayerReference = self
        return copy
    }

    /// Copies of the subtree's layers holding their presentation values, built without
    /// recursion so depth is bounded by memory.
    private func presentationCopy(parentTime: Double, parentRate: Double) -> CALayer {
        typealias Clock = (time: Double, rate: Double)
        return LayerTreeBuilder<CALayer, CALayer, Clock>.build(self, in: (parentTime, parentRate),
            visit: { layer, parent, children in
                let local = layer.layerLocalTime(parentTime: parent.time)
                let rate = parent.rate * Double(layer.modelState.speed)
                let copy = layer.makePresentationCopy()
                let presented = layer.presentationValues(localTime: local, rate: rate)
                copy.modelState = presented.state
                copy.customValues.merge(presented.customValues.lazy.map { ($0.key, kvcBoxed($0.value.anyValue) as Any) }) { $1 }
                copy.modelLayerReference = layer
                children = .init(sublayers: layer.sublayers ?? [], sublayerContext: (local, rate),
                             mask: layer.mask, maskContext: (local, rate))
                return copy
            },
            finish: { layer, copy, sublayers, mask in
                if layer.sublayers != nil { copy.sublayers = sublayers }
                copy.mask = mask
            })
    }
}
