import Foundation

/// One plain layer to draw among its siblings: where its bounds space lands in the parent's
/// plane and what extra opacity it carries (a transform layer's opacity reaches each sublayer).
struct PlacedLayer {
    var node: RenderNode
    var toParent: ProjectiveMap
    var alpha: Double
}

extension RenderNode {
    /// Sublayers in drawing order (SPEC-rendering §1): ascending `zPosition`, stable; a
    /// `CATransformLayer` child contributes its plain descendants, which share this layer's 3D
    /// space and are depth-sorted among themselves (back to front by the depth of their centre).
    func placedSublayers() -> [PlacedLayer] {
        let ordered = sublayers.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }
        var placed: [PlacedLayer] = []
        placed.reserveCapacity(sublayers.count)
        for (_, child) in ordered where !child.state.isHidden {
            let toParent = child.state.mappingToSuperlayer(state)
            if child.kind == .transformLayer {
                var items: [(depth: Double, layer: PlacedLayer)] = []
                child.gatherTransformLayerContents(toParent: toParent, alpha: 1, into: &items)
                let sorted = items.enumerated().sorted {
                    $0.element.depth != $1.element.depth ? $0.element.depth < $1.element.depth : $0.offset < $1.offset
                }
                placed.append(contentsOf: sorted.map { $0.element.layer })
            } else {
                placed.append(PlacedLayer(node: child, toParent: ProjectiveMap(flattening: toParent), alpha: 1))
            }
        }
        return placed
    }

    /// Collects the plain layers under this transform layer with their 4×4 maps into the 3D space
    /// of the nearest flattening ancestor, keyed by depth (z / w of the bounds centre).
    private func gatherTransformLayerContents(toParent: CATransform3D, alpha: Double,
                                              into items: inout [(depth: Double, layer: PlacedLayer)]) {
        guard !state.isHidden else { return }
        let alpha = alpha * state.clampedOpacity
        for child in sublayers where !child.state.isHidden {
            let m = CATransform3DConcat(child.state.mappingToSuperlayer(state), toParent)
            if child.kind == .transformLayer {
                child.gatherTransformLayerContents(toParent: m, alpha: alpha, into: &items)
                continue
            }
            let b = child.state.bounds
            let cx = b.midX, cy = b.midY
            let z = cx * m.m13 + cy * m.m23 + m.m43
            let w = cx * m.m14 + cy * m.m24 + m.m44
            let depth = w > 0 ? Double(z / w) : -Double.infinity
            items.append((depth, PlacedLayer(node: child, toParent: ProjectiveMap(flattening: m), alpha: alpha)))
        }
    }
}
