import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderText

/// The drawing of one frame over its display list: what each layer draws, in order.
///
/// Every step takes the layer (an item of `list`), the map from its bounds space into the canvas
/// it draws on, the canvas and the alpha it is drawn with; the display list, scratch buffers and
/// shadow caches are handed in when the frame starts.
struct FrameDrawing {
    let list: DisplayList
    let scratch: DrawingScratch
    let shadows: ShadowCache
    /// Stroke outlines and gradient ramps of shape and gradient layers.
    let content: ContentGeometryCache
    /// Glyph masks of text drawn upright.
    let glyphs: GlyphCache
    /// Device pixels per point.
    let scale: Double
    /// Whether every layer's outer edges are anti-aliased, whatever its `allowsEdgeAntialiasing`
    /// (`Stage.antialiasesAllEdges`).
    var antialiasesAllEdges = false

    /// Draws a layer and its subtree. `map` takes the layer's bounds space to the canvas;
    /// `alpha` multiplies everything drawn (opacity handed down by an ancestor that does not
    /// group, or by a transform layer).
    func drawLayer(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        // Fields are read one by one: binding a whole item or state would copy it, retaining
        // every reference it holds, for each layer of each frame.
        guard !list.items[i].statePointer.pointee.isHidden, alpha > 0 else { return }
        if list.items[i].kind == .transformLayer {
            // A transform layer at the top of a drawing: its plain descendants, depth-sorted.
            drawSublayers(i, map: map, into: target, alpha: alpha)
            return
        }
        // Back faces: a map that reverses winding shows the layer's back.
        if !list.items[i].statePointer.pointee.isDoubleSided && map.determinant < 0 { return }
        let opacity = list.items[i].statePointer.clampedOpacity
        guard opacity > 0 else { return }
        if opacity < 1 && list.items[i].statePointer.pointee.allowsGroupOpacity && drawsSeveralThings(i) {
            // Group opacity: the subtree composites in an offscreen as small as its content,
            // which then blends once with the opacity.
            let shadowBeneath = shadowGoesUnderGroup(i)
            let extent = list.extent(i, map: map, includeShadow: !shadowBeneath).intersection(target.rect)
            if shadowBeneath {
                // The rest of the layer in an offscreen covering only it; the shadow then goes
                // beneath it, partly straight onto the target (see `ShadowTarget`).
                guard !extent.isEmpty else {
                    drawShadow(i, map: map, beneath: nil, onto: target, opacity: opacity * alpha)
                    return
                }
                let group = scratch.pool.acquire(extent)
                defer { scratch.pool.release(group) }
                drawLayerBody(i, map: map, into: group, alpha: 1, shadow: false)
                drawShadow(i, map: map, beneath: group, onto: target, opacity: opacity * alpha)
                blit(group, onto: target, alpha: Float(opacity * alpha))
                return
            }
            guard !extent.isEmpty else { return }
            let group = scratch.pool.acquire(extent)
            defer { scratch.pool.release(group) }
            drawLayerBody(i, map: map, into: group, alpha: 1)
            blit(group, onto: target, alpha: Float(opacity * alpha))
        } else {
            drawLayerBody(i, map: map, into: target, alpha: alpha * opacity)
        }
    }

    /// The shadow beneath (unless `shadow` is false), then the layer's own drawing; a mask
    /// multiplies both. Core Animation applies a layer's mask to everything the layer draws, its
    /// shadow included, as `masksToBounds` clips it: Material Components' shadow layers rely on
    /// it, casting their shadow from a layer masked by an even-odd shape with a hole over the card,
    /// so the shadow shows only around the card (real Apple renders of those layers).
    func drawLayerBody(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double, shadow: Bool = true) {
        let mask = list.items[i].mask
        guard mask >= 0, !list.items[mask].statePointer.pointee.isHidden else {
            if shadow { drawShadow(i, map: map, into: target, alpha: alpha) }
            drawLayerContent(i, map: map, into: target, alpha: alpha)
            return
        }
        let maskMap = ProjectiveMap(flattening: list.items[mask].statePointer.mappingToSuperlayer(nil)).then(map)
        let extent = list.extent(i, map: map, includeShadow: shadow)
            .intersection(list.extent(mask, map: maskMap)).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let content = scratch.pool.acquire(extent)
        defer { scratch.pool.release(content) }
        let maskPixels = scratch.pool.acquire(extent)
        defer { scratch.pool.release(maskPixels) }
        if shadow { drawShadow(i, map: map, into: content, alpha: alpha) }
        drawLayerContent(i, map: map, into: content, alpha: alpha)
        drawLayer(mask, map: maskMap, into: maskPixels, alpha: 1)
        blit(content, onto: target, alpha: 1, mask: maskPixels)
    }

