import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster

/// Draws laid-out text: each glyph's unhinted outline, exact-area anti-aliased.
///
/// Upright text (the layer's device map a positive scale and a translation) blends cached
/// coverage masks (`GlyphCache`, origins at quarter-pixel precision); any other map — rotation,
/// skew, perspective — fills each glyph's outline through the map itself, so text under a 3D
/// transform is as sharp as any other edge instead of a resampled bitmap.
///
/// Drawing cached glyphs allocates nothing: the masks live in the glyph cache, the outlines of
/// glyphs drawn through a map are borrowed from the scratch.
package enum TextDrawing {
    /// Draws `text`, laid out in `layout`, with the box's top-left corner at `origin` (layer
    /// space) through `map` into `target`. Colours: each style's own, else `color`, all
    /// multiplied by `alpha`. Upright text is clipped to `clip` (layer space: the layer's bounds).
    package static func draw(_ text: ShapedText, layout: TextLayout, fontSize: Double, color: CGColor?, alpha: Double,
                     origin: SIMD2<Double>, clip: (x0: Double, y0: Double, x1: Double, y1: Double),
                     map: ProjectiveMap, into target: Canvas, glyphs: GlyphCache, scratch: TextDrawingScratch) {
        let upright = map.isAffine && map.m12 == 0 && map.m21 == 0 && map.m11 > 0 && map.m22 > 0
        var clipRect = target.rect
        if upright {
            let a = map.apply(clip.x0, clip.y0), b = map.apply(clip.x1, clip.y1)
            clipRect = IntRect(x0: Int(a.x.rounded()), y0: Int(a.y.rounded()), x1: Int(b.x.rounded()),
                               y1: Int(b.y.rounded())).intersection(target.rect)
            guard !clipRect.isEmpty else { return }
        }
        // Only outlines drawn through the map need a flattening tolerance in layer units.
        let tolerance = upright ? 0 : GlyphCache.flatteningTolerance
            / max(map.maxScale(x0: clip.x0, y0: clip.y0, x1: clip.x1, y1: clip.y1), 1e-9)
        if text.hasShadows && alpha > 0 {
            drawShadows(text, layout: layout, fontSize: fontSize, alpha: alpha, origin: origin, map: map, upright: upright,
                        tolerance: tolerance, clip: clipRect, target: target, glyphs: glyphs, scratch: scratch)
        }
        var painting = GlyphPainting(text: text, color: color, alpha: alpha, origin: origin, map: map,
                                     upright: upright, tolerance: tolerance, clip: clipRect, target: target,
                                     glyphs: glyphs, scratch: scratch)
        painting.fontSize = fontSize
        layout.forEachGlyph(text, fontSize: fontSize, &painting)
        painting.finish()
    }

    /// The shadows of styles that have one (`NSShadow`), under the text: each style's glyphs in
    /// its shadow colour at its offset, blurred by its radius (a Gaussian of standard deviation
    /// half the radius, as Core Graphics blurs, made of three box blurs).
    private static func drawShadows(_ text: ShapedText, layout: TextLayout, fontSize: Double, alpha: Double,
                                    origin: SIMD2<Double>, map: ProjectiveMap, upright: Bool, tolerance: Double,
                                    clip: IntRect, target: Canvas, glyphs: GlyphCache, scratch: TextDrawingScratch) {
        var s = 0
        while s < text.styles.count {
            defer { s += 1 }
            guard let shadow = text.styles[s].shadow else { continue }
            // Shadow offsets are in points of the base space: the device map's scale, not its rotation.
            let scale = upright ? map.m11 : map.maxScale(x0: 0, y0: 0, x1: 1, y1: 1)
            let dx = shadow.dx * scale, dy = shadow.dy * scale
            let sigma = shadow.blurRadius * scale / 2
            let margin = Int((sigma * 3).rounded(.up)) + 1
            // Glyphs are drawn (shifted) into a plane as large as the clip grown by the blur.
            let shifted = ProjectiveMap.identity.then(map).then(.translation(dx, dy))
            let plane = IntRect(x0: clip.x0 - margin, y0: clip.y0 - margin, x1: clip.x1 + margin, y1: clip.y1 + margin)
            let base = scratch.borrowPlane(plane.area * 4)
            let planeCanvas = Canvas(base: base, rect: plane)
            planeCanvas.clear()
            var painting = GlyphPainting(text: text, color: CGColor(gray: 0, alpha: 1), alpha: 1, origin: origin,
                                         map: shifted, upright: upright, tolerance: tolerance, clip: plane,
                                         target: planeCanvas, glyphs: glyphs, scratch: scratch)
            painting.onlyStyle = s
            painting.fontSize = fontSize
            layout.forEachGlyph(text, fontSize: fontSize, &painting)
            painting.finish()
            if sigma > 0.1 { scratch.blurAlpha(of: planeCanvas, sigma: sigma) }
            // The plane's alpha is the shadow's coverage: paint the shadow colour through it.
            let color = shadow.color.premultiplied(opacity: alpha)
            let area = clip.intersection(plane.intersection(target.rect))
            guard !area.isEmpty else { continue }
            var y = area.y0
            while y < area.y1 {
                var d = target.pixel(area.x0, y)
                var a = planeCanvas.pixel(area.x0, y) + 3
                var x = area.x0
                while x < area.x1 {
                    if a.pointee > 0 { sourceOver(d, color * (Float(a.pointee) / 255)) }
                    d += 4
                    a += 4
                    x += 1
                }
                y += 1
            }
        }
    }

    /// Paints each glyph a layout hands it: upright from cached masks, otherwise gathering the
    /// outlines of one colour to fill as one shape through the map (one rasterization per run
    /// instead of one per glyph).
    private struct GlyphPainting: GlyphVisitor {
        let text: ShapedText
        let color: CGColor?
        let alpha: Double
        let origin: SIMD2<Double>
        let map: ProjectiveMap
        let upright: Bool
        let tolerance: Double
        let clip: IntRect
        let target: Canvas
        let glyphs: GlyphCache
        let scratch: TextDrawingScratch
        var painter: SolidPainter
        /// The current style's colour alpha times the layer's: what colour glyphs are drawn with.
        var colorGlyphAlpha: Float = 1
        var style = -1
        /// Draw only this style's glyphs (a shadow pass), with no decorations.
        var onlyStyle = -1
        /// The layer's font size (for decorations of styles that take it).
        var fontSize = 0.0
        /// The underline and strikethrough being extended: their style, baseline and extent.
        var decorationStyle = -1
        var decorationBaseline = 0.0
        var decorationX0 = 0.0
        var decorationX1 = 0.0
        /// Outlines of the current run's glyphs (layer space) when drawn through the map.
        var run: Outline

        init(text: ShapedText, color: CGColor?, alpha: Double, origin: SIMD2<Double>, map: ProjectiveMap,
             upright: Bool, tolerance: Double, clip: IntRect, target: Canvas, glyphs: GlyphCache,
             scratch: TextDrawingScratch) {
            self.text = text
            self.color = color
            self.alpha = alpha
            self.origin = origin
            self.map = map
            self.upright = upright
            self.tolerance = tolerance
            self.clip = clip
            self.target = target
            self.glyphs = glyphs
            self.scratch = scratch
            painter = SolidPainter(canvas: target, color: .zero)
            run = scratch.borrowOutline()
        }

        /// Fills the last run and decoration and gives its outline back.
        mutating func finish() {
            if !upright { fillRun() }
            flushDecorations()
            scratch.giveBack(run)
        }

        mutating func span(style: Int, x0: Double, x1: Double, baseline: Double, isWhitespace: Bool, trailing: Bool) {
            guard onlyStyle < 0 else { return }
            let s = text.styles[style]
            guard s.underline != nil || s.strikethrough != nil else { flushDecorations(); return }
            let byWord = (s.underline?.byWord ?? false) || (s.strikethrough?.byWord ?? false)
            if isWhitespace && (trailing || byWord) { flushDecorations(); return }
            if style == decorationStyle && baseline == decorationBaseline && abs(x0 - decorationX1) < 1e-9 {
                decorationX1 = x1
                return
            }
            flushDecorations()
            decorationStyle = style
            decorationBaseline = baseline
            decorationX0 = x0
            decorationX1 = x1
        }

        /// Fills the pending underline and strikethrough: the font's own position and thickness
        /// (`post` and `OS/2` tables), thick twice as thick, double two strokes a thickness apart.
        private mutating func flushDecorations() {
            guard decorationStyle >= 0 else { return }
            let style = decorationStyle
            decorationStyle = -1
            let s = text.styles[style]
            let size = text.size(ofStyle: style, layerSize: fontSize)
            let m = (s.font ?? CTFont.resolve(.system(weight: 0, italic: false), size: 12)).metrics
            let unit = size / m.unitsPerEm
            let baseline = decorationBaseline - s.baselineOffset
            if let u = s.underline {
                let t = max(m.underlineThickness > 0 ? m.underlineThickness * unit : size / 14, 0)
                fillDecoration(u, style: s, centre: baseline - (m.underlinePosition != 0 ? m.underlinePosition * unit : -size / 9),
                               thickness: t)
            }
            if let k = s.strikethrough {
                let t = m.strikeoutSize > 0 ? m.strikeoutSize * unit : size / 14
                let top = m.strikeoutPosition > 0 ? m.strikeoutPosition * unit : m.xHeight * unit / 2 + t / 2
                fillDecoration(k, style: s, centre: baseline - top + t / 2, thickness: t)
            }
        }

        /// Fills one decoration's strokes across the pending extent.
        private mutating func fillDecoration(_ decoration: TextDecoration, style s: TextStyle, centre: Double,
                                             thickness: Double) {
            let (count, weight) = decoration.strokes
            let t = thickness * weight
            let c = decoration.color ?? s.color ?? color
            guard let premultiplied = c?.premultiplied(opacity: alpha), premultiplied.w > 0 else { return }
            var shape = scratch.borrowOutline()
            for k in 0..<count {
                // Double lines: one stroke at the position, the next a thickness and a gap below.
                let y = centre + Double(k) * 2 * t - t / 2
                shape.addRect(x0: origin.x + decorationX0, y0: origin.y + y, x1: origin.x + decorationX1, y1: origin.y + y + t)
            }
            var device = scratch.borrowOutline()
            device.setProjection(of: shape, through: map)
            var decorationPainter = SolidPainter(canvas: target, color: premultiplied)
            scratch.rasterizer.fill(device, rule: .nonZero, clip: clip, painter: &decorationPainter)
            scratch.giveBack(device)
            scratch.giveBack(shape)
        }

        /// Fills the glyph outlines gathered in `run` through the map (one rasterization per run
        /// of one colour), and empties it.
        private mutating func fillRun() {
            guard !run.isEmpty else { return }
            var device = scratch.borrowOutline()
            device.setProjection(of: run, through: map)
            scratch.rasterizer.fill(device, rule: .nonZero, clip: clip, painter: &painter)
            scratch.giveBack(device)
            run.removeAll()
        }

        mutating func visit(face: FontFace, glyph: ShapedText.Glyph, size: Double, x: Double, y: Double, style: Int) {
            if onlyStyle >= 0 && style != onlyStyle { return }
            if style != self.style {
                if !upright { fillRun() }
                self.style = style
                let c = text.styles[style].color ?? color
                let premultiplied = c?.premultiplied(opacity: alpha) ?? .zero
                painter = SolidPainter(canvas: target, color: premultiplied)
                colorGlyphAlpha = premultiplied.w / 255
            }
            guard painter.color >> 24 != 0, size > 0 else { return }
            let gx = origin.x + x, gy = origin.y + y
            let pixelsPerEm = size * max(abs(map.m11), abs(map.m22))
            if upright && face.isColor && pixelsPerEm > GlyphCache.largestCachedColorPixelsPerEm {
                // A colour glyph too large to cache: resampled straight into the frame, clipped
                // to it (its outline is empty: the face has bitmaps only).
                let p = map.apply(gx, gy)
                glyphs.drawColorGlyph(face: face, glyph: glyph.id, pixelsPerEmX: size * map.m11, pixelsPerEmY: size * map.m22,
                                      x: p.x, y: p.y, clip: clip, into: painter.canvas, alpha: colorGlyphAlpha)
            } else if upright && pixelsPerEm > GlyphCache.largestCachedPixelsPerEm {
                // Too large for a mask of the whole glyph (a 30 pt layer scaled ×1000 would ask
                // for 1.5 GB): filled straight into the frame, clipped to it, so memory is bounded
                // by what the frame can show. The flattening stays within 1/64 pixel up to 2^22
                // pixels per em, then within a 2^-28 of the em (invisible at such sizes, and the
                // number of segments stays bounded).
                let deviceTolerance = max(GlyphCache.flatteningTolerance, pixelsPerEm / Double(1 << 28))
                run.addGlyph(face.outline(of: glyph.id, emboldened: glyph.emboldened), x: gx, y: gy,
                             scale: size / face.metrics.unitsPerEm, tolerance: deviceTolerance / max(map.m11, map.m22))
                fillRun()
            } else if upright {
                TextDrawing.drawUpright(face: face, glyph: glyph.id, emboldened: glyph.emboldened, size: size, x: gx, y: gy,
                                        map: map, clip: clip, painter: &painter, colorAlpha: colorGlyphAlpha,
                                        glyphs: glyphs, rasterizer: scratch.rasterizer)
            } else {
                run.addGlyph(face.outline(of: glyph.id, emboldened: glyph.emboldened), x: gx, y: gy,
                             scale: size / face.metrics.unitsPerEm, tolerance: tolerance)
            }
        }
    }

    /// Blends one glyph's cached coverage mask at its device position, clipped to `clip`.
    private static func drawUpright(face: FontFace, glyph: UInt32, emboldened: Bool, size: Double, x: Double,
                                    y: Double, map: ProjectiveMap, clip: IntRect, painter: inout SolidPainter,
                                    colorAlpha: Float, glyphs: GlyphCache, rasterizer: CoverageRasterizer) {
        let p = map.apply(x, y)
        let steps = GlyphCache.subpixelSteps
        var ix = Int(p.x.rounded(.down)), iy = Int(p.y.rounded(.down))
        var subX = Int(((p.x - Double(ix)) * steps).rounded()), subY = Int(((p.y - Double(iy)) * steps).rounded())
        if subX == Int(steps) { subX = 0; ix += 1 }
        if subY == Int(steps) { subY = 0; iy += 1 }
        let mask = glyphs.mask(face: face, glyph: glyph, emboldened: emboldened, pixelsPerEmX: size * map.m11,
                               pixelsPerEmY: size * map.m22, subX: subX, subY: subY, rasterizer: rasterizer)
        guard mask.width > 0 else { return }
        let left = ix + Int(mask.left), top = iy + Int(mask.top)
        let x0 = max(left, clip.x0), x1 = min(left + Int(mask.width), clip.x1)
        let y0 = max(top, clip.y0), y1 = min(top + Int(mask.height), clip.y1)
        guard x1 > x0, y1 > y0 else { return }
        let rows = glyphs.arena + mask.offset
        let width = Int(mask.width)
        var row = y0
        if mask.isColor {
            // Colour glyphs keep their own colours; the text colour lends them only its alpha.
            let scale = colorAlpha * 255
            while row < y1 {
                var source = rows + ((row - top) * width + (x0 - left)) * 4
                var d = painter.canvas.pixel(x0, row)
                var x = x0
                while x < x1 {
                    let s = UnsafeRawPointer(source).loadUnaligned(as: SIMD4<Float>.self)
                    if s.w > 0 { sourceOver(d, s * scale) }
                    source += 4
                    d += 4
                    x += 1
                }
                row += 1
            }
            return
        }
        while row < y1 {
            painter.paint(row: row, x0: x0, count: x1 - x0, coverage: rows + (row - top) * width + (x0 - left))
            row += 1
        }
    }
}
