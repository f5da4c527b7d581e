import Foundation
import CARenderGeometry

// Read through a pointer to the state: the compositor reaches each layer's state through its
// render node, and calling a member on `pointer.pointee` copies the whole state first (retaining
// every reference it holds) — these read the fields they need in place.
extension UnsafePointer where Pointee == LayerState {
    /// The anchor point in the layer's own coordinates: `bounds.origin + anchorPoint ⊙ bounds.size`,
    /// z = `anchorPointZ`.
    package var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (pointee.bounds.minX + pointee.anchorPoint.x * pointee.bounds.width, pointee.bounds.minY + pointee.anchorPoint.y * pointee.bounds.height, pointee.anchorPointZ)
    }

    /// The 4×4 (row vectors) taking a point of this layer's coordinates into its superlayer's,
    /// as "Core Animation Basics" in the Core Animation Programming Guide describes it: minus the anchor, `transform`, plus `position` and `zPosition`, then
    /// the superlayer's `sublayerTransform` about the superlayer's anchor point, then the
    /// superlayer's vertical flip when `isGeometryFlipped` (what `sublayerPlacement` holds; nil
    /// for the root or a superlayer that adds neither). No flattening.
    package func mappingToSuperlayer(_ superlayer: SublayerPlacement?) -> CATransform3D {
        let a = anchorInBounds
        if superlayer == nil && Self.isExactIdentity(pointee.transform) {
            // An untransformed layer (most of a flat tree): the product below, bit for bit,
            // without its three 4×4 concatenations. With an identity in the middle every other
            // entry of the product is exactly 0 or 1, and each row-4 entry is −a + 0 (the sums'
            // zero terms turn a −0 into +0 and change nothing else), plus the position.
            var m = CATransform3D.identity
            m.m41 = (-a.x + 0) + pointee.position.x
            m.m42 = (-a.y + 0) + pointee.position.y
            m.m43 = (-a.z + 0) + pointee.zPosition
            return m
        }
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
        m = CATransform3DConcat(m, pointee.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(pointee.position.x, pointee.position.y, pointee.zPosition))
        guard let s = superlayer else { return m }
        if let t = s.sublayerTransform {
            let p = s.anchor
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(-p.x, -p.y, -p.z))
            m = CATransform3DConcat(m, t)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(p.x, p.y, p.z))
        }
        if let mirror = s.flipMirror {
            // A geometry-flipped superlayer places its sublayers upside down within its bounds:
            // y ↦ minY + maxY − y.
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = mirror
            m = CATransform3DConcat(m, flip)
        }
        return m
    }

    /// Whether `t` is the identity bit for bit (a −0 entry, equal to the identity but not
    /// multiplying as it does, is not). Inlined, so the entries are read in place (a call
    /// copied all 16 first).
    @inline(__always)
    private static func isExactIdentity(_ t: CATransform3D) -> Bool {
        let one = CGFloat(1).bitPattern
        return t.m11.bitPattern == one && t.m22.bitPattern == one && t.m33.bitPattern == one && t.m44.bitPattern == one
            && t.m12.bitPattern | t.m13.bitPattern | t.m14.bitPattern | t.m21.bitPattern | t.m23.bitPattern | t.m24.bitPattern == 0
            && t.m31.bitPattern | t.m32.bitPattern | t.m34.bitPattern | t.m41.bitPattern | t.m42.bitPattern | t.m43.bitPattern == 0
    }

    /// What this layer adds to the placement of each of its sublayers, or nil when it adds
    /// nothing (an identity `sublayerTransform`, not geometry-flipped).
    package var sublayerPlacement: SublayerPlacement? {
        let transformed = !CATransform3DIsIdentity(pointee.sublayerTransform)
        guard transformed || pointee.isGeometryFlipped else { return nil }
        return SublayerPlacement(sublayerTransform: transformed ? pointee.sublayerTransform : nil, anchor: anchorInBounds,
                                 flipMirror: pointee.isGeometryFlipped ? pointee.bounds.minY + pointee.bounds.maxY : nil)
    }
}

extension LayerState {
    /// The anchor point in the layer's own coordinates (see the pointer's `anchorInBounds`).
    var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        withUnsafePointer(to: self) { $0.anchorInBounds }
    }

    /// The 4×4 (row vectors) taking a point of this layer's coordinates into its superlayer's
    /// (see the pointer's `mappingToSuperlayer(_:)`).
    package func mappingToSuperlayer(_ superlayer: SublayerPlacement?) -> CATransform3D {
        withUnsafePointer(to: self) { $0.mappingToSuperlayer(superlayer) }
    }

    /// What this layer adds to the placement of each of its sublayers (see the pointer's
    /// `sublayerPlacement`).
    package var sublayerPlacement: SublayerPlacement? {
        withUnsafePointer(to: self) { $0.sublayerPlacement }
    }
}

/// The part of a superlayer's state that places its sublayers: taken field by field once per
/// superlayer, so that placing its sublayers does not copy its whole state (a copy retains every
/// reference the state holds).
package struct SublayerPlacement {
    /// The superlayer's `sublayerTransform`, nil when it is the identity.
    var sublayerTransform: CATransform3D?
    /// The superlayer's anchor point in its own coordinates, about which `sublayerTransform` applies.
    var anchor: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// `minY + maxY` of a geometry-flipped superlayer's bounds (y ↦ this − y), nil when not flipped.
    var flipMirror: CGFloat?
}

extension CATransform3D {
    /// This map followed by projection onto the plane z = 0 (what a flattening layer does to its
    /// sublayers): the z column is zeroed.
    var flattened: CATransform3D {
        var m = self
        (m.m13, m.m23, m.m33, m.m43) = (0, 0, 0, 0)
        return m
    }

    /// The image of the plane point `p` (z = 0), after the perspective divide; nil when it lands
    /// at infinity.
    func project(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        guard w != 0, w.isFinite else { return nil }
        return CGPoint(x: x / w, y: y / w)
    }

    /// The plane point (z = 0) that this map sends to `q` — inverting the plane-to-plane
    /// homography (rows and columns x, y, w) — or nil when the plane is seen edge-on or collapsed.
    func unproject(_ q: CGPoint) -> CGPoint? {
        // H = [m11 m12 m14; m21 m22 m24; m41 m42 m44]; solve (x, y, 1)·H ∝ (q.x, q.y, 1).
        let (a, b, c) = (m11, m12, m14), (d, e, f) = (m21, m22, m24), (g, h, i) = (m41, m42, m44)
        // Adjugate of H (inverse up to the determinant, which cancels in the divide).
        let A = e * i - f * h, B = -(b * i - c * h), C = b * f - c * e
        let D = -(d * i - f * g), E = a * i - c * g, F = -(a * f - c * d)
        let G = d * h - e * g, H = -(a * h - b * g), I = a * e - b * d
        let determinant = a * A + b * D + c * G
        // Degenerate relative to the map's own scale (a plane turned edge-on has a rounding-error
        // determinant, not an exact zero); translation cannot make the plane degenerate.
        let axisScale = max(hypot(a, hypot(b, c)), hypot(d, hypot(e, f)))
        let bound = 1e-12 * axisScale * axisScale * hypot(g, hypot(h, i))
        guard abs(determinant) > bound, determinant.isFinite else { return nil }
        let x = q.x * A + q.y * D + G
        let y = q.x * B + q.y * E + H
        let w = q.x * C + q.y * F + I
        guard w != 0, w.isFinite else { return nil }
        return CGPoint(x: x / w, y: y / w)
    }
}
