/// Paints the Gaussian blur of a rounded rectangle analytically: the separable product of two
/// blurred intervals minus the tabulated corner deficits, evaluated at each pixel centre mapped
/// back into layer space — so the shadow is exact under rotation and perspective too.
struct RoundedRectShadowPainter: CoveragePainter {
    let canvas: Canvas
    /// Shadow colour, premultiplied, 0…255, including every opacity factor.
    let color: SIMD4<Float>
    /// Device pixel → shadow-shape space (layer space minus the shadow offset).
    let deviceToShape: ProjectiveMap
    let box: (x0: Double, y0: Double, x1: Double, y1: Double)
    let horizontal: BlurredIntervalProfile
    let vertical: BlurredIntervalProfile
    /// Corner tables for top-left, top-right, bottom-right, bottom-left (nil: square corner).
    let corners: (CornerDeficitTable?, CornerDeficitTable?, CornerDeficitTable?, CornerDeficitTable?)
    /// Shape-space box hidden under the layer's own opaque background, skipped; empty if none.
    let hidden: (x0: Double, y0: Double, x1: Double, y1: Double)

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        let m = deviceToShape
        let py = Double(y) + 0.5
        let affine = m.isAffine
        for i in 0..<count {
            let c = coverage[i]
            if c > 0 {
                let px = Double(x0 + i) + 0.5
                var u = px * m.m11 + py * m.m21 + m.m31
                var v = px * m.m12 + py * m.m22 + m.m32
                if !affine {
                    let w = px * m.m13 + py * m.m23 + m.m33
                    if w <= 0 { d += 4; continue }
                    u /= w; v /= w
                }
                if u > hidden.x0 && u < hidden.x1 && v > hidden.y0 && v < hidden.y1 { d += 4; continue }
                var value = horizontal.value(at: u) * vertical.value(at: v)
                if let t = corners.0 { value -= t.value(a: u - box.x0, b: v - box.y0) }
                if let t = corners.1 { value -= t.value(a: box.x1 - u, b: v - box.y0) }
                if let t = corners.2 { value -= t.value(a: box.x1 - u, b: box.y1 - v) }
                if let t = corners.3 { value -= t.value(a: u - box.x0, b: box.y1 - v) }
                let k = value * c
                if k > 0.0005 { sourceOver(d, color * min(k, 1)) }
            }
            d += 4
        }
    }
}
