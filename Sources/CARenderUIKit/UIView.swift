import Foundation
import CARenderGeometry
import CARenderGraphics
@_spi(SourceCompatibility) import CARenderModel

/// A minimal layer-backed view, built as UIKit builds one: the view is its layer's delegate and
/// answers `NSNull` (no animation) for property changes outside an animation block, and a basic
/// animation inside one.
open class UIView: NSObject, CALayerDelegate {
    /// The view's backing layer. (Settable inside UIKit only for the stage's window, whose layer
    /// is the stage's root layer, see UIView+Hierarchy.swift.)
    public internal(set) var layer: CALayer
    /// An integer that identifies the view in your code.
    open var tag: Int = 0

    /// The view's subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    /// The view this view is a subview of, if any.
    public internal(set) weak var superview: UIView?
    /// True while the view's own hierarchy methods move its layer (see UIView+Hierarchy.swift).
    var isMovingInHierarchy = false
    /// The view controller whose root view this is (next in the responder chain after the view).
    weak var owningViewController: UIViewController?

    /// The class of the layer a view of this class is made with (`CALayer` by default).
    /// Override it to back a view with a `CAShapeLayer`, `CAGradientLayer`, `CAReplicatorLayer`,
    /// `CATextLayer`, `CATransformLayer`, or a layer class of your own.
    ///
    /// Difference from Apple: Swift on Linux can create an object from a class value only through
    /// a `required` initializer, which `CALayer` does not have (Apple code overrides `init()` and
    /// `init(layer:)` without `required`). The script compiler tells carender how to make each
    /// layer class a script declares; a class declared elsewhere (a package that imports
    /// CARender) falls back to its nearest carender layer class with a warning.
    open class var layerClass: AnyClass { CALayer.self }

    /// Creates a view with a frame rectangle, in its superview's coordinates.
    public init(frame: CGRect) {
        layer = Self.makeLayer(of: Self.layerClass)
        super.init()
        layer.delegate = self
        self.frame = frame
        // UIKit draws a view with `draw(_:)` when it first appears; views that draw nothing
        // leave their contents empty.
        layer.setNeedsDisplay()
    }

    /// Declared for source compatibility (`NSCoding`'s initializer, which view subclasses written
    /// for Apple's platforms implement): nothing decodes views here, so it makes a view with a
    /// zero frame. Unlike UIKit's it is not `required`: the script compiler marks a subclass's
    /// `required init?(coder:)` as overriding it.
    public init?(coder: NSCoder) {
        layer = Self.makeLayer(of: Self.layerClass)
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()
    }

    /// A new layer of `layerClass`: a script's own class through the factory its compiler
    /// declared, carender's own layer classes by identity, the nearest of them otherwise.
    private static func makeLayer(of layerClass: AnyClass) -> CALayer {
        if let own = layerClass as? CALayer.Type, let made = own._makeLayer() { return made }
        let layer = BuiltInLayerClass.nearest(to: layerClass).make()
        if ObjectIdentifier(type(of: layer)) != ObjectIdentifier(layerClass) {
            let reason = layerClass is CALayer.Type
                ? "carender makes layers of a class of your own only when a script declares it, or the class is an InstantiableLayer (Swift on Linux cannot create one from its class value otherwise)"
                : "it is not a CALayer subclass"
            layer.stageContext.diagnostics.warnOnce("\(self).layerClass is \(layerClass): \(reason); the view's layer is a \(type(of: layer))")
        }
        return layer
    }

    /// Creates a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    // MARK: - Geometry

