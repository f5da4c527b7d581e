import CARenderPixels
import CARenderGeometry
import CARenderText
extension FrameDrawing {
    /// A text layer's string, laid out in its bounds from the top (over the contents, under the
    /// sublayers).
    func drawText(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = list.items[i].state
        let t = s.text
        guard let content = t.content else { return }
        let fontSize = Double(t.fontSize)
        guard fontSize.isFinite, fontSize > 0 else { return }
        let shaped = content.shaped(font: t.resolvedFont)
        let box = s.boundsBox
        var layout = scratch.borrowTextLayout()
        layout.layout(shaped, TextLayoutParameters(
            fontSize: fontSize, width: box.x1 - box.x0, height: box.y1 - box.y0, wraps: t.isWrapped,
            truncation: t.truncationMode.truncation, alignment: t.alignmentMode.alignment))
        TextDrawing.draw(shaped, layout: layout, fontSize: fontSize, color: t.foregroundColor, alpha: alpha,
                         origin: SIMD2(box.x0, box.y0), clip: box, map: map, into: target, glyphs: glyphs,
                         scratch: scratch.text)
        scratch.giveBack(layout)
    }
}

