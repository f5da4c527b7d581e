extension PathElement {
    /// The element's points in Core Graphics order: control points first, end point last.
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [c, p]
        case .curve(let p, let c1, let c2): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    /// The same kind of element with its points (in `points` order) replaced.
    func replacingPoints(_ new: [CGPoint]) -> PathElement {
        switch self {
        case .move: return .move(to: new[0])
        case .line: return .line(to: new[0])
        case .quadCurve: return .quadCurve(to: new[1], control: new[0])
        case .curve: return .curve(to: new[2], control1: new[0], control2: new[1])
        case .closeSubpath: return .closeSubpath
        }
    }

    /// Whether two elements are of the same kind (and so have the same number of points).
    func isSameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.closeSubpath, .closeSubpath):
            return true
        default:
            return false
        }
    }
}
