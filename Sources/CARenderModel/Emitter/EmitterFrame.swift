import Foundation
import CARenderGeometry

/// How the compositor draws one cell's particles.
package struct EmitterCellStyle {
    /// The cell's image; nil for invisible particles.
    package var image: CGImage?
    package var contentsRect: CGRect
    /// Image pixels per point.
    package var contentsScale: Double
    package var minificationFilter: CALayerContentsFilter
    package var magnificationFilter: CALayerContentsFilter
}

/// An emitter layer's particles as drawn at one frame: the sprites in drawing order, each cell's
/// style, and how far they reach. One object per emitter layer, refilled every frame in place
/// (its buffers keep their capacity), so drawing particles allocates nothing once warmed up.
package final class EmitterFrame {
    /// The particles, in birth order.
    package private(set) var sprites: [ParticleSprite] = []
    /// By flattened cell index.
    package private(set) var styles: [EmitterCellStyle] = []
    package private(set) var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Layer-space box every visible sprite lies within (nil when there is none).
    package private(set) var reach: (x0: Double, y0: Double, x1: Double, y1: Double)?

    package init() {}

    /// Refills the frame with the simulation's particles at the layer's local time `localTime`.
    func update(simulation: EmitterSimulation, cells: [CAEmitterCell]?, renderMode: CAEmitterLayerRenderMode,
                localTime: Double) {
        self.renderMode = renderMode
        styles.removeAll(keepingCapacity: true)
        addStyles(cells, depth: 0)
        simulation.sprites(at: localTime, into: &sprites)
        // Sprites of invisible cells are left out; the rest bound the reach.
        var kept = 0
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        var i = 0
        while i < sprites.count {
            let sprite = sprites[i]
            i += 1
            let cell = Int(sprite.cell)
            guard cell < styles.count, let image = styles[cell].image else { continue }
            sprites[kept] = sprite
            kept += 1
            // Half the image's diagonal, scaled: the farthest a turned sprite reaches.
            let r = styles[cell].contentsRect
            let w = Double(r.width) * Double(image.width), h = Double(r.height) * Double(image.height)
            let radius = (w * w + h * h).squareRoot() / 2 * Double(sprite.scale) / max(styles[cell].contentsScale, 1e-6) + 1
            box.x0 = min(box.x0, Double(sprite.x) - radius); box.x1 = max(box.x1, Double(sprite.x) + radius)
            box.y0 = min(box.y0, Double(sprite.y) - radius); box.y1 = max(box.y1, Double(sprite.y) + radius)
        }
        sprites.removeLast(sprites.count - kept)
        reach = kept > 0 && box.x0.isFinite && box.x1.isFinite && box.y0.isFinite && box.y1.isFinite ? box : nil
    }

    /// The cells' styles, flattened in the simulation's order (depth first, parents first).
    private func addStyles(_ cells: [CAEmitterCell]?, depth: Int) {
        guard let cells, depth < EmitterSimulation.maximumCellDepth else { return }
        var i = 0
        while i < cells.count, styles.count < EmitterSimulation.maximumCells {
            let cell = cells[i]
            styles.append(EmitterCellStyle(image: cell.contents as? CGImage, contentsRect: cell.contentsRect,
                                           contentsScale: Double(cell.contentsScale) > 0 ? Double(cell.contentsScale) : 1,
                                           minificationFilter: cell.minificationFilter,
                                           magnificationFilter: cell.magnificationFilter))
            addStyles(cell.emitterCells, depth: depth + 1)
            i += 1
        }
    }
}