    /// Background (and a gradient layer's ramp, which fills the rounded bounds like one), the
    /// layer's own content, sublayers (clipped to the rounded bounds when `masksToBounds`),
    /// border.
    func drawLayerContent(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = list.items[i].statePointer
        // The colour's components read in place (see `PremultipliedColor`).
        if let rgba = s.pointee.backgroundColor?.clampedRGBA {
            fillRoundedBounds(s, map: map, color: PremultipliedColor.make(rgba, opacity: alpha), into: target)
        }
        if list.items[i].kind == .gradientLayer && list.items[i].kindDrawings > 0 {
            drawGradient(i, map: map, into: target, alpha: alpha)
        }
        let ownContent = hasOwnContent(i)
        let sublayers = list.items[i].visibleSublayers > 0
        if s.pointee.masksToBounds && (ownContent || sublayers) {
            let box = s.boundsBox
            let clip = map.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(target.rect)
            if !clip.isEmpty {
                let inside = scratch.pool.acquire(clip)
                if ownContent { drawOwnContent(i, map: map, into: inside, alpha: alpha) }
                if sublayers { drawSublayers(i, map: map, into: inside, alpha: alpha) }
                var shape = scratch.borrowOutline()
                addRoundedBounds(s, map: map, to: &shape)
                var painter = OffscreenPainter(source: inside, target: target, alpha: 1)
                fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
                scratch.giveBack(shape)
                scratch.pool.release(inside)
            }
        } else {
            if ownContent { drawOwnContent(i, map: map, into: target, alpha: alpha) }
            if sublayers { drawSublayers(i, map: map, into: target, alpha: alpha) }
        }
        if s.pointee.borderWidth > 0, let color = s.pointee.borderColor {
            fillBorder(s, map: map, color: color.premultiplied(opacity: alpha), into: target)
        }
    }

    /// Whether the layer draws content of its own between its background and its sublayers
    /// (what `masksToBounds` clips): a contents image, a shape layer's fill or stroke, a text
    /// layer's string. (A gradient lies inside the rounded bounds already and is drawn with the
    /// background.)
    func hasOwnContent(_ i: Int) -> Bool {
        list.items[i].hasContents || (list.items[i].kindDrawings > 0 && list.items[i].kind != .gradientLayer)
    }

    /// What a layer draws of its own between its background and its sublayers: the contents
    /// image, then a shape layer's path or a text layer's string over it. Each kind builds its
    /// shapes in layer space and fills them with `fill(_:map:rule:into:painter:)`.
    func drawOwnContent(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let item = list.items[i]
        if item.hasContents { drawLayerContents(i, map: map, into: target, alpha: alpha) }
        guard item.kindDrawings > 0 else { return }
        switch item.kind {
        case .shapeLayer: drawShape(i, map: map, into: target, alpha: alpha)
        case .textLayer: drawText(i, map: map, into: target, alpha: alpha)
        case .emitterLayer: drawParticles(i, map: map, into: target, alpha: alpha)
        case .layer, .transformLayer, .gradientLayer: break
        }
    }

    /// Sublayers in sibling order, each flattened into this layer's plane.
    func drawSublayers(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        if drawSublayersByDepth(i, map: map, into: target, alpha: alpha) { return }
        let first = list.items[i].firstChild, end = first + list.items[i].childCount
        var k = first
        while k < end {
            let p = list.placed[k]
            drawPlaced(p.item, map: p.toParent.then(map), superlayerMap: map, into: target, alpha: alpha * p.alpha)
            k += 1
        }
    }

    /// Whether drawing layer `i` under `map` first stores its opaque background over every pixel
    /// of `target`, so nothing drawn before it shows (and the canvas needs no clearing first): a
    /// plain layer, fully opaque, unmasked, whose square-cornered bounds map, without rotation or
    /// perspective, over the whole canvas. Its shadow, drawn beneath, is covered too.
    func storesOpaqueBackground(_ i: Int, map: ProjectiveMap, over target: Canvas) -> Bool {
        guard list.items[i].kind == .layer, list.items[i].transition == nil, list.items[i].mask < 0 else { return false }
        let s = list.items[i].statePointer
        guard !s.pointee.isHidden, s.clampedOpacity >= 1, s.cornerShape.radii == .zero,
              let color = s.pointee.backgroundColor, packed(color.premultiplied(opacity: 1)) >> 24 == 255,
              map.m12 == 0, map.m21 == 0, map.m13 == 0, map.m23 == 0, map.m33 > 0 else { return false }
        let box = s.boundsBox
        let a = map.apply(box.x0, box.y0), b = map.apply(box.x1, box.y1)
        let x0 = min(a.x, b.x) / map.m33, x1 = max(a.x, b.x) / map.m33
        let y0 = min(a.y, b.y) / map.m33, y1 = max(a.y, b.y) / map.m33
        return x0 <= Double(target.rect.x0) && y0 <= Double(target.rect.y0)
            && x1 >= Double(target.rect.x1) && y1 >= Double(target.rect.y1)
    }

    /// Whether the layer draws more than one thing, so that group opacity differs from applying
    /// the opacity to its single drawing.
    func drawsSeveralThings(_ i: Int) -> Bool {
        var count = 0
        if list.items[i].hasShadow { count += 1 }
        if let background = list.items[i].statePointer.pointee.backgroundColor, background.alpha > 0 { count += 1 }
        if list.items[i].hasContents { count += 1 }
        count += list.items[i].kindDrawings
        if list.items[i].statePointer.pointee.borderWidth > 0, list.items[i].statePointer.pointee.borderColor != nil { count += 1 }
        if list.items[i].mask >= 0 { count += 2 }
        count += min(list.items[i].visibleSublayers, 2)
        return count > 1
    }
}
