import Foundation

/// The kind of a path element, with Core Graphics' names.
public enum CGPathElementType: Int32, Sendable, Equatable {
    /// Starts a subpath at a point.
    case moveToPoint
    /// A line to a point.
    case addLineToPoint
    /// A quadratic Bézier curve: a control point and an end point.
    case addQuadCurveToPoint
    /// A cubic Bézier curve: two control points and an end point.
    case addCurveToPoint
    /// Closes the subpath.
    case closeSubpath
}

/// A path element as Core Graphics hands it to `applyWithBlock`: its type and a pointer to its
/// points (1 for move and line, 2 for a quadratic — control, end —, 3 for a cubic — control 1,
/// control 2, end —, none for close). The pointer is valid only during the call.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points, as many as its type has.
    public var points: UnsafeMutablePointer<CGPoint>

    /// Creates an element of a type with its points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// Core Graphics' applier callback for `CGPath.apply(info:function:)`.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// How the inside of a path is decided.
public enum CGPathFillRule: Int, Sendable, Equatable {
    /// Non-zero winding number.
    case winding
    /// Odd crossing count.
    case evenOdd
}

/// One element of a path, as a Swift value (the form carender's own code walks).
public enum PathElement: Sendable, Equatable {
    /// Starts a subpath at a point.
    case move(to: CGPoint)
    /// A line to a point.
    case line(to: CGPoint)
    /// A quadratic Bézier curve to a point.
    case quadCurve(to: CGPoint, control: CGPoint)
    /// A cubic Bézier curve to a point.
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    /// Closes the subpath.
    case closeSubpath

    /// The element with every point mapped by `t`.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(to: p.applying(t))
        case .line(let p): return .line(to: p.applying(t))
        case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
        case .curve(let p, let c1, let c2): return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}

/// An immutable graphics path made of lines and Bézier curves. Arcs, ellipses and rounded
/// rectangles are stored as cubic Béziers of at most a quarter turn each, as Core Graphics does;
/// carender also remembers which cubics are circular arcs, so that path measurement (and
/// animation along a path) follows the exact circle.
// @unchecked Sendable: a CGPath never changes once made; only a CGMutablePath (a subclass, so not
// checkable) changes, and only in the hands of the code building it.
public class CGPath: Hashable, @unchecked Sendable {
    /// The path's elements in order.
    public internal(set) var elements: [PathElement]
    /// Exact circles behind some `curve` elements, by element index.
    var arcs: [Int: EllipticalArc]

    package init(elements: [PathElement], arcs: [Int: EllipticalArc] = [:]) {
        self.elements = elements
        self.arcs = arcs
    }

    /// A rectangle: move to its min corner, lines through (maxX, minY), (maxX, maxY),
    /// (minX, maxY), close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, arcs: path.arcs)
    }

    /// An ellipse inscribed in `rect`, four cubics starting at (maxX, midY).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, arcs: path.arcs)
    }

    /// A rounded rectangle with elliptical corners `cornerWidth × cornerHeight`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, arcs: path.arcs)
    }

    /// Whether two paths have the same elements.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the number of elements, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next element would start from: the end of the last element, the start of
    /// the subpath after a close, `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): current = p; subpathStart = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
            case .closeSubpath: current = subpathStart
            }
        }
        return current
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements, arcs: arcs) }

    /// A mutable copy with every point mapped by `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.addPath(self, transform: transform?.pointee ?? .identity)
        return copy
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements, arcs: arcs) }

    /// An immutable copy with every point mapped by `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        mutableCopy(using: transform).map { CGPath(elements: $0.elements, arcs: $0.arcs) }
    }

    /// Calls `block` with each element in order, in Core Graphics' form.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        points.initialize(repeating: .zero, count: 3)
        for element in elements {
            let type: CGPathElementType
            switch element {
            case .move(let p): type = .moveToPoint; points[0] = p
            case .line(let p): type = .addLineToPoint; points[0] = p
            case .quadCurve(let p, let c): type = .addQuadCurveToPoint; points[0] = c; points[1] = p
            case .curve(let p, let c1, let c2):
                type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
            case .closeSubpath: type = .closeSubpath
            }
            var cgElement = CGPathElement(type: type, points: points)
            block(&cgElement)
        }
    }

    /// Calls `function` with `info` and each element in order.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }
}
