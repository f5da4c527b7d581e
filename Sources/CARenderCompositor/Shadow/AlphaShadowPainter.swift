import CARenderPixels
import CARenderGeometry
import CARenderRaster
/// Paints a shadow from a blurred alpha plane (the layer's composited alpha or its shadow path,
/// rendered in layer space and blurred there), looked up perspective-correctly and bilinearly.
struct AlphaShadowPainter: CoveragePainter {
    let canvas: Canvas
    let color: SIMD4<Float>
    /// Device pixel → plane pixel coordinates.
    let deviceToPlane: ProjectiveMap
    let plane: UnsafePointer<Float>
    let width: Int
    let height: Int

    @inline(__always)
    private func sample(_ x: Int, _ y: Int) -> Float {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return plane[y * width + x]
    }

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        let py = Double(y) + 0.5
        for i in 0..<count {
            let c = coverage[i]
            if c > 0 {
                let h = deviceToPlane.apply(Double(x0 + i) + 0.5, py)
                if h.w > 0 {
                    let u = h.x / h.w - 0.5, v = h.y / h.w - 0.5
                    let fu = u.rounded(.down), fv = v.rounded(.down)
                    if fu > -2 && fv > -2 && fu < Double(width + 1) && fv < Double(height + 1) {
                        let ix = Int(fu), iy = Int(fv)
                        let tx = Float(u - fu), ty = Float(v - fv)
                        let top = sample(ix, iy) * (1 - tx) + sample(ix + 1, iy) * tx
                        let bottom = sample(ix, iy + 1) * (1 - tx) + sample(ix + 1, iy + 1) * tx
                        let k = (top + (bottom - top) * ty) * c
                        if k > 0.0005 { sourceOver(d, color * min(k, 1)) }
                    }
                }
            }
            d += 4
        }
    }
}
