import Foundation
import CARenderGeometry

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

    /// One layer of the hit-test walk: where the point lands in it, and which of its sublayers
    /// (front to back) are still to be tried.
    private struct HitTestVisit {
        let layer: CALayer
        /// The point as given to this layer, in the space `mapping` maps it into.
        let point: CGPoint
        let mapping: CATransform3D
        /// The point in the layer's own coordinates.
        let local: CGPoint
        let frontToBack: [CALayer]
        var next = 0
    }

    /// Hit-tests with `p` in some space `mapping` takes this layer's coordinates into: the
    /// frontmost layer of the subtree containing the point, trying sublayers before their
    /// superlayer. The walk keeps its own stack, so depth is limited only by memory.
    private func hitTest(_ p: CGPoint, mapping: CATransform3D) -> CALayer? {
        var path: [HitTestVisit] = []
        /// Starts visiting `layer`, unless the point cannot be in its subtree.
        func enter(_ layer: CALayer, _ p: CGPoint, _ mapping: CATransform3D) {
            if layer.isHidden { return }
            guard let local = mapping.unproject(p) else { return }
            if layer.masksToBounds && !(layer is CATransformLayer) && !layer.contains(local) { return }
            // Front to back: higher zPosition first, then later in `sublayers` first.
            let children = (layer.sublayers ?? []).enumerated().sorted {
                ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset)
            }.map(\.element)
            path.append(HitTestVisit(layer: layer, point: p, mapping: mapping, local: local, frontToBack: children))
        }
        enter(self, p, mapping)
        while let visit = path.last {
            let isTransformLayer = visit.layer is CATransformLayer
            if visit.next < visit.frontToBack.count {
                let child = visit.frontToBack[visit.next]
                path[path.count - 1].next += 1
                if isTransformLayer {
                    // Transform layers pass the point through: the child maps via this layer's space.
                    enter(child, visit.point, CATransform3DConcat(child.mappingToSuperlayer(), visit.mapping))
                } else {
                    enter(child, visit.local, child.mappingToSuperlayer())
                }
                continue
            }
            // No sublayer holds the point: the layer itself, if it does. A hit ends the walk.
            if !isTransformLayer && visit.layer.contains(visit.local) { return visit.layer }
            path.removeLast()
        }
        return nil
    }
}
