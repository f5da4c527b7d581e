import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

extension FrameDrawing {
    /// An emitter layer's particles (see `SpriteDrawing`), in its render mode's order: birth
    /// order for `unordered`, `oldestFirst` and `additive` (which adds them), newest first for
    /// `oldestLast`, farthest first for `backToFront`.
    func drawParticles(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard let frame = list.items[i].emitter, !frame.sprites.isEmpty, alpha > 0 else { return }
        // Each cell's texture and filters.
        scratch.spriteStyles.removeAll(keepingCapacity: true)
        var c = 0
        while c < frame.styles.count {
            let style = frame.styles[c]
            c += 1
            guard let image = style.image else {
                scratch.spriteStyles.append(nil)
                continue
            }
            scratch.spriteStyles.append(SpriteStyle(texture: scratch.spriteTextures.texture(image, contentsRect: style.contentsRect),
                                                    contentsScale: style.contentsScale,
                                                    nearestWhenMagnified: style.magnificationFilter == .nearest,
                                                    nearestWhenMinified: style.minificationFilter == .nearest))
        }
        let mode = frame.renderMode
        let count = frame.sprites.count
        // The drawing order (the scratch buffer is taken, not copied, so it keeps its storage).
        var order: [Int32] = []
        swap(&order, &scratch.spriteOrder)
        defer { swap(&order, &scratch.spriteOrder) }
        order.removeAll(keepingCapacity: true)
        var k = 0
        while k < count {
            order.append(Int32(mode == .oldestLast ? count - 1 - k : k))
            k += 1
        }
        if mode == .backToFront { Self.sortByDepth(&order, frame.sprites, keys: &scratch.spriteDepths) }
        let additive = mode == .additive
        let affine = map.m13 == 0 && map.m23 == 0 && map.m33 > 0
        let w = map.m33
        let flat = SpriteRasterizer(target: target, a: map.m11 / w, b: map.m12 / w, c: map.m21 / w, d: map.m22 / w,
                                    e: map.m31 / w, f: map.m32 / w, alpha: alpha, additive: additive)
        frame.sprites.withUnsafeBufferPointer { sprites in
            var n = 0
            while n < count {
                let sprite = sprites[Int(order[n])]
                n += 1
                let cell = Int(sprite.cell)
                guard cell < scratch.spriteStyles.count, let style = scratch.spriteStyles[cell] else { continue }
                if affine {
                    flat.draw(sprite, style: style)
                } else if let local = Self.linearized(map, at: Double(sprite.x), Double(sprite.y), target: target,
                                                      alpha: alpha, additive: additive) {
                    // Under perspective each sprite is small: drawn with the map's tangent at its centre.
                    local.draw(sprite, style: style)
                }
            }
        }
    }

    /// The affine map that agrees with `map` at (x, y) to first order, as a sprite rasterizer;
    /// nil behind the eye.
    private static func linearized(_ m: ProjectiveMap, at x: Double, _ y: Double, target: Canvas, alpha: Double,
                                   additive: Bool) -> SpriteRasterizer? {
        let h = m.apply(x, y)
        guard h.w >= nearPlaneW else { return nil }
        let px = h.x / h.w, py = h.y / h.w
        // d(X/W)/dx = (m11 − px·m13) / W, and so on.
        let a = (m.m11 - px * m.m13) / h.w, b = (m.m12 - py * m.m13) / h.w
        let c = (m.m21 - px * m.m23) / h.w, d = (m.m22 - py * m.m23) / h.w
        return SpriteRasterizer(target: target, a: a, b: b, c: c, d: d, e: px - a * x - c * y, f: py - b * x - d * y,
                                alpha: alpha, additive: additive)
    }

    /// Sorts indices by the sprites' depth, farthest (lowest z) first, keeping birth order among
    /// equals (a stable insertion sort over keys gathered once; no allocation).
    private static func sortByDepth(_ order: inout [Int32], _ sprites: [ParticleSprite], keys: inout [Float]) {
        keys.removeAll(keepingCapacity: true)
        var i = 0
        while i < order.count {
            keys.append(sprites[Int(order[i])].z)
            i += 1
        }
        i = 1
        while i < order.count {
            let key = keys[i], index = order[i]
            var j = i - 1
            while j >= 0 && keys[j] > key {
                keys[j + 1] = keys[j]
                order[j + 1] = order[j]
                j -= 1
            }
            keys[j + 1] = key
            order[j + 1] = index
            i += 1
        }
    }
}
