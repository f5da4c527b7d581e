import Foundation
import CARenderGeometry

/// Which directions a scroll layer scrolls in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a scroll mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a scroll mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Scrolling does not move the layer.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Scrolling moves the layer vertically only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Scrolling moves the layer horizontally only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Scrolling moves the layer in both directions.
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    var scrollsHorizontally: Bool { self == .horizontally || self == .both }
    var scrollsVertically: Bool { self == .vertically || self == .both }
}

/// The name of `CAScrollLayerScrollMode.none`.
public let kCAScrollNone = CAScrollLayerScrollMode.none.rawValue
/// The name of `CAScrollLayerScrollMode.vertically`.
public let kCAScrollVertically = CAScrollLayerScrollMode.vertically.rawValue
/// The name of `CAScrollLayerScrollMode.horizontally`.
public let kCAScrollHorizontally = CAScrollLayerScrollMode.horizontally.rawValue
/// The name of `CAScrollLayerScrollMode.both`.
public let kCAScrollBoth = CAScrollLayerScrollMode.both.rawValue

/// A layer that shows a part of its sublayers: scrolling moves its bounds' origin, so the
/// sublayers move the other way. It handles no events and draws no scrollers (CAScrollLayer.h);
/// like any layer it clips its sublayers only with `masksToBounds`.
///
/// Scrolling sets `bounds` through its setter, so on a layer of its own (not a view's) it
/// animates implicitly, as any bounds change does.
open class CAScrollLayer: CALayer {
    /// The directions scrolling may move in; `both` by default. (Kept on the layer object: it
    /// never animates.)
    open var scrollMode: CAScrollLayerScrollMode = .both

    /// Creates a scroll layer that scrolls both ways.
    public override init() { super.init() }

    /// Makes a copy of another scroll layer's state, its scroll mode included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }


    /// Scrolls so that `p` is the bounds' origin (in the directions `scrollMode` allows).
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode.scrollsHorizontally { origin.x = p.x }
        if scrollMode.scrollsVertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as makes `r` visible: along each allowed axis, the nearer edge of `r`
    /// comes to the bounds' edge; a rectangle longer than the bounds shows its start.
    open func scroll(to r: CGRect) {
        let b = bounds
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ start: CGFloat, _ length: CGFloat) -> CGFloat {
            if hi - lo > length || lo < start { return lo }
            if hi > start + length { return hi - length }
            return start
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }

    /// The value of a key, `scrollMode` included.
    open override func value(forKey key: String) -> Any? {
        key == "scrollMode" ? scrollMode.rawValue : super.value(forKey: key)
    }

    /// Sets the value of a key, `scrollMode` included.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "scrollMode" else { return super.setValue(value, forKey: key) }
        scrollMode = coerceToRawRepresentable(value, as: CAScrollLayerScrollMode.self) ?? scrollMode
    }
}

extension CALayer {
    /// The nearest scroll layer above this one.
    private var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

    /// Scrolls the nearest scroll layer above this one so that `p` (in this layer's coordinates)
    /// is at its origin.
    public func scroll(_ p: CGPoint) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(p, to: scroll))
    }

    /// Scrolls the nearest scroll layer above this one as little as makes `r` (in this layer's
    /// coordinates) visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(r, to: scroll))
    }

    /// The part of the layer, in its own coordinates, its nearest scroll layer shows (the bounds
    /// when no scroll layer encloses it; empty when the scroll layer shows none of it).
    public var visibleRect: CGRect {
        guard let scroll = enclosingScrollLayer else { return bounds }
        return scroll.convert(scroll.bounds, to: self).intersection(bounds)
    }
}

/// `CAEAGLLayer` and `CAMetalLayer` need a GPU API carender does not have.
@available(*, unavailable, message: "carender renders on the CPU and has no OpenGL ES: draw the layer's content with draw(in:) (a CGContext) or as contents (a CGImage), or build it from CAShapeLayer, CAGradientLayer, CATextLayer or CAEmitterLayer")
open class CAEAGLLayer: CALayer {}

/// Unavailable: carender has no Metal.
@available(*, unavailable, message: "carender renders on the CPU and has no Metal: draw the layer's content with draw(in:) (a CGContext) or as contents (a CGImage), or build it from CAShapeLayer, CAGradientLayer, CATextLayer or CAEmitterLayer")
open class CAMetalLayer: CALayer {}
