import Foundation

extension Compositor {
    /// Whether step 3 draws anything: a contents image, or one dissolving away.
    func hasContents(_ s: LayerState) -> Bool {
        s.contents is CGImage || s.contentsCrossfade?.from is CGImage
    }

    /// Step 3 of SPEC-rendering §2: the contents image, or — while `contents` animates — a true
    /// cross-dissolve `from × (1 − f) + contents × f` mixed in offscreens, then blended once.
    func drawLayerContents(_ s: LayerState, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let image = s.contents as? CGImage
        guard let crossfade = s.contentsCrossfade else {
            if let image { drawContents(image, state: s, map: map, into: target, alpha: alpha) }
            return
        }
        let from = crossfade.from as? CGImage
        let f = min(max(crossfade.fraction.isNaN ? 1 : crossfade.fraction, 0), 1)
        var extent = IntRect.empty
        for picture in [from, image].compactMap({ $0 }) {
            let r = contentsPlacement(picture, state: s).rect
            extent = extent.union(map.deviceBounds(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
        }
        extent = extent.intersection(target.rect)
        guard !extent.isEmpty else { return }
        let before = pool.acquire(extent)
        defer { pool.release(before) }
        let after = pool.acquire(extent)
        defer { pool.release(after) }
        if let from { drawContents(from, state: s, map: map, into: before, alpha: 1) }
        if let image { drawContents(image, state: s, map: map, into: after, alpha: 1) }
        mix(before, after, fraction: f)
        blit(before, onto: target, alpha: Float(alpha))
    }

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
}
