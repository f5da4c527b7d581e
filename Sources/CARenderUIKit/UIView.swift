import Foundation
import CARenderGeometry
import CARenderGraphics
import CARenderModel

/// A minimal layer-backed view, built as UIKit builds one: the view is its layer's delegate and
/// answers `NSNull` (no animation) for property changes outside an animation block, and a basic
/// animation inside one.
open class UIView: NSObject, CALayerDelegate {
    /// The view's backing layer.
    public let layer: CALayer
    /// An integer that identifies the view in your code.
    open var tag: Int = 0

    /// The view's subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    public internal(set) weak var superview: UIView?

    /// The class of the layer a view of this class is made with (`CALayer` by default).
    /// Override it to back a view with a `CAShapeLayer`, `CAGradientLayer`, `CAReplicatorLayer`,
    /// `CATextLayer` or `CATransformLayer`.
    ///
    /// Difference from Apple: Swift on Linux can create an object from a class value only through
    /// a `required` initializer, which `CALayer` does not have (Apple code overrides `init()` and
    /// `init(layer:)` without `required`), so a class of your own falls back to its nearest
    /// carender layer class with a warning; add such a layer as a sublayer instead.
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        layer = Self.makeLayer(of: Self.layerClass)
        super.init()
        layer.delegate = self
        self.frame = frame
        // UIKit draws a view with `draw(_:)` when it first appears; views that draw nothing
        // leave their contents empty.
        layer.setNeedsDisplay()
    }

    /// A new layer of `layerClass`: carender's own layer classes by identity, the nearest of them
    /// for a subclass of one.
    private static func makeLayer(of layerClass: AnyClass) -> CALayer {
        var candidate: AnyClass? = layerClass
        var made: CALayer?
        while let current = candidate, made == nil {
            switch ObjectIdentifier(current) {
            case ObjectIdentifier(CALayer.self): made = CALayer()
            case ObjectIdentifier(CAShapeLayer.self): made = CAShapeLayer()
            case ObjectIdentifier(CAGradientLayer.self): made = CAGradientLayer()
            case ObjectIdentifier(CAReplicatorLayer.self): made = CAReplicatorLayer()
            case ObjectIdentifier(CATextLayer.self): made = CATextLayer()
            case ObjectIdentifier(CATransformLayer.self): made = CATransformLayer()
            default: candidate = _getSuperclass(current)
            }
        }
        let layer = made ?? CALayer()
        if ObjectIdentifier(type(of: layer)) != ObjectIdentifier(layerClass) {
            let reason = layerClass is CALayer.Type
                ? "Swift on Linux cannot create a layer of a class of your own from its class value"
                : "it is not a CALayer subclass"
            layer.stageContext.diagnostics.warnOnce("\(self).layerClass is \(layerClass): \(reason); the view's layer is a \(type(of: layer))")
        }
        return layer
    }

    public override convenience init() {
        self.init(frame: .zero)
    }

    // MARK: - Geometry

    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

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

    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: - Hierarchy

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
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

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: - Layout

    /// Lays out subviews; override to position them (called when the view's layer is laid out).
    open func layoutSubviews() {}

    open func setNeedsLayout() { layer.setNeedsLayout() }

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
