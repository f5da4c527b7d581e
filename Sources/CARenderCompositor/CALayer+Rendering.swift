import Foundation
import CARenderGeometry
import CARenderGraphics
import CARenderModel

extension CALayer {
    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinate space (the
    /// bounds origin at the user-space origin, the layer's own position and transform ignored),
    /// from the model values: animations in flight are not drawn, as with Apple's `render(in:)`.
    public func render(in ctx: CGContext) {
        var root = modelRenderNode()
        root.state.anchorPoint = .zero
        root.state.position = .zero
        root.state.transform = CATransform3DMakeAffineTransform(ctx.ctm)
        ctx.drawRendering { pixmap in Compositor().render(root, into: &pixmap, scale: 1) }
    }
}
