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
        let s = list.items[i].state
        let t = s.text
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
        let layerScale = Double(s.contentsScale)
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
    /// then draws that image through the layer's map with the layer's filters.
    private func drawTextBackingStore(_ shaped: ShapedText, layout: TextLayout, fontSize: Double, state s: LayerState,
                                      contentsScale: Double, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let box = s.boundsBox
        let width = box.x1 - box.x0, height = box.y1 - box.y0
        guard width > 0, height > 0, alpha > 0, let deviceToLayer = map.inverted() else { return }
        var k = contentsScale
        let area = width * k * height * k
        if area > Double(Self.maximumTextBitmapPixels) { k *= (Double(Self.maximumTextBitmapPixels) / area).squareRoot() }
        let w = Int((width * k).rounded(.up)), h = Int((height * k).rounded(.up))
        guard w > 0, h > 0 else { return }
        let text = scratch.text
        text.reserveBitmap(w * h)
        let rect = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let store = Canvas(base: text.bitmap, rect: rect)
        store.clear()
        let toStore = ProjectiveMap.translation(-box.x0, -box.y0).then(.scale(k))
        TextDrawing.draw(shaped, layout: layout, fontSize: fontSize, color: s.text.foregroundColor, alpha: 1,
                         origin: SIMD2(box.x0, box.y0), clip: box, map: toStore, into: store, glyphs: glyphs,
                         scratch: text)
        var p = 0
        let count = w * h
        while p < count {
            text.texels[p] = load(text.bitmap + p * 4)
            p += 1
        }
        let xAxis = SliceAxis(from: box.x0, to: box.x1, source: 0, width * k, center: 0, width * k, contentsScale: k)
        let yAxis = SliceAxis(from: box.y0, to: box.y1, source: 0, height * k, center: 0, height * k, contentsScale: k)
        let magnified = map.maxScale(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1) >= k
        let filter = magnified ? s.magnificationFilter : s.minificationFilter
        var shape = scratch.borrowOutline()
        shape.addRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
        var painter = ImagePainter(canvas: target, pixels: text.texels, width: w, height: h, deviceToLayer: deviceToLayer,
                                   xAxis: xAxis, yAxis: yAxis, alpha: Float(alpha), nearest: filter == .nearest,
                                   flipped: false, flipSum: 0)
        fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        scratch.giveBack(shape)
    }
}
