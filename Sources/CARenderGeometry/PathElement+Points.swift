import Foundation

extension PathElement {
    /// The element's kind in Core Graphics' vocabulary.
    public var type: CGPathElementType {
        switch self {
        case .move: return .moveToPoint
        case .line: return .addLineToPoint
        case .quadCurve: return .addQuadCurveToPoint
        case .curve: return .addCurveToPoint
        case .closeSubpath: return .closeSubpath
        }
    }

    /// The element's points in Core Graphics' order: the point for move and line; control, end
    /// for a quadratic; control 1, control 2, end for a cubic; none for close.
    public var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [c, p]
        case .curve(let p, let c1, let c2): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    /// Whether both elements are of the same kind (and so have the same number of points).
    package func isSameKind(as other: PathElement) -> Bool { type == other.type }

    /// An element of the same kind with `points` (in the order of `points`) instead of its own.
    package func replacingPoints(_ points: [CGPoint]) -> PathElement {
        precondition(points.count == self.points.count, "a \(type) element has \(self.points.count) points")
        switch self {
        case .move: return .move(to: points[0])
        case .line: return .line(to: points[0])
        case .quadCurve: return .quadCurve(to: points[1], control: points[0])
        case .curve: return .curve(to: points[2], control1: points[0], control2: points[1])
        case .closeSubpath: return .closeSubpath
        }
    }
}
