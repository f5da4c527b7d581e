import Foundation

extension Compositor {
    /// Draws a layer and its subtree. `map` takes the layer's bounds space to device pixels;
    /// `alpha` multiplies everything drawn (opacity handed down by an ancestor that does not
    /// group, or by a transform layer).
    func drawLayer(_ node: RenderNode, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = node.state
        guard !s.isHidden, alpha > 0 else { return }
        if node.kind == .transformLayer {
            // A transform layer at the top of a drawing: its plain descendants, depth-sorted.
            drawSublayers(node, map: map, into: target, alpha: alpha)
            return
        }
        // Back faces: a map that reverses winding shows the layer's back (SPEC-rendering §1).
        if !s.isDoubleSided && map.determinant < 0 { return }
        let opacity = s.clampedOpacity
        guard opacity > 0 else { return }
        if opacity < 1 && s.allowsGroupOpacity && drawsSeveralThings(node) {
            // Group opacity: the subtree composites in an offscreen as small as its content,
            // which then blends once with the opacity (SPEC-rendering §3).
            let extent = deviceExtent(node, map: map).intersection(target.rect)
            guard !extent.isEmpty else { return }
            let group = pool.acquire(extent)
            defer { pool.release(group) }
            drawLayerBody(node, map: map, into: group, alpha: 1)
            blit(group, onto: target, alpha: Float(opacity * alpha))
        } else {
            drawLayerBody(node, map: map, into: target, alpha: alpha * opacity)
        }
    }

    /// Steps 1–5 of SPEC-rendering §2, with the mask applied to steps 2–5.
    func drawLayerBody(_ node: RenderNode, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        drawShadow(node, map: map, into: target, alpha: alpha)
        guard let mask = node.mask.first, !mask.state.isHidden else {
            drawLayerContent(node, map: map, into: target, alpha: alpha)
            return
        }
        let maskMap = ProjectiveMap(flattening: mask.state.mappingToSuperlayer(nil)).then(map)
        let extent = deviceExtent(node, map: map, includeShadow: false)
            .intersection(deviceExtent(mask, map: maskMap)).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let content = pool.acquire(extent)
        defer { pool.release(content) }
        let maskPixels = pool.acquire(extent)
        defer { pool.release(maskPixels) }
        drawLayerContent(node, map: map, into: content, alpha: alpha)
        drawLayer(mask, map: maskMap, into: maskPixels, alpha: 1)
        blit(content, onto: target, alpha: 1, mask: maskPixels)
    }

    /// Steps 2–5: background, contents, sublayers (clipped when `masksToBounds`), border.
    func drawLayerContent(_ node: RenderNode, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = node.state
        if let color = s.backgroundColor {
            fillRoundedBounds(s, map: map, color: color.premultiplied(opacity: alpha), into: target)
        }
        if node.kind == .gradientLayer { drawGradientLayer(s, map: map, into: target, alpha: alpha) }
        let contents = hasContents(s) || (node.kind == .shapeLayer && shapeLayerDrawingCount(s) > 0)
        let hasSublayers = node.sublayers.contains { !$0.state.isHidden }
        if s.masksToBounds && (contents || hasSublayers) {
            let box = s.boundsBox
            let clip = map.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(target.rect)
            if !clip.isEmpty {
                let inside = pool.acquire(clip)
                if contents { drawContentStep(node, map: map, into: inside, alpha: alpha) }
                drawLayerText(node, map: map, into: inside, alpha: alpha)
                if hasSublayers { drawSublayers(node, map: map, into: inside, alpha: alpha) }
                setRoundedBoundsShape(s, map: map)
                var painter = OffscreenPainter(source: inside, target: target, alpha: 1)
                fillLayerShape(map: map, into: target, painter: &painter)
                pool.release(inside)
            }
        } else {
            if contents { drawContentStep(node, map: map, into: target, alpha: alpha) }
            drawLayerText(node, map: map, into: target, alpha: alpha)
            if hasSublayers { drawSublayers(node, map: map, into: target, alpha: alpha) }
        }
        if s.borderWidth > 0, let color = s.borderColor {
            fillBorder(s, map: map, color: color.premultiplied(opacity: alpha), into: target)
        }
    }

    /// Step 3: the contents image, and a shape layer's path over it.
    private func drawContentStep(_ node: RenderNode, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        drawLayerContents(node.state, map: map, into: target, alpha: alpha)
        if node.kind == .shapeLayer { drawShapeLayer(node.state, map: map, into: target, alpha: alpha) }
    }

    /// Step 4: sublayers in sibling order, each flattened into this layer's plane.
    func drawSublayers(_ node: RenderNode, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        for placed in node.placedSublayers() {
            drawPlaced(placed.node, map: placed.toParent.then(map), superlayer: node.state, superlayerMap: map,
                       into: target, alpha: alpha * placed.alpha)
        }
    }

    /// Whether the layer draws more than one thing, so that group opacity differs from applying
    /// the opacity to its single drawing.
    func drawsSeveralThings(_ node: RenderNode) -> Bool {
        let s = node.state
        var count = 0
        if hasShadow(s) { count += 1 }
        if s.backgroundColor.map({ $0.alpha > 0 }) ?? false { count += 1 }
        if hasContents(s) { count += 1 }
        if node.kind == .shapeLayer { count += shapeLayerDrawingCount(s) }
        if node.kind == .gradientLayer && (s.gradient.colors?.isEmpty == false) { count += 1 }
        if node.kind == .textLayer && s.text.content != nil { count += 1 }
        if s.borderWidth > 0, s.borderColor != nil { count += 1 }
        if !node.mask.isEmpty { count += 2 }
        for child in node.sublayers where !child.state.isHidden { count += 1; if count > 1 { break } }
        return count > 1
    }

    func hasShadow(_ s: LayerState) -> Bool {
        s.shadowOpacity > 0 && !s.masksToBounds && (s.shadowColor?.alpha ?? 0) > 0
    }
}
