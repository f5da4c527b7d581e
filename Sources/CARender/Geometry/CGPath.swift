import Foundation

/// One element of a path, in Core Graphics' vocabulary.
public enum CGPathElementKind: Sendable, Equatable {
    case moveToPoint
    case addLineToPoint
    case addQuadCurveToPoint
    case addCurveToPoint
    case closeSubpath
}

/// A path element: its kind and the points it uses (1 for move/line, 2 for quad, 3 for cubic,
/// 0 for close).
public struct CGPathElement: Sendable, Equatable {
    public var type: CGPathElementKind
    public var points: [CGPoint]

    public init(type: CGPathElementKind, points: [CGPoint]) {
        self.type = type
        self.points = points
    }
}

/// An immutable graphics path made of lines and Bézier curves. Arcs, ellipses and rounded
/// rectangles are stored as cubic Béziers, as Core Graphics does.
public class CGPath: Hashable, @unchecked Sendable {
    /// The path's elements in order.
    public internal(set) var elements: [CGPathElement]

    init(elements: [CGPathElement]) {
        self.elements = elements
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// Calls `body` with each element in order.
    public func applyWithBlock(_ body: (CGPathElement) -> Void) {
        for element in elements { body(element) }
    }
}

/// A path that can be extended.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() { super.init(elements: []) }

    override init(elements: [CGPathElement]) { super.init(elements: elements) }
}