    /// The view's frame in its superview's coordinates; setting it resizes subviews by their
    /// `autoresizingMask`. With a transform it is the transformed bounds' bounding box (UIKit
    /// calls the value undefined then: set `bounds` and `center` instead).
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            resizeSubviews(from: old)
        }
    }

    /// The view's bounds in its own coordinates; changing its size resizes subviews by their
    /// `autoresizingMask`.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            resizeSubviews(from: old)
        }
    }

    /// The view's centre in its superview's coordinates (its layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The view's 2D transform (the layer's transform, which must be affine).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: - Appearance

    /// The view's background colour (its layer's `backgroundColor`); nil, the default, is clear.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    /// The view's opacity, 0…1 (its layer's `opacity`); 1 by default.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Whether the view and its subviews are hidden.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the view's bounds (its layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: - Hierarchy (see UIView+Hierarchy.swift)

    /// Adds a view as the frontmost subview, removing it from its previous superview first.
    open func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// The first view in this subtree (this view included) whose `tag` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        // Depth first, in subview order, with its own stack so depth is limited only by memory.
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    /// Removes the view from its superview.
    open func removeFromSuperview() {
        detachFromSuperview()
    }

    /// The window the view is in: the stage's window when the view, or the view it is a subview
    /// of, has its layer in the stage's layer tree (a script shows views with
    /// `stage.rootLayer.addSublayer(view.layer)`), else nil.
    open var window: UIWindow? { findWindow() }

    /// Called before the view is added to `newSuperview`, or removed from its superview (nil).
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view was added to a superview or removed from one.
    open func didMoveToSuperview() {}

    /// Called before the view (or the view it is in) enters `newWindow`, or leaves its window (nil).
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Called after the view entered a window or left one (`window` tells which).
    open func didMoveToWindow() {}

    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}

    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: - Auto Layout and autoresizing (see UIView+Autoresizing.swift)

    /// Accepted for source compatibility: carender has no Auto Layout, so frames are what the
    /// code sets, whatever this says (UIKit's default, true, describes that best).
    open var translatesAutoresizingMaskIntoConstraints = true

    /// How the view resizes when its superview's bounds change size (see `autoresizesSubviews`).
    open var autoresizingMask: AutoresizingMask = []

    /// Whether a change of the view's size resizes its subviews by their `autoresizingMask`.
    open var autoresizesSubviews = true

    // MARK: - Layout

    /// Lays out subviews; override to position them (called when the view's layer is laid out).
    open func layoutSubviews() {}

    /// Marks the view as needing layout; `layoutSubviews()` runs when the transaction commits.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out the view now if it needs layout.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    // MARK: - Drawing

    /// Draws the view's content into `UIGraphicsGetCurrentContext()` (the view's bounds, y down).
    /// The default draws nothing; override it to draw with Core Graphics or UIKit drawing
    /// (`UIBezierPath.fill()`, `UIColor.setFill()`). Called when the view is first shown and
    /// after `setNeedsDisplay()`, with `rect` the bounds; the drawing becomes the layer's contents.
    open func draw(_ rect: CGRect) {}

    /// Marks the view's content for redrawing with `draw(_:)` before the next frame.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the view for redrawing (carender redraws the whole view).
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    // MARK: - Sizing

    /// The value of a dimension a view has no natural size in: -1.
    public class var noIntrinsicMetric: CGFloat { -1 }

    /// The view's natural size: none (`noIntrinsicMetric` in both dimensions) for a plain view;
    /// labels, buttons and image views override it.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Marks the intrinsic size as changed. Accepted: carender has no Auto Layout to tell.
    open func invalidateIntrinsicContentSize() {}

    /// The size that best fits `size`: a plain view's current size, as in UIKit.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    // MARK: - Interaction and appearance flags

    /// Whether the view takes touches. Stored only: scripts have no touches (a tap is a
    /// `stage.at` turn that calls the action).
    open var isUserInteractionEnabled = true
    /// Whether the view takes more than one touch. Stored only.
    open var isMultipleTouchEnabled = false
    /// Whether the view promises to fill its bounds with opaque content. Stored only: the
    /// compositor decides what it can skip from the pixels themselves.
    open var isOpaque = true

    private var storedTintColor: UIColor?

    /// The colour templates and system controls draw with: the view's own, else its
    /// superview's, else the system blue, as in UIKit.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            notifyTintChange()
        }
    }

    /// Calls `tintColorDidChange()` on this view and on every descendant that takes its tint from
    /// it, as UIKit does.
    private func notifyTintChange() {
        tintColorDidChange()
        for subview in subviews where subview.storedTintColor == nil { subview.notifyTintChange() }
    }

    /// Called when `tintColor` changes; override to redraw with it.
    open func tintColorDidChange() {}

    /// Pixels per point of the view's content: its layer's `contentsScale`.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    // MARK: - Traits

    /// The traits the view draws with: light mode at the screen's scale.
    open var traitCollection: UITraitCollection { UITraitCollection.current }

    /// Called when the traits change. carender's never change, so it is never called; it exists so
    /// that overrides compile.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: - Interface Builder

    /// Called after a view is loaded from a storyboard or nib. Scripts build views in code, so
    /// carender never calls it; it exists so that overrides compile.
    open func awakeFromNib() {}

    /// Called by Interface Builder before it renders a designable view. Never called here; it
    /// exists so that overrides compile.
    open func prepareForInterfaceBuilder() {}

    // MARK: - CALayerDelegate

    /// The layer asks its view to draw: `draw(_:)` with the layer's context current.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        withCurrentContext(ctx, scale: layer.contentsScale > 0 ? layer.contentsScale : 1) { draw(layer.bounds) }
    }

    /// The layer asks its view to lay out: `layoutSubviews()`.
    open func layoutSublayers(of layer: CALayer) { layoutSubviews() }

    /// `NSNull` outside `UIView.animate` blocks, an animation inside one.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimationState.action(for: layer, key: event)
    }
}
