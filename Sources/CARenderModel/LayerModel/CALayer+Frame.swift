import Foundation
import CARenderGeometry

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates: the axis-aligned box of the bounds
    /// after the anchor point, `transform` and `position` (not the superlayer's
    /// `sublayerTransform`). Setting it sets `position` and `bounds.size` so that the box equals
    /// the new frame (exact for affine transforms; undefined, as on Apple's platforms, otherwise).
    var frameValue: CGRect {
        get { Self.frame(of: modelState) }
        set {
            let frame = newValue.standardized
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
                stageContext.diagnostics.warnOnce("layer \(name.map { "'\($0)'" } ?? "(unnamed)") was given a non-finite frame \(newValue); ignored")
                return
            }
            let t = modelState.transform
            // The box of an affine map of a w×h rectangle is (|a|w + |c|h) × (|b|w + |d|h).
            let (a, b, c, d) = (abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
            let determinant = a * d - b * c
            var size = frame.size
            if determinant != 0 {
                size = CGSize(width: (d * frame.width - c * frame.height) / determinant,
                              height: (a * frame.height - b * frame.width) / determinant)
            }
            var newBounds = modelState.bounds
            newBounds.size = CGSize(width: max(size.width, 0), height: max(size.height, 0))
            bounds = newBounds
            // With the new size, find where the box sits relative to the position and shift it.
            var probe = modelState
            probe.position = .zero
            let box = Self.frame(of: probe)
            position = CGPoint(x: frame.minX - box.minX, y: frame.minY - box.minY)
        }
    }

    /// The frame a layer with `state` would have: its bounds corners through the layer's own
    /// mapping into the superlayer (without the superlayer's `sublayerTransform`).
    static func frame(of state: LayerState) -> CGRect {
        let m = state.mappingToSuperlayer(nil)
        let b = state.bounds
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func include(_ x: CGFloat, _ y: CGFloat) {
            var w = x * m.m14 + y * m.m24 + m.m44
            if w == 0 { w = 1 }
            let px = (x * m.m11 + y * m.m21 + m.m41) / w
            let py = (x * m.m12 + y * m.m22 + m.m42) / w
            minX = min(minX, px)
            maxX = max(maxX, px)
            minY = min(minY, py)
            maxY = max(maxY, py)
        }
        include(b.minX, b.minY)
        include(b.maxX, b.minY)
        include(b.minX, b.maxY)
        include(b.maxX, b.maxY)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
