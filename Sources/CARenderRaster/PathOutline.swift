import Foundation
import CARenderGeometry

extension Outline {
    /// Appends a `CGPath`'s subpaths, curves flattened within `tolerance`. Every subpath is
    /// closed, as filling does.
    package mutating func addPath(_ path: CGPath, tolerance: Double, transform: (Double, Double) -> SIMD2<Double> = { SIMD2($0, $1) }) {
        var current = SIMD2<Double>(0, 0)
        var start = current
        var open = false
        func point(_ p: CGPoint) -> SIMD2<Double> { transform(Double(p.x), Double(p.y)) }
        let elements = path.elements
        for index in 0..<elements.count {
            switch elements[index] {
            case .move(let to):
                if open { closeContour() }
                current = point(to); start = current
                add(current.x, current.y)
                open = true
            case .line(let to):
                if !open { add(current.x, current.y); open = true }
                current = point(to)
                add(current.x, current.y)
            case .quadCurve(let to, let control):
                if !open { add(current.x, current.y); open = true }
                let p1 = point(control), p2 = point(to)
                addQuad(from: current, p1, p2, tolerance: tolerance)
                current = p2
            case .curve(let to, let control1, let control2):
                if !open { add(current.x, current.y); open = true }
                let p1 = point(control1), p2 = point(control2), p3 = point(to)
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
