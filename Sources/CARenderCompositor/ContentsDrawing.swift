import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel

extension FrameDrawing {
    /// The contents image, or — while `contents` animates — a true cross-dissolve
    /// `from × (1 − f) + contents × f` mixed in offscreens, then blended once.
    func drawLayerContents(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = list.items[i].statePointer
        let image = list.items[i].contents
        guard list.items[i].isCrossfading, let crossfade = s.pointee.contentsCrossfade else {
            if let image { drawContents(image, state: s, map: map, into: target, alpha: alpha) }
            return
        }
        let from = list.items[i].crossfadeFrom
        let f = min(max(crossfade.fraction.isNaN ? 1 : crossfade.fraction, 0), 1)
        var extent = IntRect.empty
        if let from {
            let r = ContentsPlacement(from, state: s).rect
            extent = extent.union(map.deviceBounds(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
        }
        if let image {
            let r = ContentsPlacement(image, state: s).rect
            extent = extent.union(map.deviceBounds(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1))
        }
        extent = extent.intersection(target.rect)
        guard !extent.isEmpty else { return }
        let before = scratch.pool.acquire(extent)
        defer { scratch.pool.release(before) }
        let after = scratch.pool.acquire(extent)
        defer { scratch.pool.release(after) }
        if let from { drawContents(from, state: s, map: map, into: before, alpha: 1) }
        if let image { drawContents(image, state: s, map: map, into: after, alpha: 1) }
        mix(before, after, fraction: f)
        blit(before, onto: target, alpha: Float(alpha))
    }

    /// The contents image, placed by gravity, nine-sliced by `contentsCenter`, filtered
    /// bilinearly (or by nearest neighbour when the applicable filter asks), anti-aliased at its
    /// edges, perspective-correct under any map.
    func drawContents(_ image: CGImage, state s: UnsafePointer<LayerState>, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard image.width > 0, image.height > 0, alpha > 0 else { return }
        let placed = ContentsPlacement(image, state: s)
        let r = placed.rect
        guard r.x1 > r.x0, r.y1 > r.y0, let deviceToLayer = map.inverted() else { return }
        let scale = s.pointee.contentsScale > 0 ? Double(s.pointee.contentsScale) : 1
        let c = s.pointee.contentsCenter
        let iw = Double(image.width), ih = Double(image.height)
        let xAxis = SliceAxis(from: r.x0, to: r.x1, source: placed.source.x * iw, placed.source.width * iw,
                              center: Double(c.minX) * iw, Double(c.width) * iw, contentsScale: scale)
        let yAxis = SliceAxis(from: r.y0, to: r.y1, source: placed.source.y * ih, placed.source.height * ih,
                              center: Double(c.minY) * ih, Double(c.height) * ih, contentsScale: scale)
        // Magnified (more device pixels than image pixels across) or minified, at the centre.
        let midY = (r.y0 + r.y1) / 2
        let left = map.apply(r.x0, midY), right = map.apply(r.x1, midY)
        var deviceWidth = 0.0
        if left.w > 0, right.w > 0 {
            deviceWidth = hypot(right.x / right.w - left.x / left.w, right.y / right.w - left.y / left.w)
        }
        let filter = deviceWidth >= placed.source.width * iw ? s.pointee.magnificationFilter : s.pointee.minificationFilter
        var shape = scratch.borrowOutline()
        shape.addRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)
        image.premultipliedPixels.withUnsafeBufferPointer { pixels in
            var painter = ImagePainter(canvas: target, pixels: pixels.baseAddress!, width: image.width,
                                       height: image.height, deviceToLayer: deviceToLayer, xAxis: xAxis, yAxis: yAxis,
                                       alpha: Float(alpha), nearest: filter == .nearest,
                                       flipped: s.pointee.contentsAreFlipped, flipSum: r.y0 + r.y1)
            fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        }
        scratch.giveBack(shape)
    }
}
