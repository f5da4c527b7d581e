import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderText

extension CGContext {
    /// Draws an attributed string with the top-left corner of its first line at `rect.origin`
    /// (user space, y down as in UIKit's contexts), through the current transform, alpha and
    /// clip: UIKit's string drawing. With `wraps`, lines wrap within `rect.width`, stop at
    /// `rect.height` (the last one truncated as its paragraph style's line-break mode says) and
    /// are clipped to `rect`; otherwise each paragraph is one line.
    package func draw(_ string: NSAttributedString, in rect: CGRect, wraps: Bool) {
        guard string.length > 0, rect.origin.x.isFinite, rect.origin.y.isFinite else { return }
        let runs = AttributedText.runs(string, baseColor: CGColor(gray: 0, alpha: 1))
        let defaultFont = CTFont.resolve(.system(weight: 0, italic: false), size: 12)
        let text = ShapedText(runs, defaultFont: defaultFont)
        let width = wraps && rect.width.isFinite && rect.width > 0 ? Double(rect.width) : .infinity
        let height = wraps && rect.height.isFinite && rect.height > 0 ? Double(rect.height) : .infinity
        var truncation = TextTruncation.none
        if wraps, let style = string.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle {
            switch style.lineBreakMode {
            case .byTruncatingHead: truncation = .start
            case .byTruncatingMiddle: truncation = .middle
            case .byTruncatingTail: truncation = .end
            default: break
            }
        }
        var layout = TextLayout()
        layout.layout(text, TextLayoutParameters(fontSize: 12, width: width, height: height, wraps: width.isFinite,
                                                 truncation: truncation, alignment: .natural))
        let x0 = Double(rect.minX), y0 = Double(rect.minY)
        // Alignment needs a width: a string drawn at a point aligns within its own widest line.
        let clip = width.isFinite
            ? (x0: x0, y0: y0, x1: x0 + width, y1: y0 + (height.isFinite ? height : 1e7))
            : (x0: -1e7, y0: -1e7, x1: 1e7, y1: 1e7)
        let t = ctm
        let map = ProjectiveMap(m11: Double(t.a), m12: Double(t.b), m13: 0, m21: Double(t.c), m22: Double(t.d), m23: 0,
                                m31: Double(t.tx), m32: Double(t.ty), m33: 1)
        drawRendering { pixmap in
            let target = IntRect(x0: 0, y0: 0, x1: pixmap.width, y1: pixmap.height)
            pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
                TextDrawing.draw(text, layout: layout, fontSize: 12, color: CGColor(gray: 0, alpha: 1), alpha: 1,
                                 origin: SIMD2(x0, y0), clip: clip, map: map,
                                 into: Canvas(base: buffer.baseAddress!, rect: target), glyphs: GlyphCache(),
                                 scratch: TextDrawingScratch())
            }
        }
    }
}
