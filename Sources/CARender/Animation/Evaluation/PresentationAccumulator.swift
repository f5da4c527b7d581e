/// The running result while one layer's animations are applied in order: each non-additive
/// animation overwrites a key path's value, each additive one adds to it (`isAdditive`).
struct PresentationAccumulator {
    /// The presentation values so far, starting from the model.
    var state: LayerState
    /// The layer's model values, which resolve missing `from`/`to` values live, so a model change mid-animation bends the animation's path.
    let model: LayerState
    /// The transition running on the layer, if any.
    var transition: TransitionState?
    /// Whether the layer's clock is stopped by a speed-0 ancestor (or the layer itself).
    let parentFrozen: Bool

    init(model: LayerState, parentFrozen: Bool = false) {
        self.state = model
        self.model = model
        self.parentFrozen = parentFrozen
    }
}
