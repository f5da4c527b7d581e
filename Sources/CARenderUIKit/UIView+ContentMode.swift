import Foundation
import CARenderModel

extension UIView {
    /// How a view places its content in its bounds; UIKit keeps it in the layer's
    /// `contentsGravity`.
    public enum ContentMode: Int, Sendable {
        /// Stretched to fill; fitted or filled keeping the aspect ratio; `redraw` (stretched until
        /// the view draws itself again, which it does whenever its bounds change); or placed at
        /// its own size at the centre or an edge.
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        /// Placed at its own size in a corner.
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The view's content mode, stored as its layer's `contentsGravity`. Core Animation names
    /// gravities in a y-up sense ("top" is max y), so on iOS's y-down layers UIKit's `top` is
    /// the `bottom` gravity, and so on. `redraw` places like `scaleToFill` and sets the layer's
    /// `needsDisplayOnBoundsChange`, as UIKit does, so a bounds change calls `draw(_:)` again;
    /// every other mode clears it.
    public var contentMode: ContentMode {
        get {
            if layer.needsDisplayOnBoundsChange && layer.contentsGravity == .resize { return .redraw }
            switch layer.contentsGravity {
            case .resizeAspect: return .scaleAspectFit
            case .resizeAspectFill: return .scaleAspectFill
            case .center: return .center
            case .bottom: return .top
            case .top: return .bottom
            case .left: return .left
            case .right: return .right
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            default: return .scaleToFill
            }
        }
        set {
            let gravity: CALayerContentsGravity
            switch newValue {
            case .scaleToFill, .redraw: gravity = .resize
            case .scaleAspectFit: gravity = .resizeAspect
            case .scaleAspectFill: gravity = .resizeAspectFill
            case .center: gravity = .center
            case .top: gravity = .bottom
            case .bottom: gravity = .top
            case .left: gravity = .left
            case .right: gravity = .right
            case .topLeft: gravity = .bottomLeft
            case .topRight: gravity = .bottomRight
            case .bottomLeft: gravity = .topLeft
            case .bottomRight: gravity = .topRight
            }
            layer.contentsGravity = gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }
}
