/// The running result while one layer's animations are applied in order: each non-additive
/// animation overwrites a key path's value, each additive one adds to it (`isAdditive`).
///
/// The presentation values start as the one copy of the layer's committed values made per
/// layer and frame; the model values, which only an animation with a missing endpoint reads,
/// are copied on first use, so most layers never copy them.
struct PresentationAccumulator {
    /// The presentation values so far, starting from the model.
    var state: LayerState
    /// The layer whose committed model values resolve missing `from`/`to` values live, so a
    /// model change mid-animation bends the animation's path.
    private let layer: CALayer
    /// The layer's model values, once an animation has asked for them.
    private var modelCopy: LayerState?
    /// The transition running on the layer, if any.
    var transition: TransitionState?
    /// Whether the layer's clock is stopped by a speed-0 ancestor (or the layer itself).
    let parentFrozen: Bool
    /// Presentation values of a layer subclass's own keys (see CustomPropertyKey.swift); empty,
    /// and so allocation-free, unless such a key is animated.
    var customValues: [String: AnimatableValue] = [:]
    /// The layer's model values of its own keys (`setValue(_:forKey:)`), for missing endpoints.
    var customModel: [String: Any] = [:]

    /// Starts from `layer`'s committed values (its model values if it was never committed).
    init(layer: CALayer, parentFrozen: Bool = false) {
        self.layer = layer
        state = layer.committedState ?? layer.modelState
        self.parentFrozen = parentFrozen
    }

    /// The model value at `track`.
    mutating func modelValue(at track: PropertyTrack) -> AnimatableValue? {
        if modelCopy == nil { modelCopy = layer.committedState ?? layer.modelState }
        return track.value(in: modelCopy!)
    }

    /// The model value at `slot`, read where the layer keeps it (no copy of the model values).
    func modelValue<Value: SlotValue>(at slot: StateSlot) -> Value {
        layer.withModelValues { Value.read(slot, at: $0) }
    }
}
