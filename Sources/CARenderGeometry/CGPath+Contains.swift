import Foundation

extension CGPath {
    /// Whether `point` is inside the path under `rule`, every subpath implicitly closed.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform.inverted())
        var winding = 0
        for polyline in flattened(tolerance: 1e-3) {
            let vertices = polyline.points
            for i in vertices.indices {
                let a = vertices[i], b = vertices[(i + 1) % vertices.count]
                let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
                if a.y > p.y, b.y <= p.y, side < 0 { winding -= 1 }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }
}
