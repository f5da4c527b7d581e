import CARenderPixels
import CARenderGeometry
import CARenderRaster
/// Paints an image of premultiplied float pixels through a projective map (device → layer) and
/// the contents' nine-slice axes (layer → image pixels), with bilinear (or nearest) filtering;
/// samples outside the image repeat its edge pixels, as Core Animation clamps contents sampling
/// to the image's edge.
struct ImagePainter: CoveragePainter {
    let canvas: Canvas
    let pixels: UnsafePointer<SIMD4<Float>>
    let width: Int
    let height: Int
    let deviceToLayer: ProjectiveMap
    let xAxis: SliceAxis
    let yAxis: SliceAxis
    let alpha: Float
    /// Nearest-neighbour sampling instead of bilinear (`.nearest` contents filters).
    let nearest: Bool
    /// When `flipped`, layer y is mirrored within the placed image (y ↦ flipSum − y) so an image
    /// under a geometry-flipped superlayer stays upright.
    let flipped: Bool
    let flipSum: Double

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let cx = min(max(x, 0), width &- 1), cy = min(max(y, 0), height &- 1)
        return pixels[cy &* width &+ cx]
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        // The filter and the flip are the layer's, the same for every pixel: pick the loop once.
        let painter = self
        switch (nearest, flipped) {
        case (false, false): painter.paintRow(y, x0, count, coverage, nearest: false, flipped: false)
        case (false, true): painter.paintRow(y, x0, count, coverage, nearest: false, flipped: true)
        case (true, false): painter.paintRow(y, x0, count, coverage, nearest: true, flipped: false)
        case (true, true): painter.paintRow(y, x0, count, coverage, nearest: true, flipped: true)
        }
    }

    @inline(__always)
    private func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>,
                          nearest: Bool, flipped: Bool) {
        var d = canvas.pixel(x0, y)
        let m = deviceToLayer
        let py = Double(y) + 0.5
        let maxU = Double(width + 1), maxV = Double(height + 1)
        for i in 0..<count {
            let c = coverage[i] * alpha
            if c > 0 {
                let px = Double(x0 + i) + 0.5
                let h = m.apply(px, py)
                if h.w > 0 {
                    // Pixel centres sit at half-integers: shift to sample indices.
                    let ly = h.y / h.w
                    let u = xAxis.map(h.x / h.w) - 0.5, v = yAxis.map(flipped ? flipSum - ly : ly) - 0.5
                    if nearest {
                        let ix = Int(max(-2, min((u + 0.5).rounded(.down), maxU)))
                        let iy = Int(max(-2, min((v + 0.5).rounded(.down), maxV)))
                        sourceOver(d, texel(ix, iy) * c)
                    } else {
                        let fu = u.rounded(.down), fv = v.rounded(.down)
                        let ix = Int(max(-2, min(fu, maxU))), iy = Int(max(-2, min(fv, maxV)))
                        let tx = Float(u - fu), ty = Float(v - fv)
                        let top = texel(ix, iy) * (1 - tx) + texel(ix + 1, iy) * tx
                        let bottom = texel(ix, iy + 1) * (1 - tx) + texel(ix + 1, iy + 1) * tx
                        sourceOver(d, (top * (1 - ty) + bottom * ty) * c)
                    }
                }
            }
            d += 4
        }
    }
}
