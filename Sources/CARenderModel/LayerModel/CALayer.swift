import Foundation
import CARenderGeometry
import CARenderGraphics

/// An object told when a layer it is the delegate of moves to another superlayer (UIKit's views,
/// which learn from it when their window changes).
package protocol SuperlayerObserver: AnyObject {
    func layerDidChangeSuperlayer(_ layer: CALayer, from oldSuperlayer: CALayer?)
}

/// A layer class carender can make instances of from the class itself, outside a script: for
/// a view's `layerClass`, and for presentation copies made with the class's `init(layer:)`, so
/// `presentation()` returns one. Swift calls an initializer through a class value only when
/// every subclass must have it: declare the class `final`, or its `init()` and `init(layer:)`
/// `required`. (A script needs none of this: its compiler tells carender how to make each of
/// its layer classes.)
///
/// ```swift
/// final class PieLayer: CALayer, InstantiableLayer {
///     override class func needsDisplay(forKey key: String) -> Bool { ... }
/// }
/// ```
public protocol InstantiableLayer: CALayer {
    /// Creates a layer with default values: how a view makes its `layerClass`.
    init()
    /// Copies another layer's state: how carender makes the layer's presentation copies.
    init(layer: Any)
}

/// A rectangle of content in a tree of layers: Core Animation's model object.
///
/// Property values live in a `LayerState` value (`modelState`); every setter goes through
/// `setModelValue(_:_:)`, the single place where transactions and actions hook in.
open class CALayer: NSObject {
    // The stored properties every frame reads for every layer (the model and committed values,
    // the presentation records and boxes, the sublayers and mask) are `@exclusivity(unchecked)`:
    // the run-time check of each access to a class's stored property (`swift_beginAccess`, a
    // thread-local access set) cost some tenth of an animated frame's walk, several checks per
    // layer. It is safe to leave out: the check finds only two accesses to one property that
    // overlap on one thread, and no access to these spans code that reaches the same property
    // again — each change is one assignment or one call on the value, whose arguments are
    // evaluated before it begins, and the in-place reads (`withModelValues`) only copy bytes or
    // read a value. A layer is used by one thread at a time, as Core Animation's are.

    /// The model values, as the program last set them.
    @exclusivity(unchecked) package internal(set) var modelState = LayerState()

    /// The layer's name, for debugging and `sublayers` look-ups.
    open var name: String?

    /// The object that may supply actions; held weakly, as on Apple's platforms.
    open weak var delegate: (any CALayerDelegate)?

    /// Actions by key, searched after the delegate.
    open var actions: [String: any CAAction]?

    /// A dictionary of default values, searched after `actions` (`style["actions"]` holds actions).
    open var style: [AnyHashable: Any]?

    /// Keys and values stored by `setValue(_:forKey:)` for keys that are not layer properties.
    var customValues: [String: Any] = [:]
    /// While the presentation is redrawn for an animated key of the layer's own, the values
    /// `value(forKey:)` reports for those keys (see CustomPropertyRedraw.swift).
    var presentationDrawingValues: [String: Any]?

    /// For a presentation copy, the model layer it was made from.
    weak var modelLayerReference: CALayer?

    /// The context of the stage whose tree the layer joined last: the stage sets its root
    /// layer's, and a layer added below (or as the mask of) a layer that has one takes it, its
    /// subtree with it. A layer keeps it when it leaves the tree, so its running animations and
    /// pending changes stay with that stage. Weak: the stage owns its context.
    weak var owningStageContext: StageContext?

    /// The context this layer's changes, animations, layout and diagnostics belong to: its
    /// stage's. A layer that has never been in a stage's tree has none yet, and uses the
    /// current context, as a change on Apple's platforms joins the current thread's
    /// transaction whatever layer it is made to (see `StageContext`); its changes are committed
    /// when it joins a tree (layers outside every tree have no committed state).
    package var stageContext: StageContext { owningStageContext ?? StageContext.current }

    /// Gives this layer's subtree the context of the stage `parent` belongs to, when it has one.
    private func joinStage(of parent: CALayer) {
        guard let context = parent.owningStageContext, owningStageContext !== context else { return }
        forEachInSubtree { $0.owningStageContext = context }
    }

    /// The model values as of the last outermost commit: what is rendered, before animations.
    /// Nil until the layer is first committed (`hasBeenCommitted`, which is set with it).
    var committedState: LayerState? {
        get { committedStorage }
        set {
            committedStorage = newValue
            committedRenderState = nil
            presentationGeneration &+= 1
        }
    }
    @exclusivity(unchecked) private var committedStorage: LayerState?
    /// Changes whenever the committed values or the presentation records change, so that a
    /// presentation box filled from the committed values knows whether it still holds them
    /// wherever no animation writes (see `PresentationBoxes`).
    @exclusivity(unchecked) private(set) var presentationGeneration: UInt64 = 1

    /// The committed values as render nodes share them while nothing animates the layer, made
    /// when first drawn after a commit (see `sharedRenderState(flippedAbove:)`).
    @exclusivity(unchecked) private var committedRenderState: LayerStateBox?
    /// `contentsAreFlipped` of `committedRenderState`'s values, kept beside the reference: read
    /// from the values, deep in the ~1.3 KB state, it was a cache miss per layer per frame.
    @exclusivity(unchecked) private var committedRenderStateIsFlipped = false
    /// Boxes the layer's last presentation values were handed to the compositor in, reused once
    /// the frames that drew them are gone (see `animatedRenderState`).
    @exclusivity(unchecked) var presentationBoxes = PresentationBoxes()

