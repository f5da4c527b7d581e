import Foundation
import CARenderGeometry

// Converting points and rectangles between the coordinate spaces of any two layers (the layer
// geometry of the Core Animation Programming Guide's "Core Animation Basics"). Each layer's
// plane maps into its superlayer's; a flattening superlayer projects it onto its own plane
// (z = 0), a `CATransformLayer` keeps the 3D point. Layers in different trees (or detached
// layers) convert through the space their roots sit in, as if the roots shared one superlayer.
// Uses model values. Maps are composed walking up the superlayer chain in a loop, so depth is
// limited only by memory.

extension CALayer {
    /// Converts `p` from `layer`'s coordinates (the roots' common space when nil) to this layer's.
    /// When this layer's plane is seen edge-on (or collapsed by a zero scale) no point maps back
    /// and `p` is returned unchanged.
    func convertPoint(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        convertedPoint(p, from: layer) ?? p
    }

    /// Converts `p` from this layer's coordinates to `layer`'s (the roots' common space when nil).
    func convertPoint(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        if let layer { return layer.convert(p, from: self) }
        return mappingToRootSpace().project(p) ?? p
    }

    /// Converts `r` from `layer`'s coordinates to this layer's: the box spanned by its converted corners.
    func convertRect(_ r: CGRect, from layer: CALayer?) -> CGRect {
        if r.isNull { return r }
        let s = r.standardized
        return CGRect.boundingBox(of: Self.corners(of: s).map { convert($0, from: layer) })
    }

    /// Converts `r` from this layer's coordinates to `layer`'s: the box spanned by its converted corners.
    func convertRect(_ r: CGRect, to layer: CALayer?) -> CGRect {
        if r.isNull { return r }
        let s = r.standardized
        return CGRect.boundingBox(of: Self.corners(of: s).map { convert($0, to: layer) })
    }

    /// The point of this layer's plane that lands where `p` of `layer` does, or nil.
    func convertedPoint(_ p: CGPoint, from layer: CALayer?) -> CGPoint? {
        if layer === self { return p }
        let q: CGPoint?
        if let layer { q = layer.mappingToRootSpace().project(p) } else { q = p }
        return q.flatMap { mappingToRootSpace().unproject($0) }
    }

    /// The map from this layer's coordinates to its superlayer's — flattened onto the superlayer's
    /// plane unless the superlayer is a `CATransformLayer`. A root layer maps into the plane its
    /// frame lives in. A mask maps into the masked layer's space without its sublayerTransform.
    func mappingToSuperlayer() -> CATransform3D {
        let parent = superlayer
        let isMask = parent.map { $0.mask === self } ?? false
        let m = modelState.mappingToSuperlayer(isMask ? nil : parent?.modelState.sublayerPlacement)
        return parent is CATransformLayer ? m : m.flattened
    }

    /// The map from this layer's coordinates to the space its root layer sits in.
    func mappingToRootSpace() -> CATransform3D {
        var m = mappingToSuperlayer()
        var layer = self
        while let parent = layer.superlayer {
            m = CATransform3DConcat(m, parent.mappingToSuperlayer())
            layer = parent
        }
        return m
    }

    static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }
}
