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
        let (parentTime, parentRate) = parentClock(at: CACurrentMediaTime())
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
    func onScreenValue(forKeyPath keyPath: String, at time: CFTimeInterval) -> Any? {
        guard modelLayerReference == nil, hasBeenCommitted, let path = resolvedProperty(keyPath) else {
            return value(forKeyPath: keyPath)
        }
        return kvcBoxed(path.value(in: presentationState(at: time)))
    }

    private func presentationCopy(parentTime: Double, parentRate: Double) -> CALayer {
        let local = layerTiming.layerLocalTime(parentTime: parentTime)
        let rate = parentRate * Double(modelState.speed)
        let copy = CALayer(layer: self)
        copy.isPresentationCopy = true
        copy.modelState = presentationValues(localTime: local, rate: rate).state
        copy.modelLayerReference = self
        if let sublayers {
            copy.sublayers = sublayers.map { $0.presentationCopy(parentTime: local, parentRate: rate) }
        }
        copy.mask = mask?.presentationCopy(parentTime: local, parentRate: rate)
        return copy
    }
}
