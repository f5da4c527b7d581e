import Foundation
import CARenderGeometry

/// A `CATransform3D` split into the parts Core Animation interpolates separately: scale, shear,
/// rotation (a unit quaternion), translation and perspective — the decomposition that CSS
/// Transforms Level 2 ("Interpolation of Matrices") also specifies.
///
/// In Core Animation's row-vector convention the matrix is recomposed as
/// `scale · shear · rotation · translation · perspective` (scale applied first).
struct DecomposedTransform: Equatable {
    var scale: (x: Double, y: Double, z: Double)
    /// Shear factors xy, xz, yz (row 2 gains xy·row 1, row 3 gains xz·row 1 + yz·row 2).
    var shear: (xy: Double, xz: Double, yz: Double)
    var rotation: Quaternion
    var translation: (x: Double, y: Double, z: Double)
    /// The perspective column solved against the upper 3×3 (x, y, z) and its w.
    var perspective: (x: Double, y: Double, z: Double, w: Double)

    static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.scale == b.scale && a.shear == b.shear && a.rotation == b.rotation
            && a.translation == b.translation && a.perspective == b.perspective
    }

    /// Decomposes `m`, or returns nil when it has no meaningful decomposition (m44 = 0, or a
    /// singular upper 3×3 together with perspective).
    ///
    /// A zero scale on an axis is accepted (the rotation completes the basis with a
    /// perpendicular axis), so animations from or to `scale(0, 0, 1)` interpolate smoothly rather
    /// than jumping — a deliberate extension of the classic algorithm, which gives up there.
    init?(_ m: CATransform3D) {
        guard m.m44 != 0, m.m44.isFinite else { return nil }
        let w = Double(m.m44)
        // Rows as three values, not an array: every frame of a transform animation decomposes
        // matrices, and must not allocate.
        let row0 = Vector3(Double(m.m11) / w, Double(m.m12) / w, Double(m.m13) / w)
        var row1 = Vector3(Double(m.m21) / w, Double(m.m22) / w, Double(m.m23) / w)
        var row2 = Vector3(Double(m.m31) / w, Double(m.m32) / w, Double(m.m33) / w)
        let t = Vector3(Double(m.m41) / w, Double(m.m42) / w, Double(m.m43) / w)
        let u = Vector3(Double(m.m14) / w, Double(m.m24) / w, Double(m.m34) / w)
        let a = Matrix3(rows: row0, row1, row2)

        // Perspective: M = L·P with L = [A 0; t 1], P = [I q; 0 qw], so A·q = u, qw = 1 − t·q.
        if u.x != 0 || u.y != 0 || u.z != 0 {
            guard let inverse = a.inverse else { return nil }
            let q = inverse.multiply(column: u)
            perspective = (q.x, q.y, q.z, 1 - t.dot(q))
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (t.x, t.y, t.z)

        // Gram–Schmidt on the rows: A = diag(scale) · shear · R.
        let tiny = 1e-12
        var sx = row0.length
        let r0 = sx > tiny ? row0 / sx : Vector3.perpendicular(to: [])
        if sx <= tiny { sx = 0 }
        var xy = r0.dot(row1)
        row1 = row1 - r0 * xy
        var sy = row1.length
        let r1 = sy > tiny ? row1 / sy : Vector3.perpendicular(to: [r0])
        if sy > tiny { xy /= sy } else { sy = 0; xy = 0 }
        var xz = r0.dot(row2)
        row2 = row2 - r0 * xz
        var yz = r1.dot(row2)
        row2 = row2 - r1 * yz
        var sz = row2.length
        let r2 = sz > tiny ? row2 / sz : r0.cross(r1)
        if sz > tiny { xz /= sz; yz /= sz } else { sz = 0; xz = 0; yz = 0 }
        var basis = (r0, r1, r2)
        // A reflection: flip everything so the rotation part is proper.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            basis = (r0 * -1, r1 * -1, r2 * -1)
        }
        scale = (sx, sy, sz)
        shear = (xy, xz, yz)
        rotation = Quaternion(rotationRows: basis.0, basis.1, basis.2)
    }

    init(scale: (Double, Double, Double), shear: (Double, Double, Double), rotation: Quaternion,
         translation: (Double, Double, Double), perspective: (Double, Double, Double, Double)) {
        self.scale = (scale.0, scale.1, scale.2)
        self.shear = (shear.0, shear.1, shear.2)
        self.rotation = rotation
        self.translation = (translation.0, translation.1, translation.2)
        self.perspective = (perspective.0, perspective.1, perspective.2, perspective.3)
    }

    /// The matrix these parts describe.
    var matrix: CATransform3D {
        let r = rotation.rotationRows
        let r0 = r.0 * scale.x
        let r1 = (r.1 + r.0 * shear.xy) * scale.y
        let r2 = (r.2 + r.0 * shear.xz + r.1 * shear.yz) * scale.z
        let a = Matrix3(rows: r0, r1, r2)
        let q = Vector3(perspective.x, perspective.y, perspective.z)
        let t = Vector3(translation.x, translation.y, translation.z)
        let u = a.multiply(column: q)
        let w = t.dot(q) + perspective.w
        return CATransform3D(
            m11: CGFloat(r0.x), m12: CGFloat(r0.y), m13: CGFloat(r0.z), m14: CGFloat(u.x),
            m21: CGFloat(r1.x), m22: CGFloat(r1.y), m23: CGFloat(r1.z), m24: CGFloat(u.y),
            m31: CGFloat(r2.x), m32: CGFloat(r2.y), m33: CGFloat(r2.z), m34: CGFloat(u.z),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(w))
    }

    /// Linear blend of every part except the rotation, which is slerped along the shorter arc.
    static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ p: Double) -> DecomposedTransform {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        return DecomposedTransform(
            scale: (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y), mix(a.scale.z, b.scale.z)),
            shear: (mix(a.shear.xy, b.shear.xy), mix(a.shear.xz, b.shear.xz), mix(a.shear.yz, b.shear.yz)),
            rotation: Quaternion.slerp(a.rotation, b.rotation, p),
            translation: (mix(a.translation.x, b.translation.x), mix(a.translation.y, b.translation.y),
                          mix(a.translation.z, b.translation.z)),
            perspective: (mix(a.perspective.x, b.perspective.x), mix(a.perspective.y, b.perspective.y),
                          mix(a.perspective.z, b.perspective.z), mix(a.perspective.w, b.perspective.w)))
    }

    /// The parts as one flat vector (for splines and pacing distances).
    var vector: [Double] {
        [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
         shear.xy, shear.xz, shear.yz, rotation.x, rotation.y, rotation.z, rotation.w,
         perspective.x, perspective.y, perspective.z, perspective.w]
    }

    /// Rebuilds parts from `vector`, renormalising the quaternion.
    init(vector v: [Double]) {
        self.init(component: { v[$0] })
    }

    /// Rebuilds parts from the components of a `vector` (`component(k)` is `vector[k]`),
    /// renormalising the quaternion; builds no array.
    init(component v: (Int) -> Double) {
        self.init(scale: (v(3), v(4), v(5)), shear: (v(6), v(7), v(8)),
                  rotation: Quaternion(x: v(9), y: v(10), z: v(11), w: v(12)).normalized,
                  translation: (v(0), v(1), v(2)), perspective: (v(13), v(14), v(15), v(16)))
    }
}

