import Foundation
import CARenderGeometry

/// The abstract base of Core Animation's animations: timing, a timing function, a delegate and
/// user values. Animations are copied when added to a layer.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming, CAAction {
    /// Every property of the animation, of every class, as one value (see `AnimationSettings`):
    /// the properties below are accessors into it, and a copy copies it whole.
    var settings = AnimationSettings()

    // MARK: CAMediaTiming

    /// When the animation begins, in the layer's local time; 0 means "when added" (replaced with
    /// the layer's local time by the transaction that adds it).
    open var beginTime: CFTimeInterval {
        get { settings.beginTime }
        set { settings.beginTime = newValue }
    }
    /// The length of one cycle; ≤ 0 is replaced, when added, by the transaction's animation
    /// duration (0.25 s by default).
    open var duration: CFTimeInterval {
        get { settings.duration }
        set { settings.duration = newValue }
    }
    /// How fast the animation's time runs relative to its layer's; 1 by default, 0 pauses it.
    open var speed: Float {
        get { settings.speed }
        set { settings.speed = newValue }
    }
    /// An offset added to the animation's local time, in seconds; 0 by default.
    open var timeOffset: CFTimeInterval {
        get { settings.timeOffset }
        set { settings.timeOffset = newValue }
    }
    /// How many times the animation repeats (fractions allowed, `.infinity` for ever); 0 by default,
    /// which plays it once.
    open var repeatCount: Float {
        get { settings.repeatCount }
        set { settings.repeatCount = newValue }
    }
    /// How long the animation repeats, in seconds; 0 by default.
    open var repeatDuration: CFTimeInterval {
        get { settings.repeatDuration }
        set { settings.repeatDuration = newValue }
    }
    /// Whether each cycle runs backwards after forwards; false by default.
    open var autoreverses: Bool {
        get { settings.autoreverses }
        set { settings.autoreverses = newValue }
    }
    /// What the animation shows outside its active period; `.removed` by default.
    open var fillMode: CAMediaTimingFillMode {
        get { settings.fillMode }
        set { settings.fillMode = newValue }
    }

    // MARK: Animation attributes

    /// The pacing of each cycle; nil means linear.
    open var timingFunction: CAMediaTimingFunction? {
        get { settings.timingFunction }
        set { settings.timingFunction = newValue }
    }
    /// Receives start and stop callbacks; held strongly, as on Apple's platforms.
    open var delegate: (any CAAnimationDelegate)? {
        get { settings.delegate }
        set { settings.delegate = newValue }
    }
    /// Whether the animation is removed from the layer when its active duration ends (true by
    /// default); fill-forwards needs false to show after the end.
    open var isRemovedOnCompletion: Bool {
        get { settings.isRemovedOnCompletion }
        set { settings.isRemovedOnCompletion = newValue }
    }

    /// Set on the first warning about this animation so each problem is reported once.
    var hasWarned = false
    /// The frame's work compiled when the animation was added to a layer, when it needs nothing
    /// but its own values (see `CompiledEvaluation`); the presentation pass then evaluates it
    /// instead of the animation.
    private(set) var compiledEvaluation: CompiledEvaluation?
    /// The objects `compiledEvaluation` refers to without owning them (`Unowned`), kept alive
    /// here, by the animation the layer's records hold.
    private var compiledObjects: [AnyObject] = []

    /// Sets `compiledEvaluation` to what `make` builds for `layer` (nil: off any stage),
    /// keeping the objects it refers to.
    final func setCompiledEvaluation(for layer: CALayer?, _ make: (_ keeping: inout CompiledObjects) -> CompiledEvaluation?) {
        var objects = CompiledObjects(timingFunctions: layer?.stageContext.animations.timingFunctions)
        compiledEvaluation = make(&objects)
        compiledObjects = objects.objects
    }
    /// The diagnostics of the stage of the layer the animation was added to (set when it is
    /// compiled for that layer).
    var diagnostics: DiagnosticLog?

    /// Where the animation's warnings go: its layer's stage, or, for an animation evaluated
    /// without being added to a layer, the current stage.
    var reportingLog: DiagnosticLog { diagnostics ?? Diagnostics.currentLog }

    /// Creates an animation with Apple's default values.
    public required override init() {
        super.init()
    }

    /// A new animation with Apple's defaults.
    open class func animation() -> Self { Self() }

    /// Apple's defaults for the animation's properties: 1 for `speed`, `removed` for `fillMode`,
    /// true for `removedOnCompletion`; nil otherwise.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "fillMode": return CAMediaTimingFillMode.removed.rawValue
        case "removedOnCompletion": return true
        default: return nil
        }
    }

    // MARK: Copying

    /// A copy of the same class with the same properties: every property is in `settings`, which
    /// the copy takes whole (a group then copies its children, see `completeCopy(of:)`).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.settings = settings
        copy.completeCopy(of: self)
        return copy
    }

    /// Finishes a copy whose `settings` were just taken from `original`: what a class copies
    /// beyond its settings (a group's children). Nothing for most classes.
    func completeCopy(of original: CAAnimation) {}

    // MARK: Key-value coding

    /// The timing and attribute properties by their Objective-C key-value-coding names: reading
    /// and setting them by key come from this list.
    private static let keyedProperties: [String: KeyedProperty] = [
        "beginTime": KeyedProperty(\.beginTime, accept: number),
        "duration": KeyedProperty(\.duration, accept: number),
        "speed": KeyedProperty(\.speed, accept: { number($0).map(Float.init) }),
        "timeOffset": KeyedProperty(\.timeOffset, accept: number),
        "repeatCount": KeyedProperty(\.repeatCount, accept: { number($0).map(Float.init) }),
        "repeatDuration": KeyedProperty(\.repeatDuration, accept: number),
        "autoreverses": KeyedProperty(\.autoreverses, accept: { $0 as? Bool }),
        "fillMode": KeyedProperty(\.fillMode, read: { $0.rawValue }, accept: { ($0 as? String).map(CAMediaTimingFillMode.init(rawValue:)) }),
        "removedOnCompletion": KeyedProperty(\.isRemovedOnCompletion, accept: { $0 as? Bool }),
        // Any other value clears the timing function, as assigning a non-function would.
        "timingFunction": KeyedProperty(\.timingFunction, accept: { .some($0 as? CAMediaTimingFunction) }),
    ]

    /// How key-value coding reads and sets one property.
    private struct KeyedProperty: Sendable {
        let read: @Sendable (CAAnimation) -> Any?
        /// Sets the property when the value has a usable type; otherwise leaves it alone.
        let write: @Sendable (CAAnimation, Any?) -> Void

        init<Value>(_ keyPath: ReferenceWritableKeyPath<CAAnimation, Value> & Sendable, read box: @escaping @Sendable (Value) -> Any? = { $0 },
                    accept: @escaping @Sendable (Any?) -> Value?) {
            read = { box($0[keyPath: keyPath]) }
            write = { animation, value in
                if let v = accept(value) { animation[keyPath: keyPath] = v }
            }
        }
    }

    /// A number from the Swift number types key-value coding is given.
    private static func number(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }

    /// The value stored for `key`: the timing properties by their Objective-C names, or a value
    /// stored earlier with `setValue(_:forKey:)`.
    open func value(forKey key: String) -> Any? {
        if let property = Self.keyedProperties[key] { return property.read(self) }
        return settings.userValues[key]
    }

    /// Stores `value` under `key` (any string; a user tag unless it names a timing property).
    open func setValue(_ value: Any?, forKey key: String) {
        if let property = Self.keyedProperties[key] { return property.write(self, value) }
        settings.userValues[key] = value
    }

    // MARK: CAAction

    /// Adds the animation to `anObject` (a layer) under `event`, which is how actions animate.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: Evaluation

    /// The timing parameters with the duration resolved: a positive `duration` as is, otherwise
    /// `inheritedDuration` (a group's, for its children) or Core Animation's 0.25 s.
    func timingParameters(inheritedDuration: Double? = nil) -> MediaTimingParameters {
        var d = duration
        if !(d > 0) { d = inheritedDuration ?? TransactionSystem.defaultAnimationDuration }
        return MediaTimingParameters(beginTime: beginTime, duration: d, speed: Double(speed), timeOffset: timeOffset,
                                     repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
                                     autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Writes this animation's effect at `parentTime` (the layer's local time, or the group's
    /// basic time for a child) into `accumulator`.
    func apply(to accumulator: inout PresentationAccumulator, parentTime: Double, inheritedDuration: Double? = nil) {
        apply(to: &accumulator, timing: timingParameters(inheritedDuration: inheritedDuration), parentTime: parentTime)
    }

    /// `apply(to:parentTime:inheritedDuration:)` with the timing parameters already resolved.
    func apply(to accumulator: inout PresentationAccumulator, timing: MediaTimingParameters, parentTime: Double) {
        guard let sample = timing.sample(parentTime: parentTime, parentFrozen: accumulator.parentFrozen) else { return }
        apply(sample, to: &accumulator)
    }

    /// Prepares the copy attached to `layer` for evaluation: property animations resolve their
    /// key path against the layer's properties and convert their values once, warning about
    /// key paths that animate nothing (the animation stays attached and harmless).
    func compile(for layer: CALayer) {}

    /// Subclasses write their value for a sample that contributes; the base class has none.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {}

    /// `sample`'s progress through the animation's own timing function.
    func curvedProgress(_ sample: TimingSample) -> Double {
        let s = sample.progress
        return timingFunction?.evaluate(s) ?? s
    }

    /// Prints `message` to standard error, once per animation.
    func warnOnce(_ message: @autoclosure () -> String) {
        guard !hasWarned else { return }
        hasWarned = true
        reportingLog.warning(message())
    }
}