    /// The committed values for a render node of a layer nothing animates, with
    /// `contentsAreFlipped` as its place in the tree says: one object every frame shares while
    /// the values stay, so a frame neither copies them nor retains what they refer to. Nil
    /// before the first commit (presentation then starts from the model values).
    ///
    /// Handed out unretained (a retain and release per layer per frame otherwise): the layer
    /// keeps the box until its next commit, or a call with the other `flippedAbove`.
    final func sharedRenderState(flippedAbove: Bool) -> Unmanaged<LayerStateBox>? {
        guard hasBeenCommitted else { return nil }
        if let box = committedRenderState, committedRenderStateIsFlipped == flippedAbove {
            return Unmanaged.passUnretained(box)
        }
        var state = committedStorage!
        state.contentsAreFlipped = flippedAbove
        let box = LayerStateBox(state)
        committedRenderState = box
        committedRenderStateIsFlipped = flippedAbove
        return Unmanaged.passUnretained(box)
    }

    /// Calls `body` with the address of the values presentation starts from — the committed
    /// values, or the model values before the first commit — read in place: a copy of the state
    /// would retain every reference it holds, for one number.
    final func withModelValues<Result>(_ body: (UnsafeRawPointer) -> Result) -> Result {
        // Which values to read is `hasBeenCommitted`, not `committedState != nil`: testing the
        // optional copies the whole state (retaining and releasing everything it holds), even
        // through a pointer.
        assert(hasBeenCommitted == (committedStorage != nil), "committedState is present exactly when hasBeenCommitted")
        if hasBeenCommitted {
            return withUnsafeMutablePointer(to: &committedStorage) { optional in
                // A present optional's payload is at its start.
                body(UnsafeRawPointer(optional))
            }
        }
        return withUnsafeMutablePointer(to: &modelState) { body(UnsafeRawPointer($0)) }
    }
    /// Whether the layer has been part of a committed stage tree (only such layers animate
    /// implicitly). Set together with the layer's first `committedState`, which is never removed,
    /// so it also says whether there are committed values (without testing that optional, which
    /// copies them).
    @exclusivity(unchecked) var hasBeenCommitted = false
    /// Presentation copies take property writes without transactions or actions.
    var isPresentationCopy = false
    /// True while a presentation copy of this layer is being made (see `init(layer:)`).
    var isMakingPresentationCopy = false
    /// True while one change of the sublayers (setting `sublayers`, replacing one) runs, so its
    /// steps do not each look up the `kCATransition` action again.
    private var isChangingSublayers = false
    /// Attached animations in application order (see CALayer+Animations.swift).
    var animationEntries: [AttachedAnimation] = [] {
        didSet { refreshPresentationEntries() }
    }
    /// What the presentation pass reads of `animationEntries` every frame, and what those
    /// records write (`PresentationRecords`).
    @exclusivity(unchecked) private var presentationRecords = PresentationRecords()
    /// The per-frame records (`PresentationEntry`), read in place.
    var presentationEntries: UnsafeBufferPointer<PresentationEntry> { presentationRecords.records }
    /// The parts of the state `presentationEntries` write, when every record is compiled (nil
    /// when an animation evaluates itself and may write anything).
    var presentationWrites: UnsafeBufferPointer<StateSpan>? { presentationRecords.writes }

    /// Rebuilds `presentationEntries` after the entries, a begin time or a stop flag changed.
    func refreshPresentationEntries() {
        let records = PresentationEntry.records(for: animationEntries)
        presentationRecords = PresentationRecords(records, writes: PresentationEntry.writtenSpans(of: records))
        presentationGeneration &+= 1
    }

    @exclusivity(unchecked) private(set) var sublayerStorage: [CALayer]?
    /// The layer this one is a sublayer of, or whose `mask` it is.
    public private(set) weak var superlayer: CALayer? {
        didSet {
            // A view hears of its layer's moves (the layer tree decides which window it is in).
            if oldValue !== superlayer, !isPresentationCopy, let observer = delegate as? any SuperlayerObserver {
                observer.layerDidChangeSuperlayer(self, from: oldValue)
            }
        }
    }
    @exclusivity(unchecked) private(set) var maskStorage: CALayer?

    /// Creates a layer with Core Animation's default property values.
    public override init() {
        super.init()
    }

