import Foundation
import CARenderGeometry

/// The type-dependent operations animations need: interpolation, addition (additive and `by`),
/// subtraction (`to − by`), repetition (cumulative) and flat component vectors (splines, pacing).
extension AnimatableValue {
    /// `a` blended towards `b` by `p`; `p` outside [0, 1] extrapolates (overshooting curves,
    /// springs). Values of different kinds, or kinds that do not interpolate, switch at 0.5.
    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ p: Double) -> AnimatableValue {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(mix(Double(x), Double(y))) }
        switch (a, b) {
        case (.number(let x, let kind), .number(let y, _)):
            return .number(mix(x, y), kind)
        case (.point(let x), .point(let y)):
            return .point(CGPoint(x: mix(x.x, y.x), y: mix(x.y, y.y)))
        case (.size(let x), .size(let y)):
            return .size(CGSize(width: mix(x.width, y.width), height: mix(x.height, y.height)))
        case (.rect(let x), .rect(let y)):
            return .rect(CGRect(x: mix(x.origin.x, y.origin.x), y: mix(x.origin.y, y.origin.y),
                                width: mix(x.size.width, y.size.width), height: mix(x.size.height, y.size.height)))
        case (.color(let x), .color(let y)):
            return .color(RGBA(r: mix(x.r, y.r), g: mix(x.g, y.g), b: mix(x.b, y.b), a: mix(x.a, y.a)))
        case (.transform(let x), .transform(let y)):
            return .transform(interpolateTransform(x, y, p))
        case (.path(let x), .path(let y)):
            guard let blended = interpolatePath(x, y, p) else { return p < 0.5 ? a : b }
            return .path(blended)
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            return .array(zip(xs, ys).map { interpolate($0, $1, p) })
        default:
            return p < 0.5 ? a : b
        }
    }

    /// `a + b`: component-wise sums; transforms concatenate with `a` applied first
    /// (`CATransform3DConcat(a, b)`), so an additive transform applies after the value below it (Apple does not document the order).
    static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        combine(a, b, sign: 1)
    }

    /// `a − b`, the inverse of `add`: for transforms `a · b⁻¹`.
    static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        combine(a, b, sign: -1)
    }

    private static func combine(_ a: AnimatableValue, _ b: AnimatableValue, sign s: Double) -> AnimatableValue {
        func c(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(Double(x) + s * Double(y)) }
        switch (a, b) {
        case (.number(let x, let kind), .number(let y, _)): return .number(x + s * y, kind)
        case (.point(let x), .point(let y)): return .point(CGPoint(x: c(x.x, y.x), y: c(x.y, y.y)))
        case (.size(let x), .size(let y)): return .size(CGSize(width: c(x.width, y.width), height: c(x.height, y.height)))
        case (.rect(let x), .rect(let y)):
            return .rect(CGRect(x: c(x.origin.x, y.origin.x), y: c(x.origin.y, y.origin.y),
                                width: c(x.size.width, y.size.width), height: c(x.size.height, y.size.height)))
        case (.color(let x), .color(let y)):
            return .color(RGBA(r: x.r + s * y.r, g: x.g + s * y.g, b: x.b + s * y.b, a: x.a + s * y.a))
        case (.transform(let x), .transform(let y)):
            return .transform(CATransform3DConcat(x, s > 0 ? y : CATransform3DInvert(y)))
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            return .array(zip(xs, ys).map { combine($0, $1, sign: s) })
        default:
            // Nothing to add for switch-only values: the animation's own value wins.
            return s > 0 ? b : a
        }
    }

    /// `n` copies of the value summed (`n × v`; for transforms `vⁿ`), for cumulative repeats.
    func repeated(_ n: Int) -> AnimatableValue? {
        guard n > 0 else { return nil }
        var total = self
        for _ in 1..<n { total = AnimatableValue.add(total, self) }
        return total
    }

    /// The value's numbers as one flat vector, or nil for values that do not interpolate.
    var vector: [Double]? {
        switch self {
        case .number(let v, _): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c): return [c.r, c.g, c.b, c.a]
        case .transform(let t): return DecomposedTransform(t)?.vector
        case .array(let items):
            var all: [Double] = []
            for item in items {
                guard let v = item.vector else { return nil }
                all += v
            }
            return all
        case .path, .discrete: return nil
        }
    }

    /// A value of the same kind as `self` built from `vector` (the inverse of `vector`).
    func withVector(_ v: [Double]) -> AnimatableValue {
        switch self {
        case .number(_, let kind): return .number(v[0], kind)
        case .point: return .point(CGPoint(x: v[0], y: v[1]))
        case .size: return .size(CGSize(width: v[0], height: v[1]))
        case .rect: return .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color: return .color(RGBA(r: v[0], g: v[1], b: v[2], a: v[3]))
        case .transform: return .transform(DecomposedTransform(vector: v).matrix)
        case .array(let items):
            var offset = 0
            var out: [AnimatableValue] = []
            for item in items {
                let count = item.vector?.count ?? 0
                out.append(item.withVector(Array(v[offset..<offset + count])))
                offset += count
            }
            return .array(out)
        case .path, .discrete: return self
        }
    }

    /// A value of the same kind as `self` whose `vector` components are `component(0)`,
    /// `component(1)`, …: `withVector` without the array, for the fixed-size kinds (cubic
    /// keyframes build one per frame). Arrays of values are values made of arrays and still
    /// allocate.
    func withComponents(_ component: (Int) -> Double) -> AnimatableValue {
        switch self {
        case .number(_, let kind): return .number(component(0), kind)
        case .point: return .point(CGPoint(x: component(0), y: component(1)))
        case .size: return .size(CGSize(width: component(0), height: component(1)))
        case .rect: return .rect(CGRect(x: component(0), y: component(1), width: component(2), height: component(3)))
        case .color: return .color(RGBA(r: component(0), g: component(1), b: component(2), a: component(3)))
        case .transform: return .transform(DecomposedTransform(component: component).matrix)
        case .array: return withVector((0..<(vector?.count ?? 0)).map(component))
        case .path, .discrete: return self
        }
    }

    /// Euclidean distance between two values of the same kind (0 when they do not compare), used
    /// to pace keyframes.
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        guard let x = a.vector, let y = b.vector, x.count == y.count else { return 0 }
        var sum = 0.0
        for i in x.indices { sum += (y[i] - x[i]) * (y[i] - x[i]) }
        return sum.squareRoot()
    }
}

/// Blends two paths point by point when their elements match kind for kind; nil otherwise
/// ("undefined" on Apple's platforms for other paths).
func interpolatePath(_ a: CGPath, _ b: CGPath, _ p: Double) -> CGPath? {
    guard a.elements.count == b.elements.count else { return nil }
    var elements: [PathElement] = []
    elements.reserveCapacity(a.elements.count)
    for (x, y) in zip(a.elements, b.elements) {
        guard x.isSameKind(as: y) else { return nil }
        let points = zip(x.points, y.points).map { u, v in
            CGPoint(x: Double(u.x) + (Double(v.x) - Double(u.x)) * p, y: Double(u.y) + (Double(v.y) - Double(u.y)) * p)
        }
        elements.append(x.replacingPoints(points))
    }
    return CGPath(elements: elements)
}
