import Foundation

/// A 4×4 homogeneous transform in Core Animation's row-vector convention: a point is the row
/// `(x, y, z, 1)` multiplied on the left, so translations sit in `m41`, `m42`, `m43`.
public struct CATransform3D: Hashable, Sendable {
    /// The first row: x scale and shear (m11, m12), z shear (m13), and perspective (m14).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: y shear and scale (m21, m22), z shear (m23), and perspective (m24).
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: z components (m31, m32, m33) and perspective (m34, usually −1 / distance).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (m41, m42, m43) and the homogeneous scale (m44).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity (Apple's zero-argument initialiser returns all zeros; `CATransform3DIdentity`
    /// is what code means almost always, but zero is kept for compatibility).
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    /// Creates a transform from its sixteen entries, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform.
    public static let identity = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// The identity transform `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D.identity
