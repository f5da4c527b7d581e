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
    /// Shape-space box hidden under the layer's own opaque background, skipped; empty if none.
    let hidden: (x0: Float, y0: Float, x1: Float, y1: Float)
    /// The same background as a cross of two boxes (see `AxisAlignedShadowPainter`).
    let wide: (u0: Float, v0: Float, u1: Float, v1: Float)
    let tall: (u0: Float, v0: Float, u1: Float, v1: Float)

    /// Whether a shape point lies under the layer's opaque background.
    @inline(__always)
    private func isHidden(_ u: Float, _ v: Float) -> Bool {
        (u > wide.u0 && u < wide.u1 && v > wide.v0 && v < wide.v1) || (u > tall.u0 && u < tall.u1 && v > tall.v0 && v < tall.v1)
    }

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
            d.packedPixel = sourceOverPacked(d.packedPixel, palette[Int(min(k, 1) * 256 + 0.5)])
        }
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let shader = self  // a local copy: raw pixel stores would force reloads of `self`
        shader.paintRow(y, x0, count, coverage)
    }

    @inline(__always)
    private func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>) {
        let m = deviceToShape
        let py = Double(y) + 0.5, px0 = Double(x0) + 0.5
        let d0 = canvas.pixel(x0, y)
        if m.isAffine {
            let u0 = px0 * m.m11 + py * m.m21 + m.m31, v0 = px0 * m.m12 + py * m.m22 + m.m32
            let du = Float(m.m11), dv = Float(m.m12)
            // The run of this row under the layer's opaque centre, skipped outright.
            var (skipFrom, skipTo) = (count, count)
            if hidden.x1 > hidden.x0 {
                var lo = 0.0, hi = Double(count)
                func clamp(_ start: Double, _ step: Double, _ a: Float, _ b: Float) {
                    if step == 0 {
                        if !(start > Double(a) && start < Double(b)) { hi = lo }
                    } else {
                        var t0 = (Double(a) - start) / step, t1 = (Double(b) - start) / step
                        if t0 > t1 { swap(&t0, &t1) }
                        lo = max(lo, t0); hi = min(hi, t1)
                    }
                }
                clamp(u0, m.m11, hidden.x0, hidden.x1)
                clamp(v0, m.m12, hidden.y0, hidden.y1)
                if hi > lo {
                    skipFrom = Int(lo.rounded(.up)); skipTo = max(skipFrom, Int(hi.rounded(.down)))
                }
            }
            var i = 0
            while i < count {
                if i == skipFrom { i = skipTo; if i >= count { break } }
                let c = coverage[i]
                if c > 0 {
                    let fi = Float(i)
                    let u = Float(u0) + fi * du, v = Float(v0) + fi * dv
                    if !isHidden(u, v) { blend(d0 + 4 * i, shade(u, v) * c) }
                }
                i += 1
            }
        } else {
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let px = px0 + Double(i)
                let w = px * m.m13 + py * m.m23 + m.m33
                if w <= 0 { continue }
                let u = Float((px * m.m11 + py * m.m21 + m.m31) / w), v = Float((px * m.m12 + py * m.m22 + m.m32) / w)
                if (u > hidden.x0 && u < hidden.x1 && v > hidden.y0 && v < hidden.y1) || isHidden(u, v) { continue }
                blend(d0 + 4 * i, shade(u, v) * c)
            }
        }
    }
}