    /// Makes a copy of `layer`'s state: Core Animation's initializer for presentation copies.
    /// A subclass overrides it to copy its own stored properties, calling `super.init(layer:)`;
    /// carender makes presentation copies of a script's layer classes with it, as Apple does.
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            modelState = other.modelState
            name = other.name
            delegate = other.delegate
            actions = other.actions
            style = other.style
            customValues = other.customValues
            // A copy being made for the presentation takes the writes of the subclass's
            // `init(layer:)` without transactions or actions.
            isPresentationCopy = other.isMakingPresentationCopy
        }
    }

    /// Declared for source compatibility (`NSCoding`'s initializer, which `UIView` and
    /// `CALayer` subclasses written for Apple's platforms implement): nothing decodes layers
    /// here, so it makes a layer with default values. Unlike Apple's it is not `required`.
    public init?(coder: NSCoder) {
        super.init()
    }

    // MARK: - The model-change hook

    /// The properties this class responds to, each declared once (see LayerProperty.swift).
    /// A layer class that adds properties overrides this with a table inheriting its
    /// superclass's.
    package class var propertyTable: LayerPropertyTable { baseProperties }

    /// How the compositor treats layers of this class; a layer class with its own drawing
    /// overrides it with its own kind.
    class var renderKind: RenderNode.Kind { .layer }

    /// Adds to the layer's record in `frame` what its class draws beyond its presented values (an
    /// emitter's particles, a player's video frame, a tiled layer's tiles), at the layer's local
    /// time `localTime`, stage time `stageTime`: called by the frame's walk
    /// (`RenderFrame.build(_:from:log:)`) right after the record is added, for classes that
    /// `contributeToFrame`. Values to change are written through `RenderFrame.mutableState(of:)`;
    /// sublayers the class draws itself, in front of none of its own sublayers, are added with
    /// `RenderFrame.appendDrawnSublayer(_:)`.
    func contributeToFrame(_ frame: RenderFrame, record: Int32, localTime: Double, stageTime: Double) {}

    /// Whether the frame's walk calls `contributeToFrame(_:record:localTime:stageTime:)` for the
    /// class's layers, or builds its sublayers as instances (a replicator): false for most
    /// classes, which then cost the walk nothing.
    class var contributesToFrame: Bool { false }

    /// A declared property's model value (its accessor: see LayerProperty.swift). Setting it is
    /// the setter hook.
    package subscript<Value>(key: LayerPropertyKey<Value>) -> Value {
        get { modelState[keyPath: key.keyPath] }
        set { setModelValue(key, newValue) }
    }

    /// Every property setter lands here: the one place where a change joins the transaction and
    /// can trigger an action, reported under the property's KVC name. The action is looked up
    /// before the value is stored (so it can read the on-screen value) and run after.
    func setModelValue<Value>(_ key: LayerPropertyKey<Value>, _ value: Value) {
        if isPresentationCopy {
            modelState[keyPath: key.keyPath] = value
            return
        }
        let changes = !ValueEquality.equal(modelState[keyPath: key.keyPath], value)
        let action = changes ? actionForPropertyChange(key.name) : nil
        stageContext.transactions.layerWillChange(self)
        modelState[keyPath: key.keyPath] = value
        action?.run(forKey: key.name, object: self, arguments: nil)
    }

    // MARK: - Actions

    /// The action for `event`: the delegate's `action(for:forKey:)`, then `actions`, then
    /// `style["actions"]`, then `defaultAction(forKey:)`, then Core Animation's implicit
    /// animation for animatable properties. `NSNull` anywhere ends the search with nil.
    open func action(forKey event: String) -> (any CAAction)? {
        ActionSearch.action(for: self, event: event)
    }

    /// The class's default action for `event`. Like Apple's, CALayer's returns nil: implicit
    /// animations come from the last step of `action(forKey:)`, not from here.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    // MARK: - Key-value coding (implemented in CALayer+KeyValueCoding.swift)

    /// The value of a property, or of an arbitrary key stored with `setValue(_:forKey:)`. A dotted
    /// key that names part of a layer property ("transform.rotation.z") is read as that key path;
    /// any other key is taken whole.
    open func value(forKey key: String) -> Any? { layerValue(forKey: key) }

    /// Sets a property, or stores an arbitrary value under `key` (dotted keys as in `value(forKey:)`).
    open func setValue(_ value: Any?, forKey key: String) { setLayerValue(value, forKey: key) }

    /// The value at a key path such as "position.x", "bounds.size.width" or
    /// "transform.rotation.z"; keys that are not layer properties read what `setValue` stored.
    /// Numbers come out as `NSNumber` (castable to `CGFloat`, `Double`, `Float`), geometry as the
    /// plain struct (castable to `NSValue`).
    open func value(forKeyPath keyPath: String) -> Any? { layerValue(forKeyPath: keyPath) }

    /// Sets the value at a key path. Setting part of a property ("transform.rotation.z") changes
    /// the property as a whole through the same hook as its setter, so actions are looked up for
    /// the property ("transform"). A value of the wrong type for a property is ignored (Apple's
    /// frameworks raise an exception instead).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setLayerValue(value, forKeyPath: keyPath) }

    /// The value `value(forKey:)` reports for a key never set: a layer property's default, nil
    /// for other keys. Subclasses override it to give their own keys defaults (calling super
    /// for the rest).
    open class func defaultValue(forKey key: String) -> Any? {
        kvcBoxed(propertyTable.resolve(key)?.value(in: LayerState()))
    }

    /// Whether a change of `key` (including every animation frame of it) needs the layer redrawn;
    /// false for every key unless a subclass says otherwise.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Hit testing (implemented in CALayer+HitTesting.swift)

    /// The farthest descendant (or this layer) containing `p`, which is in the superlayer's
    /// coordinates; hidden layers and, with `masksToBounds`, points outside the bounds are
    /// skipped; siblings are searched front to back. Uses model geometry.
    open func hitTest(_ p: CGPoint) -> CALayer? { layerHitTest(p) }

    /// Whether `p`, in this layer's coordinates, lies inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }


    // MARK: - Overridable entry points
    // Declared here, in the class body, so subclasses can override them as on Apple's
    // platforms; each forwards to its implementation in the extension that owns the concept.

    /// The layer's rectangle in its superlayer's coordinates (see CALayer+Frame.swift).
    open var frame: CGRect {
        get { frameValue }
        set { frameValue = newValue }
    }

    /// The transform as an affine transform when it is one, otherwise the identity.
    open func affineTransform() -> CGAffineTransform { affineTransformValue() }

    /// Replaces the transform with an affine one.
    open func setAffineTransform(_ m: CGAffineTransform) { replaceTransform(withAffine: m) }

    /// Attaches a copy of `anim` under `key` (see CALayer+Animations.swift).
    open func add(_ anim: CAAnimation, forKey key: String?) { attach(anim, forKey: key) }

    /// The attached copy under `key`.
    open func animation(forKey key: String) -> CAAnimation? { attachedAnimation(forKey: key) }

    /// The keys of the attached animations in the order they apply; nil when there are none.
    open func animationKeys() -> [String]? { attachedAnimationKeys() }

    /// Removes the animation under `key`.
    open func removeAnimation(forKey key: String) { detachAnimation(forKey: key) }

    /// Removes every animation.
    open func removeAllAnimations() { detachAllAnimations() }

    /// Converts a point from `layer`'s coordinates (see CALayer+Conversion.swift).
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { convertPoint(p, from: layer) }

    /// Converts a point to `layer`'s coordinates.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { convertPoint(p, to: layer) }

    /// Converts a rectangle from `layer`'s coordinates (the box of its converted corners).
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { convertRect(r, from: layer) }

    /// Converts a rectangle to `layer`'s coordinates.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { convertRect(r, to: layer) }

    /// Converts `t` from `layer`'s local time (absolute time when nil) to the receiver's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval { convertLocalTime(t, from: layer) }

    /// Converts `t` from the receiver's local time to `layer`'s (absolute time when nil).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval { convertLocalTime(t, to: layer) }

    /// A copy with the running animations applied at the current time (see
    /// CALayer+Presentation.swift), of the receiver's class; nil before the layer is first
    /// committed.
    ///
    /// The copy is made with `init(layer:)`, as Apple makes it, for carender's layer classes and
    /// for those of a script (whose compiler says how to make them, see `_makePresentationCopy`).
    /// For a subclass declared outside a script, which carender cannot make from its class,
    /// the copy would be of its nearest carender class, which is not a `Self`: this is nil for
    /// it (`Stage.sample` reads its on-screen values).
    open func presentation() -> Self? { makePresentation() as? Self }

    /// For a presentation copy the model layer it was made from, otherwise the receiver.
    open func model() -> Self { modelLayer() as? Self ?? self }

    // MARK: - Making layers of a class from its class value

    /// A new layer of the receiving class made with `init()`, or nil when the class does not say
    /// how. (Swift can call an initializer through a class value only when it is `required`, and
    /// Apple's `CALayer` initializers are not, so code written for Apple's platforms overrides
    /// them freely.) The script compiler adds an override to each layer class of a script, so a
    /// view's `layerClass` can name it; carender's own classes are made by `UIView` directly.
    @_spi(SourceCompatibility) open class func _makeLayer() -> CALayer? {
        (self as? any InstantiableLayer.Type)?.init()
    }

    /// A presentation copy of `layer` made with the receiving class's `init(layer:)` (the
    /// subclass's override included), or nil when the class does not say how (see `_makeLayer()`).
    @_spi(SourceCompatibility) open class func _makePresentationCopy(of layer: CALayer) -> CALayer? {
        (self as? any InstantiableLayer.Type)?.init(layer: layer)
    }

    /// What a script's layer class answers when it lacks the initializer `_makeLayer()` or
    /// `_makePresentationCopy(of:)` needs (it declares other designated initializers, so it
    /// inherits none): nil, after saying once what Apple's platforms do (they stop the app with
    /// "Use of unimplemented initializer") and what to add.
    @_spi(SourceCompatibility) public class func _missingInitializer(_ initializer: String) -> CALayer? {
        let example = initializer == "init()" ? "override init() { super.init() }"
            : "override init(layer: Any) { super.init(layer: layer) /* copy your stored properties */ }"
        Diagnostics.warnOnce("\(self) does not implement \(initializer), which Core Animation calls (on Apple's platforms this stops the app: \"Use of unimplemented initializer '\(initializer)' for class '\(self)'\"); carender uses its nearest built-in layer class instead. Add: \(example)")
        return nil
    }

    // MARK: - Filters (kept, not drawn)

    /// Core Image filters; carender keeps them but does not draw them (a warning says so).
    open var filters: [Any]? {
        didSet { warnNotDrawn("filters", filters != nil) }
    }

    /// Filters applied to what lies behind the layer; kept, not drawn.
    open var backgroundFilters: [Any]? {
        didSet { warnNotDrawn("backgroundFilters", backgroundFilters != nil) }
    }

    /// A filter replacing source-over compositing; kept, not drawn (source-over is used).
    open var compositingFilter: Any? {
        didSet { warnNotDrawn("compositingFilter", compositingFilter != nil) }
    }

    private func warnNotDrawn(_ property: String, _ isSet: Bool) {
        guard isSet else { return }
        stageContext.diagnostics.warnOnce("\(property) is kept but not drawn by carender")
    }

    /// How far a corner curve's rounding extends along each edge, relative to `cornerRadius`.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    /// Whether `contents` is drawn flipped: an odd number of geometry-flipped layers above it.
    open func contentsAreFlipped() -> Bool {
        var flips = 0
        var layer = superlayer
        while let current = layer {
            if current.isGeometryFlipped { flips += 1 }
            layer = current.superlayer
        }
        return flips % 2 == 1
    }

    /// The size the layer would like to be; the default is its bounds' size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    // MARK: - Layout and display

    /// Set by `setNeedsLayout()`; cleared when the layer is laid out.
    var needsLayoutFlag = false
    /// Set by `setNeedsDisplay()`; cleared when the layer is displayed.
    var needsDisplayFlag = false

    /// Marks the layer for layout: `layoutSublayers()` runs before the next commit reaches the
    /// screen (or at `layoutIfNeeded()`). Changing `bounds` does this too.
    open func setNeedsLayout() {
        needsLayoutFlag = true
        stageContext.layout.schedule(self)
    }

    /// Whether `setNeedsLayout()` is pending.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this layer now if it is marked, then its sublayers.
    open func layoutIfNeeded() {
        var walked: Set<ObjectIdentifier> = []
        performLayoutIfNeeded(walked: &walked)
    }

    /// Positions the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    /// Override to lay out sublayers by hand.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Marks the contents for an update: `display()` runs before the next commit.
    open func setNeedsDisplay() {
        needsDisplayFlag = true
        stageContext.layout.schedule(self)
    }

    /// Marks part of the contents for an update (carender updates the whole layer).
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether `setNeedsDisplay()` is pending.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer now if it is marked.
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// Updates `contents`: the delegate's `display(_:)` when it implements it, else a drawing —
    /// a context the size of the bounds times `contentsScale` handed to `draw(in:)`, whose image
    /// becomes the contents (when something was drawn). Override to set `contents` yourself.
    open func display() {
        if let delegate { delegate.display(self) } else { drawContentsImage() }
    }

    /// Draws the layer's content into `ctx` (the layer's coordinates, y down); the default asks
    /// the delegate's `draw(_:in:)`. Override to draw with Core Graphics.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    // MARK: - CAMediaTiming

    /// When the layer's timeline starts, in its superlayer's time; 0 by default.
    open var beginTime: CFTimeInterval {
        get { self[Self.layerKeys.beginTime] }
        set { self[Self.layerKeys.beginTime] = newValue }
    }

    /// Infinite by default for layers, so a layer's local time never wraps.
    open var duration: CFTimeInterval {
        get { self[Self.layerKeys.duration] }
        set { self[Self.layerKeys.duration] = newValue }
    }

    /// 0 pauses the layer's subtree (Apple's QA1673 pause recipe).
    open var speed: Float {
        get { self[Self.layerKeys.speed] }
        set { self[Self.layerKeys.speed] = newValue }
    }

    /// An offset added to the layer's local time; 0 by default.
    open var timeOffset: CFTimeInterval {
        get { self[Self.layerKeys.timeOffset] }
        set { self[Self.layerKeys.timeOffset] = newValue }
    }

    /// How many times the layer's timeline repeats; 0 by default. Its duration is infinite by
    /// default, so this matters only with a finite `duration`.
    open var repeatCount: Float {
        get { self[Self.layerKeys.repeatCount] }
        set { self[Self.layerKeys.repeatCount] = newValue }
    }

    /// How long the layer's timeline repeats, in seconds; 0 by default.
    open var repeatDuration: CFTimeInterval {
        get { self[Self.layerKeys.repeatDuration] }
        set { self[Self.layerKeys.repeatDuration] = newValue }
    }

    /// Whether the layer's timeline runs backwards after forwards; false by default.
    open var autoreverses: Bool {
        get { self[Self.layerKeys.autoreverses] }
        set { self[Self.layerKeys.autoreverses] = newValue }
    }

    /// What the layer's timeline shows outside its active period; `.removed` by default.
    open var fillMode: CAMediaTimingFillMode {
        get { self[Self.layerKeys.fillMode] }
        set { self[Self.layerKeys.fillMode] = newValue }
    }

    // MARK: - Geometry

    /// The layer's own coordinate space: its origin and size.
    open var bounds: CGRect {
        get { self[Self.layerKeys.bounds] }
        set {
            let resized = newValue.size != modelState.bounds.size
            self[Self.layerKeys.bounds] = newValue
            if resized && !isPresentationCopy {
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinates.
    open var position: CGPoint {
        get { self[Self.layerKeys.position] }
        set { self[Self.layerKeys.position] = newValue }
    }

    /// The position on the z axis; also orders siblings, higher on top.
    open var zPosition: CGFloat {
        get { self[Self.layerKeys.zPosition] }
        set { self[Self.layerKeys.zPosition] = newValue }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and transforms pivot on.
    open var anchorPoint: CGPoint {
        get { self[Self.layerKeys.anchorPoint] }
        set { self[Self.layerKeys.anchorPoint] = newValue }
    }

    /// The z component of the anchor point.
    open var anchorPointZ: CGFloat {
        get { self[Self.layerKeys.anchorPointZ] }
        set { self[Self.layerKeys.anchorPointZ] = newValue }
    }

    /// The transform applied to the layer about its anchor point.
    open var transform: CATransform3D {
        get { self[Self.layerKeys.transform] }
        set { self[Self.layerKeys.transform] = newValue }
    }

    /// The transform applied to the sublayers, about this layer's anchor point.
    open var sublayerTransform: CATransform3D {
        get { self[Self.layerKeys.sublayerTransform] }
        set { self[Self.layerKeys.sublayerTransform] = newValue }
    }

    /// Whether the layer's geometry (and its sublayers') is flipped vertically.
    open var isGeometryFlipped: Bool {
        get { self[Self.layerKeys.geometryFlipped] }
        set { self[Self.layerKeys.geometryFlipped] = newValue }
    }

    // MARK: - Visibility and compositing

    /// Hides the layer and its sublayers.
    open var isHidden: Bool {
        get { self[Self.layerKeys.hidden] }
        set { self[Self.layerKeys.hidden] = newValue }
    }

    /// The layer's opacity, 0 to 1.
    open var opacity: Float {
        get { self[Self.layerKeys.opacity] }
        set { self[Self.layerKeys.opacity] = newValue }
    }

    /// Whether an opacity below 1 composites the subtree as one group.
    open var allowsGroupOpacity: Bool {
        get { self[Self.layerKeys.allowsGroupOpacity] }
        set { self[Self.layerKeys.allowsGroupOpacity] = newValue }
    }

    /// Whether edges of a transformed layer are anti-aliased.
    open var allowsEdgeAntialiasing: Bool {
        get { self[Self.layerKeys.allowsEdgeAntialiasing] }
        set { self[Self.layerKeys.allowsEdgeAntialiasing] = newValue }
    }

    /// When false, the layer is not drawn while its back faces the viewer.
    open var isDoubleSided: Bool {
        get { self[Self.layerKeys.doubleSided] }
        set { self[Self.layerKeys.doubleSided] = newValue }
    }

    /// Clips contents and sublayers to the (rounded) bounds, and removes the layer's shadow.
    open var masksToBounds: Bool {
        get { self[Self.layerKeys.masksToBounds] }
        set { self[Self.layerKeys.masksToBounds] = newValue }
    }

    // MARK: - Background, corners and border

    /// The colour filling the bounds; nil draws nothing.
    open var backgroundColor: CGColor? {
        get { self[Self.layerKeys.backgroundColor] }
        set { self[Self.layerKeys.backgroundColor] = newValue }
    }

    /// The radius of the rounded corners of the background, border and clip.
    open var cornerRadius: CGFloat {
        get { self[Self.layerKeys.cornerRadius] }
        set { self[Self.layerKeys.cornerRadius] = newValue }
    }

    /// Which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask {
        get { self[Self.layerKeys.maskedCorners] }
        set { self[Self.layerKeys.maskedCorners] = newValue }
    }

    /// The shape of the rounded corners.
    open var cornerCurve: CALayerCornerCurve {
        get { self[Self.layerKeys.cornerCurve] }
        set { self[Self.layerKeys.cornerCurve] = newValue }
    }

    /// The width of the border, drawn inside the bounds above the sublayers.
    open var borderWidth: CGFloat {
        get { self[Self.layerKeys.borderWidth] }
        set { self[Self.layerKeys.borderWidth] = newValue }
    }

    /// The border's colour (opaque black by default).
    open var borderColor: CGColor? {
        get { self[Self.layerKeys.borderColor] }
        set { self[Self.layerKeys.borderColor] = newValue }
    }

    // MARK: - Shadow

    /// The shadow's colour (opaque black by default).
    open var shadowColor: CGColor? {
        get { self[Self.layerKeys.shadowColor] }
        set { self[Self.layerKeys.shadowColor] = newValue }
    }

    /// The shadow's opacity; 0 (the default) draws no shadow.
    open var shadowOpacity: Float {
        get { self[Self.layerKeys.shadowOpacity] }
        set { self[Self.layerKeys.shadowOpacity] = newValue }
    }

    /// The shadow's offset in layer coordinates; (0, −3) by default, which on iOS is upwards.
    open var shadowOffset: CGSize {
        get { self[Self.layerKeys.shadowOffset] }
        set { self[Self.layerKeys.shadowOffset] = newValue }
    }

    /// The blur radius of the shadow, used as the Gaussian's standard deviation in points.
    open var shadowRadius: CGFloat {
        get { self[Self.layerKeys.shadowRadius] }
        set { self[Self.layerKeys.shadowRadius] = newValue }
    }

    /// The outline that casts the shadow instead of the layer's composited alpha.
    open var shadowPath: CGPath? {
        get { self[Self.layerKeys.shadowPath] }
        set { self[Self.layerKeys.shadowPath] = newValue }
    }

    // MARK: - Contents

    /// The layer's image, usually a `CGImage`.
    open var contents: Any? {
        get { self[Self.layerKeys.contents] }
        set { self[Self.layerKeys.contents] = newValue }
    }

    /// How `contents` is placed in the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { self[Self.layerKeys.contentsGravity] }
        set { self[Self.layerKeys.contentsGravity] = newValue }
    }

    /// The part of `contents` to show, in unit coordinates.
    open var contentsRect: CGRect {
        get { self[Self.layerKeys.contentsRect] }
        set { self[Self.layerKeys.contentsRect] = newValue }
    }

    /// The stretchable centre of `contents`, in unit coordinates.
    open var contentsCenter: CGRect {
        get { self[Self.layerKeys.contentsCenter] }
        set { self[Self.layerKeys.contentsCenter] = newValue }
    }

    /// Pixels per point of `contents`.
    open var contentsScale: CGFloat {
        get { self[Self.layerKeys.contentsScale] }
        set { self[Self.layerKeys.contentsScale] = newValue }
    }

    /// The pixel format of the layer's backing store (carender always renders RGBA8).
    open var contentsFormat: CALayerContentsFormat {
        get { self[Self.layerKeys.contentsFormat] }
        set { self[Self.layerKeys.contentsFormat] = newValue }
    }

    /// How `contents` is sampled when drawn smaller than its size.
    open var minificationFilter: CALayerContentsFilter {
        get { self[Self.layerKeys.minificationFilter] }
        set { self[Self.layerKeys.minificationFilter] = newValue }
    }

    /// How `contents` is sampled when drawn larger than its size.
    open var magnificationFilter: CALayerContentsFilter {
        get { self[Self.layerKeys.magnificationFilter] }
        set { self[Self.layerKeys.magnificationFilter] = newValue }
    }

    /// The mipmap level bias of the `trilinear` minification filter. Ignored: trilinear filtering
    /// is drawn bilinear.
    open var minificationFilterBias: Float {
        get { self[Self.layerKeys.minificationFilterBias] }
        set { self[Self.layerKeys.minificationFilterBias] = newValue }
    }

    // MARK: - Rendering hints

    /// A promise that the layer is fully opaque (a hint; it does not change what is drawn).
    open var isOpaque: Bool {
        get { self[Self.layerKeys.opaque] }
        set { self[Self.layerKeys.opaque] = newValue }
    }

    /// Whether the layer is rendered as a bitmap before compositing; false by default. Ignored:
    /// carender draws the layer directly, so a low `rasterizationScale` does not soften it as it
    /// would on a device.
    open var shouldRasterize: Bool {
        get { self[Self.layerKeys.shouldRasterize] }
        set { self[Self.layerKeys.shouldRasterize] = newValue }
    }

    /// Pixels per point of the rasterized bitmap when `shouldRasterize` is on; 1 by default.
    /// Ignored, as `shouldRasterize` is.
    open var rasterizationScale: CGFloat {
        get { self[Self.layerKeys.rasterizationScale] }
        set { self[Self.layerKeys.rasterizationScale] = newValue }
    }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is on.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { self[Self.layerKeys.edgeAntialiasingMask] }
        set { self[Self.layerKeys.edgeAntialiasingMask] = newValue }
    }

    /// Whether changing the bounds asks for a redraw.
    open var needsDisplayOnBoundsChange: Bool {
        get { self[Self.layerKeys.needsDisplayOnBoundsChange] }
        set { self[Self.layerKeys.needsDisplayOnBoundsChange] = newValue }
    }

    /// Whether drawing may happen on a background thread (a hint; carender draws synchronously).
    open var drawsAsynchronously: Bool {
        get { self[Self.layerKeys.drawsAsynchronously] }
        set { self[Self.layerKeys.drawsAsynchronously] = newValue }
    }

    // MARK: - The layer tree

    /// The sublayers, back to front.
    open var sublayers: [CALayer]? {
        get { sublayerStorage }
        set {
            let incoming = newValue ?? []
            if !isPresentationCopy, let problem = incoming.lazy.compactMap({ self.cycleProblem(adding: $0) }).first {
                return refuse("sublayers = [...]", problem)
            }
            // Layers that leave get their onOrderOut actions (as removeFromSuperlayer gives them);
            // the list is replaced at once, so replacing N sublayers costs O(N), not O(N²).
            // Presentation copies just swap lists.
            runTransitionActionBeforeSublayersChange()
            let outer = isChangingSublayers
            isChangingSublayers = true
            defer { isChangingSublayers = outer }
            let keep = Set(incoming.map(ObjectIdentifier.init))
            var leaving: [(layer: CALayer, action: (any CAAction)?)] = []
            for layer in sublayerStorage ?? [] where layer.superlayer === self {
                let stays = keep.contains(ObjectIdentifier(layer))
                let action = isPresentationCopy || stays
                    ? nil : actionForPropertyChange(on: layer, event: kCAOnOrderOut, whenVisibleIn: self)
                layer.superlayer = nil
                if !stays { leaving.append((layer, action)) }
            }
            sublayerStorage = nil
            if !isPresentationCopy { stageContext.transactions.layerWillChange(self) }
            for (layer, action) in leaving { action?.run(forKey: kCAOnOrderOut, object: layer, arguments: nil) }
            for layer in incoming { addSublayer(layer) }
        }
    }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: sublayerStorage?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the sublayer count). The layer first leaves its
    /// current superlayer, so for a layer already in this one `index` counts the others.
    ///
    /// A change that would make a cycle (a layer inside its own subtree, masks included) is
    /// refused: nothing changes and an error names the layers. Apple's frameworks raise an
    /// exception instead.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        if !isPresentationCopy, let problem = cycleProblem(adding: layer) {
            return refuse("insertSublayer", problem)
        }
        runTransitionActionBeforeSublayersChange()
        layer.detachFromSuperlayer()
        // Take the list out while inserting, so the insertion does not copy it.
        var list = sublayerStorage ?? []
        sublayerStorage = nil
        list.insert(layer, at: min(Int(index), list.count))
        sublayerStorage = list
        layer.superlayer = self
        guard !isPresentationCopy else { return }
        layer.joinStage(of: self)
        stageContext.transactions.layerWillChange(self)
        if let action = actionForPropertyChange(on: layer, event: kCAOnOrderIn, whenVisibleIn: self) {
            action.run(forKey: kCAOnOrderIn, object: layer, arguments: nil)
        }
    }

    /// Inserts `layer` directly below `sibling` (at the back when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        if !isPresentationCopy, let problem = cycleProblem(adding: layer) {
            return refuse("insertSublayer(_:below:)", problem)
        }
        if layer.superlayer === self { layer.detachFromSuperlayer() }
        let index = sibling.flatMap { s in sublayerStorage?.firstIndex(where: { $0 === s }) } ?? 0
        insertSublayer(layer, at: UInt32(clamping: index))
    }

    /// Inserts `layer` directly above `sibling` (at the front when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        if !isPresentationCopy, let problem = cycleProblem(adding: layer) {
            return refuse("insertSublayer(_:above:)", problem)
        }
        if layer.superlayer === self { layer.detachFromSuperlayer() }
        let count = sublayerStorage?.count ?? 0
        let index = sibling.flatMap { s in sublayerStorage?.firstIndex(where: { $0 === s }) }.map { $0 + 1 } ?? count
        insertSublayer(layer, at: UInt32(clamping: index))
    }

    /// Puts `newLayer` where `oldLayer` is; does nothing when `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, sublayerStorage?.contains(where: { $0 === oldLayer }) == true else { return }
        if !isPresentationCopy, let problem = cycleProblem(adding: newLayer) {
            return refuse("replaceSublayer", problem)
        }
        runTransitionActionBeforeSublayersChange()
        let outer = isChangingSublayers
        isChangingSublayers = true
        defer { isChangingSublayers = outer }
        if newLayer.superlayer === self { newLayer.detachFromSuperlayer() }
        let index = sublayerStorage?.firstIndex(where: { $0 === oldLayer }) ?? 0
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(clamping: index))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        guard !parent.isPresentationCopy else { return detachFromSuperlayer() }
        parent.runTransitionActionBeforeSublayersChange()
        let action = actionForPropertyChange(on: self, event: kCAOnOrderOut, whenVisibleIn: parent)
        parent.stageContext.transactions.layerWillChange(parent)
        detachFromSuperlayer()
        action?.run(forKey: kCAOnOrderOut, object: self, arguments: nil)
    }

    /// A layer whose sublayers are about to change looks up the `kCATransition` event ("when a
    /// layer is about to take part in a transition", Apple's action identifiers), as the guide's
    /// action search describes; a transition found there (in `actions`, from the delegate, a
    /// subclass's default) is added now, so its snapshot shows the sublayers as they were.
    private func runTransitionActionBeforeSublayersChange() {
        guard !isPresentationCopy, !isChangingSublayers,
              let action = actionForPropertyChange(on: self, event: kCATransition, whenVisibleIn: self) else { return }
        isChangingSublayers = true
        defer { isChangingSublayers = false }
        action.run(forKey: kCATransition, object: self, arguments: nil)
    }

    private func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.maskStorage === self {
            parent.maskStorage = nil
        } else if var list = parent.sublayerStorage {
            // Take the list out while removing, so the removal does not copy it; the last layer
            // (the usual one when a tree is torn down) is found first.
            parent.sublayerStorage = nil
            if let index = list.lastIndex(where: { $0 === self }) { list.remove(at: index) }
            parent.sublayerStorage = list.isEmpty ? nil : list
        }
        superlayer = nil
    }

    /// A layer whose alpha masks this layer's content; laid out in this layer's bounds space.
    ///
    /// A mask that would make a cycle (the layer itself, one of its ancestors, a layer whose
    /// subtree holds it, or the stage's root layer) is refused: nothing changes and an error
    /// names the layers.
    open var mask: CALayer? {
        get { maskStorage }
        set {
            if newValue === maskStorage { return }
            if !isPresentationCopy, let layer = newValue, let problem = cycleProblem(adding: layer, asMask: true) {
                return refuse("mask", problem)
            }
            if !isPresentationCopy { stageContext.transactions.layerWillChange(self) }
            if let old = maskStorage, old.superlayer === self { old.superlayer = nil }
            maskStorage = nil
            if let layer = newValue {
                layer.detachFromSuperlayer()
                layer.superlayer = self
            }
            maskStorage = newValue
            if !isPresentationCopy, let layer = newValue { layer.joinStage(of: self) }
        }
    }

    /// Releases the subtree without recursion: a layer that only this subtree holds hands its
    /// sublayers and mask to the loop before it goes, so a deep tree cannot overflow the stack
    /// when it is freed.
    deinit {
        var pending = sublayerStorage ?? []
        if let mask = maskStorage { pending.append(mask) }
        sublayerStorage = nil
        maskStorage = nil
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            if let sublayers = layer.sublayerStorage { pending.append(contentsOf: sublayers) }
            if let mask = layer.maskStorage { pending.append(mask) }
            layer.sublayerStorage = nil
            layer.maskStorage = nil
        }
    }

    /// Whether this layer lies inside `ancestor`'s subtree (masks included), found by walking up
    /// from this layer and down through `ancestor`'s subtree a step at a time each, so the
    /// answer costs the shorter of the two walks: adding a fresh layer deep in a tree, or a big
    /// subtree near its root, stays cheap.
    func lies(inSubtreeOf ancestor: CALayer) -> Bool {
        var up = superlayer
        var down: [CALayer] = [ancestor]
        while true {
            guard let above = up else { return false }
            if above === ancestor { return true }
            up = above.superlayer
            guard let below = down.popLast() else { return false }
            if below === self { return true }
            if let mask = below.maskStorage { down.append(mask) }
            if let sublayers = below.sublayerStorage { down.append(contentsOf: sublayers) }
        }
    }

    /// Calls `body` for this layer and every layer below it, each before its sublayers (in
    /// order) and its mask. The walk keeps its own stack, so depth is limited only by memory.
    func forEachInSubtree(_ body: (CALayer) -> Void) {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            body(layer)
            if let mask = layer.maskStorage { pending.append(mask) }
            if let sublayers = layer.sublayerStorage { pending.append(contentsOf: sublayers.reversed()) }
        }
    }

    // MARK: - Cycles

    /// Why making `layer` a sublayer (or the mask) of this layer would break the tree, or nil
    /// when it would not.
    func cycleProblem(adding layer: CALayer, asMask: Bool = false) -> String? {
        let role = asMask ? "the mask" : "a sublayer"
        if layer === self {
            return "\(describedLayer) cannot be \(role) of itself: that would make a cycle"
        }
        if lies(inSubtreeOf: layer) {
            return "\(layer.describedLayer) cannot be \(role) of \(describedLayer), which lies inside it: that would make a cycle"
        }
        if let root = layer.owningStageContext, root.isRootLayer(layer) {
            return "the stage's root layer cannot be \(role) of \(describedLayer)"
        }
        return nil
    }

    /// Reports a refused tree change.
    private func refuse(_ change: String, _ problem: String) {
        stageContext.diagnostics.error("\(change) refused: \(problem); the layer tree is unchanged")
    }

    /// The layer as messages name it: its `name` in quotes, else its class and address.
    var describedLayer: String {
        if let name { return "layer '\(name)'" }
        return "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>"
    }
}
