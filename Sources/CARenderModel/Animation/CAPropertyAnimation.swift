import Foundation

/// An animation of one layer property, named by a key path such as "opacity", "position.x" or
/// "transform.rotation.z".
open class CAPropertyAnimation: CAAnimation {
    /// The key path of the animated property, relative to the layer.
    open var keyPath: String? {
        get { settings.property.keyPath }
        set { settings.property.keyPath = newValue }
    }
    /// When true the animation's value is added to the value below it (the model value, or the
    /// result of earlier animations): sums for numbers and geometry, concatenation for
    /// transforms.
    open var isAdditive: Bool {
        get { settings.property.isAdditive }
        set { settings.property.isAdditive = newValue }
    }
    /// When true each repeat cycle starts where the previous one ended (SMIL accumulate:
    /// `n × f(end) + f(s)`).
    open var isCumulative: Bool {
        get { settings.property.isCumulative }
        set { settings.property.isCumulative = newValue }
    }
    /// Turns interpolated numbers into a transform before the value is set.
    open var valueFunction: CAValueFunction? {
        get { settings.property.valueFunction }
        set { settings.property.valueFunction = newValue }
    }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// Run as an action, the animation is added under the event's key (a copy, so an action kept
    /// in `actions` is never changed). A property animation without a key path animates the
    /// event's property, and a basic animation without from, to or by values runs from the
    /// value on screen before the change to the new model value, as CABasicAnimation documents.
    open override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let animation = copy() as? CAPropertyAnimation else {
            return super.run(forKey: event, object: anObject, arguments: dict)
        }
        if animation.keyPath == nil || animation.keyPath?.isEmpty == true { animation.keyPath = event }
        if let basic = animation as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil, let keyPath = basic.keyPath {
            // The committed values still hold the old value: the presentation is what was on screen.
            basic.fromValue = layer.hasBeenCommitted ? layer.onScreenValue(forKeyPath: keyPath, at: layer.stageContext.time) : nil
        }
        layer.add(animation, forKey: event)
    }

    // MARK: Compilation

    /// The key path resolved when the animation was added (nil when it names no property).
    private(set) var track: PropertyTrack?
    /// Whether `track` and the subclass's converted values are ready.
    private var isCompiled = false

    override func compile(for layer: CALayer) {
        diagnostics = layer.stageContext.diagnostics
        customKey = CustomPropertyKey(keyPath: keyPath, layer: layer)
        compile(table: type(of: layer).propertyTable, model: layer.modelState, layer: layer)
        if let customKey { compileValues(template: customKey.template) }
    }

    /// The layer-subclass key (not a layer property) the animation animates, when it animates one.
    private(set) var customKey: CustomPropertyKey?

    /// Resolves the key path in `table` (warning once when it animates nothing) and converts the
    /// animation's values, shaped like the property's value in `model`.
    private func compile(table: LayerPropertyTable, model: LayerState, layer: CALayer?) {
        isCompiled = true
        track = nil
        setCompiledEvaluation(for: nil) { _ in nil }
        guard let keyPath, !keyPath.isEmpty else {
            warnOnce("\(type(of: self)) has no keyPath; it animates nothing")
            return
        }
        guard let path = table.resolve(keyPath) else {
            if customKey != nil { return }
            warnOnce("animation key path '\(keyPath)' is not an animatable layer property; the animation has no effect")
            return
        }
        guard path.property.isAnimatable else {
            warnOnce("animation key path '\(keyPath)' names a layer property that Core Animation does not animate (the layer's own timing); the animation has no effect")
            return
        }
        let track = PropertyTrack(path)
        self.track = track
        compileValues(template: valueFunction?.neutralInput ?? track.value(in: model))
        setCompiledEvaluation(for: layer) { makeCompiledEvaluation(track: track, keeping: &$0) }
    }

    /// Subclasses offer a compiled evaluation for `track` once their values are converted,
    /// adding the objects it refers to to `objects`.
    func makeCompiledEvaluation(track: PropertyTrack, keeping objects: inout CompiledObjects) -> CompiledEvaluation? { nil }

    /// Converts the subclass's values once, shaped like `template` (the property's value, or a
    /// value function's input).
    func compileValues(template: AnimatableValue?) {}

    /// The track for evaluation; an animation evaluated without being added through
    /// `add(_:forKey:)` resolves against CALayer's own properties on first use.
    func compiledTrack() -> PropertyTrack? {
        if !isCompiled { compile(table: CALayer.baseProperties, model: LayerState(), layer: nil) }
        return track
    }

    // MARK: Evaluation helpers

    /// The model value at the track, which stands in for missing endpoints; with a value
    /// function, the function's neutral input instead (a transform cannot feed it).
    func baseValue(_ track: PropertyTrack, in accumulator: inout PresentationAccumulator) -> AnimatableValue? {
        if let valueFunction { return valueFunction.neutralInput }
        return accumulator.modelValue(at: track)
    }

    /// Converts an animation value, shaping it like the property's own value.
    func animatable(_ value: Any?, like template: AnimatableValue?) -> AnimatableValue? {
        AnimatableValue(value).map { valueFunction == nil ? $0.shaped(like: template) : $0 }
    }

    /// Adds whole completed cycles for cumulative animations: `n × cycleEnd + value`.
    func accumulate(_ value: AnimatableValue, cycleEnd: AnimatableValue, sample: TimingSample) -> AnimatableValue {
        guard isCumulative, let total = cycleEnd.repeated(sample.completedCycles) else { return value }
        return AnimatableValue.add(total, value)
    }

    /// Applies the value function and additivity, then stores the value at the track.
    func write(_ value: AnimatableValue, at track: PropertyTrack, to accumulator: inout PresentationAccumulator) {
        var result = value
        if let valueFunction { result = .transform(valueFunction.transform(for: value)) }
        if isAdditive {
            let below = track.value(in: accumulator.state) ?? AnimatableValue.neutral(like: result) ?? result
            result = AnimatableValue.add(below.shaped(like: result), result)
        }
        if !track.write(result, into: &accumulator.state) {
            let shown = result.anyValue.map { "\($0) (\(type(of: $0)))" } ?? "nil"
            let keyPath = self.keyPath ?? ""
            warnOnce("animation on '\(keyPath)' gives \(shown), which '\(keyPath)' cannot hold; the animation is ignored")
        }
    }
}
