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
        var painting = GlyphPainting(text: text, color: color, alpha: alpha, origin: origin, map: map,
                                     upright: upright, tolerance: tolerance, clip: clipRect, target: target,
                                     glyphs: glyphs, scratch: scratch)
        layout.forEachGlyph(text, fontSize: fontSize, &painting)
        painting.finish()
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

        /// Fills the last run and gives its outline back.
        mutating func finish() {
            if !upright { fillRun() }
            scratch.giveBack(run)
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
            if upright && pixelsPerEm > GlyphCache.largestCachedPixelsPerEm {
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
