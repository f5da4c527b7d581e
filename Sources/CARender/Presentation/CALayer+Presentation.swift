import Foundation

extension CALayer {
    /// A copy of the layer with every running animation applied at the stage's current time
    /// (`CACurrentMediaTime()`); its `sublayers` and `mask` are presentation copies too, so
    /// read-only methods such as `hitTest(_:)` see what is on screen. Called on a presentation
    /// copy it returns that copy.
    ///
    /// Differences from Apple: the result is a plain `CALayer` (subclass state lives in
    /// `LayerState`); its `superlayer` is nil; values are the model's until transactions code
    /// supplies committed state; it is never nil.
    public func presentation() -> CALayer? {
        if modelLayerReference != nil { return self }
        let (parentTime, parentRate) = parentClock(at: CACurrentMediaTime())
        return presentationCopy(parentTime: parentTime, parentRate: parentRate)
    }

    /// The model layer: for a presentation copy the layer it was made from, otherwise the
    /// receiver.
    public func model() -> CALayer {
        modelLayerReference ?? self
    }

    private func presentationCopy(parentTime: Double, parentRate: Double) -> CALayer {
        let local = layerTiming.layerLocalTime(parentTime: parentTime)
        let rate = parentRate * Double(modelState.speed)
        let copy = CALayer(layer: self)
        copy.modelState = presentationValues(localTime: local, rate: rate).state
        copy.modelLayerReference = self
        if let sublayers {
            copy.sublayers = sublayers.map { $0.presentationCopy(parentTime: local, parentRate: rate) }
        }
        copy.mask = mask?.presentationCopy(parentTime: local, parentRate: rate)
        return copy
    }
}
