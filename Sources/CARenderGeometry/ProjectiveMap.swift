import Foundation

/// A 3×3 projective map of the plane in Core Animation's row-vector convention:
/// `(x, y, 1) · M = (X, Y, W)`, the image point being `(X / W, Y / W)`.
///
/// This is what a flattened layer level is: its 4×4 transform with the z row and column dropped
/// (z = 0 in, z ignored out). Levels compose as 3×3 maps.
@usableFromInline package struct ProjectiveMap: Equatable, Sendable {
    @usableFromInline package var m11: Double, m12: Double, m13: Double
    @usableFromInline package var m21: Double, m22: Double, m23: Double
    @usableFromInline package var m31: Double, m32: Double, m33: Double

    package static let identity = ProjectiveMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The plane-to-plane part of a 4×4 transform: points with z = 0, z dropped after the map.
    package init(flattening t: CATransform3D) {
        self.init(m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
                  m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
                  m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44))
    }

    package init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    package static func scale(_ s: Double) -> ProjectiveMap {
        ProjectiveMap(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    package static func translation(_ dx: Double, _ dy: Double) -> ProjectiveMap {
        ProjectiveMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: dx, m32: dy, m33: 1)
    }

    /// `self` followed by `b`.
    package func then(_ b: ProjectiveMap) -> ProjectiveMap {
        ProjectiveMap(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33)
    }

    /// Homogeneous image of `(x, y)`.
    @inlinable @inline(__always)
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The image point, or nil when it lies behind the eye (w ≤ 0).
    package func project(_ x: Double, _ y: Double) -> SIMD2<Double>? {
        let p = apply(x, y)
        guard p.w > 1e-9 else { return nil }
        return SIMD2(p.x / p.w, p.y / p.w)
    }

    package var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// True when the map has no perspective part (w is always 1).
    package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The inverse map, or nil when the map is singular.
    package func inverted() -> ProjectiveMap? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-14 else { return nil }
        let k = 1 / det
        return ProjectiveMap(
            m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
    }

    /// The largest stretch (device pixels per unit) the map applies near the rectangle's corners
    /// and centre; used to pick flattening tolerances and offscreen resolutions.
    package func maxScale(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        var s = 0.0
        for k in 0..<3 {
            let x = k == 0 ? x0 : k == 1 ? x1 : (x0 + x1) / 2
            let y = k == 0 ? y0 : k == 1 ? y1 : (y0 + y1) / 2
            guard let p = project(x, y) else { continue }
            if let px = project(x + 1e-3, y) { s = max(s, ((px - p) * (px - p)).sum().squareRoot() * 1e3) }
            if let py = project(x, y + 1e-3) { s = max(s, ((py - p) * (py - p)).sum().squareRoot() * 1e3) }
        }
        return s.isFinite && s > 0 ? s : 1
    }
}
