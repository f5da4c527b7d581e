import CARenderPixels
import CARenderGeometry
/// Smallest homogeneous w kept by near-plane clipping: geometry at w ≤ 0 lies behind the eye and
/// is cut away instead of being drawn inverted.
package let nearPlaneW = 1e-5

extension Outline {
    /// Replaces the contents with `source` mapped through `map`, each contour clipped against the
    /// near plane `w ≥ nearPlaneW` in homogeneous space before the perspective divide.
    package mutating func setProjection(of source: Outline, through map: ProjectiveMap) {
        removeAll()
        var start = 0
        if map.isAffine {
            for c in 0..<source.contourEnds.count {
                let end = source.contourEnds[c]
                for i in start..<end {
                    let p = map.apply(source.xs[i], source.ys[i])
                    add(p.x, p.y)
                }
                closeContour()
                start = end
            }
            return
        }
        for c in 0..<source.contourEnds.count {
            let end = source.contourEnds[c]
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
    /// The device pixels touched by the image of a layer-space rectangle (near-plane clipped as
    /// `Outline.setProjection` clips, without building an outline).
    package func deviceBounds(x0: Double, y0: Double, x1: Double, y1: Double) -> IntRect {
        var box = PointBounds()
        if isAffine {
            for k in 0..<4 {
                let c = Self.corner(k, x0, y0, x1, y1)
                let p = apply(c.x, c.y)
                box.include(p.x, p.y)
            }
        } else {
            for k in 0..<4 {
                let c = Self.corner(k, x0, y0, x1, y1), d = Self.corner(k + 1, x0, y0, x1, y1)
                let p = apply(c.x, c.y), q = apply(d.x, d.y)
                let pIn = p.w >= nearPlaneW, qIn = q.w >= nearPlaneW
                if pIn { box.include(p.x / p.w, p.y / p.w) }
                if pIn != qIn {
                    let t = (nearPlaneW - p.w) / (q.w - p.w)
                    box.include((p.x + (q.x - p.x) * t) / nearPlaneW, (p.y + (q.y - p.y) * t) / nearPlaneW)
                }
            }
        }
        // A contour of fewer than three points encloses nothing.
        guard box.points >= 3 else { return .empty }
        return IntRect(covering: box.minX, box.minY, box.maxX, box.maxY)
    }

    /// Corner `k` (mod 4) of a rectangle, clockwise from its min-x min-y corner.
    @inline(__always)
    private static func corner(_ k: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (x: Double, y: Double) {
        switch k & 3 {
        case 0: return (x0, y0)
        case 1: return (x1, y0)
        case 2: return (x1, y1)
        default: return (x0, y1)
        }
    }
}

/// The bounding box of the points seen so far.
package struct PointBounds {
    package var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    package var points = 0

    @inlinable @inline(__always)
    package mutating func include(_ x: Double, _ y: Double) {
        minX = min(minX, x); maxX = max(maxX, x)
        minY = min(minY, y); maxY = max(maxY, y)
        points += 1
    }

    package init() {

    }
}
