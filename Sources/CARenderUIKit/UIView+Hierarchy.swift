import Foundation
import CARenderGeometry
import CARenderModel

// Moving views in the hierarchy, with the callbacks UIKit makes around each move. A view added
// to a superview hears, in this order: `willMove(toSuperview:)`, `willMove(toWindow:)` (it and
// every view inside it, when the move changes their window), the move, `didMoveToWindow()`
// (likewise), `didMoveToSuperview()`; then the superview's `didAddSubview(_:)`. Removal is the
// same with nil, the old superview's `willRemoveSubview(_:)` coming before the move. Moving a
// view within its superview (`bringSubviewToFront`, re-adding it) makes no callbacks.
//
// A script shows views by adding their layers to the stage (`stage.rootLayer.addSublayer(
// view.layer)`), which UIKit's hierarchy methods do not see: a view whose layer is moved that way
// hears `willMove(toWindow:)` and `didMoveToWindow()` right after the move.

extension UIView {
    /// Inserts `view` into `subviews` at `index` (clamped), its layer below the layer of the
    /// subview that then follows it (on top when none does), or where `placeLayer` puts it.
    func insert(_ view: UIView, at index: Int, placeLayer: ((CALayer) -> Void)? = nil) {
        guard view !== self, !view.isAncestor(of: self) else {
            Diagnostics.error("\(type(of: self)).addSubview: a view cannot be added inside itself; the hierarchy is unchanged")
            return
        }
        let place = { [layer, unowned self] (position: Int) in
            if let placeLayer {
                placeLayer(view.layer)
            } else if position + 1 < self.subviews.count {
                layer.insertSublayer(view.layer, below: self.subviews[position + 1].layer)
            } else {
                layer.addSublayer(view.layer)
            }
        }
        view.isMovingInHierarchy = true
        defer { view.isMovingInHierarchy = false }
        if view.superview === self {
            subviews.removeAll { $0 === view }
            let position = min(max(index, 0), subviews.count)
            subviews.insert(view, at: position)
            place(position)
            return
        }
        let oldSuperview = view.superview
        let oldWindow = view.window, newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.forEachInSubtree { $0.willMove(toWindow: newWindow) } }
        oldSuperview?.willRemoveSubview(view)
        oldSuperview?.subviews.removeAll { $0 === view }
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        place(position)
        if oldWindow !== newWindow { view.forEachInSubtree { $0.didMoveToWindow() } }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Removes the view from its superview, with the callbacks.
    func detachFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        parent.willRemoveSubview(self)
        isMovingInHierarchy = true
        defer { isMovingInHierarchy = false }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil { forEachInSubtree { $0.didMoveToWindow() } }
        didMoveToSuperview()
    }

    /// Whether `view` is this view or inside it.
    func isAncestor(of view: UIView) -> Bool {
        var current: UIView? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superview
        }
        return false
    }

    /// Calls `body` for this view and every view inside it, parents before children.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            body(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    /// The window of the view's layer tree: the stage's window when the tree's top layer is the
    /// stage's root layer, a `UIWindow` when the top layer is one's.
    func findWindow() -> UIWindow? {
        Self.window(ofTreeAbove: layer)
    }

    static func window(ofTreeAbove layer: CALayer?) -> UIWindow? {
        guard var top = layer else { return nil }
        while let parent = top.superlayer { top = parent }
        if let window = top.delegate as? UIWindow { return window }
        let context = StageContext.current
        guard let root = context.rootLayer, root === top else { return nil }
        return context.attachment { StageWindow() }.window(for: root)
    }
}

extension UIView: SuperlayerObserver {
    /// The view's layer moved by layer calls rather than the view's own: the views in it hear
    /// the window change (both callbacks come after the move, which UIKit did not make).
    package func layerDidChangeSuperlayer(_ layer: CALayer, from oldSuperlayer: CALayer?) {
        guard layer === self.layer, !isMovingInHierarchy else { return }
        let oldWindow = Self.window(ofTreeAbove: oldSuperlayer), newWindow = window
        guard oldWindow !== newWindow else { return }
        forEachInSubtree { $0.willMove(toWindow: newWindow) }
        forEachInSubtree { $0.didMoveToWindow() }
    }
}

/// The stage's window: a `UIWindow` over the stage's root layer, made when first asked for.
final class StageWindow {
    private var window: UIWindow?

    func window(for root: CALayer) -> UIWindow {
        if let window, window.layer === root { return window }
        // A window over the root layer, which stays the stage's: its delegate (the stage's
        // window-layer behaviour) and its frame are not the window's to change.
        let made = UIWindow(frame: .zero)
        made.layer.delegate = nil
        made.layer = root
        window = made
        return made
    }
}

/// A view at the top of a view hierarchy. A script's stage has one, over its root layer
/// (`view.window` of a view shown on the stage); a `UIWindow` made by a script is an ordinary
/// view whose subviews are in its window.
open class UIWindow: UIView {
    /// The view controller whose view fills the window (its view becomes the window's subview).
    open var rootViewController: UIViewController? {
        didSet {
            if let old = oldValue?.view, old.superview === self, oldValue !== rootViewController { old.removeFromSuperview() }
            if let view = rootViewController?.view {
                view.frame = bounds
                addSubview(view)
            }
        }
    }

    /// Accepted for source compatibility: the window is shown when its layer is in the stage.
    open func makeKeyAndVisible() {}
}
