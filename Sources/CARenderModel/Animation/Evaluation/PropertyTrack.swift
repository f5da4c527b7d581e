import CARenderPixels
/// A property animation's key path resolved once, when the animation is added to a layer, against
/// the layer class's property table: every frame it reads the model value and writes the
/// presentation value through typed accessors, touching no strings.
///
/// A whole property of a fixed-size numeric type (opacity, position, bounds, transform, ...)
/// is read and written in place through its `StateSlot`; sub-paths ("position.x",
/// "transform.rotation.z") and other values go through the property's coding. The track is
/// small (one reference) so that handing it to each frame's evaluation costs one retain.
struct PropertyTrack {
    /// The property and the sub-path inside it.
    let path: ResolvedPropertyPath
    /// Whether the track animates `contents` itself, whose images cross-dissolve.
    let isContents: Bool
    /// The property's slot when the track animates the whole property and it has one.
    let slot: StateSlot?

    init(_ path: ResolvedPropertyPath) {
        self.path = path
        isContents = path.property.name == "contents" && path.subPath == .whole
        slot = path.subPath == .whole ? path.property.slot : nil
    }

    /// The value at the track's key path in `state`.
    func value(in state: LayerState) -> AnimatableValue? {
        if let slot { return slot.value(in: state) }
        return path.animatableValue(in: state)
    }

    /// Stores `value` at the track's key path; false when the property cannot hold it.
    func write(_ value: AnimatableValue, into state: inout LayerState) -> Bool {
        if let slot, slot.store(value, in: &state) { return true }
        return path.setAnimatableValue(value, in: &state)
    }
}
