import Foundation

/// A `CATransform3D` split into the parts Core Animation's `transform.*` key paths name:
/// the matrix is `scale · rotation · translation · perspective` (row vectors, applied left to
/// right), with the rotation as Euler angles applied about x, then y, then z.
///
/// Reading `transform.rotation.z` decomposes the matrix; writing it replaces that one component
/// and recomposes, keeping scale, the other rotations, translation and perspective (Apple's "Core
/// Animation Programming Guide", Key-Value Coding Extensions: transform field value key paths). Shear has no component: a sheared matrix reads approximately and recomposes without
/// shear. Decomposing the perspective factor this way keeps the usual
/// `t.m34 = -1/d; t = CATransform3DRotate(t, …)` idiom exact: its perspective survives a
/// rotation written through a key path. (Apple's exact decomposition is not public; this one is
/// chosen so those idioms round-trip.)
package struct TransformComponents: Equatable {
    package var scale: (x: CGFloat, y: CGFloat, z: CGFloat) = (1, 1, 1)
    package var rotation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    package var translation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    /// The projective factor `[I p; 0 w]`: its fourth column (m14, m24, m34, m44).
    var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) = (0, 0, 0, 1)

    package static func == (l: TransformComponents, r: TransformComponents) -> Bool {
        l.scale == r.scale && l.rotation == r.rotation && l.translation == r.translation
            && l.perspective == r.perspective
    }

    init() {}

    /// Splits `t` into components.
    package init(decomposing t: CATransform3D) {
        translation = (t.m41, t.m42, t.m43)
        // Linear part L (rows r1, r2, r3). The perspective column of t is L·p, so p = L⁻¹·column.
        let r1 = (t.m11, t.m12, t.m13), r2 = (t.m21, t.m22, t.m23), r3 = (t.m31, t.m32, t.m33)
        let determinant = Self.determinant(r1, r2, r3)
        if determinant != 0, determinant.isFinite {
            let p = Self.solve(r1, r2, r3, determinant, (t.m14, t.m24, t.m34))
            let w = t.m44 - (t.m41 * p.0 + t.m42 * p.1 + t.m43 * p.2)
            perspective = (p.0, p.1, p.2, w)
        } else {
            perspective = (0, 0, 0, t.m44)
        }
        var sx = Self.length(r1)
        let sy = Self.length(r2), sz = Self.length(r3)
        // A mirror shows as a negative x scale, so the rest stays a proper rotation.
        if determinant < 0 { sx = -sx }
        scale = (sx, sy, sz)
        let u1 = Self.divide(r1, sx), u2 = Self.divide(r2, sy), u3 = Self.divide(r3, sz)
        // R = Rx·Ry·Rz has row 1 (cy·cz, cy·sz, −sy), m23 = sx·cy, m33 = cx·cy.
        let sinY = max(-1, min(1, -u1.2))
        let y = asin(sinY)
        if abs(sinY) < 1 - 1e-12 {
            rotation = (atan2(u2.2, u3.2), y, atan2(u1.1, u1.0))
        } else {
            // Gimbal lock: only x ± z is defined; put it all in x.
            rotation = (atan2(-u3.1, u2.1), y, 0)
        }
    }

    /// The matrix these components describe.
    package var transform: CATransform3D {
        var m = CATransform3DMakeScale(scale.x, scale.y, scale.z)
        // Turning about x and y by zero (the usual case: only `rotation.z` is set) leaves the
        // scale matrix as it is, bit for bit: the rotation matrix of a zero angle about either
        // axis is exactly the identity (cos 0 = 1, every other term a sum of +0s), and a product
        // with the identity gives back each finite element, the zeros' products adding +0 to
        // it, which keeps the element unless it is −0 (zeros off the diagonal are +0). So both
        // products are skipped when the scales are finite and none is −0; `fullyComposed`
        // is the same matrix the long way.
        if rotation.x == 0, rotation.y == 0, Self.isPlainFactor(scale.x), Self.isPlainFactor(scale.y), Self.isPlainFactor(scale.z) {
            m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.z, 0, 0, 1))
        } else {
            m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.x, 1, 0, 0))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.y, 0, 1, 0))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.z, 0, 0, 1))
        }
        return finished(m)
    }

    /// `transform` without skipping the zero turns (for checking that skipping changes nothing).
    var fullyComposed: CATransform3D {
        var m = CATransform3DMakeScale(scale.x, scale.y, scale.z)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.x, 1, 0, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.y, 0, 1, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.z, 0, 0, 1))
        return finished(m)
    }

    /// A scale factor that a product with the identity gives back bit for bit: finite, not −0.
    private static func isPlainFactor(_ x: CGFloat) -> Bool {
        x.isFinite && !(x == 0 && x.sign == .minus)
    }

    /// `m` (scale and rotation) with the translation and perspective applied.
    private func finished(_ rotated: CATransform3D) -> CATransform3D {
        var m = rotated
        m.m41 = translation.x
        m.m42 = translation.y
        m.m43 = translation.z
        if perspective != (0, 0, 0, 1) {
            var p = CATransform3DIdentity
            (p.m14, p.m24, p.m34, p.m44) = perspective
            m = CATransform3DConcat(m, p)
        }
        return m
    }

    private typealias Vector = (CGFloat, CGFloat, CGFloat)

    private static func length(_ v: Vector) -> CGFloat { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }

    private static func divide(_ v: Vector, _ s: CGFloat) -> Vector {
        s == 0 ? (0, 0, 0) : (v.0 / s, v.1 / s, v.2 / s)
    }

    private static func determinant(_ a: Vector, _ b: Vector, _ c: Vector) -> CGFloat {
        a.0 * (b.1 * c.2 - b.2 * c.1) - a.1 * (b.0 * c.2 - b.2 * c.0) + a.2 * (b.0 * c.1 - b.1 * c.0)
    }

    /// Solves L·p = v for the matrix with rows a, b, c (Cramer's rule).
    private static func solve(_ a: Vector, _ b: Vector, _ c: Vector, _ det: CGFloat, _ v: Vector) -> Vector {
        let x = determinant((v.0, a.1, a.2), (v.1, b.1, b.2), (v.2, c.1, c.2)) / det
        let y = determinant((a.0, v.0, a.2), (b.0, v.1, b.2), (c.0, v.2, c.2)) / det
        let z = determinant((a.0, a.1, v.0), (b.0, b.1, v.1), (c.0, c.1, v.2)) / det
        return (x, y, z)
    }
}