/// Blends two transforms the way Core Animation does for whole-matrix animations: decompose,
/// interpolate the parts, recompose. When either cannot be decomposed the value jumps at the
/// midpoint.
func interpolateTransform(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
    interpolateTransform(a, b, p) { matrix, _ in DecomposedTransform(matrix) }
}

/// `interpolateTransform(a, b, p)` with the ends decomposed by `parts` (`DecomposedTransform(_:)`
/// or a cache of it: `parts(a, 0)`, `parts(b, 1)`).
@inline(__always)
func interpolateTransform(_ a: CATransform3D, _ b: CATransform3D, _ p: Double,
                          parts: (CATransform3D, _ end: Int) -> DecomposedTransform?) -> CATransform3D {
    if p == 0 { return a }
    if p == 1 { return b }
    guard let da = parts(a, 0), let db = parts(b, 1) else { return p < 0.5 ? a : b }
    return DecomposedTransform.interpolate(da, db, p).matrix
}

/// The decompositions of the two ends a transform animation last blended, so that ends which
/// stay the same from frame to frame (the animation's own values, a model value that does not
/// change) are decomposed once, not every frame: decomposing is a pure function of the matrix's
/// bits, so the parts, and the blend, are exactly those of a fresh decomposition.
struct TransformDecompositions {
    private struct Entry {
        var matrix: CATransform3D
        var parts: DecomposedTransform?
    }

    /// One per end: a changing start does not evict a fixed end.
    private var ends: (Entry?, Entry?) = (nil, nil)

    /// `DecomposedTransform(matrix)`, remembered for `end` (0 or 1).
    mutating func parts(of matrix: CATransform3D, end: Int) -> DecomposedTransform? {
        if let entry = ends.0, entry.matrix.isBitwiseEqual(to: matrix) { return entry.parts }
        if let entry = ends.1, entry.matrix.isBitwiseEqual(to: matrix) { return entry.parts }
        let entry = Entry(matrix: matrix, parts: DecomposedTransform(matrix))
        if end == 0 { ends.0 = entry } else { ends.1 = entry }
        return entry.parts
    }

    /// `interpolateTransform(a, b, p)`, decomposing only ends not seen last time.
    mutating func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
        interpolateTransform(a, b, p) { matrix, end in parts(of: matrix, end: end) }
    }
}

extension CATransform3D {
    /// Whether the two matrices have the same bits (unlike `==`, tells 0 from −0, which a
    /// decomposition may carry into its result, and a NaN equals itself).
    @inline(__always)
    func isBitwiseEqual(to other: CATransform3D) -> Bool {
        withUnsafeBytes(of: self) { a in
            withUnsafeBytes(of: other) { b in
                var difference: UInt64 = 0
                for i in 0..<(MemoryLayout<CATransform3D>.size / 8) {
                    difference |= a.load(fromByteOffset: 8 * i, as: UInt64.self) ^ b.load(fromByteOffset: 8 * i, as: UInt64.self)
                }
                return difference == 0
            }
        }
    }
}
