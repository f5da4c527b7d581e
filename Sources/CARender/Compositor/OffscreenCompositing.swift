extension Compositor {
    /// Source-over blends an offscreen (same device space) onto `target`, scaled by `alpha` and,
    /// when given, by the alpha of `mask` at each pixel.
    func blit(_ source: Canvas, onto target: Canvas, alpha: Float, mask: Canvas? = nil) {
        let r = source.rect.intersection(target.rect)
        guard !r.isEmpty, alpha > 0 else { return }
        for y in r.y0..<r.y1 {
            var s = source.pixel(r.x0, y)
            var d = target.pixel(r.x0, y)
            if let mask {
                var m = mask.pixel(r.x0, y)
                for _ in r.x0..<r.x1 {
                    let k = Float(m[3]) * (alpha / 255)
                    if k > 0 && s[3] > 0 { sourceOver(d, load(s) * k) }
                    s += 4; d += 4; m += 4
                }
            } else if alpha >= 1 {
                for _ in r.x0..<r.x1 {
                    let a = s[3]
                    if a == 255 {
                        UnsafeMutableRawPointer(d).storeBytes(of: UnsafeRawPointer(s).load(as: UInt32.self), as: UInt32.self)
                    } else if a > 0 {
                        sourceOver(d, load(s))
                    }
                    s += 4; d += 4
                }
            } else {
                for _ in r.x0..<r.x1 {
                    if s[3] > 0 { sourceOver(d, load(s) * alpha) }
                    s += 4; d += 4
                }
            }
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
            if c > 0 && s[3] > 0 { sourceOver(d, load(s) * c) }
            s += 4; d += 4
        }
    }
}
