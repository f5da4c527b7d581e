import Foundation

extension CALayer {
    /// `hitTest(_:)` as CALayer implements it: `p` is in the coordinates of the nearest ancestor
    /// that is not a `CATransformLayer` (normally the superlayer).
    func layerHitTest(_ p: CGPoint) -> CALayer? {
        var mapping = mappingToSuperlayer()
        var layer = self
        while let parent = layer.superlayer, parent is CATransformLayer {
            mapping = CATransform3DConcat(mapping, parent.mappingToSuperlayer())
            layer = parent
        }
        return hitTest(p, mapping: mapping)
    }

    /// Hit-tests with `p` in some space `mapping` takes this layer's coordinates into.
    private func hitTest(_ p: CGPoint, mapping: CATransform3D) -> CALayer? {
        if isHidden { return nil }
        guard let local = mapping.unproject(p) else { return nil }
        let isTransformLayer = self is CATransformLayer
        if masksToBounds && !isTransformLayer && !contains(local) { return nil }
        // Front to back: higher zPosition first, then later in `sublayers` first.
        let children = (sublayers ?? []).enumerated().sorted {
            ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset)
        }
        for (_, child) in children {
            let hit: CALayer?
            if isTransformLayer {
                // Transform layers pass the point through: the child maps via this layer's space.
                hit = child.hitTest(p, mapping: CATransform3DConcat(child.mappingToSuperlayer(), mapping))
            } else {
                hit = child.hitTest(local, mapping: child.mappingToSuperlayer())
            }
            if let hit { return hit }
        }
        if !isTransformLayer && contains(local) { return self }
        return nil
    }
}
