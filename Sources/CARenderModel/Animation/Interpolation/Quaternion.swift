import Foundation
import CARenderRaster

/// A 3-vector of doubles for the transform decomposition.
struct Vector3: Equatable {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }

    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }

    /// A unit vector perpendicular to all of `vectors` (at most two), preferring the standard
    /// axes in order, used to complete a basis when a scale is zero.
    static func perpendicular(to vectors: [Vector3]) -> Vector3 {
        let axes = [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)]
        for axis in axes {
            var v = axis
            for u in vectors { v = v - u * u.dot(v) }
            if v.length > 1e-6 { return v / v.length }
        }
        return Vector3(0, 0, 1)
    }
}

/// A 3×3 matrix stored by rows (row-vector convention).
struct Matrix3 {
    var r0, r1, r2: Vector3
    init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) { (self.r0, self.r1, self.r2) = (r0, r1, r2) }

    var determinant: Double { r0.dot(r1.cross(r2)) }

    /// The inverse, or nil when singular.
    var inverse: Matrix3? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        // Columns of the inverse are the cross products of rows, divided by the determinant.
        let c0 = r1.cross(r2) / det, c1 = r2.cross(r0) / det, c2 = r0.cross(r1) / det
        return Matrix3(rows: Vector3(c0.x, c1.x, c2.x), Vector3(c0.y, c1.y, c2.y), Vector3(c0.z, c1.z, c2.z))
    }

    /// This matrix times a column vector.
    func multiply(column v: Vector3) -> Vector3 { Vector3(r0.dot(v), r1.dot(v), r2.dot(v)) }
}

/// A unit quaternion for rotations.
struct Quaternion: Equatable {
    var x, y, z, w: Double

    static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    var normalized: Quaternion {
        let n = (x * x + y * y + z * z + w * w).squareRoot()
        guard n > 0 else { return .identity }
        return Quaternion(x: x / n, y: y / n, z: z / n, w: w / n)
    }

    /// The rotation whose row-vector matrix has rows `r0`, `r1`, `r2` (orthonormal, det +1).
    /// With `p' = p·R`, the column-convention matrix is Rᵀ, hence the transposed indices.
    init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }

    init(rotationRows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        // Column-convention elements c_ij = row-convention r_ji.
        let c00 = r0.x, c11 = r1.y, c22 = r2.z
        let c21 = r1.z, c12 = r2.y, c02 = r2.x, c20 = r0.z, c10 = r0.y, c01 = r1.x
        let trace = c00 + c11 + c22
        var q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = Quaternion(x: (c21 - c12) / s, y: (c02 - c20) / s, z: (c10 - c01) / s, w: s / 4)
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            q = Quaternion(x: s / 4, y: (c01 + c10) / s, z: (c02 + c20) / s, w: (c21 - c12) / s)
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            q = Quaternion(x: (c01 + c10) / s, y: s / 4, z: (c12 + c21) / s, w: (c02 - c20) / s)
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            q = Quaternion(x: (c02 + c20) / s, y: (c12 + c21) / s, z: s / 4, w: (c10 - c01) / s)
        }
        self = q.normalized
    }

    /// The rows of the row-vector rotation matrix.
    var rotationRows: (Vector3, Vector3, Vector3) {
        let (x, y, z, w) = (self.x, self.y, self.z, self.w)
        // Column-convention matrix, then transposed into rows.
        let c00 = 1 - 2 * (y * y + z * z), c01 = 2 * (x * y - z * w), c02 = 2 * (x * z + y * w)
        let c10 = 2 * (x * y + z * w), c11 = 1 - 2 * (x * x + z * z), c12 = 2 * (y * z - x * w)
        let c20 = 2 * (x * z - y * w), c21 = 2 * (y * z + x * w), c22 = 1 - 2 * (x * x + y * y)
        return (Vector3(c00, c10, c20), Vector3(c01, c11, c21), Vector3(c02, c12, c22))
    }

    /// Spherical interpolation along the shorter arc; normalised lerp when nearly parallel.
    static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
        var b = b0
        var cosine = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if cosine < 0 {
            cosine = -cosine
            b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
        }
        let wa: Double, wb: Double
        if cosine > 0.9999995 {
            wa = 1 - t
            wb = t
        } else {
            let angle = acos(min(cosine, 1))
            let sine = sin(angle)
            wa = sin((1 - t) * angle) / sine
            wb = sin(t * angle) / sine
        }
        return Quaternion(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb,
                          z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb).normalized
    }
}
