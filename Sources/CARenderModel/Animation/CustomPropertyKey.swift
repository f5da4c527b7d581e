import Foundation

// Animating a layer subclass's own properties. On Apple's platforms a subclass declares one with
// `@NSManaged var progress: CGFloat`, and Core Animation stores it, animates it and copies it to
// the presentation layer like a built-in property. Swift on Linux has no `@NSManaged`; carender's
// equivalent is a computed property over key-value coding, which a layer is a container for:
//
//     var progress: CGFloat {
//         get { value(forKey: "progress") as? CGFloat ?? 0 }
//         set { setValue(newValue, forKey: "progress") }
//     }
//
// A property animation whose key path is such a key (the class's `needsDisplay(forKey:)` says
// true for it, or it has a value) animates it: the presentation layer's `value(forKey:)` reports
// the animated value, and, when `needsDisplay(forKey:)` is true, the layer is redrawn through
// `draw(in:)` with that value at every frame (see CustomPropertyRedraw.swift).
//
// Cost: unlike built-in properties these keys are strings and values are boxed, so a frame that
// animates one allocates; layers without such animations pay nothing.

/// A key of a layer subclass's own, animated as a property.
struct CustomPropertyKey {
    /// The key, as given to `setValue(_:forKey:)`.
    let key: String
    /// The class's `defaultValue(forKey:)`, which stands in for a value never set.
    let defaultValue: AnimatableValue?
    /// The shape animation values take: the layer's value when the animation is added, else the
    /// class's default, else a `CGFloat` (what an `@NSManaged` number of a subclass usually is),
    /// so that `fromValue = 0` interpolates smoothly rather than as a whole number.
    let template: AnimatableValue

    /// The custom key `keyPath` names on `layer`, or nil when it is a layer property or a key
    /// the layer knows nothing of.
    init?(keyPath: String?, layer: CALayer) {
        guard let keyPath, !keyPath.isEmpty else { return nil }
        let layerClass = type(of: layer.modelLayer())
        guard layerClass.propertyTable.resolve(keyPath) == nil else { return nil }
        let classDefault = layerClass.defaultValue(forKey: keyPath)
        guard layerClass.needsDisplay(forKey: keyPath) || layer.customValues[keyPath] != nil || classDefault != nil else {
            return nil
        }
        key = keyPath
        defaultValue = AnimatableValue(classDefault)
        template = AnimatableValue(layer.customValues[keyPath]) ?? defaultValue ?? .number(0, .cgFloat)
    }
}

extension CABasicAnimation {
    /// Interpolates a custom key between the animation's endpoints (a missing one is the layer's
    /// live value of the key), and stores it with the presentation's custom values.
    func applyToCustomKey(_ custom: CustomPropertyKey, _ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        let model = AnimatableValue(accumulator.customModel[custom.key])?.shaped(like: custom.template) ?? custom.defaultValue
        guard let (start, end) = endpoints(model: model) else { return }
        var value = AnimatableValue.interpolate(start, end, interpolationFraction(sample))
        value = accumulate(value, cycleEnd: autoreverses ? start : end, sample: sample)
        if isAdditive, let below = accumulator.customValues[custom.key] ?? model {
            value = AnimatableValue.add(below.shaped(like: value), value)
        }
        accumulator.customValues[custom.key] = value
    }
}
