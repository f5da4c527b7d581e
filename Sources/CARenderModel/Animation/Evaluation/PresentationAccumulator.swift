/// The running result while one layer's animations are applied in order: each non-additive
/// animation overwrites a key path's value, each additive one adds to it (`isAdditive`).
///
/// The presentation values are written in place, wherever the caller keeps them: a local copy
/// of the layer's committed values (`CALayer.presentationValues`), or the box an animated
/// layer's render node reads (`CALayer.animatedRenderState`), which holds last frame's values
/// and needs only the properties the animations write restored. The model values, which only
/// an animation with a missing endpoint reads, are read where the layer keeps them, or copied
/// by the general evaluation.
struct PresentationAccumulator {
    /// Where the presentation values are; valid while the accumulator is used (it never
    /// outlives the call that made it).
    private let values: UnsafeMutablePointer<LayerState>
    /// The presentation values so far, starting from the model, read and written in place.
    var state: LayerState {
        unsafeAddress { UnsafePointer(values) }
        unsafeMutableAddress { values }
    }
    /// The presentation values' address, for reading a slot in place.
    var stateAddress: UnsafeRawPointer { UnsafeRawPointer(values) }
    /// The layer whose committed model values resolve missing `from`/`to` values live, so a
    /// model change mid-animation bends the animation's path. Not retained, not even for a
    /// call: the accumulator lives only while the layer applies its animations, and a layer
    /// that is weakly referenced (every sublayer) keeps its reference count out of line, so a
    /// retain per model read (600 a frame in the benchmark's mix) would fetch another line.
    private let layer: Unmanaged<CALayer>
    /// The transition running on the layer, if any.
    var transition: TransitionState?
    /// Whether the layer's clock is stopped by a speed-0 ancestor (or the layer itself).
    let parentFrozen: Bool
    /// Presentation values of a layer subclass's own keys (see CustomPropertyKey.swift); nil,
    /// and so neither allocated nor released (an empty dictionary is, once per layer per frame),
    /// unless such a key is animated.
    private(set) var animatedCustomValues: [String: AnimatableValue]?
    /// `animatedCustomValues`, empty when there are none.
    var customValues: [String: AnimatableValue] {
        get { animatedCustomValues ?? [:] }
        _modify {
            var values = animatedCustomValues.take() ?? [:]
            defer { animatedCustomValues = values }
            yield &values
        }
    }
    /// The layer's model values of its own keys (`setValue(_:forKey:)`), for missing endpoints
    /// (read only by such keys' animations).
    var customModel: [String: Any] { layer._withUnsafeGuaranteedRef { $0.customValues } }

    /// Applies `layer`'s animations to the values at `values`, which start as its committed
    /// values (its model values if it was never committed), plus whatever the animations
    /// overwrite.
    init(layer: CALayer, values: UnsafeMutablePointer<LayerState>, parentFrozen: Bool = false) {
        self.layer = .passUnretained(layer)
        self.values = values
        self.parentFrozen = parentFrozen
    }

    /// The model value at `track`, read where the layer keeps it. (Not kept in the accumulator:
    /// an optional copy of the state here cost every animated layer a 1.2 KB clear and copy per
    /// frame, for the few animations that read it.)
    func modelValue(at track: PropertyTrack) -> AnimatableValue? {
        layer._withUnsafeGuaranteedRef { $0.withModelValues { track.value(in: $0.assumingMemoryBound(to: LayerState.self).pointee) } }
    }

    /// The model value at `slot`, read where the layer keeps it (no copy of the model values).
    func modelValue<Value: SlotValue>(at slot: StateSlot) -> Value {
        layer._withUnsafeGuaranteedRef { $0.withModelValues { Value.read(slot, at: $0) } }
    }
}

/// A layer's presentation values at one moment, kept as a value: what the animations made of
/// its committed values, the transition running on it, and its subclass's own animated keys.
struct PresentedValues {
    var state: LayerState
    var transition: TransitionState?
    var customValues: [String: AnimatableValue]
}
