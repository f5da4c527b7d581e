/// Paints a straight-alpha RGBA8 image through a projective map (device → layer) and the
/// contents' nine-slice axes (layer → image pixels), with bilinear (or nearest) filtering; samples outside the
/// image repeat its edge pixels (SPEC-semantics §12.7).
struct ImagePainter: CoveragePainter {
    let canvas: Canvas
    let pixels: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let deviceToLayer: ProjectiveMap
    let xAxis: SliceAxis
    let yAxis: SliceAxis
    let alpha: Float
    /// Nearest-neighbour sampling instead of bilinear (`.nearest` contents filters).
    let nearest: Bool
    /// When set, layer y is mirrored within the placed image (y ↦ flipSum − y) so an image under
    /// a geometry-flipped superlayer stays upright.
    let flipSum: Double?

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let cx = min(max(x, 0), width - 1), cy = min(max(y, 0), height - 1)
        let p = pixels + ((cy * width + cx) << 2)
        let a = Float(p[3]) * (1 / 255)
        return SIMD4(Float(p[0]) * a, Float(p[1]) * a, Float(p[2]) * a, Float(p[3]))
    }

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        let m = deviceToLayer
        let py = Double(y) + 0.5
        for i in 0..<count {
            let c = coverage[i] * alpha
            if c > 0 {
                let px = Double(x0 + i) + 0.5
                let h = m.apply(px, py)
                if h.w > 0 {
                    // Pixel centres sit at half-integers: shift to sample indices.
                    let ly = h.y / h.w
                    let u = xAxis.map(h.x / h.w) - 0.5, v = yAxis.map(flipSum.map { $0 - ly } ?? ly) - 0.5
                    if nearest {
                        let ix = Int(max(-2, min((u + 0.5).rounded(.down), Double(width + 1))))
                        let iy = Int(max(-2, min((v + 0.5).rounded(.down), Double(height + 1))))
                        sourceOver(d, texel(ix, iy) * c)
                        d += 4
                        continue
                    }
                    let fu = u.rounded(.down), fv = v.rounded(.down)
                    let ix = Int(max(-2, min(fu, Double(width + 1)))), iy = Int(max(-2, min(fv, Double(height + 1))))
                    let tx = Float(u - fu), ty = Float(v - fv)
                    let top = texel(ix, iy) * (1 - tx) + texel(ix + 1, iy) * tx
                    let bottom = texel(ix, iy + 1) * (1 - tx) + texel(ix + 1, iy + 1) * tx
                    sourceOver(d, (top * (1 - ty) + bottom * ty) * c)
                }
            }
            d += 4
        }
    }
}
