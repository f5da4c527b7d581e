import Foundation
import CARenderGeometry
import CARenderGraphics

extension CALayer {
    /// Makes the contents image by drawing: a context of the bounds' size times `contentsScale`,
    /// flipped to the layer's y-down coordinates, handed to `draw(in:)`. The contents are set
    /// when something was drawn.
    func drawContentsImage() {
        if let image = drawnContentsImage(bounds: bounds, scale: contentsScale) { contents = image }
    }

    /// The image `draw(in:)` makes in a context of `bounds` at `scale` pixels per point, flipped
    /// to the layer's y-down coordinates; nil when nothing was drawn.
    func drawnContentsImage(bounds: CGRect, scale contentsScale: CGFloat) -> CGImage? {
        let scale = contentsScale > 0 ? contentsScale : 1
        let size = bounds.size
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        guard width > 0, height > 0 else { return nil }
        guard let ctx = CGContext(pixelWidth: width, height: height,
                                  baseTransform: CGAffineTransform(a: scale, b: 0, c: 0, d: scale,
                                                                   tx: -bounds.minX * scale, ty: -bounds.minY * scale)) else {
            stageContext.diagnostics.warning("CALayer.display(): a \(width)×\(height) pixel backing store is too large; not drawn")
            return nil
        }
        draw(in: ctx)
        return ctx.hasDrawn ? ctx.makeImage() : nil
    }
}
