import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderText
import CARenderModel
extension FrameDrawing {
    /// The largest backing store text is rasterized into (pixels); a larger one is drawn at a
    /// lower scale, as Core Animation caps a layer's backing store.
    static let maximumTextBitmapPixels = 4096 * 4096

    /// A text layer's string, laid out in its bounds from the top (over the contents, under the
    /// sublayers), rasterized at the layer's `contentsScale` and drawn to the device like any
    /// contents: a 1× text layer on a 2× stage is as soft as on a Retina screen, and rotated or
    /// magnified text is its backing store resampled. Text whose map is exactly `contentsScale`
    /// upright is drawn straight to the device (the same glyph masks, without the round trip).
    func drawText(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = list.items[i].statePointer
        let t = s.pointee.text
        guard let content = t.content else { return }
        let fontSize = Double(t.fontSize)
        guard fontSize.isFinite, fontSize > 0 else { return }
        let shaped = content.shaped(font: t.resolvedFont)
        let box = s.boundsBox
        var layout = scratch.borrowTextLayout()
        defer { scratch.giveBack(layout) }
        layout.layout(shaped, TextLayoutParameters(
            fontSize: fontSize, width: box.x1 - box.x0, height: box.y1 - box.y0, wraps: t.isWrapped,
            truncation: t.truncationMode.truncation, alignment: t.alignmentMode.alignment))
        // A label's text layer takes the screen's scale, as UIKit gives its views' layers.
        let layerScale = Double(s.pointee.contentsScale)
        let contentsScale = t.drawsAtScreenScale ? scale : (layerScale.isFinite && layerScale > 0 ? layerScale : 1)
        let tolerance = 1e-9 * max(1, contentsScale)
        if map.isAffine && map.m12 == 0 && map.m21 == 0 && abs(map.m11 - contentsScale) < tolerance
            && abs(map.m22 - contentsScale) < tolerance {
            TextDrawing.draw(shaped, layout: layout, fontSize: fontSize, color: t.foregroundColor, alpha: alpha,
                             origin: SIMD2(box.x0, box.y0), clip: box, map: map, into: target, glyphs: glyphs,
                             scratch: scratch.text)
            return
        }
        drawTextBackingStore(shaped, layout: layout, fontSize: fontSize, state: s, contentsScale: contentsScale,
                             map: map, into: target, alpha: alpha)
    }

    /// Rasterizes the laid-out text upright at `contentsScale` into the scratch backing store,
    /// then draws that image through the layer's map with the layer's filters. Only the part of
    /// the bounds the target can show is rasterized, so a huge or mostly off-screen text layer
    /// costs memory for what the frame shows (a rotated 4000-point layer on a 300 × 200 stage
    /// took the capped 16 M-pixel store, 320 MB with its texels).
    private func drawTextBackingStore(_ shaped: ShapedText, layout: TextLayout, fontSize: Double, state s: UnsafePointer<LayerState>,
                                      contentsScale: Double, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let box = s.boundsBox
        guard box.x1 > box.x0, box.y1 > box.y0, alpha > 0, let deviceToLayer = map.inverted(),
              var visible = Self.visiblePart(of: box, deviceToLayer: deviceToLayer, target: target.rect) else { return }
        var k = contentsScale
        let area = (visible.x1 - visible.x0) * k * (visible.y1 - visible.y0) * k
        if area > Double(Self.maximumTextBitmapPixels) { k *= (Double(Self.maximumTextBitmapPixels) / area).squareRoot() }
        // The store's pixels on the grid of the whole bounds' store (the same pixels whatever part
        // is visible, so text moving across the frame does not shimmer), reaching two store pixels
        // past what the target shows for the filter.
        let reach = 2.0
        visible.x0 = max(box.x0, box.x0 + (((visible.x0 - box.x0) * k).rounded(.down) - reach) / k)
        visible.y0 = max(box.y0, box.y0 + (((visible.y0 - box.y0) * k).rounded(.down) - reach) / k)
        visible.x1 = min(box.x1, box.x0 + (((visible.x1 - box.x0) * k).rounded(.up) + reach) / k)
        visible.y1 = min(box.y1, box.y0 + (((visible.y1 - box.y0) * k).rounded(.up) + reach) / k)
        let width = visible.x1 - visible.x0, height = visible.y1 - visible.y0
        guard width > 0, height > 0 else { return }
        let w = Int((width * k).rounded(.up)), h = Int((height * k).rounded(.up))
        guard w > 0, h > 0 else { return }
        let text = scratch.text
        text.reserveBitmap(w * h)
        let rect = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let store = Canvas(base: text.bitmap, rect: rect)
        store.clear()
        let toStore = ProjectiveMap.translation(-visible.x0, -visible.y0).then(.scale(k))
        TextDrawing.draw(shaped, layout: layout, fontSize: fontSize, color: s.pointee.text.foregroundColor, alpha: 1,
                         origin: SIMD2(box.x0, box.y0), clip: box, map: toStore, into: store, glyphs: glyphs,
                         scratch: text)
        var p = 0
        let count = w * h
        while p < count {
            text.texels[p] = load(text.bitmap + p * 4)
            p += 1
        }
        let xAxis = SliceAxis(from: visible.x0, to: visible.x1, source: 0, width * k, center: 0, width * k, contentsScale: k)
        let yAxis = SliceAxis(from: visible.y0, to: visible.y1, source: 0, height * k, center: 0, height * k, contentsScale: k)
        let magnified = map.maxScale(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1) >= k
        let filter = magnified ? s.pointee.magnificationFilter : s.pointee.minificationFilter
        var shape = scratch.borrowOutline()
        shape.addRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
        var painter = ImagePainter(canvas: target, pixels: text.texels, width: w, height: h, deviceToLayer: deviceToLayer,
                                   xAxis: xAxis, yAxis: yAxis, alpha: Float(alpha), nearest: filter == .nearest,
                                   flipped: false, flipSum: 0)
        fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        scratch.giveBack(shape)
    }

    /// The part of `box` (layer space) that can appear in `target` (device pixels): the bounding
    /// box of the target's corners taken back into the layer, within `box`; nil when none of it
    /// can. When the map's horizon crosses the target (a corner has no point of the layer's plane
    /// in front of the eye) the whole box.
    static func visiblePart(of box: (x0: Double, y0: Double, x1: Double, y1: Double), deviceToLayer: ProjectiveMap,
                            target: IntRect) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let p = deviceToLayer.apply(Double(corner & 1 == 0 ? target.x0 : target.x1),
                                        Double(corner & 2 == 0 ? target.y0 : target.y1))
            guard p.w > 0, p.x.isFinite, p.y.isFinite, p.w.isFinite else { return box }
            x0 = min(x0, p.x / p.w); x1 = max(x1, p.x / p.w)
            y0 = min(y0, p.y / p.w); y1 = max(y1, p.y / p.w)
        }
        let part = (x0: max(x0, box.x0), y0: max(y0, box.y0), x1: min(x1, box.x1), y1: min(y1, box.y1))
        return part.x1 > part.x0 && part.y1 > part.y0 ? part : nil
    }
}
