/// The running result while one layer's animations are applied in order: each non-additive
/// animation overwrites a key path's value, each additive one adds to it (SPEC-semantics §3.4).
struct PresentationAccumulator {
    /// The presentation values so far, starting from the model.
    var state: LayerState
    /// The layer's model values, which resolve missing `from`/`to` values live (§3.2).
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
