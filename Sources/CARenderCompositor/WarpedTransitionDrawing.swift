import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

/// One picture of a transition, rendered into an offscreen, read at layer points: the point is
/// mapped to the device by the picture's own map and the offscreen sampled bilinearly
/// (transparent outside it, so a picture's anti-aliased edges carry through the warp).
struct PictureSampler {
    let canvas: Canvas
    let map: ProjectiveMap
    /// False for a side with no picture (a transition added to a layer with no earlier
    /// rendering): every sample is transparent.
    let present: Bool

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let r = canvas.rect
        guard x >= r.x0, x < r.x1, y >= r.y0, y < r.y1 else { return .zero }
        return load(canvas.pixel(x, y))
    }

    /// The premultiplied colour (0…255) at layer point `p`.
    @inline(__always)
    func sample(_ p: SIMD2<Double>) -> SIMD4<Float> {
        guard present else { return .zero }
        let h = map.apply(p.x, p.y)
        guard h.w >= nearPlaneW else { return .zero }
        // Pixel centres sit at half-integers.
        let u = h.x / h.w - 0.5, v = h.y / h.w - 0.5
        let r = canvas.rect
        guard u > Double(r.x0 - 1), u < Double(r.x1), v > Double(r.y0 - 1), v < Double(r.y1) else { return .zero }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let ix = Int(fu), iy = Int(fv)
        let tx = Float(u - fu), ty = Float(v - fv)
        let top = texel(ix, iy) * (1 - tx) + texel(ix + 1, iy) * tx
        let bottom = texel(ix, iy + 1) * (1 - tx) + texel(ix + 1, iy + 1) * tx
        return top * (1 - ty) + bottom * ty
    }
}

/// Paints a warped transition: each covered pixel is mapped back to the layer's plane and takes
/// the warp's colour there, weighted by the coverage and the alpha.
struct WarpPainter<Warp: TransitionWarp>: CoveragePainter {
    let canvas: Canvas
    let warp: Warp
    let old: PictureSampler
    let new: PictureSampler
    let deviceToLayer: ProjectiveMap
    let alpha: Float

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let painter = self
        var d = canvas.pixel(x0, y)
        let py = Double(y) + 0.5
        for i in 0..<count {
            let c = coverage[i] * painter.alpha
            if c > 0 {
                let h = painter.deviceToLayer.apply(Double(x0 + i) + 0.5, py)
                if h.w > 0 {
                    let color = painter.warp.color(at: SIMD2(h.x / h.w, h.y / h.w), old: painter.old, new: painter.new)
                    if color.w > 0 { sourceOver(d, color * c) }
                }
            }
            d += 4
        }
    }
}

extension FrameDrawing {
    /// Draws a warped transition (`pageCurl`, `pageUnCurl`, `suckEffect`, `rippleEffect`; see
    /// `TransitionWarps`) of layer `new` whose earlier rendering is `old` (or -1): both pictures
    /// render into offscreens, and the layer's bounds are filled with the warp of the two.
    func drawWarpedTransition(old: Int, oldMap: ProjectiveMap, new: Int, newMap: ProjectiveMap, kind: TransitionKind,
                              direction: TransitionDirection, progress p: Double, into target: Canvas, alpha: Double) {
        let s = list.items[new].statePointer
        let box = s.boundsBox
        guard let deviceToLayer = newMap.inverted() else { return }
        let region = newMap.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(target.rect)
        guard !region.isEmpty else { return }
        let pixel = 1 / newMap.maxScale(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
        // The pictures cover the page wherever it is on the device, the canvas or not (a curl
        // shows the back of a page coming from off the canvas), up to the canvas's size around it.
        let t = target.rect
        let limit = IntRect(x0: t.x0 - t.width, y0: t.y0 - t.height, x1: t.x1 + t.width, y1: t.y1 + t.height)
        let oldRect = old >= 0 ? oldMap.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(limit)
                               : .empty
        let newRect = newMap.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(limit)
        guard !newRect.isEmpty else { return }
        let after = scratch.pool.acquire(newRect)
        defer { scratch.pool.release(after) }
        drawLayer(new, map: newMap, into: after, alpha: 1)
        let before = oldRect.isEmpty ? after : scratch.pool.acquire(oldRect)
        defer { if !oldRect.isEmpty { scratch.pool.release(before) } }
        if !oldRect.isEmpty { drawLayer(old, map: oldMap, into: before, alpha: 1) }
        let oldPicture = PictureSampler(canvas: before, map: oldMap, present: !oldRect.isEmpty)
        let newPicture = PictureSampler(canvas: after, map: newMap, present: true)
        var shape = scratch.borrowOutline()
        shape.addRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
        let edges = aliasedEdges(s, map: newMap)
        func fillWarp<W: TransitionWarp>(_ warp: W) {
            var painter = WarpPainter(canvas: target, warp: warp, old: oldPicture, new: newPicture,
                                      deviceToLayer: deviceToLayer, alpha: Float(alpha))
            fill(shape, map: newMap, aliasedEdges: edges, into: target, painter: &painter)
        }
        switch kind {
        case .pageCurl:
            if let curl = PageCurl(box: box, side: direction.side, progress: p, pixel: pixel) { fillWarp(curl) }
        case .pageUnCurl:
            if let curl = PageCurl(box: box, side: direction.side, progress: 1 - p, pixel: pixel, pageIsNew: true) {
                fillWarp(curl)
            }
        case .suckEffect:
            if let suck = SuckWarp(box: box, progress: p, pixel: pixel) { fillWarp(suck) }
        case .rippleEffect:
            if let ripple = RippleWarp(box: box, progress: p, pixel: pixel) { fillWarp(ripple) }
        default:
            break
        }
        scratch.giveBack(shape)
    }

    /// Draws a camera-iris transition: one picture through a polygonal aperture about the bounds'
    /// centre (see `IrisAperture`); nothing outside it.
    func drawIrisTransition(old: Int, oldMap: ProjectiveMap, new: Int, newMap: ProjectiveMap, kind: TransitionKind,
                            progress p: Double, into target: Canvas, alpha: Double) {
        let box = list.items[new].statePointer.boundsBox
        guard let iris = IrisAperture(kind: kind, box: box, progress: p), iris.inradius > 0 else { return }
        let shown = iris.showsNew ? new : old
        guard shown >= 0 else { return }
        let map = iris.showsNew ? newMap : oldMap
        let extent = list.extent(shown, map: map).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let picture = scratch.pool.acquire(extent)
        defer { scratch.pool.release(picture) }
        drawLayer(shown, map: map, into: picture, alpha: 1)
        var shape = scratch.borrowOutline()
        iris.addAperture(to: &shape)
        var painter = OffscreenPainter(source: picture, target: target, alpha: Float(alpha))
        fill(shape, map: newMap, into: target, painter: &painter)
        scratch.giveBack(shape)
    }
}
