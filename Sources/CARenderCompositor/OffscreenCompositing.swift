import CPixelKernels
import CARenderPixels
import CARenderRaster
import CARenderModel
extension FrameDrawing {
    /// `a = a × (1 − f) + b × f` over two offscreens covering the same pixels.
    func mix(_ a: Canvas, _ b: Canvas, fraction f: Double) {
        let kNew = Float(f), kOld = 1 - kNew
        for y in a.rect.y0..<a.rect.y1 {
            var p = a.pixel(a.rect.x0, y), q = b.pixel(a.rect.x0, y)
            for _ in a.rect.x0..<a.rect.x1 {
                if p.packedPixel | q.packedPixel != 0 { store(p, load(p) * kOld + load(q) * kNew) }
                p += 4; q += 4
            }
        }
    }

    /// Source-over blends an offscreen (same device space) onto `target`, scaled by `alpha` and,
    /// when given, by the alpha of `mask` at each pixel.
    func blit(_ source: Canvas, onto target: Canvas, alpha: Float, mask: Canvas? = nil) {
        let r = source.rect.intersection(target.rect)
        guard !r.isEmpty, alpha > 0 else { return }
        let scale = UInt32(min(alpha, 1) * 256)
        for y in r.y0..<r.y1 {
            var s = source.pixel(r.x0, y)
            var d = target.pixel(r.x0, y)
            if let mask {
                var m = mask.pixel(r.x0, y)
                let k = alpha * (256 / 255)
                for _ in r.x0..<r.x1 {
                    let p = s.packedPixel
                    if p != 0 && m[3] != 0 {
                        d.packedPixel = sourceOverPacked(d.packedPixel, scalePacked(p, UInt32(Float(m[3]) * k)))
                    }
                    s += 4; d += 4; m += 4
                }
            } else {
                blendRow(s, onto: d, count: r.x1 - r.x0, scale: scale)
            }
        }
    }

    /// Source-over blends `count` pixels from `source` onto `target`, each scaled by `scale / 256`
    /// (0…256) first: four pixels at a time (blending transparent black leaves a pixel as it
    /// was, and an opaque one replaces it, so no pixel needs a branch), then the rest.
    @inline(__always)
    func blendRow(_ source: UnsafeMutablePointer<UInt8>, onto target: UnsafeMutablePointer<UInt8>, count: Int,
                  scale: UInt32 = 256) {
        if count >= 8 && scratch.usesAVX2Kernels {
            // The same bytes eight pixels at a time (`CPixelKernels`, `PixelKernelTests`).
            cpk_blend_row_avx2(UnsafeRawPointer(source).assumingMemoryBound(to: UInt32.self),
                               UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt32.self), Int64(count), scale)
            return
        }
        var s = source, d = target, left = count
        while left >= 4 {
            let p = UnsafeRawPointer(s).loadUnaligned(as: SIMD4<UInt32>.self)
            if p != .zero {
                let q = UnsafeRawPointer(d).loadUnaligned(as: SIMD4<UInt32>.self)
                let blended = sourceOverPacked(q, scale >= 256 ? p : scalePacked(p, scale))
                UnsafeMutableRawPointer(d).storeBytes(of: blended, as: SIMD4<UInt32>.self)
            }
            s += 16; d += 16; left -= 4
        }
        while left > 0 {
            let p = s.packedPixel
            if p != 0 { d.packedPixel = sourceOverPacked(d.packedPixel, scale >= 256 ? p : scalePacked(p, scale)) }
            s += 4; d += 4; left -= 1
        }
    }
}

/// Composites an offscreen of the same device space through a shape's coverage (a rounded
/// clip, for instance): each pixel is the offscreen's, weighted by coverage × `alpha`.
struct OffscreenPainter: CoveragePainter {
    let source: Canvas
    let target: Canvas
    let alpha: Float

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        guard y >= source.rect.y0, y < source.rect.y1 else { return }
        let lo = max(x0, source.rect.x0), hi = min(x0 + count, source.rect.x1)
        guard hi > lo else { return }
        var s = source.pixel(lo, y)
        var d = target.pixel(lo, y)
        for x in lo..<hi {
            let c = coverage[x - x0] * alpha
            let p = s.packedPixel
            if c > 0 && p != 0 { d.packedPixel = sourceOverPacked(d.packedPixel, scalePacked(p, UInt32(c * 256))) }
            s += 4; d += 4
        }
    }
}
