import Foundation

extension Compositor {
    /// The device pixels a layer and its subtree can touch, used to size offscreen buffers as
    /// small as the content allows.
    func deviceExtent(_ node: RenderNode, map: ProjectiveMap, includeShadow: Bool = true) -> IntRect {
        let s = node.state
        guard !s.isHidden else { return .empty }
        var extent = IntRect.empty
        if node.kind != .transformLayer {
            let box = s.boundsBox
            let boundsExtent = map.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
            extent = boundsExtent
            if node.kind == .shapeLayer, let shape = shapeBox(s) {
                let shapeExtent = map.deviceBounds(x0: shape.x0, y0: shape.y0, x1: shape.x1, y1: shape.y1)
                extent = extent.union(s.masksToBounds ? shapeExtent.intersection(boundsExtent) : shapeExtent)
            }
            for case let image as CGImage in [s.contents, s.contentsCrossfade?.from] {
                let placed = contentsPlacement(image, state: s).rect
                extent = extent.union(map.deviceBounds(x0: placed.x0, y0: placed.y0, x1: placed.x1, y1: placed.y1))
            }
            if includeShadow && hasShadow(s) {
                extent = extent.union(shadowExtent(s, map: map))
            }
            var children = IntRect.empty
            for placed in node.placedSublayers() {
                children = children.union(placedExtent(placed, superlayer: s, superlayerMap: map))
            }
            extent = extent.union(s.masksToBounds ? children.intersection(boundsExtent) : children)
        } else {
            for placed in node.placedSublayers() {
                extent = extent.union(deviceExtent(placed.node, map: placed.toParent.then(map)))
            }
        }
        if let mask = node.mask.first {
            let maskMap = ProjectiveMap(flattening: mask.state.mappingToSuperlayer(nil)).then(map)
            let maskExtent = deviceExtent(mask, map: maskMap)
            let shadow = includeShadow && hasShadow(s) ? shadowExtent(s, map: map) : .empty
            extent = extent.intersection(maskExtent).union(shadow)
        }
        return extent
    }

    /// A sublayer's extent, including where its transition can move its old and new renderings.
    private func placedExtent(_ placed: PlacedLayer, superlayer: LayerState, superlayerMap: ProjectiveMap) -> IntRect {
        let map = placed.toParent.then(superlayerMap)
        guard placed.node.transition != nil else { return deviceExtent(placed.node, map: map) }
        var new = placed.node
        new.transition = nil
        var extent = IntRect.empty
        let w = Double(new.state.bounds.width), h = Double(new.state.bounds.height)
        for (dx, dy) in [(0.0, 0.0), (w, 0), (-w, 0), (0, h), (0, -h)] {
            extent = extent.union(deviceExtent(new, map: ProjectiveMap.translation(dx, dy).then(map)))
            if var old = placed.node.transitionSnapshot.first {
                old.transition = nil
                let oldMap = ProjectiveMap(flattening: old.state.mappingToSuperlayer(superlayer))
                    .then(superlayerMap)
                extent = extent.union(deviceExtent(old, map: ProjectiveMap.translation(dx, dy).then(oldMap)))
            }
        }
        return extent
    }

    /// Where a layer's blurred shadow can reach, in device pixels.
    func shadowExtent(_ s: LayerState, map: ProjectiveMap) -> IntRect {
        let source = shadowSourceBox(s)
        let margin = 3.5 * max(Double(s.shadowRadius), 0) + 1 / scale
        let dx = Double(s.shadowOffset.width), dy = Double(s.shadowOffset.height)
        return map.deviceBounds(x0: source.x0 - margin + dx, y0: source.y0 - margin + dy,
                                x1: source.x1 + margin + dx, y1: source.y1 + margin + dy)
    }

    /// The layer-space box the shadow is cast from: the shadow path's bounds, or the bounds.
    func shadowSourceBox(_ s: LayerState) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        if let path = s.shadowPath {
            var outline = Outline()
            outline.addPath(path, tolerance: 0.5)
            if let b = outline.bounds { return (b.minX, b.minY, b.maxX, b.maxY) }
            return (0, 0, 0, 0)
        }
        // A shape layer's shadow is cast by its fill and stroke, which may reach past the bounds.
        if let shape = shapeBox(s) {
            let b = s.boundsBox
            return (min(b.x0, shape.x0), min(b.y0, shape.y0), max(b.x1, shape.x1), max(b.y1, shape.y1))
        }
        return s.boundsBox
    }
}
