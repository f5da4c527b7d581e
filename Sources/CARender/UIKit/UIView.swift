import Foundation

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

    public init(frame: CGRect) {
        layer = CALayer()
        super.init()
        layer.delegate = self
        self.frame = frame
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

    // MARK: - CALayerDelegate

    /// The layer asks its view to lay out: `layoutSubviews()`.
    open func layoutSublayers(of layer: CALayer) { layoutSubviews() }

    /// `NSNull` outside `UIView.animate` blocks, an animation inside one.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimationState.action(for: layer, key: event)
    }
}
