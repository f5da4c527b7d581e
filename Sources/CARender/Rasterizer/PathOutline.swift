import Foundation

extension Outline {
    /// Appends a `CGPath`'s subpaths, curves flattened within `tolerance`. Every subpath is
    /// closed, as filling does.
    mutating func addPath(_ path: CGPath, tolerance: Double, transform: (Double, Double) -> SIMD2<Double> = { SIMD2($0, $1) }) {
        var current = SIMD2<Double>(0, 0)
        var start = current
        var open = false
        func point(_ p: CGPoint) -> SIMD2<Double> { transform(Double(p.x), Double(p.y)) }
        for element in path.elements {
            switch element.type {
            case .moveToPoint:
                if open { closeContour() }
                current = point(element.points[0]); start = current
                add(current.x, current.y)
                open = true
            case .addLineToPoint:
                if !open { add(current.x, current.y); open = true }
                current = point(element.points[0])
                add(current.x, current.y)
            case .addQuadCurveToPoint:
                if !open { add(current.x, current.y); open = true }
                let p1 = point(element.points[0]), p2 = point(element.points[1])
                addQuad(from: current, p1, p2, tolerance: tolerance)
                current = p2
            case .addCurveToPoint:
                if !open { add(current.x, current.y); open = true }
                let p1 = point(element.points[0]), p2 = point(element.points[1]), p3 = point(element.points[2])
                addCubic(from: current, p1, p2, p3, tolerance: tolerance)
                current = p3
            case .closeSubpath:
                if open { closeContour() }
                open = false
                current = start
            }
        }
        if open { closeContour() }
    }
}
