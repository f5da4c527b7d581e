/// A property animation's key path resolved once, when the animation is added to a layer, against
/// the layer class's property table: every frame it reads the model value and writes the
/// presentation value through typed accessors, touching no strings.
struct PropertyTrack {
    /// The property and the sub-path inside it.
    let path: ResolvedPropertyPath
    /// The key path as the program gave it, for warnings.
    let keyPath: String
    /// Whether the track animates `contents` itself, whose images cross-dissolve.
    let isContents: Bool

    init(_ path: ResolvedPropertyPath, keyPath: String) {
        self.path = path
        self.keyPath = keyPath
        isContents = path.property.name == "contents" && path.subPath == .whole
    }

    /// The value at the track's key path in `state`.
    func value(in state: LayerState) -> AnimatableValue? {
        path.animatableValue(in: state)
    }

    /// Stores `value` at the track's key path; false when the property cannot hold it.
    func write(_ value: AnimatableValue, into state: inout LayerState) -> Bool {
        path.setAnimatableValue(value, in: &state)
    }
}
