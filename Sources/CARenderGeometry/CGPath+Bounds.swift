import Foundation

extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [c, p]
            case .curve(let p, let c1, let c2): points += [c1, c2, p]
            case .closeSubpath: break
            }
        }
        return CGRect.boundingBox(of: points)
    }

    /// The smallest rectangle containing the path's curves themselves (control points only
    /// count where the curve reaches them); `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                points.append(p)
                current = p
            case .quadCurve(let p, let c):
                points.append(p)
                let segment = PathSegment(quadFrom: current, control: c, to: p, startsSubpath: false)
                for t in Self.quadExtrema(current.x, c.x, p.x) + Self.quadExtrema(current.y, c.y, p.y) {
                    points.append(segment.point(at: t))
                }
                current = p
            case .curve(let p, let c1, let c2):
                points.append(p)
                let segment = PathSegment(curveFrom: current, control1: c1, control2: c2, to: p,
                                          startsSubpath: false, arc: nil)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    points.append(segment.point(at: t))
                }
                current = p
            case .closeSubpath:
                break
            }
        }
        return CGRect.boundingBox(of: points)
    }

    /// Parameters in (0, 1) where a quadratic coordinate has zero derivative.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return [] }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic coordinate has zero derivative.
    static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // B'(t)/3 = a·t² + b·t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 * max(abs(b), abs(c), 1) {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots = [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
