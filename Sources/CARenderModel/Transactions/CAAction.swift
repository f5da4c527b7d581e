import Foundation
import CARenderGraphics

/// An object that responds to an event on a layer, usually by adding an animation.
public protocol CAAction: AnyObject {
    /// Called when the action's event occurs on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action ends the action search and does nothing.
extension NSNull: CAAction {
    /// Does nothing: `NSNull` is the action that stops the search without animating.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The methods a layer's delegate may implement.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: an object to run, `NSNull()` to stop the search, or nil
    /// to continue it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    /// Lays out `layer`'s sublayers (called from the layer's `layoutSublayers()`).
    func layoutSublayers(of layer: CALayer)
    /// Updates `layer`'s contents (called from the layer's `display()`). The default draws:
    /// the layer's `draw(in:)` into a new context.
    func display(_ layer: CALayer)
    /// Draws `layer`'s content into `ctx` (called from the layer's `draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    /// Nil: by default the delegate lets the action search continue.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    /// Does nothing by default.
    public func layoutSublayers(of layer: CALayer) {}
    /// Draws the layer's contents with its `draw(in:)` by default.
    public func display(_ layer: CALayer) { layer.drawContentsImage() }
    /// Draws nothing by default.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}
