import Foundation

/// A two-dimensional vector (Core Graphics' `CGVector`, missing from Linux Foundation).
public struct CGVector: Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// Creates a zero vector.
    public init() { (dx, dy) = (0, 0) }
    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    /// Creates a vector from whole-number components.
    public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }

    /// The vector whose components are both zero.
    public static let zero = CGVector()
}
