/// Smallest homogeneous w kept by near-plane clipping: geometry at w ≤ 0 lies behind the eye and
/// is cut away instead of being drawn inverted (SPEC-rendering §1).
let nearPlaneW = 1e-5

extension Outline {
    /// Replaces the contents with `source` mapped through `map`, each contour clipped against the
    /// near plane `w ≥ nearPlaneW` in homogeneous space before the perspective divide.
    mutating func setProjection(of source: Outline, through map: ProjectiveMap) {
        removeAll()
        var start = 0
        if map.isAffine {
            for end in source.contourEnds {
                for i in start..<end {
                    let p = map.apply(source.xs[i], source.ys[i])
                    add(p.x, p.y)
                }
                closeContour()
                start = end
            }
            return
        }
        for end in source.contourEnds {
            var i = start
            while i < end {
                let j = i + 1 < end ? i + 1 : start
                let p = map.apply(source.xs[i], source.ys[i])
                let q = map.apply(source.xs[j], source.ys[j])
                let pIn = p.w >= nearPlaneW, qIn = q.w >= nearPlaneW
                if pIn { add(p.x / p.w, p.y / p.w) }
                if pIn != qIn {
                    let t = (nearPlaneW - p.w) / (q.w - p.w)
                    let x = p.x + (q.x - p.x) * t, y = p.y + (q.y - p.y) * t
                    add(x / nearPlaneW, y / nearPlaneW)
                }
                i += 1
            }
            closeContour()
            start = end
        }
    }
}

extension ProjectiveMap {
    /// The device pixels touched by the image of a layer-space rectangle (near-plane clipped).
    func deviceBounds(x0: Double, y0: Double, x1: Double, y1: Double) -> IntRect {
        var source = Outline()
        source.addRect(x0: x0, y0: y0, x1: x1, y1: y1)
        var projected = Outline()
        projected.setProjection(of: source, through: self)
        guard let b = projected.bounds else { return .empty }
        return IntRect(covering: b.minX, b.minY, b.maxX, b.maxY)
    }
}
