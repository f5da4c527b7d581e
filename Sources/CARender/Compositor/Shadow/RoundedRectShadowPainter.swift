/// Paints the Gaussian blur of a rounded rectangle analytically: the separable product of two
/// blurred intervals minus the tabulated corner deficits, evaluated at each pixel centre mapped
/// back into layer space — so the shadow is exact under rotation and perspective too.
///
/// Shape coordinates are relative to the rectangle's top-left corner.
struct RoundedRectShadowPainter: CoveragePainter {
    let canvas: Canvas
    /// The shadow colour at 257 levels of alpha (`palette[k]` = colour × k/256, packed).
    let palette: UnsafePointer<UInt32>
    /// Device pixel → shape coordinates.
    let deviceToShape: ProjectiveMap
    let width: Float
    let height: Float
    let horizontal: TableLookup1D
    let vertical: TableLookup1D
    /// The corner table shared by the rounded corners (all have the same radius), or nil.
    let corner: CornerLookup?
    /// Which corners are rounded: top-left, top-right, bottom-right, bottom-left.
    let rounded: SIMD4<Float>
    /// The same background as a cross of two boxes (see `AxisAlignedShadowPainter`).
    let wide: (u0: Float, v0: Float, u1: Float, v1: Float)
    let tall: (u0: Float, v0: Float, u1: Float, v1: Float)

    @inline(__always)
    private func shade(_ u: Float, _ v: Float) -> Float {
        let h = horizontal.value(u)
        if h == 0 { return 0 }
        var value = h * vertical.value(v)
        // Corners only take away: where the rectangle's blur is invisible, so is the result.
        if value < 0.0005 { return 0 }
        if let corner {
            let reach = corner.reach
            let ru = width - u, bv = height - v
            if u < reach {
                if v < reach && rounded.x != 0 { value -= corner.value(u, v) }
                if bv < reach && rounded.w != 0 { value -= corner.value(u, bv) }
            }
            if ru < reach {
                if v < reach && rounded.y != 0 { value -= corner.value(ru, v) }
                if bv < reach && rounded.z != 0 { value -= corner.value(ru, bv) }
            }
        }
        return value
    }

    @inline(__always)
    private func blend(_ d: UnsafeMutablePointer<UInt8>, _ k: Float) {
        if k > 0.001 {
            d.packedPixel = sourceOverPacked(d.packedPixel, palette[nearestIndex(min(k, 1) * 256)])
        }
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let shader = self  // a local copy: raw pixel stores would force reloads of `self`
        shader.paintRow(y, x0, count, coverage)
    }

    /// The pixels `i` of a row (device x = x0 + i, homogeneous shape point `a + b·i`) whose
    /// shape point lies strictly inside `box`, as a half-open range (empty when none).
    @inline(__always)
    private func run(inside box: (u0: Float, v0: Float, u1: Float, v1: Float), a: SIMD3<Double>, b: SIMD3<Double>,
                     count: Int) -> (Int, Int) {
        guard box.u1 > box.u0, box.v1 > box.v0 else { return (0, 0) }
        var range = OpenInterval()
        // Each side is linear in i once multiplied by w (> 0 where anything is drawn):
        // u > u0  ⇔  (a.x − u0·a.z) + (b.x − u0·b.z)·i > 0, and so on.
        let u0 = Double(box.u0), u1 = Double(box.u1), v0 = Double(box.v0), v1 = Double(box.v1)
        range.constrain(a.x - u0 * a.z, b.x - u0 * b.z)
        range.constrain(u1 * a.z - a.x, u1 * b.z - b.x)
        range.constrain(a.y - v0 * a.z, b.y - v0 * b.z)
        range.constrain(v1 * a.z - a.y, v1 * b.z - b.y)
        let lo = range.lo, hi = range.hi
        guard hi > lo else { return (0, 0) }
        let from = max(0, Int(max(lo, -1).rounded(.down)) + 1)
        let to = min(count, Int(min(hi, Double(count) + 1).rounded(.up)))
        return from < to ? (from, to) : (0, 0)
    }

    @inline(__always)
    private func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>) {
        let m = deviceToShape
        let py = Double(y) + 0.5, px0 = Double(x0) + 0.5
        let d0 = canvas.pixel(x0, y)
        // Homogeneous shape point of pixel i: a + b·i.
        let a = SIMD3(px0 * m.m11 + py * m.m21 + m.m31, px0 * m.m12 + py * m.m22 + m.m32, px0 * m.m13 + py * m.m23 + m.m33)
        let b = SIMD3(m.m11, m.m12, m.m13)
        // The run under the layer's opaque background (the union of the cross's boxes when they
        // meet, else the longer), skipped outright.
        let r1 = run(inside: wide, a: a, b: b, count: count), r2 = run(inside: tall, a: a, b: b, count: count)
        var skip = r1.1 - r1.0 >= r2.1 - r2.0 ? r1 : r2
        if r1.1 > r1.0 && r2.1 > r2.0 && r1.0 <= r2.1 && r2.0 <= r1.1 { skip = (min(r1.0, r2.0), max(r1.1, r2.1)) }
        if m.isAffine {
            let u0 = Float(a.x), v0 = Float(a.y), du = Float(b.x), dv = Float(b.y)
            var i = 0
            while i < count {
                if i == skip.0 && skip.1 > i { i = skip.1; continue }
                let c = coverage[i]
                if c > 0 {
                    let fi = Float(i)
                    blend(d0 + 4 * i, shade(u0 + fi * du, v0 + fi * dv) * c)
                }
                i += 1
            }
        } else {
            var i = 0
            while i < count {
                if i == skip.0 && skip.1 > i { i = skip.1; continue }
                let c = coverage[i]
                let h = a + b * Double(i)
                if c > 0 && h.z > 0 {
                    let inverse = 1 / h.z
                    blend(d0 + 4 * i, shade(Float(h.x * inverse), Float(h.y * inverse)) * c)
                }
                i += 1
            }
        }
    }
}

/// The real `i` with `c0 + c1·i > 0` for every constraint given, as an open interval.
private struct OpenInterval {
    var lo = -Double.infinity, hi = Double.infinity

    @inline(__always)
    mutating func constrain(_ c0: Double, _ c1: Double) {
        if c1 == 0 {
            if c0 <= 0 { hi = -Double.infinity }
        } else if c1 > 0 {
            lo = max(lo, -c0 / c1)
        } else {
            hi = min(hi, -c0 / c1)
        }
    }
}
