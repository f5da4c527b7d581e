import Foundation

// Apple's C-style CATransform3D functions, with Apple's exact definitions: `Concat(a, b)` applies
// `a` first, then `b` (the matrix product a·b); `Translate(t, …)` applies the new translation
// *before* `t` (translate·t); rotations follow the right-hand rule about the given axis.

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

/// Whether two transforms are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// Returns a transform that translates by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

/// Returns a transform that scales by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// Returns a transform that rotates by `angle` radians about the vector `(x, y, z)`. A zero-length
/// axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(
        m11: c + k * ux * ux, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
        m21: k * ux * uy - s * uz, m22: c + k * uy * uy, m23: k * uy * uz + s * ux, m24: 0,
        m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// Returns `a` followed by `b` (the row-vector product a·b).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
}

/// Translates `t` by `(tx, ty, tz)`, the translation applied first: `translate · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// Scales `t` by `(sx, sy, sz)`, the scale applied first: `scale · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// Rotates `t`, the rotation applied first: `rotation · t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// Inverts `t`; returns `t` unchanged when it has no inverse. (Cofactor expansion, no allocation.)
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    let (e0, e1, e2, e3) = (t.m11, t.m12, t.m13, t.m14)
    let (e4, e5, e6, e7) = (t.m21, t.m22, t.m23, t.m24)
    let (e8, e9, e10, e11) = (t.m31, t.m32, t.m33, t.m34)
    let (e12, e13, e14, e15) = (t.m41, t.m42, t.m43, t.m44)
    let i0 = e5 * e10 * e15 - e5 * e11 * e14 - e9 * e6 * e15 + e9 * e7 * e14 + e13 * e6 * e11 - e13 * e7 * e10
    let i4 = -e4 * e10 * e15 + e4 * e11 * e14 + e8 * e6 * e15 - e8 * e7 * e14 - e12 * e6 * e11 + e12 * e7 * e10
    let i8 = e4 * e9 * e15 - e4 * e11 * e13 - e8 * e5 * e15 + e8 * e7 * e13 + e12 * e5 * e11 - e12 * e7 * e9
    let i12 = -e4 * e9 * e14 + e4 * e10 * e13 + e8 * e5 * e14 - e8 * e6 * e13 - e12 * e5 * e10 + e12 * e6 * e9
    let i1 = -e1 * e10 * e15 + e1 * e11 * e14 + e9 * e2 * e15 - e9 * e3 * e14 - e13 * e2 * e11 + e13 * e3 * e10
    let i5 = e0 * e10 * e15 - e0 * e11 * e14 - e8 * e2 * e15 + e8 * e3 * e14 + e12 * e2 * e11 - e12 * e3 * e10
    let i9 = -e0 * e9 * e15 + e0 * e11 * e13 + e8 * e1 * e15 - e8 * e3 * e13 - e12 * e1 * e11 + e12 * e3 * e9
    let i13 = e0 * e9 * e14 - e0 * e10 * e13 - e8 * e1 * e14 + e8 * e2 * e13 + e12 * e1 * e10 - e12 * e2 * e9
    let i2 = e1 * e6 * e15 - e1 * e7 * e14 - e5 * e2 * e15 + e5 * e3 * e14 + e13 * e2 * e7 - e13 * e3 * e6
    let i6 = -e0 * e6 * e15 + e0 * e7 * e14 + e4 * e2 * e15 - e4 * e3 * e14 - e12 * e2 * e7 + e12 * e3 * e6
    let i10 = e0 * e5 * e15 - e0 * e7 * e13 - e4 * e1 * e15 + e4 * e3 * e13 + e12 * e1 * e7 - e12 * e3 * e5
    let i14 = -e0 * e5 * e14 + e0 * e6 * e13 + e4 * e1 * e14 - e4 * e2 * e13 - e12 * e1 * e6 + e12 * e2 * e5
    let i3 = -e1 * e6 * e11 + e1 * e7 * e10 + e5 * e2 * e11 - e5 * e3 * e10 - e9 * e2 * e7 + e9 * e3 * e6
    let i7 = e0 * e6 * e11 - e0 * e7 * e10 - e4 * e2 * e11 + e4 * e3 * e10 + e8 * e2 * e7 - e8 * e3 * e6
    let i11 = -e0 * e5 * e11 + e0 * e7 * e9 + e4 * e1 * e11 - e4 * e3 * e9 - e8 * e1 * e7 + e8 * e3 * e5
    let i15 = e0 * e5 * e10 - e0 * e6 * e9 - e4 * e1 * e10 + e4 * e2 * e9 + e8 * e1 * e6 - e8 * e2 * e5
    let determinant = e0 * i0 + e1 * i4 + e2 * i8 + e3 * i12
    guard determinant != 0, determinant.isFinite else { return t }
    let s = 1 / determinant
    return CATransform3D(m11: i0 * s, m12: i1 * s, m13: i2 * s, m14: i3 * s,
                         m21: i4 * s, m22: i5 * s, m23: i6 * s, m24: i7 * s,
                         m31: i8 * s, m32: i9 * s, m33: i10 * s, m34: i11 * s,
                         m41: i12 * s, m42: i13 * s, m43: i14 * s, m44: i15 * s)
}

/// Whether `t` maps the plane z = 0 to itself with no perspective: only m11, m12, m21, m22, m41,
/// m42 differ from the identity.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

extension CATransform3D {
    /// The sixteen elements row by row (m11, m12, …, m44).
    public var rowMajorElements: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Builds a transform from sixteen elements given row by row.
    public init(rowMajorElements e: [CGFloat]) {
        precondition(e.count == 16, "a CATransform3D has 16 elements")
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3],
                  m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11],
                  m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}
