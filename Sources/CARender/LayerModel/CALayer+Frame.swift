import Foundation

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates: the axis-aligned box of the bounds
    /// after the anchor point, `transform` and `position` (not the superlayer's
    /// `sublayerTransform`). Setting it sets `position` and `bounds.size` so that the box equals
    /// the new frame (exact for affine transforms; undefined, as on Apple's platforms, otherwise).
    var frameValue: CGRect {
        get { Self.frame(of: modelState) }
        set {
            let frame = newValue.standardized
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else { return }
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

    /// The frame a layer with `state` would have.
    static func frame(of state: LayerState) -> CGRect {
        let b = state.bounds
        let t = state.transform
        let ax = b.width * state.anchorPoint.x
        let ay = b.height * state.anchorPoint.y
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for (cx, cy) in [(0, 0), (b.width, 0), (0, b.height), (b.width, b.height)] as [(CGFloat, CGFloat)] {
            let x = cx - ax, y = cy - ay, z = -state.anchorPointZ
            let px = x * t.m11 + y * t.m21 + z * t.m31 + t.m41
            let py = x * t.m12 + y * t.m22 + z * t.m32 + t.m42
            var w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
            if w == 0 { w = 1 }
            minX = min(minX, px / w + state.position.x)
            maxX = max(maxX, px / w + state.position.x)
            minY = min(minY, py / w + state.position.y)
            maxY = max(maxY, py / w + state.position.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
